/// One space-separated word of a query, with escapes and quotes resolved.
public struct QueryWord: Hashable, Sendable {
    /// The word as it reads once `\ ` became a space and quotes were removed.
    public var text: String
    /// The word exactly as typed.
    public var raw: String
    /// Character offsets of `raw` in the query.
    public var range: Range<Int>
}

/// Splits a query into words, as fzf does, with one addition for field filters.
///
/// - Words are separated by runs of spaces; `\ ` is a space inside a word, and so is a tab
///   (fzf turns both into a space within the term).
/// - After a field prefix (`artist:`, `!artist:`, `artist:=`), `"` opens a quoted section that
///   may hold spaces; `\"` and `\\` inside it are a quote and a backslash. Elsewhere a `"` is an
///   ordinary character, so text terms keep fzf's syntax exactly.
/// - `|` is not special here: the parser decides whether a lone `|` word means OR.
///
/// Offsets count `Character`s, which is what a caret under a term needs.
public enum QueryLexer {
    /// The words of `query`, or an error for a quote that is never closed.
    public static func words(_ query: String) throws(QueryError) -> [QueryWord] {
        let characters = Array(query)
        var words: [QueryWord] = []
        var index = 0
        while index < characters.count {
            if isSeparator(characters[index]) {
                index += 1
                continue
            }
            let start = index
            let text = try word(characters, from: &index)
            words.append(QueryWord(text: text, raw: String(characters[start..<index]), range: start..<index))
        }
        return words
    }

    /// Reads one word starting at `index`, leaving `index` on the separator (or end) after it.
    ///
    /// Whether the word starts like a field filter is decided once, when its first colon is
    /// read (nothing after that colon changes it): asking at every `"` scanned the whole word
    /// each time, minutes for a 100 KB word of `a"a"…`.
    private static func word(_ characters: [Character], from index: inout Int) throws(QueryError) -> String {
        var text = ""
        var isFilter: Bool?
        while index < characters.count, !isSeparator(characters[index]) {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "\\", let next, isSeparator(next) {
                text.append(next)
                index += 2
            } else if character == "\"", isFilter == true {
                text += try quoted(characters, from: &index)
            } else {
                text.append(character == "\t" ? " " : character)
                index += 1
                if isFilter == nil, character == ":" { isFilter = QueryLexer.fieldPrefix(of: text) != nil }
            }
        }
        return text
    }

    /// Reads a quoted section whose opening `"` is at `index`, leaving `index` after the
    /// closing one.
    private static func quoted(_ characters: [Character], from index: inout Int) throws(QueryError) -> String {
        let open = index
        var text = ""
        index += 1
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                index += 1
                return text
            }
            if character == "\\", index + 1 < characters.count,
               characters[index + 1] == "\"" || characters[index + 1] == "\\" {
                text.append(characters[index + 1])
                index += 2
            } else {
                text.append(character)
                index += 1
            }
        }
        throw QueryError(.unclosedQuote, at: open..<characters.count)
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " "
    }

    /// When `word` starts like a field filter (`name:` or `!name:`, where the name is ASCII
    /// letters and underscores), whether it is negated and the name (without the colon);
    /// nil for anything else, which is then a text term (`12:30`, `'a:b`, `:x`).
    static func fieldPrefix(of word: some StringProtocol) -> (negated: Bool, name: Substring)? {
        var rest = Substring(word)
        let negated = rest.first == "!"
        if negated { rest = rest.dropFirst() }
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let name = rest[..<colon]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else { return nil }
        return (negated, name)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "_": true
        default: false
        }
    }
}
