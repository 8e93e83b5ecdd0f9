import MixtapeCore
import Testing

/// Syntax errors: the message, and where the caret goes.
@Suite("Query: errors")
struct QueryErrorTests {
    static func error(_ query: String) -> QueryError? {
        do {
            _ = try Query(parsing: query)
            return nil
        } catch {
            return error
        }
    }

    @Test("each error names the problem and points at the term", arguments: [
        ("year:19x0 rating:>=80", 0..<9,
         "year: expects a year like 1999, a range like 1990..1999 or a comparison like >=1999, not \"19x0\""),
        ("beatles !y:19x0", 8..<15, "y: expects a year like 1999"),
        ("rating:>>3", 0..<10, "rating: expects a rating from 0 to 100 like 80, a range like 60..80"),
        ("rating:>", 0..<8, "rating: expects"),
        ("stars:..", 0..<8, "stars: expects a number of stars like 4"),
        ("year:-5", 0..<7, "year: expects"),
        ("year:1999999999999999999999", 0..<27, "year: expects"),
        ("added:2015-13", 0..<13, "added: expects a date like 2024-03-15, 2024-03 or 2024"),
        ("added:2023-02-29", 0..<16, "added: expects a date"),
        ("added:24-01", 0..<11, "added: expects a date"),
        ("added:<30x", 0..<10, "added: expects a date"),
        ("added:30d", 0..<9, "added: \"30d\" is an age without a direction: write <30d"),
        ("added:2024..30d", 0..<15, "added: \"2024..30d\" mixes a calendar date and an age"),
        ("added:30d..1d", 0..<13, "added: \"30d..1d\" is an empty range: write the smaller age first"),
        ("added:2024-06..2024-01", 0..<22, "added: \"2024-06..2024-01\" is an empty range"),
        ("year:2000..1990", 0..<15, "year: \"2000..1990\" is an empty range: its start comes after its end"),
        ("year:!=1999", 0..<11, "year: \"!=1999\" uses !=, which filters do not take; put ! before the field"),
        ("duration:3:7", 0..<12, "duration: expects a duration like 3:30, 4m, 90s or 1h5m"),
        ("length:5x", 0..<9, "length: expects a duration"),
        ("duration:1m1h", 0..<13, "duration: expects a duration"),
        ("loved:maybe", 0..<11, "loved: expects yes or no (or true/false, 1/0), not \"maybe\""),
        ("selected:2", 0..<10, "selected: expects yes or no"),
        ("kind:song", 0..<9, "kind: expects a kind like podcast or movie,tv; kinds are music, podcast"),
        ("kind:movie,", 0..<11, "kind: expects a kind"),
        ("artist:", 0..<7, "artist: needs a value after the colon: text such as beatles"),
        ("x !year: y", 2..<8, "year: needs a value after the colon: a year like 1999"),
        ("artist:=", 0..<8, "artist: expects text such as beatles"),
        ("artist:\"unclosed", 7..<16, "unclosed quote"),
        ("a playlist:\"Road Trip", 11..<21, "unclosed quote"),
        ("\u{E9}\u{E9} year:x", 3..<9, "year: expects"),
    ])
    func errors(query: String, range: Range<Int>, message: String) throws {
        let error = try #require(QueryErrorTests.error(query))
        #expect(error.range == range)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    /// query.md: a `word:` that names no field is text, matched as typed (fzf's habit), and
    /// noted, with the near field when the name looks like a typo.
    @Test("a word: that names no field is a text term, noted", arguments: [
        ("Re:Zero", ["Re:Zero"], "\"Re:\" is not a field: Re:Zero is matched as text"),
        ("Gladiator: Now", ["Gladiator:", "Now"], "\"Gladiator:\" is not a field: Gladiator: is matched as text"),
        ("artst:beatles", ["artst:beatles"], "\"artst:\" is not a field: artst:beatles is matched as text (did you mean \"artist:\"?)"),
        ("live !lenght:3m", ["live", "lenght:3m"], "(did you mean \"length:\"?)"),
    ])
    func fieldLikeText(query: String, texts: [String], message: String) throws {
        let parsed = try Query(parsing: query)
        #expect(parsed.groups.flatMap(\.textTerms).map(\.term.text) == texts)
        #expect(parsed.filterGroups.isEmpty)
        #expect(parsed.fieldLikeText.count == 1)
        #expect(parsed.fieldLikeText.first?.message.hasSuffix(message) == true || parsed.fieldLikeText.first?.message == message,
                "\(parsed.fieldLikeText)")
        #expect(try Query(parsing: "artist:x 12:30").fieldLikeText.isEmpty, "a known field and a time are not noted")
    }

    @Test("render puts the query, a caret line and the message on three lines")
    func render() throws {
        let query = "year:19x0 rating:>=80"
        let error = try #require(QueryErrorTests.error(query))
        #expect(error.render(query: query) == """
            year:19x0 rating:>=80
            ^~~~~~~~~
            year: expects a year like 1999, a range like 1990..1999 or a comparison like >=1999, not "19x0"
            """)
        let later = "live year:x"
        #expect(try #require(QueryErrorTests.error(later)).render(query: later).split(separator: "\n")[1]
            == "     ^~~~~~")
    }

    @Test("renderedLines measures the caret against the query as messages show it (\\x1B)")
    func renderedLinesWithControls() throws {
        let query = "live year:19\u{1B}x0"
        let error = try #require(QueryErrorTests.error(query))
        let lines = error.renderedLines(query: query)
        #expect(lines.count == 3)
        #expect(lines[1] == "     ^" + String(repeating: "~", count: 12), "year:19 + \\x1B + x0: 13 columns")
    }

    @Test("a term that is not field-like is text, never an error", arguments: [
        "12:30", "'foo:bar", "^foo:bar", "1a:b", ":x", "a-b:c", "\"foo:bar\"", "é:x",
    ])
    func notAnError(query: String) {
        #expect(QueryErrorTests.error(query) == nil)
    }
}
