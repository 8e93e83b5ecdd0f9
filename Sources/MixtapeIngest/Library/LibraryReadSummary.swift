import MixtapeCore

/// What a full read of one library export or database (rekordbox, Traktor, Rhythmbox) yields
/// besides its items, which are streamed to the caller while parsing: everything here is only
/// complete at the end.
public struct LibraryReadSummary: Sendable {
    /// File order; entries resolved to ItemIDs (repeats kept, dangling ones counted in
    /// `missing`); `source` set. Smart playlists Mixtape evaluates carry a `rule`.
    public var playlists: [Playlist]
    public var warnings: [IndexWarning]
    /// Items delivered to `onItems`.
    public var trackCount: Int
    /// The program and version that wrote the file, as it says (`rekordbox 6.7.7`).
    public var applicationVersion: String?
    /// A hash of the bytes read (16 hex digits; of every file read, for a source of several).
    public var contentFingerprint: String?

    /// A summary; readers fill it at the end of a read.
    public init(playlists: [Playlist] = [], warnings: [IndexWarning] = [], trackCount: Int = 0,
                applicationVersion: String? = nil, contentFingerprint: String? = nil) {
        self.playlists = playlists
        self.warnings = warnings
        self.trackCount = trackCount
        self.applicationVersion = applicationVersion
        self.contentFingerprint = contentFingerprint
    }
}
