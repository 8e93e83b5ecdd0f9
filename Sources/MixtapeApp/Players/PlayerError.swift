/// Why a player could not take a request. `play` turns `.missing` and `.unreachable` into
/// exit 69 (spec/cli.md), with the message saying what to install or start.
public enum PlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program is not on `$PATH`: `install` says how to get it.
    case missing(program: String, install: String)
    /// The player is not running where it should be, or stopped answering.
    case unreachable(String)
    /// The player answered, but refused what was asked (its own words).
    case refused(String)
    /// The player cannot do this at all (a command player asked to enqueue): a usage error.
    case unsupported(String)

    /// The message `play` prints and the picker shows.
    public var description: String {
        switch self {
        case .missing(let program, let install): "\(program) is not installed: \(install)"
        case .unreachable(let message), .refused(let message), .unsupported(let message): message
        }
    }
}
