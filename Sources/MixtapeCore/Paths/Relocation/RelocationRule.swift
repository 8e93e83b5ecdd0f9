/// A prefix rule `FROM=TO` of relocation: an entry whose path starts with FROM's components
/// (compared folded, `FoldedPath`) is looked for at TO followed by the rest of its path. Set
/// by hand (`sources relocate`) or learned from the files here by `RuleElection`.
public struct RelocationRule: Hashable, Sendable {
    /// Who made the rule: kept and applied first when a person did.
    public enum SetBy: String, Hashable, Sendable {
        case learned, user
    }

    public let from: String
    public let to: String
    public let setBy: SetBy
    /// FROM's components, folded once.
    private let fromKeys: [String]

    public init(from: String, to: String, setBy: SetBy) {
        self.from = from
        self.to = to
        self.setBy = setBy
        fromKeys = FoldedPath.components(from).map(FoldedPath.fold)
    }

    /// Parses `FROM=TO` as `--map-prefix` does (split at the first `=`), a rule set by hand.
    public init(parsing argument: String) throws(PathMappingError) {
        let rule = try PathMapping.Rule(parsing: argument)
        self.init(from: rule.from, to: rule.to, setBy: .user)
    }

    /// Where the rule puts `path`, or nil when FROM is not a prefix of it. The rest of the path
    /// keeps its own spelling, joined with `/`.
    public func apply(to path: String) -> String? {
        // Most entries spell FROM as the rule does (it came from them): a byte prefix, no folding.
        if let rest = Self.rest(of: path, after: from) { return join(rest) }
        let components = FoldedPath.components(path)
        guard Self.root(path) == Self.root(from), components.count > fromKeys.count, matches(components) else { return nil }
        return join(Substring(components[fromKeys.count...].joined(separator: "/")))
    }

    /// The part of `path` after `prefix` when `path` starts with exactly those bytes followed by
    /// a `/` (and something after it).
    private static func rest(of path: String, after prefix: String) -> Substring? {
        var trimmed = prefix.utf8[...]
        while trimmed.count > 1, trimmed.last == 0x2f { trimmed = trimmed.dropLast() }
        let utf8 = path.utf8
        guard utf8.count > trimmed.count + 1, utf8.starts(with: trimmed) else { return nil }
        let slash = utf8.index(utf8.startIndex, offsetBy: trimmed.count)
        let start = trimmed.last == 0x2f ? slash : utf8.index(after: slash)
        guard trimmed.last == 0x2f || utf8[slash] == 0x2f, start < utf8.endIndex, utf8[start] != 0x2f else { return nil }
        let rest = utf8[start...]
        // A doubled `/` inside is left to the component-wise way, which drops it.
        guard !zip(rest, rest.dropFirst()).contains(where: { $0 == 0x2f && $1 == 0x2f }) else { return nil }
        return Substring(rest)
    }

    /// TO followed by `rest`, one `/` between them.
    private func join(_ rest: Substring) -> String {
        var target = to
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        if !target.hasSuffix("/") { target += "/" }
        return target + rest
    }

    /// Whether FROM is a prefix of `path` (what `sources relocate` checks a rule by).
    public func covers(_ path: String) -> Bool {
        let components = FoldedPath.components(path)
        return Self.root(path) == Self.root(from) && components.count > fromKeys.count && matches(components)
    }

    private func matches(_ components: [Substring]) -> Bool {
        for (index, key) in fromKeys.enumerated() where FoldedPath.fold(components[index]) != key { return false }
        return true
    }

    /// How a path begins, which FROM's components alone do not say: `/x` and `x` (or `//x`)
    /// split alike, and a FROM of `/` has no component at all.
    private static func root(_ path: String) -> Int {
        let bytes = path.utf8.prefix(2).map { $0 == 0x5c ? 0x2f : $0 }
        return bytes.first != 0x2f ? 0 : bytes.count > 1 && bytes[1] == 0x2f ? 2 : 1
    }

    /// The rule made as specific as `paths` allow while it covers the same ones of them: FROM
    /// and TO both grow by each next component all the covered paths share (above their last
    /// folder). A vote replaces the part before the longest tail an entry shares with its file,
    /// so `…/iTunes Media/Music/Abba/…` copied to `/home/sam/Music/Abba/…` elects
    /// `…/iTunes Media` → `/home/sam`; what a person would write, and what is reported, is
    /// `…/iTunes Media/Music` → `/home/sam/Music`, which puts every covered path in the same place.
    public func narrowed(toCover paths: [String]) -> RelocationRule {
        // What each covered path has after FROM, split at `/` (empty parts dropped).
        let rests: [[Substring]] = paths.compactMap { path in
            if let rest = Self.rest(of: path, after: from) {
                return rest.split(separator: "/")
            }
            let components = FoldedPath.components(path)
            guard Self.root(path) == Self.root(from), components.count > fromKeys.count, matches(components) else { return nil }
            return Array(components[fromKeys.count...])
        }
        guard let first = rests.first else { return self }
        var extra: [Substring] = []
        while first.count > extra.count + 2 {
            let next = first[extra.count]
            guard rests.allSatisfy({ $0.count > extra.count + 2 && FoldedPath.same($0[extra.count], next) }) else { break }
            extra.append(next)
        }
        guard !extra.isEmpty else { return self }
        let joined = extra.joined(separator: "/")
        return RelocationRule(from: from.hasSuffix("/") ? from + joined : from + "/" + joined,
                              to: to.hasSuffix("/") ? to + joined : to + "/" + joined, setBy: setBy)
    }

    /// `FROM=TO`, as a person writes it.
    public var argument: String { from + "=" + to }
}
