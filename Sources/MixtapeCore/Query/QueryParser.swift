/// Turns query text into a `Query`: words from `QueryLexer`, grouped into OR sets exactly as
/// fzf's `parseTerms` does, each word read either as a field filter (through the registry) or
/// as a text term (through `TextTerm.parse`, fzf's reading of one word).
///
/// A word is a field filter when it starts with the name of a known field or alias and a colon,
/// optionally after `!` (`artist:x`, `!y:1999`). A name of ASCII letters that is no field
/// (`Re:Zero`, `Gladiator:`) makes the word text, as fzf reads it, and is noted in
/// `Query.fieldLikeText`; anything else (`12:30`, `'re:mix`, `:)`) is text too.
///
/// OR follows fzf: a lone `|` after a term joins the next term to the same group; a `|` with
/// no term before it, or a second `|` in a row, is an ordinary (fuzzy) text term, and a
/// trailing `|` is ignored. Words that are only operators (`!`, `^`, `'`) are dropped.
public enum QueryParser {
    /// Parses `text`, or throws the first error found, with its range.
    public static func parse(_ text: String) throws(QueryError) -> Query {
        var groups: [QueryGroup] = []
        var current: [QueryTerm] = []
        var startNewGroup = false
        var afterBar = false
        var fieldLikeText: [FieldLikeText] = []
        for word in try QueryLexer.words(text) {
            if !current.isEmpty, !afterBar, word.raw == "|" {
                startNewGroup = false
                afterBar = true
                continue
            }
            afterBar = false
            if let prefix = QueryLexer.fieldPrefix(of: word.text), QueryField.named(prefix.name) == nil {
                fieldLikeText.append(FieldLikeText(word: word.text, name: String(prefix.name),
                                                   suggestion: QueryField.suggestion(for: prefix.name)))
            }
            guard let term = try term(word) else { continue }
            if startNewGroup {
                groups.append(QueryGroup(alternatives: current))
                current = []
            }
            current.append(term)
            startNewGroup = true
        }
        if !current.isEmpty { groups.append(QueryGroup(alternatives: current)) }
        var query = Query(groups: groups)
        query.fieldLikeText = fieldLikeText
        return query
    }

    /// One word as a term; nil for a word fzf drops.
    static func term(_ word: QueryWord) throws(QueryError) -> QueryTerm? {
        if let prefix = QueryLexer.fieldPrefix(of: word.text), let field = QueryField.named(prefix.name) {
            return .filter(try filter(word, field: field, negated: prefix.negated, name: prefix.name))
        }
        return TextTerm.parse(word.text).map {
            .text(TextTermNode(raw: word.raw, range: word.range, term: $0))
        }
    }

    /// A `name:value` word as a filter, the value read by the field's type. Errors about the
    /// name point at the name; errors about the value point at the whole term.
    private static func filter(_ word: QueryWord, field: QueryField, negated: Bool, name: Substring) throws(QueryError) -> FieldFilter {
        let value = word.text[word.text.index(after: name.endIndex)...]
        guard !value.isEmpty else {
            throw QueryError(.emptyValue(field: String(name), expected: field.type.expectation), at: word.range)
        }
        do {
            let condition = try field.type.condition(for: value)
            return FieldFilter(field: field.name, condition: condition, negated: negated, range: word.range)
        } catch {
            let reason: QueryError.Reason = switch error {
            case .malformed:
                .malformedValue(field: String(name), value: String(value), expected: field.type.expectation)
            case .invalid(let problem):
                .invalidValue(field: String(name), value: String(value), problem: problem)
            }
            throw QueryError(reason, at: word.range)
        }
    }
}
