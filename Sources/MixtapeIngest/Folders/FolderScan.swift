import MixtapeCore

/// What walking a folder found: the media files (each with its sidecars), and what was left
/// out and why. A value, so the index use case can diff it against the store without the
/// walker knowing the store exists.
public struct FolderScan: Sendable {
    /// Sorted by path, so runs and machines agree on the order items are written.
    public var files: [MediaFile]
    /// Playlist files, sorted by path.
    public var playlistFiles: [PlaylistFileStat] = []
    /// Sidecars with no media file beside them (counted, not items).
    public var skippedSidecars: Int
    /// Unreadable directories, symlinks out of the root, symlink loops, ...; each positioned at
    /// the path concerned (line and column 0).
    public var warnings: [IndexWarning]
    /// Folders (the root included) that could not be listed. What the index holds from under
    /// them must be kept, not taken for deleted: a folder that is unreadable for a moment (an
    /// unmounted disk, a permission being fixed) must not empty the index.
    public var unreadableFolders: [String]

    public init(files: [MediaFile] = [], skippedSidecars: Int = 0, warnings: [IndexWarning] = [],
                unreadableFolders: [String] = []) {
        self.files = files
        self.skippedSidecars = skippedSidecars
        self.warnings = warnings
        self.unreadableFolders = unreadableFolders
    }
}

/// A playlist file the walk found, with what tells whether it changed since the last read.
public struct PlaylistFileStat: Hashable, Sendable {
    public var path: String
    public var size: Int64
    public var modificationTimeNs: Int64
    public var format: PlaylistFileFormat

    public init(path: String, size: Int64, modificationTimeNs: Int64, format: PlaylistFileFormat) {
        self.path = path
        self.size = size
        self.modificationTimeNs = modificationTimeNs
        self.format = format
    }

    /// Size and modification time hashed: equal stamps mean nothing to read again.
    public var stamp: Int64 {
        var hash = StableHash()
        hash.combine(size)
        hash.combine(modificationTimeNs)
        return Int64(bitPattern: hash.value)
    }
}
