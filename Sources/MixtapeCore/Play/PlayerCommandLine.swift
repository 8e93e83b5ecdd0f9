/// A player of the config file, `[players.NAME] command = ["prog", "--flag", "{files}"]`:
/// the argument list with the files put in.
///
/// `{files}` stands for every file, one argument each, and must be a whole argument (a path
/// glued to other text would need quoting rules of its own); with no `{files}` the files go
/// at the end, as most players take them. Cue tracks go as their whole files: a command line has
/// no common way to say where a track starts.
public struct PlayerCommandLine: Hashable, Sendable {
    /// The placeholder for the files.
    public static let filesPlaceholder = "{files}"

    /// The program, then its arguments, as the config file lists them.
    public var arguments: [String]

    /// Nil with the reason when `arguments` cannot be used (empty, or `{files}` inside a word).
    public static func problem(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.isEmpty else {
            return "command needs at least the program: command = [\"mpv\", \"--no-video\", \"{files}\"]"
        }
        if let glued = arguments.first(where: { $0 != filesPlaceholder && $0.contains(filesPlaceholder) }) {
            return "\(filesPlaceholder) must be an argument of its own, not part of \"\(glued)\""
        }
        return nil
    }

    /// A command line as the config file gives it (checked by `problem` first).
    public init(arguments: [String]) { self.arguments = arguments }

    /// The program to run (a name looked up in `$PATH`, or a path).
    public var program: String { arguments.first ?? "" }

    /// The arguments after the program, with `paths` in place of `{files}` or after the rest.
    public func expanded(with paths: [String]) -> [String] {
        let rest = Array(arguments.dropFirst())
        guard rest.contains(Self.filesPlaceholder) else { return rest + paths }
        return rest.flatMap { $0 == Self.filesPlaceholder ? paths : [$0] }
    }
}
