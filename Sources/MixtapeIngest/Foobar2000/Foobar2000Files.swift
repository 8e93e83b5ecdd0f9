#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// What reading one of foobar2000's files gave: its bytes, or why there are none. Only a
/// regular file is opened, so a FIFO or a device put in a playlist's place never blocks or
/// streams forever; a file over its limit is not read at all.
public enum Foobar2000File: Sendable {
    case bytes([UInt8])
    case missing
    case failed(String)

    /// Reads the file at `path`, up to `limit` bytes.
    public static func read(_ path: String, limit: Int) -> Foobar2000File {
        var info = stat()
        let found = PathBytes.withCString(path) { stat($0, &info) }
        guard found == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failed("not a regular file") }
        guard Int64(info.st_size) <= Int64(limit) else { return .failed("larger than \(limit >> 20) MiB") }
        do {
            let file = try SourceFile(path: path)
            defer { file.closeFile() }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(info.st_size))
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = try chunk.withUnsafeMutableBytes { try file.readChunk(into: $0) }
                if count == 0 { return .bytes(bytes) }
                bytes += chunk[..<count]
                // It may have grown since it was measured.
                if bytes.count > limit { return .failed("larger than \(limit >> 20) MiB") }
            }
        } catch let error as SourceReadError {
            return .failed(error.reason)
        } catch {
            return .failed("\(error)")
        }
    }
}
