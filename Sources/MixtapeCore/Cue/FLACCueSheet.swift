/// The cue sheet a FLAC file carries in its own metadata (a `CUESHEET` block, type 5), as
/// `flac --cuesheet=` and `metaflac --import-cuesheet-from=` write it: track offsets in
/// samples, no titles or performers (those live only in a text sheet). Read when the file has
/// no cue sheet beside it and no `CUESHEET` tag, so an image ripped and encoded with the
/// reference tools splits too.
///
/// Layout (FLAC format, "METADATA_BLOCK_CUESHEET"): a 128-byte catalog number, an 8-byte
/// lead-in, a flags byte and 258 reserved bytes, then a track count and per track an 8-byte
/// offset, its number, a 12-byte ISRC, a flags byte (bit 7: not audio), 13 reserved bytes and
/// its index points (8-byte offset from the track's, number, 3 reserved bytes). The lead-out
/// is track 170 (CD) or 255. The sample rate comes from STREAMINFO (block type 0).
public enum FLACCueSheet {
    /// The tracks of the file whose metadata blocks (everything after `fLaC`, up to and
    /// including the last block) are `metadata`, or nil when it has no usable cue sheet.
    public static func file(fromMetadata metadata: [UInt8]) -> CueSheet.File? {
        var sampleRate: Int64?
        var cue: ArraySlice<UInt8>?
        var offset = 0
        while offset + 4 <= metadata.count {
            let header = metadata[offset]
            let length = Int(metadata[offset + 1]) << 16 | Int(metadata[offset + 2]) << 8 | Int(metadata[offset + 3])
            let body = offset + 4
            guard body + length <= metadata.count else { break }
            switch header & 0x7f {
            case 0 where length >= 18:
                // Sample rate: the 20 bits after the first 10 bytes.
                sampleRate = Int64(metadata[body + 10]) << 12 | Int64(metadata[body + 11]) << 4 | Int64(metadata[body + 12]) >> 4
            case 5: cue = metadata[body..<(body + length)]
            default: break
            }
            if header & 0x80 != 0 { break }
            offset = body + length
        }
        guard let cue, let sampleRate, sampleRate > 0 else { return nil }
        let tracks = self.tracks(in: Array(cue), sampleRate: sampleRate)
        return tracks.isEmpty ? nil : CueSheet.File(name: "", tracks: tracks)
    }

    /// The audio tracks with an index point 1, starts in milliseconds (rounded), increasing.
    static func tracks(in block: [UInt8], sampleRate: Int64) -> [CueSheet.Track] {
        let header = 128 + 8 + 1 + 258
        guard block.count > header else { return [] }
        var position = header + 1
        var tracks: [CueSheet.Track] = []
        for _ in 0..<Int(block[header]) {
            guard position + 36 <= block.count else { break }
            let trackOffset = integer(block, at: position, bytes: 8)
            let number = Int64(block[position + 8])
            let isAudio = block[position + 21] & 0x80 == 0
            let points = Int(block[position + 35])
            position += 36
            var start: UInt64?
            for _ in 0..<points {
                guard position + 12 <= block.count else { return tracks }
                if block[position + 8] == 1 { start = trackOffset &+ integer(block, at: position, bytes: 8) }
                position += 12
            }
            guard isAudio, number != 170, number != 255, let start, start < UInt64(Int64.max) / 1000 else { continue }
            let startMs = (Int64(start) * 1000 + sampleRate / 2) / sampleRate
            if let last = tracks.last, startMs <= last.startMs { continue }
            tracks.append(CueSheet.Track(number: number, startMs: startMs))
        }
        return tracks
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, bytes count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
