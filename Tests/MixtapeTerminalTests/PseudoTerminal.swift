#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Both ends of a pseudo-terminal, so `TerminalSession` is tested against the real tty driver
/// without touching the test runner's own descriptors: the session gets the slave, the test
/// plays the terminal emulator on the master (types bytes, reads what was drawn, resizes).
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private var masterIsOpen = true

    /// A new pty of `width` × `height` cells, in the driver's default (cooked) mode.
    init(width: Int = 100, height: Int = 30) throws {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &window) == 0 else {
            throw PseudoTerminalError(call: "openpty", errno: errno)
        }
        self.master = master
        self.slave = slave
    }

    deinit {
        if masterIsOpen { close(master) }
        close(slave)
    }

    /// The slave's mode as the driver reports it.
    var mode: TerminalMode {
        var mode = termios()
        _ = tcgetattr(slave, &mode)
        return TerminalMode(mode)
    }

    /// The slave's file status flags (O_NONBLOCK and friends).
    var statusFlags: Int32 { fcntl(slave, F_GETFL) }

    /// What `stty -g` says about the slave, from a real `stty` run with the slave on stdin.
    func sttySettings() throws -> String {
        try runStty(input: slave)
    }

    /// Sends `bytes` as if typed on the keyboard.
    func type(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { rawWrite(master, $0.baseAddress!, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Reads what the program wrote until `expected` appears or five seconds pass; returns all
    /// bytes read. Five seconds is a hang guard, not a timing assertion.
    func read(until expected: [UInt8]) -> [UInt8] {
        var received: [UInt8] = []
        var waited = 0
        while !received.contains(subsequence: expected), waited < 5000 {
            let chunk = readAvailable(waitingMilliseconds: 50)
            if chunk.isEmpty { waited += 50 }
            received += chunk
        }
        return received
    }

    /// Whatever the program wrote that arrives within `waitingMilliseconds`.
    func readAvailable(waitingMilliseconds: Int32) -> [UInt8] {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, waitingMilliseconds) > 0, ready.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { rawRead(master, $0.baseAddress!, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// Sets the window size, as a terminal emulator does when its window changes. Nobody gets
    /// SIGWINCH from this (the pty is no one's controlling terminal); tests raise it themselves.
    func resize(width: Int, height: Int) {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// Closes the master, as when the terminal emulator's window is closed.
    func hangUp() {
        guard masterIsOpen else { return }
        masterIsOpen = false
        close(master)
    }
}

/// A failed system call while setting a test up.
struct PseudoTerminalError: Error {
    let call: String
    let errno: Int32
}

/// Every field of a `termios`, comparable, so a test can say which one changed.
struct TerminalMode: Equatable, CustomStringConvertible {
    var inputFlags: UInt64
    var outputFlags: UInt64
    var controlFlags: UInt64
    var localFlags: UInt64
    var controlCharacters: [UInt8]
    var inputSpeed: UInt64
    var outputSpeed: UInt64

    init(_ mode: termios) {
        var mode = mode
        inputFlags = UInt64(mode.c_iflag)
        outputFlags = UInt64(mode.c_oflag)
        controlFlags = UInt64(mode.c_cflag)
        localFlags = UInt64(mode.c_lflag)
        controlCharacters = withUnsafeBytes(of: mode.c_cc) { Array($0) }
        inputSpeed = UInt64(cfgetispeed(&mode))
        outputSpeed = UInt64(cfgetospeed(&mode))
    }

    /// True when every bit of `flag` is set in `flags`.
    static func has(_ flags: UInt64, _ flag: Int32) -> Bool {
        flags & UInt64(flag) == UInt64(flag)
    }

    var description: String {
        "iflag \(inputFlags) oflag \(outputFlags) cflag \(controlFlags) lflag \(localFlags) cc \(controlCharacters)"
    }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs as a contiguous run.
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// Runs `/bin/stty -g` with `input` as its standard input and returns what it printed.
private func runStty(input: Int32) throws -> String {
    var output: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { throw PseudoTerminalError(call: "pipe", errno: errno) }
    defer { close(output[0]) }
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("stty"), strdup("-g"), nil]
    defer { arguments.forEach { free($0) } }
    let environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var child = pid_t()
    let spawned = posix_spawn(&child, "/bin/stty", &actions, nil, arguments, environment)
    close(output[1])
    guard spawned == 0 else { throw PseudoTerminalError(call: "posix_spawn", errno: spawned) }
    var printed: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
        let count = buffer.withUnsafeMutableBytes { rawRead(output[0], $0.baseAddress!, $0.count) }
        if count > 0 { printed += buffer[..<count] } else if count < 0, errno == EINTR { continue } else { break }
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    return String(decoding: printed, as: UTF8.self)
}

/// Runs `body` on a new POSIX thread, not on Swift's cooperative pool, so it makes progress
/// while the test's own thread is blocked in `TerminalSession.wait` or `write`.
final class BackgroundThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif

    init(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            #if canImport(Darwin)
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            #else
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            #endif
            work.body()
            return nil
        }, work)
        precondition(started == 0, "pthread_create failed")
    }

    /// Waits for `body` to return.
    func join() {
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }
}

/// `read(2)` and `write(2)` under names no test type shadows.
func rawRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

func rawWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
