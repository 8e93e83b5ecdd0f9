#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the signal handlers need, laid out so a handler reaches it with plain loads: no
/// allocation, no locks, no reference counting, nothing the Swift runtime must do for it.
struct SignalContext {
    /// Nonzero while a session holds the terminal; only then do handlers touch it.
    var armed: Int32
    /// The terminal whose mode is restored (the session's input).
    var input: Int32
    /// Where the leave sequence is written (the session's output).
    var output: Int32
    /// The write end of the session's self-pipe; -1 when no session is armed.
    var wakeFD: Int32
    /// The terminal mode found when the session opened.
    var savedMode: termios
    /// The bytes that leave the alternate screen, and how many there are.
    var leaveBytes: UnsafeMutablePointer<UInt8>
    var leaveCount: Int
    /// The dispositions found when the handlers were installed, indexed by signal number.
    var previousActions: UnsafeMutablePointer<sigaction>
}

/// The picker's signal dispositions: a resize wakes `wait()`, termination and crash signals
/// give the terminal back before the process goes.
///
/// A raw-mode terminal left behind by a killed picker is unusable until the user types
/// `reset` blind, so every way out that can be caught restores it (spec/picker.md):
/// - SIGWINCH writes a tag byte to the session's self-pipe. `poll` in `wait()` wakes on the
///   pipe whichever thread took the signal, so SA_RESTART can stay on and other threads'
///   system calls are not cut short by resizes (`poll` itself is never restarted anyway).
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT write the leave sequence, restore the saved mode and
///   `_exit(130)`: interrupted and cancelled runs exit 130 (spec/cli.md).
/// - SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP (Swift traps are SIGILL on x86-64 and
///   SIGTRAP on arm64) restore the terminal, put the previous disposition back (the default,
///   or the Swift runtime's backtracer) and let it handle the crash, so it still reports.
/// - SIGTSTP is ignored while the session is open. Raw mode clears ISIG, so Ctrl-Z reaches the
///   picker as a byte and the signal only comes from `kill`; suspending would leave the shell
///   a raw terminal and an alternate screen.
///
/// Handlers only call async-signal-safe functions (`write`, `tcsetattr`, `sigaction`, `raise`,
/// `_exit`) and read `context`, which is filled in before the handlers are installed.
enum TerminalSignals {
    /// The byte SIGWINCH writes to the self-pipe. Computed, not stored, so that a handler
    /// reading it never runs a lazy initialiser.
    static var resizeTag: UInt8 { 0x52 } // "R"
    /// The byte `TerminalSession.wake()` writes to the self-pipe.
    static var wakeTag: UInt8 { 0x57 } // "W"
    /// The most leave-sequence bytes the context can hold.
    static let leaveCapacity = 64

    /// Signals after which the process exits 130.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Signals that mean a crash; they are passed on to the previous disposition.
    static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
    /// Every signal whose disposition a session changes.
    static let handled: [Int32] = [SIGWINCH, SIGTSTP] + terminating + crashing

    /// The handlers' view of the open session.
    ///
    /// Safe as `nonisolated(unsafe)`: the pointer never changes and is never freed, so the
    /// handlers can rely on it for the life of the process. Its fields are written by `arm`
    /// before any handler is installed and by `disarm` after they are all removed, on the
    /// thread that opens and closes the session; while handlers are installed they are only
    /// read. `open()` touches it before installing, so a handler never runs its lazy
    /// initialiser.
    nonisolated(unsafe) static let context: UnsafeMutablePointer<SignalContext> = {
        let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        context.initialize(to: SignalContext(
            armed: 0, input: -1, output: -1, wakeFD: -1, savedMode: termios(),
            leaveBytes: .allocate(capacity: leaveCapacity), leaveCount: 0,
            previousActions: actions
        ))
        return context
    }()

    /// Fills the context for a session about to take the terminal. Fails with EBUSY when
    /// another session already holds it: dispositions and the saved mode are process-wide.
    static func arm(input: Int32, output: Int32, wakeFD: Int32, savedMode: termios, leave: [UInt8]) throws(TerminalError) {
        precondition(leave.count <= leaveCapacity, "leave sequence longer than the context holds")
        guard context.pointee.armed == 0 else { throw .system(call: "open", errno: EBUSY) }
        context.pointee.input = input
        context.pointee.output = output
        context.pointee.wakeFD = wakeFD
        context.pointee.savedMode = savedMode
        for (index, byte) in leave.enumerated() {
            context.pointee.leaveBytes[index] = byte
        }
        context.pointee.leaveCount = leave.count
        context.pointee.armed = 1
    }

