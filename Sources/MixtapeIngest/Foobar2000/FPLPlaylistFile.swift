import MixtapeCore

/// A playlist file of foobar2000 1.x's `playlists-v1.4` folder (`HEX.fpl`, named by
/// `index.dat`): its entries' locations in order, with each one's length when foobar2000 knew
/// it. The format is not published; this layout was read from real files (every one of them
/// reads to its last byte) and is checked whole, so a file of another layout is refused with a
/// located error (exit 65) rather than half read:
///
/// ```
/// magic          16 bytes  00 37 59 DB 44 4D 56 4E 80 34 C6 2A BA 89 A6 B9
///                24 bytes  a second GUID and two integers (not read)
/// payload        16 bytes  F6 41 59 F9 8B C8 6E 43 9D 3E C4 67 87 85 D6 49
/// strings        u32 size, then NUL-terminated UTF-8: every location, tag name and value
/// count          u32       entries
/// count times:
///   flags        u32       0x01 info follows; 0x80 always (the 8 bytes at the end)
///   location     u32       offset of its location among the strings
///   subsong      u32       (a track of a cue sheet; not read)
///   when 0x01:   u64 size, u64 time, f64 seconds, 4 × f32 ReplayGain,
///                u32 n and n × u32 (tag names and values, as offsets into the strings)
///   8 bytes      (not read)
/// ```
///
/// Integers are little-endian and the file ends with the last entry. Flag bits other than
/// 0x01, 0x08, 0x10 and 0x80 (the ones real files hold) are refused, as is an entry without
/// 0x80, whose end this reader could not know.
public enum FPLPlaylistFile {
    /// The first 16 bytes of a `playlists-v1.4` playlist file.
    public static let magic: [UInt8] = [0x00, 0x37, 0x59, 0xDB, 0x44, 0x4D, 0x56, 0x4E,
                                        0x80, 0x34, 0xC6, 0x2A, 0xBA, 0x89, 0xA6, 0xB9]
    /// The GUID at byte 40, before the strings.
    static let payload: [UInt8] = [0xF6, 0x41, 0x59, 0xF9, 0x8B, 0xC8, 0x6E, 0x43,
                                   0x9D, 0x3E, 0xC4, 0x67, 0x87, 0x85, 0xD6, 0x49]
    /// The flag bits real files hold.
    static let knownFlags: UInt32 = 0x01 | 0x08 | 0x10 | 0x80
    /// 256 MiB: ten times the largest real one (a 9,286-entry playlist in 2.4 MB).
    public static let limit = 256 << 20

    /// One entry: its location as written and its length when known.
    public struct Entry: Hashable, Sendable {
        public var location: String
        public var durationMs: Int64?
    }

    /// The entries of `bytes`, in order; throws `MalformedSourceError` at the byte where the
    /// file stops being this layout.
    public static func read(_ bytes: [UInt8], file: String) throws(MalformedSourceError) -> [Entry] {
        var cursor = LittleEndianCursor(bytes, file: file)
        guard bytes.starts(with: magic) else {
            throw cursor.error("not a playlist file of a foobar2000 1.x playlists folder", at: 0)
        }
        try cursor.skip(40, "the header")
        guard try cursor.bytes(16, "the header").elementsEqual(payload) else {
            throw cursor.error("a header of a layout this reader does not know", at: 40)
        }
        let size = try cursor.count("the size of the strings", unit: 1)
        let strings = try cursor.bytes(size, "the strings")
        // An entry takes at least 12 + 8 bytes.
        let count = try cursor.count("the number of entries", unit: 20)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            entries.append(try entry(index + 1, &cursor, strings: strings))
        }
        guard cursor.isAtEnd else {
            throw cursor.error("\(cursor.remaining) bytes after the last of the \(count) entries")
        }
        return entries
    }

    private static func entry(_ number: Int, _ cursor: inout LittleEndianCursor,
                              strings: ArraySlice<UInt8>) throws(MalformedSourceError) -> Entry {
        let start = cursor.offset
        let flags = try cursor.uint32("entry \(number)'s flags")
        guard flags & ~knownFlags == 0, flags & 0x80 != 0 else {
            throw cursor.error("entry \(number) has flags 0x\(String(flags, radix: 16)), a layout this reader does not know",
                               at: start)
        }
        let offset = Int(try cursor.uint32("entry \(number)'s location"))
        let location = try string(at: offset, in: strings, entry: number, cursor: cursor, at: start + 4)
        _ = try cursor.uint32("entry \(number)'s subsong")
        var durationMs: Int64?
        if flags & 0x01 != 0 {
            try cursor.skip(16, "entry \(number)'s size and time")
            let seconds = Double(bitPattern: try cursor.uint64("entry \(number)'s length"))
            // A length that rounds to no millisecond is no length (the fuzzer's 0.0004 s).
            if seconds.isFinite, seconds >= 0.0005, seconds < 1e9 { durationMs = Int64((seconds * 1000).rounded()) }
            try cursor.skip(16, "entry \(number)'s ReplayGain")
            let tags = try cursor.count("entry \(number)'s number of tag fields", unit: 4)
            try cursor.skip(4 * tags, "entry \(number)'s tag fields")
        }
        try cursor.skip(8, "the end of entry \(number)")
        return Entry(location: location, durationMs: durationMs)
    }

    /// The NUL-terminated UTF-8 string that starts at `offset` among the strings; it must
    /// start one (at 0, or after a NUL).
    private static func string(at offset: Int, in strings: ArraySlice<UInt8>, entry number: Int,
                               cursor: LittleEndianCursor, at position: Int) throws(MalformedSourceError) -> String {
        let base = strings.startIndex
        guard offset < strings.count, offset == 0 || strings[base + offset - 1] == 0 else {
            throw cursor.error("entry \(number)'s location \(offset) is not the start of a string "
                               + "among the \(strings.count) bytes of strings", at: position)
        }
        guard let end = strings[(base + offset)...].firstIndex(of: 0) else {
            throw cursor.error("entry \(number)'s location runs past the strings", at: position)
        }
        guard let text = String(validating: strings[(base + offset)..<end], as: UTF8.self), !text.isEmpty else {
            throw cursor.error("entry \(number)'s location is empty or not UTF-8", at: position)
        }
        return text
    }
}
