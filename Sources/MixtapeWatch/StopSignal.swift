#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM and SIGINT as something a poll loop can wait on: the handler only writes a byte to
/// a pipe (async-signal-safe), and the loop, which polls the pipe's read end beside inotify,
/// finishes the batch it is applying and returns. This is how `watch` exits 0 on
/// `systemctl stop` without ever leaving a batch half applied.
public final class StopSignal: @unchecked Sendable {
    /// Readable once a stop signal came.
    public let descriptor: Int32

    /// Installs the handlers (replacing the exit-130 ones of the other commands).
    public init() {
        var ends: [Int32] = [-1, -1]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        descriptor = ends[0]
        stopSignalPipe = ends[1]
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(stopSignalPipe, &byte, 1)
        }
        #else
        action.__sigaction_u.__sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(stopSignalPipe, &byte, 1)
        }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signalNumber in [SIGTERM, SIGINT] { sigaction(signalNumber, &action, nil) }
    }

    /// Whether a stop signal has come (without waiting).
    public var isRaised: Bool { wait(seconds: 0) }

    /// Waits up to `seconds` for a stop signal; true if one came.
    public func wait(seconds: Double) -> Bool {
        var fds = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(max(0, (seconds * 1000).rounded(.up)), 3_600_000))
        return poll(&fds, 1, milliseconds) > 0
    }
}

/// The pipe's write end, for the handler (which can capture nothing).
nonisolated(unsafe) private var stopSignalPipe: Int32 = -1
