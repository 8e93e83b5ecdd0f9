/// A playlist file as last read (a folder source's, or a playlist source of its own): what the
/// index keeps so that its entries can be resolved again when the items they name appear,
/// change or move, without reading the file again. Its playlist is derived from this.
public struct PlaylistFileRecord: Hashable, Sendable {
    /// Absolute path of the playlist file.
    public var path: String
    /// Size and modification time hashed (`FileFacts`): equal stamps, nothing to re-read.
    public var stamp: Int64
    /// The playlist's name (`#PLAYLIST:`, `<title>`, else the file name).
    public var name: String
    /// Folder names from the source root to the file (empty at the root or for a file source).
    public var folders: [String]
    /// The entries, each with its target (`PlaylistEntryTarget`) and tags.
    public var entries: [Entry]
    /// For a playlist that is one of several a player keeps in files of its own (foobar2000's),
    /// what its id derives from instead of the file's path: `kind:key` (`foobar2000:` and the
    /// playlist's GUID), so the id survives foobar2000 1.x writing the playlist to a new file at
    /// every save. Its id is then `kind-playlist:` and a hash of the source and this. Nil for a
    /// playlist file, whose id derives from its path.
    public var identity: String?
    /// Its place among its source's playlists (foobar2000's tab order); nil for a playlist
    /// file, ordered by folder and name.
    public var position: Int?

    /// One entry: where it points and what the file says of it.
    public struct Entry: Hashable, Sendable {
        public var target: PlaylistEntryTarget
        public var artist: String?
        public var title: String?
        public var durationMs: Int64?

        public init(target: PlaylistEntryTarget, artist: String? = nil, title: String? = nil, durationMs: Int64? = nil) {
            self.target = target
            self.artist = artist
            self.title = title
            self.durationMs = durationMs
        }
    }

    public init(path: String, stamp: Int64, name: String, folders: [String], entries: [Entry],
                identity: String? = nil, position: Int? = nil) {
        self.path = path
        self.stamp = stamp
        self.name = name
        self.folders = folders
        self.entries = entries
        self.identity = identity
        self.position = position
    }
}
