import Foundation
import MixtapeCore
import MixtapeStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says about a source path: the only file-system probing the use cases
/// do before handing a path to a reader. Paths go to the system as their own bytes
/// (`PathBytes`), so a file name that is not UTF-8 is found.
enum FileFacts {
    enum Entry {
        case file(SourceStamp)
        case folder
        case missing
        case unreadable(String)
    }

    static func inspect(_ path: String) -> Entry {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .folder }
        guard PathBytes.withCString(path, { access($0, R_OK) }) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        return .file(SourceStamp(size: Int64(info.st_size), modificationTimeNs: modificationTimeNs(info)))
    }

    /// The modification time of whatever is at `path` (a folder too), nil when nothing is.
    static func modificationTimeNs(of path: String) -> Int64? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return modificationTimeNs(info)
    }

    /// A stat result's modification time in nanoseconds since 1970.
    private static func modificationTimeNs(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// Why a file at `path` could not be created (its nearest existing ancestor is not a
    /// writable folder), or nil when it could: whether `index` could make a missing index.
    static func uncreatableFolder(for path: String) -> String? {
        var folder = (absolute(path) as NSString).deletingLastPathComponent
        var info = stat()
        while stat(folder, &info) != 0 {
            guard errno == ENOENT, folder != "/", !folder.isEmpty else { return "\(folder): \(String(cString: strerror(errno)))" }
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(folder) is not a folder" }
        guard access(folder, W_OK | X_OK) == 0 else { return "\(folder): \(String(cString: strerror(errno)))" }
        return nil
    }

    /// Modification time of `path` in nanoseconds since 1970, nil if it cannot be stat'ed.
    static func modificationTimeNs(_ path: String) -> Int64? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return modificationTimeNs(info)
    }

    /// The file system `path` is on (`st_dev`), nil if it cannot be stat'ed.
    static func device(_ path: String) -> UInt64? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return UInt64(info.st_dev)
    }

    /// The file at `path` as the file system knows it (device and inode), nil if it cannot be
    /// stat'ed: the same path with another identity is another file put in its place.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether the folder at `path` holds no entry at all (not even a hidden one): what a mount
    /// point is with its disk unmounted. False when it cannot be listed.
    static func isEmptyFolder(_ path: String) -> Bool {
        guard let directory = PathBytes.withCString(path, { opendir($0) }) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2e] && name != [0x2e, 0x2e] { return false }
        }
        return true
    }

    /// Whether the folder at `path` can be listed (read and searched).
    /// Whether anything is at `path` (a file, a folder, a link to one).
    @Sendable static func exists(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCString(path) { stat($0, &info) } == 0
    }

    /// Whether a folder (or a link to one) is at `path`.
    static func isFolder(_ path: String) -> Bool {
        if case .folder = inspect(path) { return true }
        return false
    }

    static func isListable(_ path: String) -> Bool { PathBytes.withCString(path) { access($0, R_OK | X_OK) } == 0 }

    /// An absolute, tidy form of a user-given path (no `.`/`..`, no trailing slash). On Linux
    /// Foundation's `standardizingPath` also resolves symlinks, so a source named through a
    /// link (`~/Music` → `/srv/music`) is recorded, walked and watched under its real path.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (joined as NSString).standardizingPath
    }

    static func now() -> Double { Date().timeIntervalSince1970 }
}

/// A file's device and inode: what stays the same while it is written in place, and changes
/// when another file is put at its path.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
