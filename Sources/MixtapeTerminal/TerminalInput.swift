/// What waiting on the terminal produced.
///
/// One `TerminalSession.wait` can return several of these at once, because the picker should
/// act on everything that is ready before it redraws: keys typed during a slow frame, a resize
/// and a finished match all arrive in the same batch.
public enum TerminalInput: Hashable, Sendable {
    /// Raw bytes read from the terminal, in the order typed. A read may end anywhere, even
    /// inside a key; `KeyDecoder` keeps that state between batches.
    case bytes([UInt8])
    /// SIGWINCH arrived: ask `TerminalSession.size` again and redraw everything. Several
    /// resizes since the last wait are reported once.
    case resized
    /// Another thread called `TerminalSession.wake()` (for example, match results are ready).
    /// Several wakes since the last wait are reported once.
    case woken
    /// The timeout passed with nothing else to report.
    case timedOut
    /// The terminal hung up (end of input, or an I/O error) without a SIGHUP reaching us,
    /// e.g. when the process was started with signals blocked: there is no one left to pick,
    /// so the picker cancels rather than wait forever.
    case closed
}
