import MixtapeCore

/// The top-level records of a Serato file (`database V2`, a `.crate`, a `.scrate`), one at a
/// time: each is a 4-byte ASCII tag, a 4-byte big-endian length and that many bytes. Bytes
/// come in chunks from `readChunk` into one buffer that holds the record being read and no
/// more, so memory is a chunk and the largest record, whatever the file's size: a 500,000-track
/// database is never in memory whole.
///
/// Bounded: a record may not be longer than `maxRecordLength` (no record Serato writes comes
/// near it: a track is under a kilobyte), and one whose length runs past the end of the file
/// is an error at its byte offset. A record always moves the stream on by at least its 8-byte
/// header, so no file can make it loop.
final class SeratoRecordStream {
    /// The longest record read (16 MiB): the cap on memory besides the chunk.
    static let maxRecordLength = 16 << 20
    /// Bytes asked of a file at a time.
    static let chunkSize = 256 << 10

    /// The file (for messages).
    let file: String
    /// A hash of every byte read, in order: the source's fingerprint.
    private(set) var content = StableHash()
    private let readChunk: (UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes asked of `readChunk` at a time (less for bytes in memory, which fit in fewer).
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The unread bytes are `buffer[start..<end]`; `buffer[start]` is at file offset `offset`.
    private var start = 0
    private var end = 0
    private(set) var offset = 0
    private var atEnd = false

    /// A stream over what `readChunk` gives (0 at the end of the file).
    init(file: String, chunkSize: Int = SeratoRecordStream.chunkSize,
         readChunk: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.file = file
        self.chunkSize = max(64, chunkSize)
        self.readChunk = readChunk
    }

    /// A stream over bytes in memory, for tests and fuzzing, read in chunks like a file.
    convenience init(file: String, bytes: [UInt8]) {
        var position = 0
        self.init(file: file, chunkSize: min(bytes.count + 1, Self.chunkSize)) { buffer in
            let count = min(buffer.count, bytes.count - position)
            if count > 0 {
                bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
            }
            position += count
            return count
        }
    }

    /// Hands the next record to `body` (its bytes are valid only there); false at the end of
    /// the file. Throws `MalformedSourceError` for a header cut short, a record longer than the
    /// cap or running past the end of the file; errors from `body` propagate.
    func next(_ body: (SeratoRecord) throws -> Void) throws -> Bool {
        guard try fill(8) else {
            guard end == start else {
                throw SeratoRecord.error(file, at: offset, "the file ends inside a record header (\(end - start) of its 8 bytes)")
            }
            return false
        }
        let (tag, length) = buffer.withUnsafeBytes { (SeratoRecord.u32($0, at: start), Int(SeratoRecord.u32($0, at: start + 4))) }
        let at = offset
        guard length <= Self.maxRecordLength else {
            throw SeratoRecord.error(file, at: at, "a \(SeratoRecord.name(tag)) record of \(length) bytes is longer than any Serato writes")
        }
        guard try fill(8 + length) else {
            throw SeratoRecord.error(file, at: at, "a \(SeratoRecord.name(tag)) record of \(length) bytes runs past the end of the file "
                                     + "(\(end - start - 8) bytes left)")
        }
        let range = (start + 8)..<(start + 8 + length)
        start += 8 + length
        offset += 8 + length
        try buffer.withUnsafeBytes { all in
            try body(SeratoRecord(tag: tag, offset: at, body: UnsafeRawBufferPointer(rebasing: all[range])))
        }
        return true
    }

    /// Reads until `count` unread bytes are held; false when the file ends first.
    private func fill(_ count: Int) throws -> Bool {
        while end - start < count {
            guard !atEnd else { return false }
            if start > 0 {
                // Move what is left to the front (it is less than one record).
                buffer.withUnsafeMutableBufferPointer { all in
                    if end > start {
                        UnsafeMutableRawPointer(all.baseAddress!).copyMemory(from: all.baseAddress! + start, byteCount: end - start)
                    }
                }
                end -= start
                start = 0
            }
            let wanted = max(count, chunkSize)
            if buffer.count < wanted { buffer += [UInt8](repeating: 0, count: wanted - buffer.count) }
            let read = try buffer.withUnsafeMutableBytes { all in
                try readChunk(UnsafeMutableRawBufferPointer(rebasing: all[end..<all.count]))
            }
            if read == 0 {
                atEnd = true
            } else {
                buffer.withUnsafeBytes { content.combine(contentsOf: UnsafeRawBufferPointer(rebasing: $0[end..<(end + read)])) }
                end += read
            }
        }
        return true
    }
}
