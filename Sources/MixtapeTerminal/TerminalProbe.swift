#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// Looks at this process's terminal for `mixtape doctor` without taking it over: whether
/// standard input and output are terminals, and the window size (`TIOCGWINSZ` on whichever
/// is one). The verdict is `TerminalFacts`'s, in the core.
public enum TerminalProbe {
    /// The environment variables the verdict reads.
    static let keys = ["TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG"]

    /// This process's terminal facts, with the variables of `environment` the verdict reads.
    public static func facts(environment: [String: String]) -> TerminalFacts {
        let input = isatty(STDIN_FILENO) == 1
        let output = isatty(STDOUT_FILENO) == 1
        var facts = TerminalFacts(inputIsTerminal: input, outputIsTerminal: output,
                                  environment: environment.filter { keys.contains($0.key) })
        if let descriptor = output ? STDOUT_FILENO : input ? STDIN_FILENO : nil {
            var window = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                facts.width = Int(window.ws_col)
                facts.height = Int(window.ws_row)
            }
        }
        return facts
    }
}
