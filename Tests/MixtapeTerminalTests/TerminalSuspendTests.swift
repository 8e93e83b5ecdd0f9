@testable import MixtapeTerminal
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mouse reporting on and off with the rest of the screen, and `suspend()` / `resume()` for
/// `execute:`, on a real pseudo-terminal: in the session suite, which is serialized because
/// only one session can be open at a time.
extension TerminalSessionTests {
    static let mouseOn = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)
    static let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

    @Test("mouse reporting (button events, SGR form) comes on with the screen and goes with it")
    func mouseReporting() throws {
        #expect(TerminalSession.enterSequence.contains(subsequence: Self.mouseOn))
        #expect(TerminalSession.leaveSequence.contains(subsequence: Self.mouseOff))
        #expect(TerminalSession.leaveSequence.count <= TerminalSignals.leaveCapacity,
                "the signal handlers write the same leave sequence")
    }

    @Test("suspend() gives the terminal back and ignores SIGINT; resume() takes it again")
    func suspendAndResume() throws {
        let pty = try PseudoTerminal()
        let before = pty.mode
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        _ = pty.read(until: TerminalSession.enterSequence)
        let raw = pty.mode

        session.suspend()
        #expect(pty.read(until: TerminalSession.leaveSequence) == TerminalSession.leaveSequence)
        #expect(pty.mode == before)
        var interrupt = sigaction()
        _ = sigaction(SIGINT, nil, &interrupt)
        #if canImport(Glibc)
        #expect(unsafeBitCast(interrupt.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
        #endif

        try session.resume()
        #expect(pty.read(until: TerminalSession.enterSequence) == TerminalSession.enterSequence)
        #expect(pty.mode == raw)
        _ = sigaction(SIGINT, nil, &interrupt)
        #if canImport(Glibc)
        #expect(unsafeBitCast(interrupt.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self),
                "the session's own handler is back")
        #endif

        session.restore()
        #expect(pty.mode == before)
    }
}
