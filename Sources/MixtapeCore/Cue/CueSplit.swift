/// Turns one audio file's item into the items of its cue tracks (sources.md, "CUE sheets").
/// Pure, so the field rules are tested without a disk.
///
/// Each track: `start_ms` from its `INDEX 01`; `end_ms` from the next track's in the same
/// `FILE` (or a skipped track's, `File.cuts`, when that comes first), else the file's duration (unknown when that is); `duration_ms` their difference.
/// Title from the track; artist and composer from the track, else the sheet (a sheet-level
/// `PERFORMER` or `SONGWRITER` describes every track that has none), else the file's tags;
/// album, album artist, year and genre from the sheet, else the file's tags; the track number
/// from `TRACK`; everything else (location, size, kind, rates, dates) from the file.
public enum CueSplit {
    /// The items of `file`'s tracks, cut from `whole` (the audio file read as one item, whose
    /// `durationMs` is the file's length). A track that would start at or after the end of
    /// the file is left out (a sheet for another, longer rip) and named in `beyondEnd`.
    public static func items(of whole: MediaItem, file: CueSheet.File) -> (items: [MediaItem], beyondEnd: [CueSheet.Track]) {
        var items: [MediaItem] = []
        var beyond: [CueSheet.Track] = []
        let length = whole.durationMs
        for (index, track) in file.tracks.enumerated() {
            if let length, track.startMs >= length {
                beyond.append(track)
                continue
            }
            let following = index + 1 < file.tracks.count ? file.tracks[index + 1].startMs : nil
            let cut = file.cuts.filter { $0 > track.startMs }.min()
            let next = [following, cut].compactMap { $0 }.min()
            let end: Int64? = switch (next, length) {
            case (let next?, let length?): min(next, length)
            case (let next?, nil): next
            case (nil, let length): length
            }
            var item = whole
            item.id = trackID(of: whole.id, number: track.number)
            item.title = track.title
            item.artist = track.performer ?? file.album.performer ?? whole.artist
            item.composer = track.songwriter ?? file.album.songwriter ?? whole.composer
            item.album = file.album.title ?? whole.album
            item.albumArtist = file.album.performer ?? whole.albumArtist
            item.year = file.album.year ?? whole.year
            item.genre = file.album.genre ?? whole.genre
            item.trackNumber = track.number
            item.startMs = track.startMs
            item.endMs = end
            item.durationMs = end.map { $0 - track.startMs }
            items.append(item)
        }
        return (items, beyond)
    }

    /// A track's id: its file's id, `#` and the track number (`file:0123abcd…#3`), so it
    /// survives whatever the file's id survives (a move, a rename, a re-index) and a sheet
    /// edited without renumbering keeps every track's identity.
    public static func trackID(of file: ItemID, number: Int64) -> ItemID {
        ItemID(rawValue: file.rawValue + partSeparator + String(number))
    }

    /// What separates a file's id from its track number in a track's id.
    public static let partSeparator = "#"

    /// The id of the file a track's id names (`file:abc#3` → `file:abc`), or nil for an id
    /// that is no track's.
    public static func fileID(ofTrack id: String) -> String? {
        guard let separator = id.utf8.lastIndex(of: UInt8(ascii: "#")) else { return nil }
        return String(id[..<separator])
    }
}
