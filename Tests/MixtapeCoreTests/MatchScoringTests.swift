import MixtapeCore
import Testing

/// fzf's scoring constants, spelled as in `algo_test.go` so the expectations read the same.
private let match = 16, gapStart = -3, gapExtension = -1
private let boundary = 8, nonWord = 8, camel = 7, consecutive = 4, multiplier = 2
private let white = 10, delimiter = 9

/// One term on one line: (score, first position, last position + 1), or nil for no match.
func scoreTerm(_ kind: TextTerm.Kind, _ pattern: String, in line: String,
               caseSensitive: Bool = false) -> [Int]? {
    let corpus = MatchCorpus(lines: [line])
    let query = TextQuery(groups: [[TextTerm(kind: kind, text: pattern, caseSensitive: caseSensitive)]])
    guard let score = corpus.score(ofLine: 0, for: query),
          let positions = corpus.positions(ofLine: 0, for: query) else { return nil }
    return [score, positions.first ?? 0, (positions.last ?? -1) + 1]
}

/// A case of fzf's `algo_test.go`: line, pattern, case-sensitive, start, end, score.
struct ScoreCase: CustomTestStringConvertible, Sendable {
    var line: String, pattern: String, caseSensitive = false, start = -1, end = -1, score = 0
    var matches: Bool { start >= 0 }
    var testDescription: String { "\(pattern) in \(line)" }
}

@Suite("Match: fzf 0.38 scores and positions (ported cases of algo_test.go)")
struct MatchScoringTests {
    static let fuzzyCases: [ScoreCase] = [
        .init(line: "fooBarbaz1", pattern: "oBZ", start: 2, end: 9,
              score: match * 3 + camel + gapStart + gapExtension * 3),
        .init(line: "foo bar baz", pattern: "fbb", start: 0, end: 9,
              score: match * 3 + white * multiplier + white * 2 + 2 * gapStart + 4 * gapExtension),
        .init(line: "/AutomatorDocument.icns", pattern: "rdoc", start: 9, end: 13,
              score: match * 4 + camel + consecutive * 2),
        .init(line: "/man1/zshcompctl.1", pattern: "zshc", start: 6, end: 10,
              score: match * 4 + delimiter * multiplier + delimiter * 3),
        .init(line: "/.oh-my-zsh/cache", pattern: "zshc", start: 8, end: 13,
              score: match * 4 + boundary * multiplier + boundary * 2 + gapStart + delimiter),
        .init(line: "ab0123 456", pattern: "12356", start: 3, end: 10,
              score: match * 5 + consecutive * 3 + gapStart + gapExtension),
        .init(line: "abc123 456", pattern: "12356", start: 3, end: 10,
              score: match * 5 + camel * multiplier + camel * 2 + consecutive + gapStart + gapExtension),
        .init(line: "foo/bar/baz", pattern: "fbb", start: 0, end: 9,
              score: match * 3 + white * multiplier + delimiter * 2 + 2 * gapStart + 4 * gapExtension),
        .init(line: "fooBarBaz", pattern: "fbb", start: 0, end: 7,
              score: match * 3 + white * multiplier + camel * 2 + 2 * gapStart + 2 * gapExtension),
        .init(line: "foo barbaz", pattern: "fbb", start: 0, end: 8,
              score: match * 3 + white * multiplier + white + gapStart * 2 + gapExtension * 3),
        .init(line: "fooBar Baz", pattern: "foob", start: 0, end: 4,
              score: match * 4 + white * multiplier + white * 3),
        .init(line: "xFoo-Bar Baz", pattern: "foo-b", start: 1, end: 6,
              score: match * 5 + camel * multiplier + camel * 2 + nonWord + boundary),
        .init(line: "fooBarbaz", pattern: "oBz", caseSensitive: true, start: 2, end: 9,
              score: match * 3 + camel + gapStart + gapExtension * 3),
        .init(line: "Foo/Bar/Baz", pattern: "FBB", caseSensitive: true, start: 0, end: 9,
              score: match * 3 + white * multiplier + delimiter * 2 + gapStart * 2 + gapExtension * 4),
        .init(line: "FooBarBaz", pattern: "FBB", caseSensitive: true, start: 0, end: 7,
              score: match * 3 + white * multiplier + camel * 2 + gapStart * 2 + gapExtension * 2),
        .init(line: "FooBar Baz", pattern: "FooB", caseSensitive: true, start: 0, end: 4,
              score: match * 4 + white * multiplier + white * 2 + max(camel, white)),
        // A stronger boundary inside a consecutive run starts a new run.
        .init(line: "foo-bar", pattern: "o-ba", caseSensitive: true, start: 2, end: 6,
              score: match * 4 + boundary * 3),
        .init(line: "fooBarbaz", pattern: "oBZ", caseSensitive: true),
        .init(line: "Foo Bar Baz", pattern: "fbb", caseSensitive: true),
        .init(line: "fooBarbaz", pattern: "fooBarbazz", caseSensitive: true),
    ]

