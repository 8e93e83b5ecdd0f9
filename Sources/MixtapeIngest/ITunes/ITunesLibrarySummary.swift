import MixtapeCore

/// What a full read of one library export yields besides its items: the items themselves are
/// streamed to the caller while parsing, everything else is only complete at the end.
public struct ITunesLibrarySummary: Sendable {
    /// File order; entries resolved to ItemIDs; `source` set.
    public var playlists: [Playlist]
    public var warnings: [IndexWarning]
    /// Items delivered to `onItems`.
    public var trackCount: Int
    public var applicationVersion: String?
    public var libraryPersistentID: String?
    /// Decoded with `LocationDecoder`.
    public var musicFolder: String?
    /// A hash of the file's bytes as read (16 hex digits), recorded with the source.
    public var contentFingerprint: String?

    /// Builds a summary; the reader fills it at the end of a read, tests and callers may too.
    public init(playlists: [Playlist] = [], warnings: [IndexWarning] = [], trackCount: Int = 0,
                applicationVersion: String? = nil, libraryPersistentID: String? = nil,
                musicFolder: String? = nil) {
        self.playlists = playlists
        self.warnings = warnings
        self.trackCount = trackCount
        self.applicationVersion = applicationVersion
        self.libraryPersistentID = libraryPersistentID
        self.musicFolder = musicFolder
    }
}
