import MixtapeCore
import Testing

@Suite("Match: folding, ranking, OR groups, engine")
struct MatchEngineTests {
    static func ranked(_ lines: [String], _ query: String, limit: Int? = nil) throws -> [Int] {
        var matcher = Matcher(corpus: MatchCorpus(lines: lines))
        return try matcher.match(TextQuery.parse(query), limit: limit).ranked.map(\.index)
    }

    static func score(_ line: String, _ query: String) -> Int? {
        MatchCorpus(lines: [line]).score(ofLine: 0, for: TextQuery.parse(query))
    }

    @Test("precomposed, decomposed and plain Latin match each other with the same score", arguments: [
        "beyonce", "Beyoncé", "Beyonce\u{301}", "beyonce\u{301}", "beyonc",
    ])
    func latinFolding(query: String) {
        let lines = ["Beyonce - Halo", "Beyoncé - Halo", "Beyonce\u{301} - Halo"]
        let scores = lines.map { Self.score($0, query) }
        #expect(scores[0] != nil)
        #expect(Set(scores).count == 1)
    }

    @Test("case-sensitive accented terms: É matches É and E\u{301}, not é")
    func caseSensitiveAccent() {
        #expect(Self.score("Éric", "Éric") != nil)
        #expect(Self.score("E\u{301}ric", "Éric") != nil)
        #expect(Self.score("éric", "Éric") == nil)
        #expect(Self.score("Eric", "Éric") != nil)
    }

    @Test("a decomposed line ranks like its precomposed form: marks are no gap and no length")
    func decomposedRanking() throws {
        let lines = ["Sigur Ro\u{301}s - Hoppi\u{301}polla", "Sigur Rós - Hoppípolla"]
        #expect(Self.score(lines[0], "rs hpp") == Self.score(lines[1], "rs hpp"))
        #expect(try Self.ranked(lines, "rs hpp") == [0, 1])   // equal score and length: input order
    }

    @Test("positions are offsets in the line's own scalars, marks included")
    func decomposedPositions() {
        let corpus = MatchCorpus(lines: ["Beyonce\u{301} x", "Beyoncé x"])
        #expect(corpus.positions(ofLine: 0, for: TextQuery.parse("x")) == [9])
        #expect(corpus.positions(ofLine: 1, for: TextQuery.parse("x")) == [8])
        #expect(corpus.positions(ofLine: 0, for: TextQuery.parse("'ce\u{301} x")) == [5, 6, 9])
    }

    @Test("tiebreak: score, then length without surrounding white space, then input order",
          arguments: [
        (["foo xx", "  foo x  "], "foo", [1, 0]),
        (["foo b", "foo a"], "foo", [0, 1]),
        (["a foo", "foo"], "foo", [1, 0]),                   // equal score, shorter wins
        (["xfoo", "x foo"], "foo", [1, 0]),                  // boundary beats length
        (["bar", "foo", "baz"], "!foo", [0, 2]),             // inverse only: input order
        (["bar", "foo", "baz"], "", [0, 1, 2]),
    ])
    func tiebreak(lines: [String], query: String, expected: [Int]) throws {
        #expect(try Self.ranked(lines, query) == expected)
    }

    @Test("an OR group scores its first holding term; inverse terms score 0 but let later terms count")
    func orGroups() {
        let line = "foo xyz"
        #expect(Self.score(line, "'xyz | foo") == Self.score(line, "'xyz"))
        #expect(Self.score(line, "foo | 'xyz") == Self.score(line, "foo"))
        #expect(Self.score(line, "nope | 'xyz") == Self.score(line, "'xyz"))
        #expect(Self.score("bar", "!foo | bar") == Self.score("bar", "bar"))
        #expect(Self.score("baz", "!foo | bar") == 0)
        #expect(Self.score("bar foo", "!foo | bar") == Self.score("bar foo", "bar"))
        #expect(Self.score("foo", "!foo | bar") == nil)
        #expect(Self.score("foo bar", "foo bar") == Self.score("foo bar", "foo")! + Self.score("foo bar", "bar")!)
    }

    static func library(_ count: Int) -> [String] {
        let artists = ["Björk", "Sigur Rós", "Daft Punk", "The Beatles", "Beyoncé", "Nina Simone",
                       "Antonín Dvořák", "Franz Schröder", "DJ Shadow", "坂本龍一"]
        let words = ["fire", "moon", "rain", "tiger", "road", "love", "blue", "live", "remix", "sun",
                     "star", "dream", "paper", "signal", "Allegro", "Symphony"]
        var lines: [String] = []
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<count {
            let title = (0..<(1 + next(3))).map { _ in words[next(words.count)] }.joined(separator: " ")
            lines.append("\(artists[next(artists.count)]) - \(title) - \(words[next(words.count)])")
        }
        return lines
    }

