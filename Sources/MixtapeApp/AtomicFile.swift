import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see the old content or the new, never a part: a temporary
/// file beside the target, flushed to disk, then renamed over it. A failed write leaves any
/// earlier file untouched (spec/cli.md, export-playlist).
enum AtomicFile {
    #if canImport(Glibc)
    private static let systemWrite = Glibc.write
    #else
    private static let systemWrite = Darwin.write
    #endif

    struct Failure: Error {
        var path: String
        var reason: String
    }

    /// Whether the file at `path` holds exactly `bytes` (false when it cannot be read): a file
    /// of another size is not read at all, and one of the same size is compared in one
    /// `memcmp`, where comparing `Data` byte by byte through its iterator took 10 ms a playlist.
    static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count,
              let existing = FileManager.default.contents(atPath: path), existing.count == bytes.count else { return false }
        return existing.withUnsafeBytes { old in bytes.withUnsafeBytes { new in
            old.count == 0 || memcmp(old.baseAddress!, new.baseAddress!, new.count) == 0
        } }
    }

    /// Writes `bytes` to `path`. A symlink at `path` is written through: the file it leads to
    /// is replaced (beside itself, so the rename stays on its file system) and the link kept;
    /// renaming over the link replaced a user's `~/Music/car.m3u8 → /media/stick/car.m3u8`
    /// with a plain file. A file already there keeps its permission bits (a shared 0664
    /// playlist stayed group-writable only until the first export).
    static func write(_ bytes: [UInt8], to requested: String) throws(Failure) {
        let path = target(of: requested)
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: requested, reason: String(cString: strerror(errno))) }
        var existing = stat()
        if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            _ = fchmod(fd, existing.st_mode & 0o7777)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw Failure(path: requested, reason: reason)
            }
            offset += written
        }
        let synced = fsync(fd) == 0
        let closed = close(fd) == 0
        guard synced, closed, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: requested, reason: reason)
        }
    }

    /// The file a chain of symlinks at `path` ends at (a link's relative target is read from
    /// the link's folder); `path` itself when it is no link. A dangling link ends at the file
    /// it names, which the write then creates. A loop gives up after 40 links, as the kernel
    /// does, and the rename then replaces the link itself.
    static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = (current as NSString).deletingLastPathComponent
            current = link.hasPrefix("/") ? link : (folder.isEmpty ? link : folder + "/" + link)
        }
        return path
    }
}
