import MixtapeCore
import Testing

@Suite("Match: fzf's extended search syntax (parseTerms)")
struct MatchQueryTests {
    @Test("one word", arguments: [
        ("sbtrkt", "fuzzy", false, "sbtrkt", false),
        ("'wild", "exact", false, "wild", false),
        ("^music", "prefix", false, "music", false),
        (".mp3$", "suffix", false, ".mp3", false),
        ("^foo$", "equal", false, "foo", false),
        ("!fire", "exact", true, "fire", false),
        ("!^music", "prefix", true, "music", false),
        ("!.mp3$", "suffix", true, ".mp3", false),
        ("!^foo$", "equal", true, "foo", false),
        ("!'fire", "fuzzy", true, "fire", false),   // ' flips exactness back after !
        ("'foo$", "exact", false, "foo", false),    // ' wins over the suffix $
        ("'x'", "exact", false, "x'", false),        // no boundary match in 0.38
        ("'^x", "exact", false, "^x", false),
        ("^'x", "prefix", false, "'x", false),
        ("x$$", "suffix", false, "x$", false),
        ("$", "fuzzy", false, "$", false),
        ("!$", "exact", true, "$", false),
        ("|", "fuzzy", false, "|", false),
        ("Love", "fuzzy", false, "Love", true),     // smart case, per term
        ("^Foo", "prefix", false, "Foo", true),
        ("!ß", "exact", true, "ß", false),
        ("Ärger", "fuzzy", false, "Ärger", true),
    ])
    func word(word: String, kind: String, inverse: Bool, text: String, caseSensitive: Bool) {
        let term = TextTerm.parse(word)
        #expect(term == TextTerm(kind: TextTerm.Kind(rawValue: kind)!, inverse: inverse, text: text,
                                 caseSensitive: caseSensitive))
    }

    @Test("words fzf ignores", arguments: ["!", "^", "'", "^$", "!^", "!'", "'$", "!^$"])
    func ignored(word: String) {
        #expect(TextTerm.parse(word) == nil)
    }

    @Test("whole queries: spaces, escapes, OR groups", arguments: [
        ("  a  b ", "a b"),
        ("a\\ b", "a\\ b"),
        ("foo\\ ", "foo\\ "),
        ("^beat | ^stones live", "^beat | ^stones live"),
        ("sun | moon | star", "sun | moon | star"),
        ("| a", "| a"),
        ("a | | b", "a | | b"),
        ("a |", "a"),
        ("a | !", "a"),
        ("! ^ '", ""),
        ("'blue !live", "'blue !live"),
    ])
    func query(query: String, expected: String) {
        #expect(TextQuery.parse(query).description == expected)
    }

    @Test("group structure")
    func groups() {
        let query = TextQuery.parse("^beat | ^stones live")
        #expect(query.groups.map { $0.map(\.text) } == [["beat", "stones"], ["live"]])
        #expect(TextQuery.parse("a | | b").groups.map { $0.map(\.text) } == [["a", "|"], ["b"]])
        #expect(TextQuery.parse("a\\ b c").groups.map { $0.map(\.text) } == [["a b"], ["c"]])
        #expect(TextQuery.parse("a\tb").groups.map { $0.map(\.text) } == [["a b"]])
        #expect(!TextQuery.parse("!a !^b").isRanked)
        #expect(TextQuery.parse("!a b").isRanked)
        #expect(TextQuery.parse("   ").isEmpty)
    }
}
