#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C and SIGTERM end the process with exit code 130 (spec/cli.md) rather than the
/// shell's 128+signal.
///
/// Nothing needs cleaning up by hand: an `index` cut short leaves its SQLite transaction
/// uncommitted, which the next open rolls back, so the index holds the state before that
/// source; the kernel releases the writer lock with the process. The handler only calls
/// async-signal-safe functions (`write`, `_exit`).
enum Interruption {
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in
                // Clears a progress line a terminal may be showing, then leaves.
                let clear: StaticString = "\r\u{1B}[K"
                if isatty(STDERR_FILENO) == 1 {
                    _ = write(STDERR_FILENO, clear.utf8Start, clear.utf8CodeUnitCount)
                }
                _exit(130)
            }
        }
    }
}
