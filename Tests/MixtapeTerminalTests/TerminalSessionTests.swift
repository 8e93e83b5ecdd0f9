@testable import MixtapeTerminal
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `TerminalSession` on a real pseudo-terminal. Serialized: a session installs process-wide
/// signal handlers and only one can be open at a time. The `_exit(130)` path of SIGINT/SIGTERM
/// is not tested here (it would end the test runner); the end-to-end tmux tests cover it.
@Suite("TerminalSession: raw mode, screen, input, wake-ups and signals on a pty", .serialized)
struct TerminalSessionTests {
    static let enter = TerminalSession.enterSequence
    static let leave = TerminalSession.leaveSequence

    @Test("a pipe on either end is not a terminal", arguments: ["input", "output", "both"])
    func rejectsPipes(_ pipeEnd: String) throws {
        let pty = try PseudoTerminal()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let input = pipeEnd == "output" ? pty.slave : ends[0]
        let output = pipeEnd == "input" ? pty.slave : ends[1]
        let before = pty.mode
        #expect(throws: TerminalError.notATerminal) {
            _ = try TerminalSession.open(input: input, output: output)
        }
        #expect(pty.mode == before)
    }

    @Test("raw mode while open, every termios field as before after restore()")
    func rawModeAndRestore() throws {
        let pty = try PseudoTerminal()
        let before = pty.mode
        let flagsBefore = pty.statusFlags
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)

        let raw = pty.mode
        for flag in [ICANON, ECHO, ISIG, IEXTEN] {
            #expect(!TerminalMode.has(raw.localFlags, flag), "lflag \(flag) still set")
        }
        for flag in [IXON, ICRNL, BRKINT, INPCK, ISTRIP] {
            #expect(!TerminalMode.has(raw.inputFlags, flag), "iflag \(flag) still set")
        }
        #expect(TerminalMode.has(raw.controlFlags, CS8))
        #expect(TerminalMode.has(raw.outputFlags, OPOST), "output processing is kept")
        #expect(TerminalMode.has(raw.outputFlags, ONLCR), "output processing is kept")
        #expect(raw.controlCharacters[Int(VMIN)] == 1)
        #expect(raw.controlCharacters[Int(VTIME)] == 0)
        #expect(pty.statusFlags == flagsBefore, "stdin's file status flags are never changed")

        session.restore()
        #expect(pty.mode == before)
        #expect(pty.statusFlags == flagsBefore)
    }

    @Test("stty -g prints the same settings after restore() as before open()")
    func sttyRoundTrip() throws {
        let pty = try PseudoTerminal()
        let before = try pty.sttySettings()
        try #require(before.contains(":"), "stty -g printed \(before)")
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        #expect(try pty.sttySettings() != before)
        session.restore()
        #expect(try pty.sttySettings() == before)
    }

    @Test("the terminal sees the alternate screen entered, then left once")
    func screenSequences() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        let opened = pty.read(until: Self.enter)
        #expect(opened.contains(subsequence: Self.enter))
        #expect(opened.contains(subsequence: Array("\u{1B}[?2004h".utf8)), "bracketed paste on")
        #expect(!opened.contains(subsequence: Self.leave))

        session.restore()
        let closed = pty.read(until: Self.leave)
        #expect(closed == Self.leave)
        session.restore()
        #expect(pty.readAvailable(waitingMilliseconds: 20).isEmpty, "a second restore() writes nothing")
    }

    @Test("deinit restores the terminal")
    func deinitRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.mode
        do {
            let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
            session.write(Array("frame".utf8))
            #expect(pty.mode != before)
        }
        let drawn = pty.read(until: Self.leave)
        #expect(drawn.contains(subsequence: Self.enter + Array("frame".utf8) + Self.leave))
        #expect(pty.mode == before)
        // The context is disarmed: a new session can open.
        let again = try TerminalSession.open(input: pty.slave, output: pty.slave)
        again.restore()
    }

    @Test("typed bytes come back unchanged: no echo, no CR→LF, no signal characters")
    func typedBytes() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        _ = pty.read(until: Self.enter)
        let typed: [UInt8] = Array("ab\r\u{1B}[A".utf8) + [0x03, 0x1a, 0x13, 0x11, 0x1c, 0xc3, 0xa9]
        pty.type(typed)
        var received: [UInt8] = []
        for _ in 0..<20 where received.count < typed.count {
            for input in session.wait(timeoutMilliseconds: 5000) {
                if case .bytes(let bytes) = input { received += bytes }
            }
        }
        #expect(received == typed)
        #expect(pty.readAvailable(waitingMilliseconds: 20).isEmpty, "nothing echoed")
    }

    @Test("a timeout with nothing to read returns .timedOut alone")
    func timesOut() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        #expect(session.wait(timeoutMilliseconds: 0) == [.timedOut])
        #expect(session.wait(timeoutMilliseconds: 30) == [.timedOut])
        #expect(session.wait(timeoutMilliseconds: -5) == [.timedOut])
    }

    @Test("wake() from another thread ends a wait in progress, once for several wakes")
    func wakeFromAnotherThread() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        let waker = BackgroundThread {
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
            session.wake()
        }
        #expect(session.wait(timeoutMilliseconds: 10_000) == [.woken])
        waker.join()

        session.wake()
        session.wake()
        session.wake()
        #expect(session.wait(timeoutMilliseconds: 10_000) == [.woken])
        #expect(session.wait(timeoutMilliseconds: 0) == [.timedOut])
    }

    @Test("bytes and a wake-up that are both ready come back together, bytes first")
    func batches() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        pty.type(Array("x".utf8))
        // The pty driver hands typed bytes to the slave asynchronously: wait until they are there.
        var typed = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
        try #require(poll(&typed, 1, 5000) == 1)
        session.wake()
        #expect(session.wait(timeoutMilliseconds: 5000) == [.bytes(Array("x".utf8)), .woken])
    }

    @Test("SIGWINCH makes wait() return .resized and size reports the new size")
    func resize() throws {
        let pty = try PseudoTerminal(width: 100, height: 30)
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        #expect(session.size == (width: 100, height: 30))
        pty.resize(width: 132, height: 43)
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGWINCH)
        #expect(session.wait(timeoutMilliseconds: 10_000) == [.resized])
        #expect(session.size == (width: 132, height: 43))
    }

    @Test("a terminal that reports no size is taken as 80×24")
    func zeroSize() throws {
        let pty = try PseudoTerminal(width: 0, height: 0)
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        #expect(session.size == (width: 80, height: 24))
        pty.resize(width: 0, height: 50)
        #expect(session.size == (width: 80, height: 50))
    }

    @Test("restore() puts every signal disposition back")
    func signalDispositions() throws {
        let pty = try PseudoTerminal()
        let before = TerminalSignals.handled.map(disposition)
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        for (signal, previous) in zip(TerminalSignals.handled, before) where signal != SIGTSTP {
            // (SIGTSTP is only ignored, which it may already have been.)
            #expect(disposition(of: signal) != previous, "signal \(signal) not handled while open")
        }
        session.restore()
        #expect(TerminalSignals.handled.map(disposition) == before)
    }

    @Test("only one session at a time; the next opens once the first is restored")
    func oneSessionAtATime() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        let session = try TerminalSession.open(input: first.slave, output: first.slave)
        let secondMode = second.mode
        #expect(throws: TerminalError.system(call: "open", errno: EBUSY)) {
            _ = try TerminalSession.open(input: second.slave, output: second.slave)
        }
        #expect(second.mode == secondMode, "a refused open leaves its terminal alone")
        session.restore()
        let next = try TerminalSession.open(input: second.slave, output: second.slave)
        next.restore()
        #expect(second.mode == secondMode)
    }

    @Test("a terminal that hangs up is reported once as closed, and wait() then stops watching it")
    func hangUp() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        pty.hangUp()
        #expect(session.wait(timeoutMilliseconds: 5000) == [.closed])
        #expect(session.wait(timeoutMilliseconds: 30) == [.timedOut])
        session.wake()
        #expect(session.wait(timeoutMilliseconds: 5000) == [.woken])
        session.restore()
    }

    @Test("write() delivers a frame larger than the pty buffer, byte for byte")
    func largeWrite() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        _ = pty.read(until: Self.enter)
        let frame = (0..<200_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let received = ReceivedBytes()
        let master = pty.master
        let reader = BackgroundThread {
            received.bytes = readMaster(master, count: frame.count)
        }
        session.write(frame)
        reader.join()
        #expect(received.bytes == frame)
    }
}

/// The bytes a reader thread collected, handed back after `join()`.
private final class ReceivedBytes: @unchecked Sendable {
    var bytes: [UInt8] = []
}

/// Reads `count` bytes from `master`, or what arrives before five quiet seconds.
private func readMaster(_ master: Int32, count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while bytes.count < count {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 5000) > 0 else { break }
        let read = buffer.withUnsafeMutableBytes { rawRead(master, $0.baseAddress!, $0.count) }
        guard read > 0 else { break }
        bytes += buffer[..<read]
    }
    return bytes
}

/// The handler address and flags of `signal`'s current disposition, as bytes to compare.
private func disposition(of signal: Int32) -> [UInt8] {
    var current = sigaction()
    _ = sigaction(signal, nil, &current)
    #if canImport(Glibc)
    let handler = withUnsafeBytes(of: current.__sigaction_handler) { Array($0) }
    #elseif canImport(Darwin)
    let handler = withUnsafeBytes(of: current.__sigaction_u) { Array($0) }
    #endif
    return handler + withUnsafeBytes(of: current.sa_flags) { Array($0) }
}
