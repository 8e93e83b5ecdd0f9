#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// A file read front to back with plain POSIX calls into a caller's buffer, so memory stays
/// flat whatever the file size. Owns its descriptor: call `closeFile()` when done.
struct SourceFile {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        // The path's own bytes, so a name that is not UTF-8 opens (`PathBytes`).
        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SourceFile.error(path: path) }
        self.path = path
        self.descriptor = descriptor
    }

    /// Fills as much of `buffer` as one `read` gives; 0 at end of file.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw SourceFile.error(path: path) }
        }
    }

    func closeFile() {
        _ = close(descriptor)
    }

    private static func error(path: String) -> SourceReadError {
        let code = errno
        return SourceReadError(path: path, code: code, reason: String(cString: strerror(code)))
    }
}
