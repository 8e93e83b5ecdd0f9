import Foundation
import MixtapeCore

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

    /// Writes one record and its terminator. A path that is not UTF-8 is shown with its bytes
    /// escaped (`Caf\xE9`), here for every record format at once (JSON escapes them itself, in
    /// `JSONObjectWriter`). A record ended by a newline is a line, for a person or a line-
    /// oriented tool: its control characters are shown as `\x1B` (`TerminalText`), so a title
    /// cannot drive the terminal or split the record. A record ended by NUL (`--print0`) is
    /// data for `xargs -0` and keeps them. `prefix` is ours (`doctor`'s coloured marks) and is
    /// written as it is.
    func write(_ text: String, terminator: String = "\n", prefix: String = "") {
        buffer.append(contentsOf: prefix.utf8)
        var text = PathBytes.escaped(text)
        if terminator == "\n" {
            text.withUTF8 { line in
                if TerminalText.needsRewrite(line) {
                    TerminalText.appendVisible(line, to: &buffer)
                } else {
                    buffer.append(contentsOf: line)
                }
            }
        } else {
            buffer.append(contentsOf: text.utf8)
        }
        buffer.append(contentsOf: terminator.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes one line given as UTF-8 bytes: copied as they are, unless they hold a byte that
    /// is not UTF-8 carried as its escape scalar (`PathBytes.escapeLeadByte` finds them) or,
    /// in a line ended by a newline, a control character: `write(_:)` shows those as `\xE9`
    /// and `\x1B`. A search prints its lines straight from the bytes it matched, with no
    /// `String` per line, and a clean line costs one `memchr` and a 16-bytes-at-a-time scan.
    func write(utf8 line: UnsafeBufferPointer<UInt8>, terminator: String = "\n") {
        if let base = line.baseAddress, memchr(base, Int32(PathBytes.escapeLeadByte), line.count) != nil
            || (terminator == "\n" && TerminalText.needsRewrite(line)) {
            return write(String(decoding: line, as: UTF8.self), terminator: terminator)
        }
        buffer.append(contentsOf: line)
        if terminator == "\n" { buffer.append(0x0a) } else { buffer.append(contentsOf: terminator.utf8) }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes `count` JSON records, record `i` lent by `record(i)`, each followed by
    /// `terminator`: handed to `writev` where they lie, 512 to a call, rather than copied into
    /// the buffer first (copying `search --json fire`'s 18 MB took 6 of its 110 ms). JSON
    /// escapes every byte that is not UTF-8 itself, so, as for `writeJSON(_:)`, there is
    /// nothing to look for in them.
    func writeRecords(count: Int, terminator: UInt8, _ record: (Int) -> UnsafeBufferPointer<UInt8>) {
        flush()
        var terminator = terminator
        withUnsafeMutablePointer(to: &terminator) { terminator in
            var vectors: [iovec] = []
            vectors.reserveCapacity(Self.vectorsPerWrite)
            var index = 0
            while index < count {
                vectors.removeAll(keepingCapacity: true)
                while index < count, vectors.count + 2 <= Self.vectorsPerWrite {
                    let bytes = record(index)
                    index += 1
                    if let base = bytes.baseAddress, bytes.count > 0 {
                        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: bytes.count))
                    }
                    vectors.append(iovec(iov_base: UnsafeMutableRawPointer(terminator), iov_len: 1))
                }
                Self.writeAll(&vectors)
            }
        }
    }

    /// At most this many pieces to one `writev`: IOV_MAX on Linux and macOS.
    private static let vectorsPerWrite = 1024

    /// Writes every piece of `vectors`, going on after a short write from where it stopped (the
    /// one loop every write to standard output goes through).
    private static func writeAll(_ vectors: inout [iovec]) {
        var first = 0
        while first < vectors.count {
            let written = vectors.withUnsafeBufferPointer { writev(STDOUT_FILENO, $0.baseAddress! + first, Int32($0.count - first)) }
            if written < 0 {
                if errno == EINTR { continue }
                exit(errno == EPIPE ? 0 : 74)
            }
            var left = written
            while first < vectors.count, left >= vectors[first].iov_len {
                left -= vectors[first].iov_len
                first += 1
            }
            if left > 0 {
                vectors[first].iov_base += left
                vectors[first].iov_len -= left
            }
        }
    }

    /// Writes `item` as a JSON line: the bytes of `write(item.jsonLine)`, appended straight to
    /// the buffer (JSON escapes non-UTF-8 bytes itself, so there is nothing left to escape).
    func writeJSON(_ item: MediaItem, terminator: String = "\n") {
        item.appendJSON(to: &buffer)
        buffer.append(contentsOf: terminator.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything buffered, retrying short writes; a closed pipe (`| head`) ends the
    /// process quietly, as it would for any filter.
    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeMutableBytes { bytes in
            var whole = [iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)]
            Self.writeAll(&whole)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Human messages: stderr, never stdout (spec/cli.md).
enum Messages {
    /// How messages look, set once by `Mixtape.main` from `--color` and `--verbose` before a
    /// command runs (and never changed after, so reading it from any thread is safe).
    struct Style {
        /// Colour in messages (`--color`, NO_COLOR, stderr a terminal).
        var color = false
        /// A self-overwriting progress line: stderr a terminal, colour not turned off.
        var decorated = false
        var verbose = false
    }

    nonisolated(unsafe) static var style = Style()

    /// An error, one line after `mixtape: `; `more` are lines below it (a query with a caret
    /// under the bad term).
    static func error(_ text: String, more: [String] = []) {
        write([text] + more, prefix: style.color ? "\u{1B}[1;31mmixtape:\u{1B}[0m " : "mixtape: ")
    }

    static func warning(_ text: String) {
        write([text], prefix: style.color ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: ")
    }

    static func info(_ text: String) {
        write([text])
    }

    /// Said only with `-v`.
    static func verbose(_ text: String) {
        if style.verbose { write([text]) }
    }

    /// The one way to stderr: each of `lines` is one line, whatever it holds. Paths that are
    /// not UTF-8 read as `Caf\xE9 del Mar.mp3`, and control characters as `\x1B`
    /// (`TerminalText`): file names and tag values end up in messages, and a newline in one
    /// must not make a line of its own (a fake message) nor an escape drive the terminal.
    /// `prefix` is ours, so its colour escapes are written as they are.
    static func write(_ lines: [String], prefix: String = "") {
        var text = prefix
        for line in lines {
            text += TerminalText.visible(PathBytes.escaped(line))
            text += "\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether decorations (a progress line) may be drawn on stderr.
    static var decorated: Bool { style.decorated }

    /// The style `options` ask for, on this process's stderr.
    static func configure(_ options: LibraryOptions) {
        let terminal = isatty(STDERR_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        style = Style(color: options.color.colors(terminal: terminal, environment: environment),
                      decorated: terminal && options.color.colors(terminal: true, environment: environment),
                      verbose: options.verbose)
    }
}
