import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted on a folder for one test: a disk that can be unmounted, remounted,
/// filled or made read-only while `mixtape` uses it. Needs root (CI and the developers'
/// machines run as root); where mounting is refused, the tests that need it are skipped with
/// `ScratchMount.unavailable` as their reason.
final class ScratchMount {
    let path: String
    private let size: String
    private(set) var isMounted = false

    /// Mounts a tmpfs of `size` (`mount`'s form: `4m`) on `path`, made as needed.
    init(at path: String, size: String = "16m") throws {
        self.path = path
        self.size = size
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try mount()
    }

    deinit {
        if isMounted { _ = try? ScratchMount.run(["umount", "-l", path]) }
    }

    /// Mounts a new, empty tmpfs (again) on the folder; `readOnly` mounts it read-only.
    func mount(readOnly: Bool = false) throws {
        try ScratchMount.run(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0755" + (readOnly ? ",ro" : ""),
                              "tmpfs", path])
        isMounted = true
    }

    /// Remounts it read-only or read-write, keeping what it holds.
    func remount(readOnly: Bool) throws {
        try ScratchMount.run(["mount", "-o", "remount," + (readOnly ? "ro" : "rw"), path])
    }

    /// Unmounts it: what it held is gone, and the folder under it is there again, empty.
    func unmount() throws {
        try ScratchMount.run(["umount", path])
        isMounted = false
    }

    /// Fills it up to `leaving` bytes or fewer of free space, with a file `fill` in it.
    func fill(leaving: Int) throws {
        var info = statvfs()
        try #require(statvfs(path, &info) == 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let fill = path + "/fill"
        let size = max(0, free - leaving)
        try #require(FileManager.default.createFile(atPath: fill, contents: Data(count: size)),
                     "cannot write \(size) bytes to \(fill)")
    }

    /// Bytes free on it now.
    var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let result = try MixtapeProcess.execute("/usr/bin/env", arguments)
        guard result.status == 0 else {
            throw MountFailure(message: "\(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return result.stdout
    }

    struct MountFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Whether this process may mount a tmpfs: tried once, on a folder of its own.
    static let available: Bool = {
        let folder = NSTemporaryDirectory() + "mixtape-mount-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let mount = try? ScratchMount(at: folder, size: "1m") else { return false }
        return (try? mount.unmount()) != nil
    }()

    static let unavailable: Comment = "a tmpfs cannot be mounted here (needs root): mounted, unmounted and full disks not checked"
}