    @Test("fuzzy (v2): word boundaries, camelCase, digits, runs, gaps, case", arguments: fuzzyCases)
    func fuzzy(_ c: ScoreCase) {
        let result = scoreTerm(.fuzzy, c.pattern, in: c.line, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    /// fzf uses its greedy V1 when the DP would exceed 100 Ki cells; trailing white space
    /// makes the line long enough without changing any score.
    @Test("fuzzy (v1 fallback on long lines) scores the same cases alike", arguments: fuzzyCases)
    func greedy(_ c: ScoreCase) {
        let long = c.line + String(repeating: " ", count: 60_000)
        let result = scoreTerm(.fuzzy, c.pattern, in: long, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    @Test("v1 takes the first occurrence, v2 the best")
    func greedyVersusOptimal() {
        #expect(scoreTerm(.fuzzy, "fb", in: "foobar fb" + String(repeating: " ", count: 60_000))
            == [match * 2 + white * multiplier + gapStart + gapExtension, 0, 4])
        #expect(scoreTerm(.fuzzy, "fb", in: "foobar fb") == [match * 2 + white * multiplier + white, 7, 9])
    }

    @Test("fuzzy positions are the optimal alignment", arguments: [
        ("Daft Punk - Da Funk", "dfk", [12, 15, 18], 70),
        ("fooBarBaz", "fbb", [0, 3, 6], match * 3 + white * multiplier + camel * 2 + 2 * gapStart + 2 * gapExtension),
        ("foo-bar", "o-ba", [2, 3, 4, 5], match * 4 + boundary * 3),
        ("abc abx", "ab", [0, 1], match * 2 + white * multiplier + white),
    ])
    func positions(line: String, pattern: String, positions: [Int], score: Int) {
        let query = TextQuery.parse(pattern)
        let corpus = MatchCorpus(lines: [line])
        #expect(corpus.positions(ofLine: 0, for: query) == positions)
        #expect(corpus.score(ofLine: 0, for: query) == score)
    }

    @Test("one-character patterns stop at the first word-boundary occurrence", arguments: [
        ("x-a a", [match + boundary * multiplier, 2, 3]),  // not the later, better " a"
        ("xa a", [match + white * multiplier, 3, 4]),
        ("xAa", [match + camel * multiplier, 1, 2]),
    ])
    func singleCharacter(line: String, expected: [Int]) {
        #expect(scoreTerm(.fuzzy, "a", in: line) == expected)
    }

    @Test("fzf 0.38: a delimiter after a word character earns no bonus, a non-word one does",
          arguments: [("a/", "/", match), ("a-", "-", match + nonWord * multiplier),
                      ("-/", "/", match + boundary * multiplier), (" /", "/", match + white * multiplier),
                      (",/", "/", match + delimiter * multiplier)])
    func delimiterBonus(line: String, pattern: String, score: Int) {
        #expect(scoreTerm(.fuzzy, pattern, in: line)?.first == score)
    }

    @Test("exact: occurrence at the first word boundary, else the best bonus", arguments: [
        ScoreCase(line: "fooBarbaz", pattern: "oBA", caseSensitive: true),
        ScoreCase(line: "fooBarbaz", pattern: "fooBarbazz", caseSensitive: true),
        ScoreCase(line: "fooBarbaz", pattern: "oBA", start: 2, end: 5, score: match * 3 + camel + consecutive),
        ScoreCase(line: "/AutomatorDocument.icns", pattern: "rdoc", start: 9, end: 13,
                  score: match * 4 + camel + consecutive * 2),
        ScoreCase(line: "/man1/zshcompctl.1", pattern: "zshc", start: 6, end: 10,
                  score: match * 4 + delimiter * (multiplier + 3)),
        ScoreCase(line: "/.oh-my-zsh/cache", pattern: "zsh/c", start: 8, end: 13,
                  score: match * 5 + boundary * (multiplier + 3) + delimiter),
        ScoreCase(line: "foobar foob", pattern: "oo", start: 1, end: 3, score: match * 2 + consecutive),
        ScoreCase(line: "-ab ab", pattern: "ab", start: 1, end: 3, score: match * 2 + boundary * 3),
        ScoreCase(line: "xAb ab", pattern: "ab", start: 4, end: 6, score: match * 2 + white * 3),
    ])
    func exact(_ c: ScoreCase) {
        let result = scoreTerm(.exact, c.pattern, in: c.line, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    static let prefixScore = match * 3 + white * multiplier + white * 2

    @Test("prefix: after leading white space unless the pattern starts with it", arguments: [
        ScoreCase(line: "fooBarbaz", pattern: "Foo", caseSensitive: true),
        ScoreCase(line: "fooBarBaz", pattern: "baz"),
        ScoreCase(line: "fooBarbaz", pattern: "foo", start: 0, end: 3, score: prefixScore),
        ScoreCase(line: "foOBarBaZ", pattern: "foo", start: 0, end: 3, score: prefixScore),
        ScoreCase(line: "f-oBarbaz", pattern: "f-o", start: 0, end: 3, score: prefixScore),
        ScoreCase(line: " fooBar", pattern: "foo", start: 1, end: 4, score: prefixScore),
        ScoreCase(line: " fooBar", pattern: " fo", start: 0, end: 3, score: prefixScore),
        ScoreCase(line: "     fo", pattern: "foo"),
    ])
    func prefix(_ c: ScoreCase) {
        let result = scoreTerm(.prefix, c.pattern, in: c.line, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    @Test("suffix: before trailing white space unless the pattern ends with it", arguments: [
        ScoreCase(line: "fooBarbaz", pattern: "Baz", caseSensitive: true),
        ScoreCase(line: "fooBarbaz", pattern: "foo"),
        ScoreCase(line: "fooBarbaz", pattern: "baz", start: 6, end: 9, score: match * 3 + consecutive * 2),
        ScoreCase(line: "fooBarBaZ", pattern: "baz", start: 6, end: 9,
                  score: (match + camel) * 3 + camel * (multiplier - 1)),
        ScoreCase(line: "fooBarbaz ", pattern: "baz", start: 6, end: 9, score: match * 3 + consecutive * 2),
        ScoreCase(line: "fooBarbaz ", pattern: "baz ", start: 6, end: 10,
                  score: match * 4 + consecutive * 2 + white),
    ])
    func suffix(_ c: ScoreCase) {
        let result = scoreTerm(.suffix, c.pattern, in: c.line, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    @Test("equal: the trimmed line, scored as all boundary characters", arguments: [
        ScoreCase(line: "foo", pattern: "foo", start: 0, end: 3, score: (match + white) * 3 + white),
        ScoreCase(line: "  Foo  ", pattern: "foo", start: 2, end: 5, score: (match + white) * 3 + white),
        ScoreCase(line: " foo", pattern: " foo", start: 0, end: 4, score: (match + white) * 4 + white),
        ScoreCase(line: "foo bar", pattern: "foo"),
        ScoreCase(line: "Foo", pattern: "foo", caseSensitive: true),
    ])
    func equal(_ c: ScoreCase) {
        let result = scoreTerm(.equal, c.pattern, in: c.line, caseSensitive: c.caseSensitive)
        #expect(result == (c.matches ? [c.score, c.start, c.end] : nil))
    }

    @Test("normalization (fzf's TestNormalize)", arguments: [
        (TextTerm.Kind.fuzzy, "Só Danço Samba", "So", [62, 0, 2]),
        (.prefix, "Só Danço Samba", "So", [62, 0, 2]),
        (.exact, "Só Danço Samba", "So", [62, 0, 2]),
        (.fuzzy, "Só Danço Samba", "sodc", [97, 0, 7]),
        (.fuzzy, "Danço", "danco", [140, 0, 5]),
        (.prefix, "Danço", "danco", [140, 0, 5]),
        (.suffix, "Danço", "danco", [140, 0, 5]),
        (.exact, "Danço", "danco", [140, 0, 5]),
        (.equal, "Danço", "danco", [140, 0, 5]),
    ])
    func normalize(kind: TextTerm.Kind, line: String, pattern: String, expected: [Int]) {
        #expect(scoreTerm(kind, pattern, in: line) == expected)
    }

    /// The same cases on a line long enough for the greedy V1 (trailing white space changes no
    /// score): fzf's TestNormalize runs them through FuzzyMatchV1 too.
    @Test("normalization, fuzzy V1", arguments: [
        ("Só Danço Samba", "So", [62, 0, 2]),
        ("Só Danço Samba", "sodc", [97, 0, 7]),
        ("Danço", "danco", [140, 0, 5]),
    ])
    func normalizeGreedy(line: String, pattern: String, expected: [Int]) {
        #expect(scoreTerm(.fuzzy, pattern, in: line + String(repeating: " ", count: 60_000)) == expected)
    }

    /// fzf's TestLongString: a match past 65,535 characters (fzf's int16 positions and our
    /// UInt16 trimmed length must not wrap).
    @Test("a match beyond 65,535 characters")
    func longString() {
        let line = String(repeating: "x", count: 65_535) + "z" + String(repeating: "x", count: 65_534)
        #expect(scoreTerm(.fuzzy, "zx", in: line, caseSensitive: true) == [match * 2 + consecutive, 65_535, 65_537])
    }

    @Test("an empty pattern matches with score 0 (fuzzy, exact, prefix, suffix), equal never")
    func emptyPattern() {
        for kind in [TextTerm.Kind.fuzzy, .exact, .prefix, .suffix] {
            #expect(MatchCorpus(lines: ["foobar"]).score(ofLine: 0, for: TextQuery(groups: [[
                TextTerm(kind: kind, text: "\u{301}")]])) == 0)
        }
        #expect(MatchCorpus(lines: ["foobar"]).score(ofLine: 0, for: TextQuery(groups: [[
            TextTerm(kind: .equal, text: "\u{301}")]])) == nil)
    }
}
