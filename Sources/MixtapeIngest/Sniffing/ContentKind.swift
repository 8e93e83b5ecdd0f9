/// What a path given to `index` turned out to be, recognised by content (spec/sources.md):
/// a kind of source, or something else with what to do instead. `id` is stable and chooses
/// the reader; `description` names the kind in messages.
public struct ContentKind: Hashable, Sendable, CustomStringConvertible {
    /// What `index` can do with it.
    public enum Role: Hashable, Sendable {
        /// A library export or database (iTunes, rekordbox, Traktor, Rhythmbox, VirtualDJ, Serato).
        case library
        /// A playlist file (M3U, PLS, XSPF, WPL).
        case playlistFile
        /// A folder of media files.
        case folder
        /// Not a source; `advice` says what to index instead.
        case notASource(advice: String)
    }

    /// Stable identifier: `itunes`, `rekordbox`, `m3u`, `mp3`, `xml`...
    public let id: String
    /// Names the kind in a sentence: "an iTunes / Music.app export", "an MP3 file".
    public let description: String
    public let role: Role

    /// A kind; `SourceSniffer`'s registry holds every one there is.
    public init(id: String, description: String, role: Role) {
        self.id = id
        self.description = description
        self.role = role
    }

    /// The sentence `index` exits 65 with when this is not a source, or is a source with no
    /// reader yet (`LibraryFileReader` decides which kinds have one).
    public var refusal: String {
        switch role {
        case .notASource(let advice): "\(description), not a library export: \(advice)"
        case .library, .playlistFile, .folder:
            "\(description): recognised, but this version of mixtape does not read it yet"
        }
    }

    // The sources of spec/sources.md's table, each named as messages name it.

    /// An iTunes / Music.app XML export: root `<plist>`, or a bare `<dict>` with `Tracks`.
    public static let itunes = ContentKind(id: "itunes", description: "an iTunes / Music.app export", role: .library)
    /// A rekordbox collection export (root `<DJ_PLAYLISTS>`).
    public static let rekordbox = ContentKind(id: "rekordbox", description: "a rekordbox collection (<DJ_PLAYLISTS>)",
                                             role: .library)
    /// A Traktor collection (root `<NML>`).
    public static let traktor = ContentKind(id: "traktor", description: "a Traktor collection (<NML>)", role: .library)
    /// A Rhythmbox database (root `<rhythmdb>`).
    public static let rhythmbox = ContentKind(id: "rhythmbox", description: "a Rhythmbox database (<rhythmdb>)",
                                             role: .library)
    /// A VirtualDJ database (root `<VirtualDJ_Database>`: `database.xml`, VirtualDJ 7's
    /// `VirtualDJ Local Database v6.xml`).
    public static let virtualdj = ContentKind(id: "virtualdj", description: "a VirtualDJ database (<VirtualDJ_Database>)",
                                             role: .library)
    /// An Engine DJ / Engine Prime library database (`m.db`: SQLite with `Information` and `Track`).
    public static let engine = ContentKind(id: "engine", description: "an Engine DJ library (m.db)", role: .library)
    /// Strawberry's database (`strawberry.db`: SQLite with `songs` named by `url`).
    public static let strawberry = ContentKind(id: "strawberry", description: "a Strawberry database (strawberry.db)",
                                              role: .library)
    /// Clementine's database (`clementine.db`: SQLite with `songs` named by `filename`).
    public static let clementine = ContentKind(id: "clementine", description: "a Clementine database (clementine.db)",
                                              role: .library)
    /// A Serato library: `_Serato_/database V2`, whose first record is a `vrsn` naming a
    /// "Serato Scratch LIVE Database"; its crates are read with it.
    public static let serato = ContentKind(id: "serato", description: "a Serato library (database V2)", role: .library)
    /// A Serato crate or smart crate on its own: it is read with the database beside it.
    static let seratoCrate = other("serato-crate", "a Serato crate",
                                   advice: "index the \"database V2\" in the _Serato_ folder that holds it (its crates come along)")
    /// foobar2000's playlists: a 2.x `index.txt` (lines `GUID:name`, each naming a
    /// `playlist-GUID.fplite` beside it) or a 1.x `index.dat` (`playlists-v1.4`). A source of
    /// playlists with no items of their own, read by `LibraryFileReader` like a library.
    public static let foobar2000 = ContentKind(id: "foobar2000", description: "foobar2000's playlists (index.txt / index.dat)",
                                              role: .library)
    /// An M3U or M3U8 playlist: text named `.m3u`/`.m3u8`.
    public static let m3u = ContentKind(id: "m3u", description: "an M3U playlist", role: .playlistFile)
    /// A PLS playlist: named `.pls`, with a `[playlist]` line.
    public static let pls = ContentKind(id: "pls", description: "a PLS playlist", role: .playlistFile)
    /// An XSPF playlist: named `.xspf`, XML with root `<playlist>`.
    public static let xspf = ContentKind(id: "xspf", description: "an XSPF playlist", role: .playlistFile)
    /// A Windows Media playlist: named `.wpl`, XML with root `<smil>`.
    public static let wpl = ContentKind(id: "wpl", description: "a WPL (Windows Media) playlist", role: .playlistFile)
    /// Whether this is a playlist file (M3U, PLS, XSPF, WPL).
    public var isPlaylistFile: Bool {
        if case .playlistFile = role { return true }
        return false
    }

    /// Whether a file named like a playlist and recognised as this could be a damaged playlist
    /// (empty, text, XML with another root, bytes of no known kind) rather than something else.
    public var mayBeBrokenPlaylist: Bool { ["empty", "text", "xml", "binary"].contains(id) }

    /// A folder of media files (recognised by `stat`, not by the sniffer).
    public static let folder = ContentKind(id: "folder", description: "a folder", role: .folder)

    /// Advice for a media file: its folder is the source.
    static let indexFolder = "index its folder instead"
    /// Advice for anything else.
    static let whatToIndex = "index an iTunes / Music.app XML export (File > Library > Export Library), "
        + "a rekordbox XML collection, a Traktor collection.nml, a Rhythmbox rhythmdb.xml, "
        + "a VirtualDJ database.xml, a Serato _Serato_/database V2, an Engine DJ m.db, "
        + "a Strawberry strawberry.db or Clementine clementine.db, foobar2000's playlists-v2.0/index.txt, "
        + "a playlist file (.m3u8, .m3u, .pls, .xspf, .wpl) or a folder of media"

    /// A file that is not a source: a media file, an image, an archive...
    static func other(_ id: String, _ description: String, advice: String = whatToIndex) -> ContentKind {
        ContentKind(id: id, description: description, role: .notASource(advice: advice))
    }

    /// A media file, whose folder is what to index.
    static func media(_ id: String, _ description: String) -> ContentKind {
        other(id, description, advice: indexFolder)
    }
}
