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
        // Over the bytes themselves: every entry of a source passes here once per rule.
        var prefix = prefix, text = path
        let start: Int? = prefix.withUTF8 { from in
            var length = from.count
            while length > 1, from[length - 1] == 0x2f { length -= 1 }
            guard length > 0 else { return nil }
            let slashEnded = from[length - 1] == 0x2f  // FROM is `/`
            return text.withUTF8 { bytes -> Int? in
                guard bytes.count > length + 1, bytes[..<length].elementsEqual(from[..<length]) else { return nil }
                var start = length
                if !slashEnded {
                    guard bytes[length] == 0x2f else { return nil }
                    start += 1
                }
                guard start < bytes.count, bytes[start] != 0x2f else { return nil }
                // A doubled `/` inside is left to the component-wise way, which drops it.
                var previous: UInt8 = 0
                for byte in bytes[start...] {
                    if byte == 0x2f, previous == 0x2f { return nil }
                    previous = byte
                }
                return start
            }
        }
        guard let start else { return nil }
        let utf8 = path.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)...])
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
        // The components every covered path has after FROM, above its last folder: those of
        // the first, cut down by each next one (no path's parts are kept: a rule covers a
        // hundred thousand of them).
        var shared: [Substring]?
        // `shared` joined, each part followed by `/`: most paths spell it as the first one did,
        // which one comparison of bytes confirms.
        var sharedText = ""
        for path in paths {
            if shared != nil, let after = Self.rest(of: path, after: from), after.utf8.starts(with: sharedText.utf8),
               after.utf8.dropFirst(sharedText.utf8.count).dropLast().contains(0x2f) {
                continue
            }
            // As many parts as a comparison needs: the shared ones and the two below them.
            let needed = shared.map { $0.count + 3 } ?? Int.max
            let rest: [Substring]
            if let after = Self.rest(of: path, after: from) {
                rest = after.split(separator: "/", maxSplits: needed == Int.max ? needed : needed - 1)
            } else {
                guard Self.root(path) == Self.root(from) else { continue }
                let components = FoldedPath.components(path)
                guard components.count > fromKeys.count, matches(components) else { continue }
                rest = Array(components[fromKeys.count...].prefix(needed))
            }
            guard let known = shared else {
                shared = Array(rest.dropLast(2))
                sharedText = shared!.map { $0 + "/" }.joined()
                continue
            }
            var kept = 0
            while kept < known.count, rest.count > kept + 2, FoldedPath.same(rest[kept], known[kept]) { kept += 1 }
            guard kept > 0 else { return self }
            if kept < known.count {
                shared = Array(known.prefix(kept))
                sharedText = shared!.map { $0 + "/" }.joined()
            }
        }
        guard let extra = shared, !extra.isEmpty else { return self }
        let joined = extra.joined(separator: "/")
        return RelocationRule(from: from.hasSuffix("/") ? from + joined : from + "/" + joined,
                              to: to.hasSuffix("/") ? to + joined : to + "/" + joined, setBy: setBy)
    }

    /// `FROM=TO`, as a person writes it.
    public var argument: String { from + "=" + to }
}
