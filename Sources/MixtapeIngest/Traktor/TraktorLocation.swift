/// A track's place as Traktor writes it: `LOCATION VOLUME="Macintosh HD" DIR="/:Users/:dj/:"
/// FILE="x.mp3"`. The same three strings joined (`Macintosh HD/:Users/:dj/:x.mp3`) are the
/// `PRIMARYKEY` by which playlists name the track, and the key its id is made from.
struct TraktorLocation: Hashable, Sendable {
    var volume: String
    var directory: String
    var file: String

    /// Top-level folders that only a Mac's start-up disk has: a volume holding them is `/`.
    static let bootFolders: Set<Substring> = ["Users", "Library", "Applications"]

    /// The playlist key: volume, directory and file as written.
    var primaryKey: String { volume + directory + file }

    /// The path a user sees. `/:` separators become `/`; a drive volume (`C:`) gives
    /// `C:/...`; the start-up disk (a path under Users/, Library/ or Applications/, an empty
    /// volume or one named `Macintosh HD`) gives `/...`; any other volume is mounted at
    /// `/Volumes/<name>` on a Mac. Traktor never percent-encodes, so nothing is decoded.
    var path: String {
        var path = Self.slashes(directory) + file
        if !path.hasPrefix("/") { path = "/" + path }
        if isDrive { return volume + path }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let top = components.count > 2 ? components[1] : ""
        if volume.isEmpty || volume == "Macintosh HD" || Self.bootFolders.contains(top) { return path }
        return "/Volumes/" + volume + path
    }

    /// `C:`, `d:`: one ASCII letter and a colon.
    private var isDrive: Bool {
        let bytes = Array(volume.utf8)
        guard bytes.count == 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (65...90).contains(bytes[0]) || (97...122).contains(bytes[0])
    }

    /// Every `/:` read as `/`, scanning left to right by Unicode scalar.
    static func slashes(_ directory: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = directory.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            out.append(scalar)
            if scalar == "/", pending == ":" { pending = scalars.next() }
        }
        return String(out)
    }
}
