#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The picker's hold on the terminal: raw mode, the alternate screen and bracketed paste. It
/// gives the terminal back exactly as it found it on every way out — `restore()`, `deinit`,
/// SIGINT/SIGTERM/SIGHUP/SIGQUIT and crash signals (see `TerminalSignals`).
///
/// This file and `TerminalSignals` are the only code of the target that talks to the system;
/// the renderer and the reducer see bytes in (`TerminalInput`) and bytes out (`write`), so
/// they are tested without a terminal.
///
/// Decisions:
/// - Raw mode is `cfmakeraw` without clearing OPOST/ONLCR, so the renderer may end lines with
///   `\n`. IXON is off, so Ctrl-S and Ctrl-Q reach the picker; ISIG is off, so Ctrl-C, Ctrl-Z
///   and Ctrl-\ arrive as bytes and the picker decides what they mean.
/// - Input is drained with `poll` + `read`, never by setting O_NONBLOCK: standard input
///   usually shares its open file description with standard output and the parent shell, and
///   a non-blocking flag would leak to them — and survive a SIGKILL, which no handler sees.
/// - The mode is set and restored with TCSANOW: TCSADRAIN would hang on a terminal that has
///   stopped reading, and TCSAFLUSH would throw away what the user typed ahead.
/// - A resize or a `wake()` writes a byte to a self-pipe that `wait()` polls together with
///   the terminal, so a signal or another thread wakes it without races.
///
/// Threads: `wake()` and `size` may be called from any thread; `wait`, `write` and `restore`
/// belong to the thread that drives the picker. That is why `@unchecked Sendable` is sound:
/// the only state other threads touch is the pipe's write end and the output descriptor, both
/// fixed when the session opens, and the pipe is closed only in `deinit`, when no other
/// reference can exist. Only one session can be open at a time per process.
public final class TerminalSession: @unchecked Sendable {
    /// Takes the terminal over: alternate screen, bracketed paste, mouse reporting (button
    /// presses, releases and the wheel, in the SGR encoding, as fzf asks for), a clear screen,
    /// cursor home.
    static let enterSequence: [UInt8] = Array(
        "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[H\u{1B}[2J".utf8)
    /// Gives it back: default colours, a visible cursor, no mouse reporting, no bracketed
    /// paste, the main screen. The signal handlers write the same bytes.
    static let leaveSequence: [UInt8] = Array(
        "\u{1B}[0m\u{1B}[?25h\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?1049l".utf8)
    /// The most input bytes one `wait()` returns; the rest waits for the next call.
    static let readLimit = 64 * 1024
    /// Bytes asked of one `read` of the terminal.
    private static let readChunk = 16 * 1024

    private let input: Int32
    private let output: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let savedMode: termios
    private var isRestored = false
    /// True between `suspend()` and `resume()`.
    private var isSuspended = false
    /// SIGINT's and SIGQUIT's dispositions from before `suspend()` ignored them.
    private var suspendedActions: [sigaction] = Array(repeating: sigaction(), count: 65)
    /// False once the terminal hung up (EOF or EIO): `wait()` stops polling it rather than
    /// spinning on a descriptor that is always "ready".
    private var inputIsOpen = true
    /// The descriptor this session opened itself (`/dev/tty`), closed with the session.
    private var ownedDescriptor: Int32?

    private init(input: Int32, output: Int32, wakePipe: (read: Int32, write: Int32), savedMode: termios) {
        self.input = input
        self.output = output
        self.wakeRead = wakePipe.read
        self.wakeWrite = wakePipe.write
        self.savedMode = savedMode
    }

    /// Takes over the terminal on standard input and output. Fails with `.notATerminal` when
    /// either is not a terminal, so piped runs can be told to use `search` instead.
    public static func open() throws(TerminalError) -> TerminalSession {
        try open(input: STDIN_FILENO, output: STDOUT_FILENO)
    }

