/// A config file that cannot be used, with where: the command stops with exit 2 (a usage
/// error: the user's own setup), as `git` does on a broken `.gitconfig`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// 1-based; nil when the whole file is the problem (it cannot be read).
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `~/.config/mixtape/config.toml:7:11: …`, the form editors jump to.
    public var description: String {
        var place = path
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return place + ": " + message
    }
}
