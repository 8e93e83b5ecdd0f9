/// One change the kernel reported, with the path it concerns: the watcher's raw material,
/// already free of platform constants so the rules that turn events into change sets are
/// tested without a kernel.
public struct WatchEvent: Hashable, Sendable {
    /// What happened, as inotify says it; several may be set at once (`movedTo` + `isDirectory`).
    public struct Kind: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A file opened for writing was closed: its content is complete.
        public static let closedAfterWrite = Kind(rawValue: 1 << 0)
        /// Renamed away from `path` (the other half carries the same cookie).
        public static let movedFrom = Kind(rawValue: 1 << 1)
        /// Renamed to `path`.
        public static let movedTo = Kind(rawValue: 1 << 2)
        /// Created: for a file, not yet a reason to read it (it may still be written).
        public static let created = Kind(rawValue: 1 << 3)
        public static let deleted = Kind(rawValue: 1 << 4)
        /// Permissions, timestamps (`touch`), ownership.
        public static let attributesChanged = Kind(rawValue: 1 << 5)
        /// The watched folder itself was deleted or moved, or its file system unmounted.
        public static let watchedFolderGone = Kind(rawValue: 1 << 6)
        /// The kernel dropped events: only a rescan can tell what changed.
        public static let overflow = Kind(rawValue: 1 << 7)
        /// `path` is a folder.
        public static let isDirectory = Kind(rawValue: 1 << 8)
    }

    public var kind: Kind
    /// Absolute; for `overflow`, empty.
    public var path: String
    /// Pairs a `movedFrom` with its `movedTo`; 0 otherwise.
    public var cookie: UInt32

    public init(_ kind: Kind, path: String, cookie: UInt32 = 0) {
        self.kind = kind
        self.path = path
        self.cookie = cookie
    }

    public var isDirectory: Bool { kind.contains(.isDirectory) }
}
