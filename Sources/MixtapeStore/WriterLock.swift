#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-writer-at-a-time rule for `index` and `watch` (spec/cli.md): an advisory `flock`
/// on a file beside the database, holding the owner's pid so a waiting run can say who has it.
///
/// `flock` is released by the kernel when the process dies, so a killed run never leaves a
/// stale lock behind; the pid in the file is only for the message.
public final class WriterLock {
    private let descriptor: Int32
    public let path: String

    /// Waits up to `wait` seconds for the lock on `path`, or until `giveUp` says to stop
    /// waiting (a `watch` told to stop). Throws `WriterLockError.held` naming the holder's pid
    /// when the wait ends without the lock.
    public init(path: String, wait: Double, giveUp: () -> Bool = { false }) throws {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriterLockError.cannotOpen(path: path, errno: errno) }
        let deadline = WriterLock.now() + max(0, wait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, WriterLock.now() < deadline, !giveUp() else {
                let holder = WriterLock.readPID(fd)
                close(fd)
                throw WriterLockError.held(path: path, pid: holder, waited: wait)
            }
            usleep(50_000)
        }
        descriptor = fd
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether a writer holds the lock at `path` now, without taking it for more than an
    /// instant and without creating the file: for `mixtape doctor`. A shared `flock` that
    /// fails means a writer holds the exclusive one; its pid is read from the file. (A writer
    /// starting in that instant finds the lock busy and simply tries again 50 ms later.)
    public static func state(path: String) -> WriterLockState {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return errno == ENOENT ? .absent : .unknown(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) == 0 else {
            return errno == EWOULDBLOCK ? .held(pid: readPID(fd)) : .unknown(String(cString: strerror(errno)))
        }
        flock(fd, LOCK_UN)
        return .free
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingSpaces)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// What `WriterLock.state(path:)` found.
public enum WriterLockState: Hashable, Sendable {
    /// No lock file: no `index` or `watch` has run against this index yet.
    case absent
    /// Nobody holds it.
    case free
    /// An `index`, `watch` or `sources remove` run holds it (its pid, when the file says).
    case held(pid: Int32?)
    /// The lock file could not be opened or probed (the reason).
    case unknown(String)
}

/// Why the writer lock could not be taken.
public enum WriterLockError: Error, Sendable {
    /// Another run holds it (pid when known) and `waited` seconds passed.
    case held(path: String, pid: Int32?, waited: Double)
    case cannotOpen(path: String, errno: Int32)
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(self.filter { !$0.isWhitespace })
    }
}
