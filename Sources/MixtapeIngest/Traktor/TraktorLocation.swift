/// A track's place as Traktor writes it: `LOCATION VOLUME="Macintosh HD" DIR="/:Users/:dj/:"
/// FILE="x.mp3"`. The same three strings joined (`Macintosh HD/:Users/:dj/:x.mp3`) are the
/// `PRIMARYKEY` by which playlists name the track, and the key its id is made from.
struct TraktorLocation: Hashable, Sendable {
    var volume: String
    var directory: String
    var file: String

    /// Top-level folders that only a Mac's start-up disk has: a volume holding them is `/`.
    static let bootFolders = ["Users", "Library", "Applications"]

    /// The playlist key: volume, directory and file as written.
    var primaryKey: String { volume + directory + file }

    /// The path a user sees. `/:` separators become `/`; a drive volume (`C:`) gives
    /// `C:/...`; the start-up disk (a path under Users/, Library/ or Applications/, an empty
    /// volume or one named `Macintosh HD`) gives `/...`; any other volume is mounted at
    /// `/Volumes/<name>` on a Mac. Traktor never percent-encodes, so nothing is decoded.
    var path: String {
        var bytes = Self.slashes(Array(directory.utf8))
        bytes += file.utf8
        if bytes.first != UInt8(ascii: "/") { bytes.insert(UInt8(ascii: "/"), at: 0) }
        let path = String(decoding: bytes, as: UTF8.self)
        if isDrive { return volume + path }
        if volume.isEmpty || volume == "Macintosh HD" || Self.startsAtBootFolder(bytes) { return path }
        return "/Volumes/" + volume + path
    }

    /// Whether the path's first component (between the leading `/` and the next) is one of
    /// `bootFolders` and another `/` follows it.
    private static func startsAtBootFolder(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.dropFirst().firstIndex(of: UInt8(ascii: "/")) else { return false }
        let top = bytes[1..<end]
        return bootFolders.contains { top.elementsEqual($0.utf8) }
    }

    /// `C:`, `d:`: one ASCII letter and a colon.
    private var isDrive: Bool {
        let bytes = Array(volume.utf8)
        guard bytes.count == 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (65...90).contains(bytes[0]) || (97...122).contains(bytes[0])
    }

    /// Every `/:` read as `/`, left to right. Byte-wise is scalar-wise here: in UTF-8 the
    /// bytes of `/` and `:` never occur inside another character.
    static func slashes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            out.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":") ? 2 : 1
        }
        return out
    }
}
