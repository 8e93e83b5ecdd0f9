import MixtapeCore
import Testing

/// `TextPrefilter` may keep lines that do not match, never drop one that does: every line the
/// matcher matches over all lines must be among the prefilter's candidates.
@Suite("TextPrefilter: never drops a line a query matches")
struct TextPrefilterTests {
    static let lines = [
        "John Coltrane - Giant Steps", "john", "  John Lennon  ", "\tjohnny\t", "\u{A0}John", "\u{3000}john",
        "Ĵohn Doe", "Élan Vital", "ÉLAN", "elan", "e\u{301}lan", "\u{301}john", "\u{1}john", "JOHN",
        "Thunder", "Rolling thunder", "thunder   ", "THUNDER\u{A0}", "thunderé", "thundeR", "",
        "   ", "1999", "Track 9", "Love Me Do", "love", "the end", "The Beat - Live", "a", "b", "x a b",
        "DJ Shadow - Remix", "dj remix", "David - Dream", "Ängel", "ångström", "Ørsted", "Straße",
        "Beyoncé - Halo", "BEYONCE", "Dvořák - New World", "Trần Thị", "TRẦN", "Καλημέρα", "ΚΑΛΗΜΈΡΑ", "별빛 - 노래",
        "Ｆｉｒｅ fullwidth", "Fire \u{212A}elvin", "ﬁre ligature", "Rádio Fire", "f i r e", "fier", "Sigur Rós - Ágætis byrjun",
    ]

    static let queries = [
        "^john", "^John", "^JOHN", "john$", "^john$", "^elan", "^élan", "^e", "thunder$", "Thunder$", "^thunder$",
        "^a | b$", "^dj 'remix", "^david 'dream", "!^the", "^the 'live", "^1", "9$", "^1999$", "^love | ^the",
        "^ang", "^o", "^stras", "n$", "^j 'x",
        "fire", "Fire", "FIRE", "fier", "'fire", "'ire", "fr", "beyonce", "beyoncé", "Beyoncé", "dvorak", "tran", "Tran",
        "trần", "καλη", "ΚΑΛΗ", "καλημερα", "별빛", "빛", "kelvin", "agaetis", "ros", "rós", "strasse", "straße",
        "john | fire", "love !live", "elan 'vital", "x\\ a", "f\\ i", "e l a n", "jo | zz", "zzz | yyy", "!fire",
    ]

    @Test("every match is a candidate, for every query", arguments: queries)
    func keepsEveryMatch(_ query: String) throws {
        let text = TextQuery.parse(query)
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.lines))
        let matched = Set(try matcher.match(text).ranked.map(\.index))
        guard let prefilter = TextPrefilter(text) else { return }
        let kept = Set(prefilter.candidates(in: PackedStrings(Self.lines)))
        let dropped = matched.subtracting(kept).sorted().map { Self.lines[$0] }
        #expect(dropped.isEmpty, "\(query) dropped \(dropped)")
    }

    @Test("a fuzzy term keeps just the lines holding its folded characters in order")
    func fuzzyKeepsItsSubsequences() throws {
        let lines = PackedStrings(Self.lines)
        func kept(_ query: String) -> Set<String> {
            Set(TextPrefilter(TextQuery.parse(query))?.candidates(in: lines).map { Self.lines[$0] } ?? Self.lines)
        }
        #expect(kept("fire") == ["Rádio Fire", "Fire \u{212A}elvin", "f i r e"])
        #expect(kept("beyonce") == ["Beyoncé - Halo", "BEYONCE"])
        #expect(kept("Tran") == ["Trần Thị"])  // case-sensitive: TRẦN is not kept
        #expect(kept("καλη") == ["Καλημέρα", "ΚΑΛΗΜΈΡΑ"])
        #expect(kept("elan").isSuperset(of: ["Élan Vital", "ÉLAN", "elan", "e\u{301}lan"]))
    }

    @Test("an anchored term rules lines out by its letter; inverse terms decide nothing")
    func rulesOut() {
        let john = TextPrefilter(TextQuery.parse("^john"))
        #expect(john != nil)
        let kept = john?.candidates(in: PackedStrings(Self.lines)) ?? []
        #expect(kept.count < Self.lines.count / 4)
        #expect(!kept.contains(Self.lines.firstIndex(of: "Love Me Do")!))
        #expect(kept.contains(Self.lines.firstIndex(of: "\u{1}john")!))  // a control byte decides nothing
        #expect(kept.contains(Self.lines.firstIndex(of: "Ĵohn Doe")!))  // accented: kept, folds to j
        #expect(TextPrefilter(TextQuery.parse("!^the")) == nil)
        #expect(TextPrefilter(TextQuery.parse("!fire !live")) == nil)
        #expect(TextPrefilter(TextQuery.parse("^john | !fire")) == nil)  // the group's inverse term decides nothing
        #expect(TextPrefilter(TextQuery.parse("fire 'live")) != nil)
    }

    @Test("lines among the candidates given, in their order, on several chunks")
    func amongCandidates() throws {
        let many = (0..<10_000).map { $0 % 3 == 0 ? "Fire \($0)" : "Water \($0)" }
        let prefilter = try #require(TextPrefilter(TextQuery.parse("fire")))
        let all = prefilter.candidates(in: PackedStrings(many))
        #expect(all == Array(stride(from: 0, to: 10_000, by: 3)))
        let some = prefilter.candidates(in: PackedStrings(many), among: Array(stride(from: 1, to: 10_000, by: 2)))
        #expect(some == Array(stride(from: 3, to: 10_000, by: 6)))
    }
}
