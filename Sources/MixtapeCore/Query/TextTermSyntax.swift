/// One text term read with fzf 0.38's extended-search rules, before any matching.
///
/// The query layer only parses; the matcher in `Match/` scores. The fields mirror fzf's `term`
/// so that mapping onto the matcher's own term type is a field-by-field copy:
///
/// | word      | kind   | inverse | text  |
/// |-----------|--------|---------|-------|
/// | `sbtrkt`  | fuzzy  | no      | sbtrkt|
/// | `'wild`   | exact  | no      | wild  |
/// | `^music`  | prefix | no      | music |
/// | `.mp3$`   | suffix | no      | .mp3  |
/// | `^abc$`   | equal  | no      | abc   |
/// | `!fire`   | exact  | yes     | fire  |
/// | `!'fire`  | fuzzy  | yes     | fire  |
/// | `!^music` | prefix | yes     | music |
///
/// fzf's order of operations is kept, quirks included: `!` first, then a trailing `$` (not for
/// a lone `$`), then either a leading `'` (which flips exact/fuzzy, so `'x$` is exact) or a
/// leading `^`. Smart case: the term is case-sensitive when the word has an upper-case letter.
public struct TextTermSyntax: Hashable, Sendable {
    /// How the text is matched against the item's line.
    public enum Kind: Hashable, Sendable {
        case fuzzy, exact, prefix, suffix, equal
    }

    public var kind: Kind
    /// The line must *not* match.
    public var inverse: Bool
    /// The text to match, as typed minus the operators: neither lower-cased nor folded (the
    /// matcher folds case unless `caseSensitive`, and folds accents on both sides).
    public var text: String
    /// Smart case: true when the word holds an upper-case letter.
    public var caseSensitive: Bool

    public init(kind: Kind, inverse: Bool, text: String, caseSensitive: Bool) {
        self.kind = kind
        self.inverse = inverse
        self.text = text
        self.caseSensitive = caseSensitive
    }

    /// Parses one word (escapes already resolved). Returns nil when only operators remain
    /// (`!`, `^`, `'`), which fzf drops from the query.
    public init?(parsing word: String) {
        var text = Substring(word)
        var kind = Kind.fuzzy
        var inverse = false
        if text.hasPrefix("!") {
            inverse = true
            kind = .exact
            text = text.dropFirst()
        }
        if text != "$", text.hasSuffix("$") {
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
        self.init(kind: kind, inverse: inverse, text: String(text),
                  caseSensitive: word.lowercased() != word)
    }
}
