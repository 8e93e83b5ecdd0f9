import MixtapeCore

/// A media file found by the walk, with what tells whether it changed and where it moved:
/// device and inode follow the file through a rename or a move within one file system, and
/// `stamp` says whether anything the reader would read (the file or a sidecar) changed.
public struct MediaFile: Hashable, Sendable {
    /// Absolute, as found (no normalisation): the root as given plus the names read from disk.
    public var path: String
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modificationTimeNs: Int64
    /// Highest precedence first (see `FolderWalker` for the order).
    public var sidecars: [Sidecar]

    public init(path: String, device: UInt64, inode: UInt64, size: Int64, modificationTimeNs: Int64,
                sidecars: [Sidecar] = []) {
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationTimeNs = modificationTimeNs
        self.sidecars = sidecars
    }

    /// A hash (StableHash) of size, mtime and every sidecar's kind, path, size and mtime:
    /// equal stamps mean nothing needs re-reading. The media file's own path is left out, so a
    /// file moved without sidecars keeps its stamp (only its location changes); a file with
    /// sidecars gets a new stamp when it moves, because their paths are in it, and is re-read.
    public var stamp: Int64 {
        var hash = StableHash()
        hash.combine(size)
        hash.combine(modificationTimeNs)
        for sidecar in sidecars {
            hash.combine(sidecar.kind.rawValue)
            hash.combine(sidecar.path)
            hash.combine(sidecar.size)
            hash.combine(sidecar.modificationTimeNs)
        }
        return Int64(bitPattern: hash.value)
    }
}
