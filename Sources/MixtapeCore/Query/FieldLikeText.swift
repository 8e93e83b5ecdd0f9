/// A query word that looks like a field filter but names no field (`Re:Zero`, `Gladiator:`):
/// it is a text term, matched as typed, as fzf would match it (query.md). It is remembered so
/// `--verbose` and the picker's status line can say so: a mistyped field (`artst:x`) then
/// shows up instead of quietly matching almost nothing.
public struct FieldLikeText: Hashable, Sendable {
    /// The word as typed.
    public var word: String
    /// The part before the colon.
    public var name: String
    /// A field the name may have meant, when one is close.
    public var suggestion: String?

    public init(word: String, name: String, suggestion: String?) {
        self.word = word
        self.name = name
        self.suggestion = suggestion
    }

    /// `"Re:" is not a field: Re:Zero is matched as text`, with the near field if any.
    public var message: String {
        "\"\(name):\" is not a field: \(word) is matched as text"
            + (suggestion.map { " (did you mean \"\($0):\"?)" } ?? "")
    }
}