    /// Empties the context once the handlers are gone.
    static func disarm() {
        context.pointee.armed = 0
        context.pointee.wakeFD = -1
        context.pointee.leaveCount = 0
    }

    /// Installs the session's handlers, remembering each previous disposition. On failure the
    /// ones already installed are put back.
    static func install() throws(TerminalError) {
        var installed: [Int32] = []
        for signal in handled {
            var action = action(for: signal)
            guard sigaction(signal, &action, context.pointee.previousActions + Int(signal)) == 0 else {
                let code = errno
                for done in installed {
                    _ = sigaction(done, context.pointee.previousActions + Int(done), nil)
                }
                throw .system(call: "sigaction", errno: code)
            }
            installed.append(signal)
        }
    }

    /// Puts back every disposition `install` replaced.
    static func uninstall() {
        for signal in handled {
            _ = sigaction(signal, context.pointee.previousActions + Int(signal), nil)
        }
    }

    /// The disposition the session wants for `signal`. Other handled signals are blocked while
    /// a handler runs, so a SIGTERM cannot cut a crash handler's restore short.
    private static func action(for signal: Int32) -> sigaction {
        var action = sigaction()
        _ = sigemptyset(&action.sa_mask)
        for blocked in [SIGWINCH] + terminating {
            _ = sigaddset(&action.sa_mask, blocked)
        }
        if signal == SIGWINCH {
            setHandler(&action) { _ in TerminalSignals.resized() }
            action.sa_flags = Int32(SA_RESTART)
        } else if signal == SIGTSTP {
            setHandler(&action, SIG_IGN)
            action.sa_flags = Int32(SA_RESTART)
        } else if terminating.contains(signal) {
            setHandler(&action) { _ in TerminalSignals.terminated() }
        } else {
            setSigInfoHandler(&action) { signal, info, _ in TerminalSignals.crashed(signal, info) }
            // SA_ONSTACK: a stack overflow can still restore the terminal if the thread has an
            // alternate signal stack (the Swift backtracer sets one up).
            action.sa_flags = Int32(SA_SIGINFO) | Int32(SA_ONSTACK)
        }
        return action
    }

    private static func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #endif
    }

    private static func setSigInfoHandler(
        _ action: inout sigaction,
        _ handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handler
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handler
        #endif
    }

    // MARK: Handlers (async-signal-safe from here on)

    /// SIGWINCH: one tag byte to the self-pipe. A full pipe already holds a wake-up, so a
    /// failed write loses nothing. `errno` is kept for the code the signal interrupted.
    private static func resized() {
        let savedErrno = errno
        var tag = resizeTag
        _ = write(context.pointee.wakeFD, &tag, 1)
        errno = savedErrno
    }

    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT: give the terminal back and leave with 130.
    private static func terminated() {
        restoreTerminal()
        _exit(130)
    }

    /// A crash signal: give the terminal back, then hand the signal to whoever had it before.
    ///
    /// A fault raised by the kernel (`si_code > 0`) happens again when the handler returns,
    /// now under the previous disposition and with the original fault address. A signal sent
    /// by `raise`/`abort`/`kill` (`si_code <= 0`) would not, and neither does a SIGTRAP (the
    /// program counter is already past the trap instruction), so those are raised again; the
    /// signal is blocked until this handler returns.
    private static func crashed(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?) {
        restoreTerminal()
        _ = sigaction(signal, context.pointee.previousActions + Int(signal), nil)
        let sentByProcess = (info?.pointee.si_code ?? 0) <= 0
        if sentByProcess || signal == SIGTRAP {
            _ = raise(signal)
        }
    }

    /// Writes the leave sequence and restores the saved mode, if a session is armed.
    private static func restoreTerminal() {
        let state = context.pointee
        guard state.armed != 0 else { return }
        var written = 0
        while written < state.leaveCount {
            let count = write(state.output, state.leaveBytes + written, state.leaveCount - written)
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        var mode = state.savedMode
        _ = tcsetattr(state.input, TCSANOW, &mode)
    }
}
