#if os(Linux)
import Glibc
#endif
import MixtapeCore

/// The Linux adapter: every inotify call of Mixtape, and the listing of subfolders to watch.
/// Everything above it sees `WatchEvent` values and paths.
///
/// One watch per folder: `IN_CLOSE_WRITE`, moves, creation, deletion and attribute changes of
/// its entries, and the folder's own deletion or move. Subfolders are watched without
/// following symlinks (`IN_DONT_FOLLOW`), as the walker does not follow them; a root the user
/// named may itself be a symlink and is followed.
public final class InotifyWatcher {
    /// A kernel event with its watch descriptor still unresolved.
    public struct Event: Sendable {
        public var descriptor: Int32
        public var kind: WatchEvent.Kind
        public var cookie: UInt32
        /// The entry's name inside the watched folder; empty for events about the folder itself.
        public var name: String
        /// The kernel dropped this watch (its folder was deleted or unmounted, or it was removed).
        public var watchRemoved: Bool
    }

    /// What waiting brought.
    public enum Wakeup: Sendable {
        case events([Event])
        /// The other descriptor (a stop signal's pipe) became readable.
        case woken
        case timedOut
    }

    #if os(Linux)
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    #endif

    public init() throws(WatchError) {
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            let code = errno
            if code == EMFILE { throw .instanceLimitReached(limit: InotifyWatcher.limit("max_user_instances")) }
            throw .cannotWatch(folder: "(inotify)", reason: String(cString: strerror(code)))
        }
        descriptor = fd
        #else
        throw .unsupported
        #endif
    }

    deinit {
        #if os(Linux)
        close(descriptor)
        #endif
    }

    /// What asking to watch one folder brought.
    public enum Outcome: Sendable, Equatable {
        /// Watched, under this descriptor (the same one if the folder's inode is already watched).
        case watching(Int32)
        /// The folder is gone or not a folder any more (a race the next walk settles).
        case gone
        /// This one folder cannot be watched, for a reason about it alone (its path is longer
        /// than PATH_MAX, it cannot be read): skipped with a warning, as `index` skips it.
        case skipped(reason: String)
    }

    /// Watches `folder`; throws when the kernel refuses for a reason the user must fix (the
    /// watch limit), which stops the whole watch.
    public func watch(folder: String, isRoot: Bool, watchedSoFar: Int) throws(WatchError) -> Outcome {
        #if os(Linux)
        var mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_EXCL_UNLINK) | UInt32(IN_ONLYDIR)
        if !isRoot { mask |= UInt32(IN_DONT_FOLLOW) }
        let wd = PathBytes.withCString(folder) { inotify_add_watch(descriptor, $0, mask) }
        if wd >= 0 { return .watching(wd) }
        let code = errno
        switch code {
        case ENOENT, ENOTDIR: return .gone
        case ENAMETOOLONG, EACCES, ELOOP: return .skipped(reason: String(cString: strerror(code)))
        case ENOSPC:
            throw .watchLimitReached(folder: folder, limit: InotifyWatcher.limit("max_user_watches"), folders: watchedSoFar)
        default:
            throw .cannotWatch(folder: folder, reason: String(cString: strerror(code)))
        }
        #else
        throw .unsupported
        #endif
    }

    /// Stops watching; a descriptor the kernel already dropped is fine.
    public func unwatch(_ watch: Int32) {
        #if os(Linux)
        _ = inotify_rm_watch(descriptor, watch)
        #endif
    }

    /// Waits up to `timeout` seconds (nil: for ever) for events, or for `wake` to become
    /// readable, and returns every event already queued.
    public func wait(timeout: Double?, wake: Int32) -> Wakeup {
        #if os(Linux)
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let milliseconds = timeout.map { Int32(min(max(0, ($0 * 1000).rounded(.up)), 3_600_000)) } ?? -1
        let ready = poll(&fds, 2, milliseconds)
        if ready < 0 { return errno == EINTR ? .events([]) : .timedOut }
        if fds[1].revents != 0 { return .woken }
        if ready == 0 { return .timedOut }
        return .events(drain())
        #else
        return .timedOut
        #endif
    }

    #if os(Linux)
    /// Reads every queued event (the descriptor is non-blocking).
    private func drain() -> [Event] {
        var events: [Event] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return events }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
                while offset + 16 <= count {
                    let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    events.append(Event(descriptor: wd, kind: InotifyWatcher.kind(of: mask), cookie: cookie,
                                        name: PathBytes.string(nameBytes),
                                        watchRemoved: mask & UInt32(IN_IGNORED) != 0))
                    offset += 16 + length
                }
            }
        }
    }

    private static func kind(of mask: UInt32) -> WatchEvent.Kind {
        let table: [(UInt32, WatchEvent.Kind)] = [
            (UInt32(IN_CLOSE_WRITE), .closedAfterWrite), (UInt32(IN_MOVED_FROM), .movedFrom),
            (UInt32(IN_MOVED_TO), .movedTo), (UInt32(IN_CREATE), .created), (UInt32(IN_DELETE), .deleted),
            (UInt32(IN_ATTRIB), .attributesChanged),
            (UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT), .watchedFolderGone),
            (UInt32(IN_Q_OVERFLOW), .overflow), (UInt32(IN_ISDIR), .isDirectory),
        ]
        var kind: WatchEvent.Kind = []
        for (bits, flag) in table where mask & bits != 0 { kind.insert(flag) }
        return kind
    }

    /// `/proc/sys/fs/inotify/NAME`, for the message that asks to raise it.
    static func limit(_ name: String) -> Int? {
        let fd = open("/proc/sys/fs/inotify/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Int(String(decoding: bytes[..<count], as: UTF8.self).filter(\.isNumber))
    }
    #endif

    /// The kernel's per-user limits (`fs.inotify.max_user_watches` and `max_user_instances`,
    /// nil where unreadable), for `mixtape doctor`; nil on systems without inotify.
    public static func kernelLimits() -> (watches: Int?, instances: Int?)? {
        #if os(Linux)
        return (limit("max_user_watches"), limit("max_user_instances"))
        #else
        return nil
        #endif
    }

    /// The file system `path` is on (`st_dev`, following a symlink as a root's watch does);
    /// nil if it cannot be stat'ed. A mount or unmount over a watched root sends no event to
    /// the folder under it, so `SourceWatcher` looks at this now and then.
    public static func device(of path: String) -> UInt64? {
        #if os(Linux)
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return UInt64(info.st_dev)
        #else
        return nil
        #endif
    }

    /// The subfolders of `folder` the walker would walk: real folders (no symlinks), not hidden.
    /// nil if `folder` cannot be listed.
    public static func subfolders(of folder: String) -> [String]? {
        #if os(Linux)
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            // Names that are not UTF-8 kept as `PathBytes` escapes, as the walker keeps them.
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                let start = UnsafeRawPointer($0)
                return PathBytes.string(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self),
                                                            count: strlen(start.assumingMemoryBound(to: CChar.self))))
            }
            guard !name.hasPrefix(".") else { continue }
            let path = FolderPath.join(folder, name)
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : 0
            }
            if type == UInt8(DT_DIR) { found.append(path) }
        }
        return found.sorted()
        #else
        return nil
        #endif
    }
}
