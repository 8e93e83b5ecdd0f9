/// `--map-prefix FROM=TO` rules: rewrite the library's paths (a Mac's `/Users/sam/Music`, a
/// Windows `C:\Music`) to where the files are on this machine, before a playlist is written.
///
/// Matching is by whole path components, so `/Users/sam/Music` maps `/Users/sam/Music/x` but not
/// `/Users/sam/Musicals/x`. Components compare by canonical equivalence (an NFC prefix matches
/// an NFD path, as macOS file names often are) and a drive letter in either case (`c:` = `C:`);
/// in Windows paths `\` counts as `/` and the result uses `/`. When several rules match, the one
/// with the most components wins (the longest prefix); on a tie the earlier rule. The part of
/// the path after the prefix is kept byte for byte (only a Windows path's `\` become `/`).
public struct PathMapping: Hashable, Sendable {
    /// One `FROM=TO` rule.
    public struct Rule: Hashable, Sendable {
        public let from: String
        public let to: String

        /// A rule from its parts; `from` must not be empty (it would match nothing sensible).
        public init(from: String, to: String) throws(PathMappingError) {
            guard !from.isEmpty else { throw .emptyFrom(argument: from + "=" + to) }
            self.from = from
            self.to = to
        }

        /// The rule with a TO of `~` or `~/…` made the home folder `home` (no shell expands a
        /// `~` after `=`), when there is one; any other rule as it is.
        public func expandingHome(_ home: String?) -> Rule {
            guard to == "~" || to.hasPrefix("~/"), let home, !home.isEmpty,
                  let rule = try? Rule(from: from, to: home + to.dropFirst()) else { return self }
            return rule
        }

        /// Parses `FROM=TO`, splitting at the first `=` (a `=` may appear in TO, never in
        /// FROM). An empty TO strips the prefix and leaves a relative path.
        public init(parsing argument: String) throws(PathMappingError) {
            guard let equals = argument.utf8.firstIndex(of: 0x3d) else { throw .missingEquals(argument: argument) }
            let from = String(argument[..<equals])
            guard !from.isEmpty else { throw .emptyFrom(argument: argument) }
            self.from = from
            self.to = String(argument[argument.utf8.index(after: equals)...])
        }
    }

    public let rules: [Rule]
    private let prefixes: [[Substring]]

    /// The rules in the order given; the order only breaks ties between equally long prefixes.
    public init(rules: [Rule]) {
        self.rules = rules
        prefixes = rules.map { rule in
            var components = PathComponents(rule.from).components
            // `/Music/` means `/Music`; a lone `/` keeps its root component.
            while components.count > 1, components.last?.isEmpty == true { components.removeLast() }
            return components
        }
    }

    /// Parses every `--map-prefix` argument.
    public init(parsing arguments: [String]) throws(PathMappingError) {
        var rules: [Rule] = []
        for argument in arguments { rules.append(try Rule(parsing: argument)) }
        self.init(rules: rules)
    }

    /// The path with the longest matching prefix replaced, or the path unchanged when no rule
    /// matches.
    public func map(_ path: String) -> String {
        guard !prefixes.isEmpty else { return path }  // no rule: no path split into components
        let target = PathComponents(path)
        var best: (rule: Int, count: Int)?
        for (index, prefix) in prefixes.enumerated() where PathMapping.matches(prefix, target.components) {
            if best.map({ prefix.count > $0.count }) ?? true { best = (index, prefix.count) }
        }
        guard let best else { return path }
        let matched = target.components[best.count - 1]
        let rest = String(target.text[matched.endIndex...])
        return PathMapping.join(rules[best.rule].to, rest)
    }

    private static func matches(_ prefix: [Substring], _ components: [Substring]) -> Bool {
        guard prefix.count <= components.count else { return false }
        for index in prefix.indices where !PathComponents.same(prefix[index], components[index]) { return false }
        return true
    }

    /// TO followed by the rest (empty, or starting with `/`) without doubling the `/`.
    private static func join(_ to: String, _ rest: String) -> String {
        var to = PathComponents(to).text
        guard !rest.isEmpty else { return to }
        guard !to.isEmpty else { return String(rest.dropFirst()) }
        while to.hasSuffix("/") { to.removeLast() }
        return to + rest
    }
}

/// Why a `--map-prefix` argument was rejected (an argument error: exit 2 in spec/cli.md).
public enum PathMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `=` between FROM and TO.
    case missingEquals(argument: String)
    /// `=TO`: an empty FROM would match every path.
    case emptyFrom(argument: String)

    public var description: String {
        switch self {
        case .missingEquals(let argument): "--map-prefix expects FROM=TO, not \"\(argument)\""
        case .emptyFrom(let argument): "--map-prefix \"\(argument)\": FROM must not be empty"
        }
    }
}
