/// One text term of a query, matched against an item's line (spec/query.md, "Text terms").
///
/// The query parser builds these (or calls `TextTerm.parse` on a word); the matcher folds the
/// text itself, so `text` is kept as typed, without the operator characters.
public struct TextTerm: Hashable, Sendable, CustomStringConvertible {
    /// How the term's text must occur in the line.
    public enum Kind: String, Hashable, Sendable {
        /// The characters in order, with gaps allowed, scored (fzf's default).
        case fuzzy
        /// A substring (`'wild`, or `!fire` when inverse).
        case exact
        /// The start of the line (`^music`), ignoring leading white space.
        case prefix
        /// The end of the line (`.mp3$`), ignoring trailing white space.
        case suffix
        /// The whole line (`^song$`), ignoring surrounding white space.
        case equal
    }

    public var kind: Kind
    /// The line must NOT match the term; an inverse term adds no score.
    public var inverse: Bool
    /// The text to look for, without operators (`wild` for `'wild`); may contain spaces.
    public var text: String
    /// Whether case must match; smart case sets it when `text` has an upper-case letter.
    public var caseSensitive: Bool

    /// A term; `caseSensitive` defaults to smart case, decided per term as fzf does.
    public init(kind: Kind, inverse: Bool = false, text: String, caseSensitive: Bool? = nil) {
        self.kind = kind
        self.inverse = inverse
        self.text = text
        self.caseSensitive = caseSensitive ?? (text.lowercased() != text)
    }

    /// fzf's extended-search syntax for one word already split from the query (fzf's
    /// `parseTerms`, default fuzzy mode): `!` inverts (and makes the term exact), a trailing `$`
    /// makes it a suffix (except for a lone `$`), a leading `'` makes it exact (or fuzzy again
    /// after `!`), a leading `^` makes it a prefix (an equal term with `$`). The `'` and `^`
    /// are checked after `!` and `$`, and only one of them. A word with no text left (`!`,
    /// `^`, `'`, `^$`, `!^`…) is no term: fzf ignores it, and this returns nil.
    public static func parse(_ word: String) -> TextTerm? {
        let caseSensitive = word.lowercased() != word
        var text = Substring(word)
        var kind = Kind.fuzzy
        var inverse = false
        if text.hasPrefix("!") {
            inverse = true
            kind = .exact
            text = text.dropFirst()
        }
        if text != "$" && text.hasSuffix("$") {
            kind = .suffix
            text = text.dropLast()
        }
        if text.hasPrefix("'") {
            kind = inverse ? .fuzzy : .exact
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = kind == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        return TextTerm(kind: kind, inverse: inverse, text: String(text), caseSensitive: caseSensitive)
    }

    /// The term in query syntax (for messages and tests).
    public var description: String {
        let escaped = text.replacing(" ", with: "\\ ")
        let body: String = switch kind {
        case .fuzzy: inverse ? "'" + escaped : escaped
        case .exact: inverse ? escaped : "'" + escaped
        case .prefix: "^" + escaped
        case .suffix: escaped + "$"
        case .equal: "^" + escaped + "$"
        }
        return (inverse ? "!" : "") + body
    }
}

/// The text part of a query: every group must hold (AND); a group holds when one of its terms
/// does (OR, written `a | b`).
public struct TextQuery: Hashable, Sendable, CustomStringConvertible {
    /// AND of OR-groups; an empty list matches every line and keeps input order.
    public var groups: [[TextTerm]]

    /// A query from groups of terms (empty groups are dropped).
    public init(groups: [[TextTerm]] = []) {
        self.groups = groups.filter { !$0.isEmpty }
    }

    /// True when the query has no term: every line matches, in input order.
    public var isEmpty: Bool { groups.isEmpty }

    /// True when results are ranked by score; a query of only inverse terms keeps input order
    /// (fzf's `sortable`).
    public var isRanked: Bool { groups.contains { $0.contains { !$0.inverse } } }

    /// Parses a whole query as fzf's `BuildPattern`/`parseTerms` do in extended mode: leading
    /// spaces and trailing spaces (except an escaped `\ `) are trimmed, words are split on runs
    /// of spaces, `\ ` is a literal space (a tab also becomes a space), and a lone `|` after a
    /// term joins the next term to that term's group. A `|` with no term before it in the
    /// group, or straight after another `|`, is an ordinary fuzzy term.
    public static func parse(_ query: String) -> TextQuery {
        var groups: [[TextTerm]] = []
        var group: [TextTerm] = []
        var startsNewGroup = false, afterBar = false
        for word in words(of: query) {
            if !group.isEmpty && !afterBar && word == "|" {
                startsNewGroup = false
                afterBar = true
                continue
            }
            afterBar = false
            guard let term = TextTerm.parse(word) else { continue }
            if startsNewGroup {
                groups.append(group)
                group = []
            }
            group.append(term)
            startsNewGroup = true
        }
        if !group.isEmpty { groups.append(group) }
        return TextQuery(groups: groups)
    }

    /// fzf's trimming and splitting, on Unicode scalars as Go does on bytes.
    static func words(of query: String) -> [String] {
        let space: Unicode.Scalar = " ", backslash: Unicode.Scalar = "\\", tab: Unicode.Scalar = "\t"
        var scalars = Array(query.unicodeScalars.drop { $0 == space })
        while scalars.last == space && !(scalars.count >= 2 && scalars[scalars.count - 2] == backslash) {
            scalars.removeLast()
        }
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == backslash && index + 1 < scalars.count && scalars[index + 1] == space {
                word.append(space)
                index += 2
                continue
            }
            if scalar == space {
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            } else {
                word.append(scalar == tab ? space : scalar)
            }
            index += 1
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// The query in fzf syntax.
    public var description: String {
        groups.map { $0.map(\.description).joined(separator: " | ") }.joined(separator: " ")
    }
}
