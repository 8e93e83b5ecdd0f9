#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// The two listings relocation asks for (spec/sources.md, "Where the files are now"), with the
/// walk's own rules: hidden names skipped, no symlink followed, regular files only.
extension FolderWalker {
    /// Why a bounded walk stopped before the end of its tree.
    public enum WalkLimit: Sendable, Equatable {
        case files(Int)
        case seconds(Double)
    }

    /// Hands each media file under `root` to `body`, with its size when the walk had to ask for
    /// the file's attributes anyway (a file system that does not say an entry's type): the
    /// catalog measures a file only when a lookup needs it. Stops after `files` of them or
    /// `seconds`; returns the limit that stopped it, nil when the tree was walked whole.
    public static func mediaFiles(under root: String, files: Int, seconds: Double,
                                  _ body: (_ path: String, _ size: Int64?) throws -> Void) rethrows -> WalkLimit? {
        let start = ContinuousClock.now
        var pending = [root]
        var count = 0
        while let folder = pending.popLast() {
            guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = entryName(entry)
                guard !name.hasPrefix(".") else { continue }
                var type = entry.pointee.d_type
                var size: Int64?
                if type == UInt8(DT_UNKNOWN) {
                    // A file system that does not say (some network ones): asked, relative to
                    // the open folder so the kernel does not walk the whole path again.
                    var info = stat()
                    guard PathBytes.withCString(name, { fstatat(dirfd(directory), $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = UInt8(DT_DIR)
                    case S_IFREG: type = UInt8(DT_REG); size = Int64(info.st_size)
                    default: continue
                    }
                }
                if type == UInt8(DT_DIR) { pending.append(FolderPath.join(folder, name)); continue }
                // Regular files only: a link or a device is no file of the tree's own.
                guard type == UInt8(DT_REG), FolderEntryRole(name: name) == .media else { continue }
                let path = FolderPath.join(folder, name)
                try body(path, size)
                count += 1
                if count >= files { return .files(files) }
                if count % 1024 == 0, ContinuousClock.now - start > .seconds(seconds) { return .seconds(seconds) }
            }
        }
        return nil
    }

    /// Every name in `folder` (hidden ones too, not `.` and `..`), nil when it cannot be listed.
    public static func names(in folder: String) -> [String]? {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
