import MixtapeCore
import Testing

/// Lexing, OR groups, escapes and fzf's reading of one word.
@Suite("Query: parsing")
struct QueryParserTests {
    /// A compact picture of a query: groups in brackets, alternatives joined by `|`; text terms
    /// as `fuzzy:x`, `exact:x`, ..., with `!` for inverse and `Aa` for case-sensitive; filters
    /// as `field?` (or `!field?`).
    static func shape(_ query: Query) -> String {
        query.groups.map { group in
            "[" + group.alternatives.map { term in
                switch term {
                case .text(let node):
                    (node.term.inverse ? "!" : "") + "\(node.term.kind):" + node.term.text
                        + (node.term.caseSensitive ? " Aa" : "")
                case .filter(let filter):
                    (filter.negated ? "!" : "") + filter.field + "?"
                }
            }.joined(separator: "|") + "]"
        }.joined()
    }

    @Test("OR groups follow fzf", arguments: [
        ("^beat | ^stones live", "[prefix:beat|prefix:stones][fuzzy:live]"),
        ("a | b | c d", "[fuzzy:a|fuzzy:b|fuzzy:c][fuzzy:d]"),
        ("| a", "[fuzzy:|][fuzzy:a]"),
        ("a | | b", "[fuzzy:a|fuzzy:|][fuzzy:b]"),
        ("a |", "[fuzzy:a]"),
        ("a | ! b", "[fuzzy:a|fuzzy:b]"),
        ("a|b", "[fuzzy:a|b]"),
        ("artist:x | !year:1999 live", "[artist?|!year?][fuzzy:live]"),
        ("'live | year:1999", "[exact:live|year?]"),
        ("  a    b  ", "[fuzzy:a][fuzzy:b]"),
        ("", ""),
        ("! ^ '", ""),
    ])
    func groups(query: String, expected: String) throws {
        #expect(QueryParserTests.shape(try Query(parsing: query)) == expected)
    }

    @Test("escapes, quotes and what counts as a field", arguments: [
        ("tiger\\ road", "[fuzzy:tiger road]"),
        ("a\\ ", "[fuzzy:a ]"),
        ("a\tb", "[fuzzy:a b]"),
        ("back\\slash", "[fuzzy:back\\slash]"),
        ("12:30", "[fuzzy:12:30]"),
        ("'re:mix", "[exact:re:mix]"),
        (":)", "[fuzzy::)]"),
        ("mp3:x", "[fuzzy:mp3:x]"),
        ("\"quoted", "[fuzzy:\"quoted]"),
        ("artist:\"the beatles\" live", "[artist?][fuzzy:live]"),
        ("!artist:beatles", "[!artist?]"),
        ("ARTIST:x", "[artist?]"),
        ("albumartist:x a:x t:x al:x g:x y:1 plays:1 skips:1", "[album_artist?][artist?][title?][album?][genre?][year?][play_count?][skip_count?]"),
        ("added:<1d played:<1d duration:1s length:1s", "[date_added?][play_date?][duration?][duration?]"),
    ])
    func words(query: String, expected: String) throws {
        #expect(QueryParserTests.shape(try Query(parsing: query)) == expected)
    }