    /// Takes over the process's controlling terminal (`/dev/tty`) for both input and output,
    /// leaving standard input and output alone: for `pick --print`, whose output is meant for
    /// a pipe or `$(…)` while the picker is drawn on the terminal, as fzf does. Fails with
    /// `.notATerminal` when there is no controlling terminal (cron, CI).
    public static func openControllingTerminal() throws(TerminalError) -> TerminalSession {
        let descriptor = openDevice("/dev/tty")
        guard descriptor >= 0 else { throw .notATerminal }
        do {
            let session = try open(input: descriptor, output: descriptor)
            session.ownedDescriptor = descriptor
            return session
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Takes over the terminal on `input` and `output`; tests pass both ends of a
    /// pseudo-terminal here so they never touch the test runner's own descriptors.
    static func open(input: Int32, output: Int32) throws(TerminalError) -> TerminalSession {
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw .system(call: "tcgetattr", errno: errno) }
        let pipe = try makeWakePipe()
        do {
            try takeOver(input: input, output: output, saved: saved, wakeFD: pipe.write)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        let session = TerminalSession(input: input, output: output, wakePipe: pipe, savedMode: saved)
        session.write(enterSequence)
        return session
    }

    /// Arms the handlers' context, installs them, then switches to raw mode — in that order,
    /// so that from the moment the mode changes a signal can already undo it. Each failure
    /// undoes the steps before it.
    private static func takeOver(input: Int32, output: Int32, saved: termios, wakeFD: Int32) throws(TerminalError) {
        try TerminalSignals.arm(input: input, output: output, wakeFD: wakeFD, savedMode: saved, leave: leaveSequence)
        do {
            try TerminalSignals.install()
        } catch {
            TerminalSignals.disarm()
            throw error
        }
        var raw = rawMode(from: saved)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            let code = errno
            TerminalSignals.uninstall()
            TerminalSignals.disarm()
            throw .system(call: "tcsetattr", errno: code)
        }
    }

    /// `mode` made raw the way `cfmakeraw` does, but keeping output processing (OPOST, ONLCR).
    /// Reads return as soon as one byte is there (VMIN 1, VTIME 0).
    static func rawMode(from mode: termios) -> termios {
        var raw = mode
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | INPCK)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        return raw
    }

