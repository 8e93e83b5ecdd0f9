import Foundation
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `config` check of `mixtape doctor`: no config file is fine (defaults are in use); one
/// that exists but cannot be read is a problem, since every run would then ignore what the
/// user set there.
///
/// "Cannot be read" is decided by reading it, not by its permission bits: root reads a
/// mode-000 file, and a folder, a dangling symlink or a symlink loop at the path fail for
/// root and other users alike.
public struct ConfigFileCheck: Sendable {
    /// The config file's path (`ConfigLocation.resolve`).
    public var path: String

    /// The check's name in doctor's output.
    public static let check = "config"

    public init(path: String) { self.path = path }

    /// The verdict: ok when absent or readable, a problem when it exists but cannot be read.
    public var findings: [Finding] {
        let fix = "make \(path) a readable file (chmod u+r), or remove it to use the defaults"
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return [.ok(Self.check, "no config file at \(path) (defaults in use)")] }
            return [.problem(Self.check, "\(path) cannot be read: \(String(cString: strerror(errno)))", fix: fix)]
        }
        let bytes: [UInt8]
        switch ConfigFileCheck.read(path) {
        case .failure(let reason):
            return [.problem(Self.check, "\(path) cannot be read: \(reason)", fix: fix)]
        case .success(let read):
            bytes = read
        }
        // CONFIG: the config file's parser plugs in here: parse `bytes`, and turn a syntax
        // error or an unknown key into a problem naming path:line (fix: what to write instead).
        return [.ok(Self.check, "\(path) is readable (\(bytes.count) bytes)")]
    }

    /// The file's bytes, or why they cannot be had (a folder reads as EISDIR).
    private static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .failure(ReadFailure(errno)) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            // A config file is a few lines; anything this large is not one.
            if bytes.count > 1 << 20 { return .failure(ReadFailure(description: "larger than 1 MiB")) }
        }
    }

    private struct ReadFailure: Error, CustomStringConvertible {
        var description: String
        init(description: String) { self.description = description }
        init(_ code: Int32) {
            description = code == EISDIR ? "it is a folder, not a file" : String(cString: strerror(code))
        }
    }
}
