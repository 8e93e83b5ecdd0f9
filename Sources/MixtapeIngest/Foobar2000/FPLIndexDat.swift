import MixtapeCore

/// foobar2000 1.x's `playlists-v1.4/index.dat` (foobar2000 1.4 to 1.6): the playlists in tab
/// order, each with its name and the file that holds its entries. The format is not published;
/// this layout was read from real files and is checked whole, so a file of another layout is
/// refused (exit 65) rather than half read:
///
/// ```
/// magic            16 bytes  35 47 5E 2A 60 1B 4B 4B 82 57 5C 8E 61 26 FD F6
/// count            u32       playlists
/// active           u32       the playlist that was active (not read)
/// count times:
///   name           u32 length, then UTF-8
///   focus          u32       the focused entry (not read)
///   properties     u32 size, then: u32 count, count times (GUID key, u32 length, value)
///   files          u32       always 1: the playlist's one file
///   file           16 bytes  its name: 32 hexadecimal digits + `.fpl`
/// ```
///
/// Integers are little-endian; the file ends with the last playlist. Of the properties, the
/// one keyed `52655132-8F57-4C56-9AEE-17525C679A5D` holds 16 bytes that stay the playlist's
/// while foobar2000 writes it to new `.fpl` files: its identity.
public enum FPLIndexDat {
    /// The first 16 bytes of every `index.dat` this reader knows.
    public static let magic: [UInt8] = [0x35, 0x47, 0x5E, 0x2A, 0x60, 0x1B, 0x4B, 0x4B,
                                        0x82, 0x57, 0x5C, 0x8E, 0x61, 0x26, 0xFD, 0xF6]
    /// The property that names a playlist for good.
    static let identityKey = "52655132-8F57-4C56-9AEE-17525C679A5D"
    /// 4 MiB: no index of playlists is larger.
    public static let limit = 4 << 20

    /// One playlist the index names.
    public struct Playlist: Hashable, Sendable {
        public var name: String
        /// The file beside the index that holds its entries: `HEX.fpl`.
        public var fileName: String
        /// The identity property as a GUID, when the playlist has one.
        public var identity: String?
        /// The byte its record starts at, for warnings.
        public var offset: Int
    }

    /// The playlists `bytes` names, in order; throws `MalformedSourceError` at the byte where
    /// the file stops being this layout.
    public static func read(_ bytes: [UInt8], file: String) throws(MalformedSourceError) -> [Playlist] {
        var cursor = LittleEndianCursor(bytes, file: file)
        guard bytes.starts(with: magic) else {
            throw cursor.error("not the index.dat of a foobar2000 1.x playlists folder", at: 0)
        }
        try cursor.skip(16, "magic")
        // A playlist takes at least 4 + 4 + 4 + 4 + 16 bytes.
        let count = try cursor.count("the number of playlists", unit: 32)
        _ = try cursor.uint32("the active playlist")
        var playlists: [Playlist] = []
        for number in 0..<count {
            playlists.append(try playlist(number, &cursor))
        }
        guard cursor.isAtEnd else {
            throw cursor.error("\(cursor.remaining) bytes after the last of the \(count) playlists")
        }
        return playlists
    }

    private static func playlist(_ number: Int, _ cursor: inout LittleEndianCursor) throws(MalformedSourceError) -> Playlist {
        let start = cursor.offset
        let nameLength = try cursor.count("playlist \(number + 1)'s name length", unit: 1)
        let nameBytes = try cursor.bytes(nameLength, "playlist \(number + 1)'s name")
        guard let name = String(validating: nameBytes, as: UTF8.self) else {
            throw cursor.error("playlist \(number + 1)'s name is not UTF-8", at: start + 4)
        }
        _ = try cursor.uint32("playlist \(number + 1)'s focused entry")
        let identity = try properties(of: number, &cursor)
        let at = cursor.offset
        let files = try cursor.uint32("playlist \(number + 1)'s number of files")
        guard files == 1 else {
            throw cursor.error("playlist \(number + 1) says it is kept in \(files) files; this reader knows one", at: at)
        }
        let fileName = LittleEndianCursor.hexName(try cursor.bytes(16, "playlist \(number + 1)'s file")) + ".fpl"
        return Playlist(name: name, fileName: fileName, identity: identity, offset: start)
    }

    /// Walks a playlist's properties, which must fill their declared size exactly; returns the
    /// identity property's value as a GUID.
    private static func properties(of number: Int, _ cursor: inout LittleEndianCursor) throws(MalformedSourceError) -> String? {
        let size = try cursor.count("playlist \(number + 1)'s properties size", unit: 1)
        let end = cursor.offset + size
        var identity: String?
        let count = try cursor.count("playlist \(number + 1)'s number of properties", unit: 20)
        for _ in 0..<count {
            let key = LittleEndianCursor.guid(try cursor.bytes(16, "a property's key"))
            let length = try cursor.count("a property's length", unit: 1)
            let value = try cursor.bytes(length, "a property's value")
            if key == identityKey, length == 16 { identity = LittleEndianCursor.guid(value) }
        }
        guard cursor.offset == end else {
            throw cursor.error("playlist \(number + 1)'s properties take \(cursor.offset - (end - size)) bytes, "
                               + "not the \(size) their size says")
        }
        return identity
    }
}
