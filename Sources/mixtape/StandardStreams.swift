import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered standard output for record lists: `search` writes 100,000 lines, and one
/// `fwrite` per 64 KiB keeps that cheap. Flushed before the process exits.
final class RecordWriter {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    func write(_ text: String, terminator: String = "\n") {
        buffer.append(contentsOf: text.utf8)
        buffer.append(contentsOf: terminator.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything buffered, retrying short writes; a closed pipe (`| head`) ends the
    /// process quietly, as it would for any filter.
    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                exit(errno == EPIPE ? 0 : 74)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Human messages: stderr, never stdout (spec/cli.md).
enum Messages {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("mixtape: " + text + "\n").utf8))
    }

    static func info(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether decorations (progress, colour) may be drawn on stderr: a terminal, and the
    /// user has not set NO_COLOR.
    static var decorated: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
}

extension Int {
    /// `12,345`: counts in messages are read by people.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }
}
