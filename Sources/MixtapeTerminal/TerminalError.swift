/// Why the picker could not take the terminal over.
///
/// The picker needs a terminal on both ends, so `notATerminal` is the usual case and the one
/// the CLI turns into exit code 2 with a pointer to `search` (spec/picker.md). Everything else
/// is a failed system call, kept as its name and `errno` so the message can say which.
public enum TerminalError: Error, Hashable, Sendable {
    /// Standard input or standard output is not a terminal (piped, redirected, cron).
    case notATerminal
    /// A system call failed; `call` is its name (`tcgetattr`, `pipe`, `sigaction`, …) and
    /// `errno` the error it set. `call: "open", errno: EBUSY` means another session is open.
    case system(call: String, errno: Int32)
}
