import MixtapeCore

/// What kind of thing a source is; decides which reader brings it up to date.
public enum SourceKind: String, Sendable {
    /// An iTunes / Music.app library (or playlist) XML export.
    case itunesLibrary = "itunes"
    /// A folder of media files and sidecars.
    case folder
    /// A playlist file named on its own (`.m3u8`, `.pls`, `.xspf`, `.wpl`…): one playlist whose
    /// entries name items of any source, and no items of its own.
    case playlistFile = "playlist-file"
    /// A rekordbox collection XML export (`<DJ_PLAYLISTS>`).
    case rekordbox
    /// A Traktor collection or playlist (`<NML>`).
    case traktor
    /// A Rhythmbox database (`<rhythmdb>`), read with the `playlists.xml` beside it.
    case rhythmbox
    /// A VirtualDJ database (`<VirtualDJ_Database>`); its playlists are `.m3u` files elsewhere.
    case virtualdj
    /// An Engine DJ / Engine Prime library (`m.db`), opened read-only.
    case engine
    /// A Strawberry database (`strawberry.db`), opened read-only.
    case strawberry
    /// A Clementine database (`clementine.db`), opened read-only.
    case clementine
    /// A Serato library (`_Serato_/database V2`), read with the crates and smart crates beside it.
    case serato
    /// foobar2000's playlists: a 2.x `playlists-v2.0/index.txt` with the `.fplite` files it
    /// names, or a 1.x `playlists-v1.4/index.dat` with its `.fpl` files. Playlists whose entries
    /// name items of any source, as a playlist file's do, and no items of its own.
    case foobar2000

    /// A library export or database: one file read whole by its kind's reader, whose items
    /// are its own (not a folder, not a playlist file, not foobar2000's playlists).
    public var isLibraryFile: Bool { self != .folder && !isPlaylistSource }

    /// What the source is, as a person would say it (`doctor`: "a Serato library").
    public var described: String {
        switch self {
        case .folder: "a media folder"
        case .playlistFile: "a playlist file"
        case .itunesLibrary: "a library export"
        case .rekordbox: "a rekordbox collection"
        case .traktor: "a Traktor collection"
        case .rhythmbox: "a Rhythmbox database"
        case .virtualdj: "a VirtualDJ database"
        case .engine: "an Engine DJ library"
        case .strawberry: "a Strawberry database"
        case .clementine: "a Clementine database"
        case .serato: "a Serato library"
        case .foobar2000: "foobar2000's playlists"
        }
    }

    /// Playlists and no items of their own, whose entries are resolved to items of any source
    /// (sources.md, "Playlist files"): a playlist file named as a source, foobar2000's playlists.
    public var isPlaylistSource: Bool { self == .playlistFile || self == .foobar2000 }
}

/// The file-system facts that tell whether a source changed since it was last read.
public struct SourceStamp: Hashable, Sendable {
    public var size: Int64
    public var modificationTimeNs: Int64

    public init(size: Int64, modificationTimeNs: Int64) {
        self.size = size
        self.modificationTimeNs = modificationTimeNs
    }
}

/// A source as the index records it.
public struct SourceRecord: Hashable, Sendable {
    /// Absolute path, the source's identity.
    public var path: String
    public var kind: SourceKind
    /// Size and mtime when last indexed; nil until the first successful index.
    public var stamp: SourceStamp?
    /// When it was last indexed, in seconds since 1970.
    public var indexedAt: Timestamp?
    public var itemCount: Int
    public var playlistCount: Int
    public var applicationVersion: String?
    /// A hash of the bytes last read (16 hex digits).
    public var contentFingerprint: String?
    /// A folder source's root: the file system (`st_dev`) it was on when last walked, so a
    /// disk that is no longer mounted there is told from a folder whose files were deleted.
    public var device: UInt64?
    /// For a library source: what relocation made of its entries (nil before it ran).
    public var relocation: RelocationSummary?

    public init(path: String, kind: SourceKind, stamp: SourceStamp? = nil, indexedAt: Timestamp? = nil,
                itemCount: Int = 0, playlistCount: Int = 0, applicationVersion: String? = nil,
                contentFingerprint: String? = nil, device: UInt64? = nil, relocation: RelocationSummary? = nil) {
        self.relocation = relocation
        self.contentFingerprint = contentFingerprint
        self.device = device
        self.path = path
        self.kind = kind
        self.stamp = stamp
        self.indexedAt = indexedAt
        self.itemCount = itemCount
        self.playlistCount = playlistCount
        self.applicationVersion = applicationVersion
    }
}

/// What a fresh read of a source yields for the index besides its items.
public struct SourceReadout: Sendable {
    /// The source's playlists; nil leaves them as they are (a folder's come from its playlist
    /// files, which `LibraryStore.replacePlaylists(fromFilesOf:)` writes after resolving them).
    public var playlists: [Playlist]?
    /// A hash of the source's bytes, recorded with the source.
    public var contentFingerprint: String?
    public var applicationVersion: String?

    public init(playlists: [Playlist]?, contentFingerprint: String? = nil, applicationVersion: String? = nil) {
        self.playlists = playlists
        self.contentFingerprint = contentFingerprint
        self.applicationVersion = applicationVersion
    }
}

/// An edit of the saved selection.
public enum SelectionEdit: String, Sendable {
    case add, remove, toggle, clear
}

/// What bringing one source up to date changed.
public struct SyncCounts: Hashable, Sendable {
    public var added = 0, updated = 0, removed = 0, unchanged = 0
    public var playlists = 0
    public init() {}

    /// Items in the source after the sync.
    public var items: Int { added + updated + unchanged }
}
