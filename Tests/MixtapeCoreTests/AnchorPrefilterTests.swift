import MixtapeCore
import Testing

/// `AnchorPrefilter` may keep lines that do not match, never drop one that does: every line the
/// matcher matches over all lines must be among the prefilter's candidates.
@Suite("AnchorPrefilter: never drops a line an anchored query matches")
struct AnchorPrefilterTests {
    static let lines = [
        "John Coltrane - Giant Steps", "john", "  John Lennon  ", "\tjohnny\t", "\u{A0}John", "\u{3000}john",
        "Ĵohn Doe", "Élan Vital", "ÉLAN", "elan", "e\u{301}lan", "\u{301}john", "\u{1}john", "JOHN",
        "Thunder", "Rolling thunder", "thunder   ", "THUNDER\u{A0}", "thunderé", "thundeR", "",
        "   ", "1999", "Track 9", "Love Me Do", "love", "the end", "The Beat - Live", "a", "b", "x a b",
        "DJ Shadow - Remix", "dj remix", "David - Dream", "Ängel", "ångström", "Ørsted", "Straße",
    ]

    static let queries = [
        "^john", "^John", "^JOHN", "john$", "^john$", "^elan", "^élan", "^e", "thunder$", "Thunder$", "^thunder$",
        "^a | b$", "^dj 'remix", "^david 'dream", "!^the", "^the 'live", "^1", "9$", "^1999$", "^love | ^the",
        "^ang", "^o", "^stras", "n$", "^j 'x",
    ]

    @Test("every match is a candidate, for every query", arguments: queries)
    func keepsEveryMatch(_ query: String) throws {
        let text = TextQuery.parse(query)
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.lines))
        let matched = Set(try matcher.match(text).ranked.map(\.index))
        guard let prefilter = AnchorPrefilter(text) else { return }
        let kept = Set(prefilter.candidates(in: PackedStrings(Self.lines)))
        let dropped = matched.subtracting(kept).sorted().map { Self.lines[$0] }
        #expect(dropped.isEmpty, "\(query) dropped \(dropped)")
    }

    @Test("an anchored term rules lines out; inverse and unanchored terms do not")
    func rulesOut() {
        let john = AnchorPrefilter(TextQuery.parse("^john"))
        #expect(john != nil)
        let kept = john?.candidates(in: PackedStrings(Self.lines)) ?? []
        #expect(kept.count < Self.lines.count / 2)
        #expect(!kept.contains(Self.lines.firstIndex(of: "Love Me Do")!))
        #expect(kept.contains(Self.lines.firstIndex(of: "Ĵohn Doe")!))  // accented: kept, might fold to j
        #expect(AnchorPrefilter(TextQuery.parse("!^the")) == nil)
        #expect(AnchorPrefilter(TextQuery.parse("fire 'live")) == nil)
        #expect(AnchorPrefilter(TextQuery.parse("^john | fire")) == nil)  // the group's fuzzy term decides nothing
    }
}