    @Test("top N equals the first N of the full ranking", arguments: ["fire", "ro", "sun | moon", "e"])
    func topN(query: String) throws {
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.library(20_000)))
        let full = try matcher.match(TextQuery.parse(query))
        for limit in [0, 1, 10, 100, 5_000] {
            let top = try matcher.match(TextQuery.parse(query), limit: limit)
            #expect(top.ranked == Array(full.ranked.prefix(limit)))
            #expect(top.matchCount == full.matchCount)
        }
    }

    @Test("the cache narrows the search only when sound, and never changes the results",
          arguments: [
        ["f", "fi", "fir", "fire", "fire m", "fire mo", "fir"],
        ["moon", "moon | sun", "moon"],
        ["!fire", "!fir", "!fi", "!fire"],
        ["'ro", "'roa", "^roa", "^roa$", "'road"],
        ["Fire", "fire", "Fire"],
        ["e$", "ve$", "love$", "'love", "lo"],
        ["the", "the b", "the be", "the bea", "the beat", "the beat l", "the beat li", "the beat", "the b"],
        ["fire", "fire !moon", "fire !moon | x", "fire 'road", "road fire", "fire fire"],
        ["a | b", "a | b c", "c a | b", "c !a | b", "a | b"],
        ["!the", "!the f", "f !the", "f !th"],
    ])
    func cache(sequence: [String]) throws {
        let corpus = MatchCorpus(lines: Self.library(10_000))
        var incremental = Matcher(corpus: corpus)
        for query in sequence {
            var fresh = Matcher(corpus: corpus)
            let expected = try fresh.match(TextQuery.parse(query))
            #expect(try incremental.match(TextQuery.parse(query)) == expected, "\(query)")
        }
    }

    @Test("typing more of a term searches only the previous matches")
    func cacheNarrows() throws {
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.library(10_000)))
        let first = try matcher.match(TextQuery.parse("fi"))
        #expect(matcher.lastSearchSpace == 10_000)
        _ = try matcher.match(TextQuery.parse("fir"))
        #expect(matcher.lastSearchSpace == first.matchCount)
        _ = try matcher.match(TextQuery.parse("fi"))
        #expect(matcher.lastSearchSpace == 0)
        _ = try matcher.match(TextQuery.parse("fi | x"))
        #expect(matcher.lastSearchSpace == 10_000)
    }

    @Test("a query that adds groups to a remembered one scores only the added groups")
    func cacheScoresOnlyNewGroups() throws {
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.library(10_000)))
        _ = try matcher.match(TextQuery.parse("fire"))
        #expect(matcher.lastScoredGroups == 1)
        _ = try matcher.match(TextQuery.parse("fire m"))
        #expect(matcher.lastScoredGroups == 1)
        _ = try matcher.match(TextQuery.parse("fire m !x"))
        #expect(matcher.lastScoredGroups == 1)  // `fire m` lent its scores
        _ = try matcher.match(TextQuery.parse("fire mo !x"))
        #expect(matcher.lastScoredGroups == 2)  // only `fire` lent: `mo` is not `m`
        _ = try matcher.match(TextQuery.parse("fire | x m"))
        #expect(matcher.lastScoredGroups == 2)  // `fire | x` is no remembered group
    }

    @Test("a page typed on from a remembered query is the first page of the full ranking",
          arguments: [
        ["f", "fi", "fir", "fire"], ["t", "th", "the"], ["r", "ro", "roa"], ["b", "bl", "blu"], ["/", "/x"],
        ["th", "the"], ["mo", "moo", "moon ra", "moon rai"], ["s", "sy", "sym", "symphony"], ["T", "Th", "The"],
        ["fire ro", "fire roa", "fire road"], ["Fi", "Fir", "fir"], ["ti !x", "tig !x", "tige !x"],
        ["fi | x", "fir | x"], ["!fi", "!fir"], ["'ro", "'roa"], ["lo", "love", "love$"],
    ])
    func boundedPages(sequence: [String]) throws {
        let corpus = MatchCorpus(lines: Self.library(20_000))
        var incremental = Matcher(corpus: corpus)
        for query in sequence {
            var fresh = Matcher(corpus: corpus)
            let full = try fresh.match(TextQuery.parse(query))
            for limit in [1, 10, 50] {
                let page = try incremental.match(TextQuery.parse(query), limit: limit)
                #expect(page.ranked == Array(full.ranked.prefix(limit)), "\(query) limit \(limit)")
                #expect(page.matchCount == full.matchCount, "\(query) limit \(limit)")
            }
            // Remembered, as the picker's second answer (the whole list) makes it.
            #expect(try incremental.match(TextQuery.parse(query)) == full)
        }
    }

    @Test("typing on in a fuzzy term scores only the lines whose bound reaches the page")
    func boundedPageSparesLines() throws {
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.library(20_000)))
        _ = try matcher.match(TextQuery.parse("fi"))
        let page = try matcher.match(TextQuery.parse("fir"), limit: 10)
        #expect(matcher.lastPageScoredLines > 0)
        #expect(matcher.lastPageScoredLines < page.matchCount)
        _ = try matcher.match(TextQuery.parse("fir m"), limit: 10)
        #expect(matcher.lastPageScoredLines == 0)  // a group added: not typed on in one term
        // From one character too (its score's shortfall to the best occurrence allowed for).
        _ = try matcher.match(TextQuery.parse("r"))
        let fromOne = try matcher.match(TextQuery.parse("ro"), limit: 10)
        #expect(matcher.lastPageScoredLines > 0)
        #expect(matcher.lastPageScoredLines < fromOne.matchCount)
    }

    @Test("a first page of one fuzzy term, nothing remembered, scores only the shortest lines that can reach it")
    func firstPageSparesLines() throws {
        let corpus = MatchCorpus(lines: Self.library(20_000))
        var matcher = Matcher(corpus: corpus)
        for query in ["t", "fi", "Th"] {
            let page = try matcher.match(TextQuery.parse(query), limit: 10)
            #expect(matcher.lastPageScoredLines > 0, "\(query)")
            #expect(matcher.lastPageScoredLines < page.matchCount / 5, "\(query)")
            var fresh = Matcher(corpus: corpus)
            let full = try fresh.match(TextQuery.parse(query))
            #expect(page.ranked == Array(full.ranked.prefix(10)) && page.matchCount == full.matchCount, "\(query)")
        }
        // Lines past the DP's reach (100 KiB) have no bound: they are scored first, shortest first, and
        // rank as the full search ranks them.
        let long = (0..<3).map { String(repeating: "x", count: 103_000 + 1_000 * $0) + " the fire" }
        let mixed = MatchCorpus(lines: Self.library(20_000) + long + [String(repeating: "y ", count: 60_000) + "t"])
        for query in ["t", "fi"] {
            var bounded = Matcher(corpus: mixed)
            let page = try bounded.match(TextQuery.parse(query), limit: 10)
            #expect(bounded.lastPageScoredLines > 0, "\(query)")
            var fresh = Matcher(corpus: mixed)
            let full = try fresh.match(TextQuery.parse(query))
            #expect(page.ranked == Array(full.ranked.prefix(10)) && page.matchCount == full.matchCount, "\(query)")
        }
        _ = try matcher.match(TextQuery.parse("t x"), limit: 10)
        #expect(matcher.lastPageScoredLines == 0)  // two groups: searched the usual way
        _ = try matcher.match(TextQuery.parse("'the"), limit: 10)
        #expect(matcher.lastPageScoredLines == 0)  // not fuzzy
    }

    @Test("candidates restrict the search; a different candidate list is not served from the cache")
    func candidates() throws {
        let lines = Self.library(5_000)
        var matcher = Matcher(corpus: MatchCorpus(lines: lines))
        let evens = Array(stride(from: 0, to: lines.count, by: 2))
        let all = try matcher.match(TextQuery.parse("love"))
        let some = try matcher.match(TextQuery.parse("love"), among: evens)
        #expect(some.ranked == all.ranked.filter { $0.index.isMultiple(of: 2) })
        #expect(try matcher.match(TextQuery.parse("love")) == all)
    }

    @Test("a cancelled search throws")
    func cancellation() {
        var matcher = Matcher(corpus: MatchCorpus(lines: Self.library(10_000)))
        #expect(throws: CancellationError.self) {
            try matcher.match(TextQuery.parse("fire"), isCancelled: { true })
        }
    }

    @Test("wide (non-Latin) lines and patterns")
    func wideLines() throws {
        let lines = ["坂本龍一 - 戦場のメリークリスマス", "Björk - Jóga", "Звезда - Кино"]
        #expect(try Self.ranked(lines, "龍一") == [0])
        #expect(try Self.ranked(lines, "звезда") == [2])
        #expect(try Self.ranked(lines, "!кино") == [0, 1])
        #expect(try Self.ranked(lines, "joga") == [1])
    }
}