    /// A pipe whose read end `wait()` polls and whose write end a signal handler or `wake()`
    /// writes to. Both ends are non-blocking (a full pipe already holds a wake-up) and
    /// close-on-exec (a child process must not keep them).
    private static func makeWakePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system(call: "pipe", errno: errno) }
        for end in ends {
            let flags = fcntl(end, F_GETFL)
            guard flags >= 0, fcntl(end, F_SETFL, flags | O_NONBLOCK) == 0, fcntl(end, F_SETFD, FD_CLOEXEC) == 0 else {
                let code = errno
                close(ends[0])
                close(ends[1])
                throw .system(call: "fcntl", errno: code)
            }
        }
        return (ends[0], ends[1])
    }

    deinit {
        restore()
        close(wakeRead)
        close(wakeWrite)
        if let ownedDescriptor { close(ownedDescriptor) }
    }

    /// The terminal's width and height in cells, asked afresh each time (after `.resized`).
    /// A terminal that reports 0 for either (some serial consoles, a pty nobody sized) gets
    /// 80 or 24 for it, so the layout always has room.
    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0 else { return (80, 24) }
        return (window.ws_col > 0 ? Int(window.ws_col) : 80, window.ws_row > 0 ? Int(window.ws_row) : 24)
    }

    /// Writes all of `bytes` to the terminal, retrying interrupted and partial writes. If the
    /// descriptor is non-blocking (someone else set O_NONBLOCK) it waits until the terminal
    /// can take more. Gives up silently when the terminal is gone: there is no one to tell.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let count = writeSome(output, base + written, buffer.count - written)
                if count > 0 {
                    written += count
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    return
                }
            }
        }
    }

    /// Waits until the terminal has input, the window was resized, `wake()` was called or
    /// `timeoutMilliseconds` passed (nil: no limit), and returns everything available then,
    /// in this order: `.bytes` (all that can be read without blocking, up to 64 KiB),
    /// `.resized`, `.woken`; or `[.timedOut]` alone. Never blocks longer than the timeout.
    public func wait(timeoutMilliseconds: Int?) -> [TerminalInput] {
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds.map { clock.now.advanced(by: .milliseconds(max(0, $0))) }
        while true {
            let timeout = deadline.map { Self.pollTimeout(until: $0, clock: clock) } ?? -1
            var watched = [
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputIsOpen ? input : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched.count), timeout)
            if ready > 0 {
                let found = collect(terminalReady: watched[1].revents != 0, pipeReady: watched[0].revents != 0)
                if !found.isEmpty { return found }
            } else if ready < 0, errno != EINTR, errno != EAGAIN {
                return [.timedOut]
            }
            if let deadline, clock.now >= deadline { return [.timedOut] }
        }
    }

    /// Milliseconds from now to `deadline` for `poll`, rounded up so that a wait does not
    /// end a fraction of a millisecond early and spin.
    private static func pollTimeout(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Reads what `poll` found ready: terminal bytes first, then the pipe's tags.
    private func collect(terminalReady: Bool, pipeReady: Bool) -> [TerminalInput] {
        var found: [TerminalInput] = []
        if terminalReady {
            let bytes = drainInput()
            if !bytes.isEmpty { found.append(.bytes(bytes)) }
            if !inputIsOpen { found.append(.closed) }
        }
        if pipeReady {
            let tags = drainWakePipe()
            if tags.contains(TerminalSignals.resizeTag) { found.append(.resized) }
            if tags.contains(TerminalSignals.wakeTag) { found.append(.woken) }
        }
        return found
    }

    /// Reads the terminal until nothing more is ready or `readLimit` bytes are in hand. Each
    /// read after the first is preceded by a zero-timeout `poll`, so no read blocks.
    private func drainInput() -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < Self.readLimit {
            let want = min(Self.readChunk, Self.readLimit - bytes.count)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: want))
            let count = bytes.withUnsafeMutableBytes { readSome(input, $0.baseAddress! + start, want) }
            bytes.removeLast(want - max(count, 0))
            if count > 0 {
                if !inputHasMore() { break }
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else {
                inputIsOpen = false // EOF, EIO: the terminal hung up
                break
            }
        }
        return bytes
    }

    /// True when a read of the terminal would not block.
    private func inputHasMore() -> Bool {
        var check = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&check, 1, 0) > 0 && check.revents != 0
    }

    /// Empties the self-pipe and returns the tags that were in it.
    private func drainWakePipe() -> Set<UInt8> {
        var tags: Set<UInt8> = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { readSome(wakeRead, $0.baseAddress!, $0.count) }
            if count > 0 {
                tags.formUnion(buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return tags
            }
        }
    }

    /// Makes a `wait()` in progress, or the next one, return `.woken`. Safe from any thread
    /// and cheap: one byte into a non-blocking pipe, dropped if the pipe is already full
    /// (it then holds a wake-up anyway).
    public func wake() {
        var tag = TerminalSignals.wakeTag
        while writeSome(wakeWrite, &tag, 1) < 0, errno == EINTR {}
    }

    /// Hands the terminal to another program for a while (`execute:` in the picker): gives it
    /// back as `restore()` does, and ignores SIGINT and SIGQUIT as `system(3)` does, so a Ctrl-C
    /// meant for that program does not end the picker. `resume()` takes it over again.
    public func suspend() {
        guard !isRestored else { return }
        restore()
        isSuspended = true
        for signal in [SIGINT, SIGQUIT] {
            var ignore = sigaction()
            _ = sigemptyset(&ignore.sa_mask)
            #if canImport(Glibc)
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            #elseif canImport(Darwin)
            ignore.__sigaction_u.__sa_handler = SIG_IGN
            #endif
            _ = sigaction(signal, &ignore, &suspendedActions[Int(signal)])
        }
    }

    /// Takes the terminal back after `suspend()`: the handlers, raw mode, the alternate screen,
    /// bracketed paste and the mouse, on a cleared screen (the caller redraws all of it, at
    /// `size`, which may have changed meanwhile). Raw mode is made from the mode found when the
    /// session opened, whatever the program left. Fails as `open` does; the terminal is then
    /// left as the program left it.
    public func resume() throws(TerminalError) {
        guard isSuspended else { return }
        isSuspended = false
        for signal in [SIGINT, SIGQUIT] {
            _ = sigaction(signal, &suspendedActions[Int(signal)], nil)
        }
        try Self.takeOver(input: input, output: output, saved: savedMode, wakeFD: wakeWrite)
        isRestored = false
        write(Self.enterSequence)
    }

    /// Gives the terminal back: default colours, a visible cursor, no mouse reporting, no
    /// bracketed paste, the main screen, the saved mode, the previous signal dispositions.
    /// Idempotent; `deinit` calls it too. The terminal is restored before the handlers go, so a signal arriving
    /// in between still finds it restored or restores it itself.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        write(Self.leaveSequence)
        var mode = savedMode
        _ = tcsetattr(input, TCSANOW, &mode)
        TerminalSignals.uninstall()
        TerminalSignals.disarm()
    }
}

/// `write(2)`, named apart from `TerminalSession.write(_:)`.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
    #endif
}

/// `read(2)`, named alongside `writeSome`.
private func readSome(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
    #elseif canImport(Darwin)
    Darwin.read(descriptor, bytes, count)
    #endif
}

/// `open(2)` for reading and writing, close-on-exec; a free function because inside
/// `TerminalSession` the name `open` means the session's own.
private func openDevice(_ path: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, O_RDWR | O_CLOEXEC)
    #else
    Darwin.open(path, O_RDWR | O_CLOEXEC)
    #endif
}
