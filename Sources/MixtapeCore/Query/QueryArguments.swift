/// Joins command-line words into one query string.
///
/// The shell has already removed quotes, so `search artist:"the beatles" live` arrives as the
/// words `artist:the beatles` and `live`, while `search 'year:1990..1999 rating:>=80'` (a whole
/// query quoted, as fzf users type it) arrives as one word holding two terms. The rule that
/// serves both: a word that starts like a filter on a field whose values may hold spaces
/// (text, a playlist, a folder) keeps its spaces as part of the value (`artist:the\ beatles`)
/// unless a later piece of it is itself a field filter or starts with an fzf operator (`!`,
/// `^`, `'`, `|`), in which case it is split like any other word, as fzf splits its query
/// (`search 'tiger road'` is two terms, exactly like `fzf --filter`). A filter on a number, a
/// date, a duration, a yes/no or a kind is always split there (`--query 'bpm:120..130 fire'`).
/// A word that holds a quote is passed as written: its quoting already says where values end.
public enum QueryArguments {
    public static func join(_ words: [String]) -> String {
        words.map { word in isOneFilter(word) ? escapingSpaces(word) : word }.joined(separator: " ")
    }

    private static func isOneFilter(_ word: String) -> Bool {
        guard let prefix = QueryLexer.fieldPrefix(of: word), !word.contains("\""), word.contains(" ") else {
            return false
        }
        // An unknown name stays one word: its error then names the whole of it.
        if let field = QueryField.named(prefix.name), !field.type.valueMayHoldSpaces { return false }
        let pieces = word.split(separator: " ").dropFirst()
        return !pieces.contains { piece in
            QueryLexer.fieldPrefix(of: piece) != nil || piece.first.map { "!^'|".contains($0) } == true
        }
    }

    private static func escapingSpaces(_ word: String) -> String {
        var out = ""
        var previous: Character?
        for character in word {
            if character == " ", previous != "\\" { out += "\\ " } else { out.append(character) }
            previous = character
        }
        return out
    }
}