    @Test("fzf's reading of one word", arguments: [
        ("sbtrkt", TextTerm(kind: .fuzzy, inverse: false, text: "sbtrkt", caseSensitive: false)),
        ("'wild", TextTerm(kind: .exact, inverse: false, text: "wild", caseSensitive: false)),
        ("^music", TextTerm(kind: .prefix, inverse: false, text: "music", caseSensitive: false)),
        (".mp3$", TextTerm(kind: .suffix, inverse: false, text: ".mp3", caseSensitive: false)),
        ("^abc$", TextTerm(kind: .equal, inverse: false, text: "abc", caseSensitive: false)),
        ("!fire", TextTerm(kind: .exact, inverse: true, text: "fire", caseSensitive: false)),
        ("!'fire", TextTerm(kind: .fuzzy, inverse: true, text: "fire", caseSensitive: false)),
        ("!^music", TextTerm(kind: .prefix, inverse: true, text: "music", caseSensitive: false)),
        ("!.mp3$", TextTerm(kind: .suffix, inverse: true, text: ".mp3", caseSensitive: false)),
        ("!^abc$", TextTerm(kind: .equal, inverse: true, text: "abc", caseSensitive: false)),
        ("'x$", TextTerm(kind: .exact, inverse: false, text: "x", caseSensitive: false)),
        ("$", TextTerm(kind: .fuzzy, inverse: false, text: "$", caseSensitive: false)),
        ("!$", TextTerm(kind: .exact, inverse: true, text: "$", caseSensitive: false)),
        ("Love", TextTerm(kind: .fuzzy, inverse: false, text: "Love", caseSensitive: true)),
        ("!^The", TextTerm(kind: .prefix, inverse: true, text: "The", caseSensitive: true)),
        ("Beyonc\u{E9}", TextTerm(kind: .fuzzy, inverse: false, text: "Beyonc\u{E9}", caseSensitive: true)),
        ("\u{E9}t\u{E9}", TextTerm(kind: .fuzzy, inverse: false, text: "\u{E9}t\u{E9}", caseSensitive: false)),
    ])
    func textSyntax(word: String, expected: TextTerm) {
        #expect(TextTerm.parse(word) == expected)
    }

    @Test("operator-only words are dropped", arguments: ["!", "^", "'", "!'", "!^", "^$"])
    func dropped(word: String) {
        #expect(TextTerm.parse(word) == nil)
    }

    @Test("terms keep their raw text and character range")
    func ranges() throws {
        let query = try Query(parsing: "  é\\ b  artist:\"x y\" !'z")
        let text = query.groups.flatMap(\.textTerms)
        #expect(text.map(\.raw) == ["é\\ b", "!'z"])
        #expect(text.map(\.range) == [2..<6, 21..<24])
        #expect(query.groups[1].filters.map(\.range) == [8..<20])
    }

    @Test("the filter part and the text part")
    func parts() throws {
        let query = try Query(parsing: "year:1999 live | loved:yes kind:music ^a")
        #expect(query.filterGroups.count == 2)
        #expect(query.textGroups.map { $0.textTerms.map(\.term.text) } == [["live"], ["a"]])
        #expect(query.textGroups[0].filters.map(\.field) == ["loved"])
        #expect(query.hasTextTerms)
        #expect(try !Query(parsing: "year:1999").hasTextTerms)
        let items = QueryTestLibrary.items
        #expect(items.filter { query.matchesFilters($0, in: QueryTestLibrary.context) }.map(\.id.rawValue) == ["h"])
    }

    @Test("quoted values: spaces, escaped quotes, operators before the quote")
    func quotedValues() throws {
        func value(_ text: String) throws -> String? {
            let filter = try Query(parsing: text).groups.first?.filters.first
            guard case .text(_, let condition)? = filter?.condition else { return nil }
            return "\(condition.mode):\(condition.value)"
        }
        #expect(try value("artist:\"the beatles\"") == "contains:the beatles")
        #expect(try value("artist:=\"the beatles\"") == "equals:the beatles")
        #expect(try value("artist:\"a \\\"b\\\" c\\\\\"") == "contains:a \"b\" c\\")
        #expect(try value("artist:\"a|b\"") == "contains:a|b")
        #expect(try value("artist:\"a\"b") == "contains:ab")
        #expect(try value("artist:the\\ beatles") == "contains:the beatles")
    }

    /// Huge words (issue 30: a 1 MB query took two minutes): the lexer asked at every `"` whether
    /// the word so far starts like a field filter, scanning it whole each time, so these did
    /// not finish in a test at all (a 100,000-character word of them took minutes).
    @Test("a 200,000-character word full of quotes lexes in one pass", arguments: [
        (String(repeating: "a\"", count: 100_000), 200_000),
        (String(repeating: "\"", count: 200_000), 200_000),
        ("x" + String(repeating: "\"a", count: 100_000) + ":b", 200_003),
        ("artist:" + String(repeating: "\"a\"", count: 60_000), 7 + 60_000),
    ])
    func hugeWords(query: String, characters: Int) throws {
        let words = try QueryLexer.words(query)
        #expect(words.count == 1)
        #expect(words.first?.text.count == characters)
    }
}
