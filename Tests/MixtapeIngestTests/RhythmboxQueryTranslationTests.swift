import MixtapeCore
import MixtapeIngest
import Testing

/// Rhythmbox automatic-playlist criteria translated into the query language, one row per kind
/// of condition; each translation also parses (the translator checks it with `Query`).
@Suite("Rhythmbox criteria as queries")
struct RhythmboxQueryTranslationTests {
    typealias C = RhythmboxCriterion

    static func condition(_ relation: String, _ property: String, _ value: String) -> C {
        .condition(relation: relation, property: property, value: value)
    }

    /// (relation, property, value) → query. Julian day 729755 is 1999-01-01, 729906 1999-06-01.
    static let rows: [(String, String, String, String)] = [
        ("equals", "type", "song", "kind:music"),
        ("equals", "type", "podcast-post", "kind:podcast"),
        ("not-equal", "type", "song", "!kind:music"),
        ("like", "artist-folded", "beatles", "artist:beatles"),
        ("like", "title-folded", "love me do", "title:\"love me do\""),
        ("not-like", "genre-folded", "rock", "!genre:rock"),
        ("equals", "album", "Abbey Road", "album:=\"Abbey Road\""),
        ("not-equal", "artist", "ABBA", "!artist:=ABBA"),
        ("like", "composer-folded", "bach", "composer:bach"),
        ("like", "album-artist-folded", "various", "album_artist:various"),
        ("like", "comment", "say \"hi\"", "comments:\"say \\\"hi\\\"\""),
        ("like", "location", "Jazz%20Club", "location:\"Jazz Club\""),
        ("greater", "rating", "4.000000", "rating:>=80"),
        ("greater", "rating", "4,000000", "rating:>=80"),
        ("greater", "rating", "3.5", "rating:>=70"),
        ("less", "rating", "2.000000", "rating:<=40 | !rating:0.."),
        ("equals", "rating", "5.000000", "rating:100"),
        ("equals", "rating", "0.000000", "!rating:1.."),
        ("not-equal", "rating", "3.000000", "!rating:60"),
        ("greater", "play-count", "5", "plays:>=5"),
        ("less", "play-count", "3", "plays:<=3"),
        ("equals", "play-count", "0", "!plays:1.."),
        ("greater", "bitrate", "256", "bit_rate:>=256"),
        ("less", "track-number", "3", "track_number:<=3 | !track_number:0.."),
        ("equals", "disc-number", "2", "disc_number:2"),
        ("greater", "beats-per-minute", "120.50", "bpm:>=121"),
        ("greater", "duration", "300", "duration:>=5:00"),
        ("less", "duration", "185", "duration:<=3:05 | !duration:0.."),
        ("equals", "duration", "62", "duration:1:02"),
        ("equals", "date", "729906", "year:1999"),
        ("not-equal", "date", "729755", "!year:1999"),
        ("greater", "date", "729755", "year:>=1999"),
        ("less", "date", "729755", "year:<=1999 | !year:0.."),
        ("current-time-within", "first-seen", "604800", "kind:music added:<=7d"),
        ("current-time-within", "last-played", "2592000", "played:<=30d"),
        ("current-time-not-within", "last-played", "7776000", "!played:<=90d"),
        ("current-time-within", "mtime", "86400", "modified:<=1d"),
    ]

    @Test("one condition", arguments: rows)
    func translates(_ relation: String, _ property: String, _ value: String, _ expected: String) {
        var criteria = [Self.condition(relation, property, value)]
        if expected.hasPrefix("kind:music ") { criteria.insert(Self.condition("equals", "type", "song"), at: 0) }
        #expect(RhythmboxQueryTranslator.translate(criteria) == .success(expected))
    }

    @Test("Rhythmbox's default playlists")
    func defaults() {
        func standard(_ inner: C) -> [C] {
            [Self.condition("equals", "type", "song"), .subquery([inner])]
        }
        #expect(RhythmboxQueryTranslator.translate(standard(Self.condition("greater", "rating", "4.000000")))
            == .success("kind:music rating:>=80"))
        #expect(RhythmboxQueryTranslator.translate(standard(Self.condition("current-time-within", "first-seen", "604800")))
            == .success("kind:music added:<=7d"))
        #expect(RhythmboxQueryTranslator.translate(standard(Self.condition("current-time-within", "last-played", "604800")))
            == .success("kind:music played:<=7d"))
    }

    @Test("disjunctions become OR groups, distributed over AND")
    func disjunctions() {
        let genres: [C] = [Self.condition("equals", "genre", "Rock"), .disjunction, Self.condition("equals", "genre", "Jazz")]
        #expect(RhythmboxQueryTranslator.translate(genres) == .success("genre:=Rock | genre:=Jazz"))
        let nested: [C] = [Self.condition("equals", "type", "song"), .subquery(genres),
                           Self.condition("greater", "play-count", "2")]
        #expect(RhythmboxQueryTranslator.translate(nested) == .success("kind:music genre:=Rock | genre:=Jazz plays:>=2"))
        // (a AND b) OR c = (a OR c) AND (b OR c)
        let distributed: [C] = [Self.condition("like", "artist-folded", "a"), Self.condition("like", "album-folded", "b"),
                                .disjunction, Self.condition("like", "title-folded", "c")]
        #expect(RhythmboxQueryTranslator.translate(distributed) == .success("artist:a | title:c album:b | title:c"))
        #expect(RhythmboxQueryTranslator.translate([]) == .success(""))
    }

    /// Conditions the query language cannot say: the playlist gets no query and a warning.
    static let untranslatable: [(String, String, String)] = [
        ("prefix", "title-folded", "love"),
        ("suffix", "artist-folded", "band"),
        ("equals", "type", "iradio"),
        ("current-time-within", "first-seen", "3600"),
        ("greater", "last-seen", "100"),
        ("like", "search-match", "x"),
        ("greater", "rating", "many"),
        ("equals", "rating", "2.23"),
        ("not-like", "artist-folded", ""),
    ]

    @Test("no translation", arguments: untranslatable)
    func refuses(_ relation: String, _ property: String, _ value: String) {
        let criteria = [Self.condition("equals", "type", "song"), .subquery([Self.condition(relation, property, value)])]
        guard case .failure(let problem) = RhythmboxQueryTranslator.translate(criteria) else {
            Issue.record("translated \(relation) \(property) \(value)")
            return
        }
        #expect(problem.condition == "<\(relation) prop=\"\(property)\">\(value)</\(relation)>")
    }

    @Test("a disjunction that multiplies past the limit is refused")
    func tooManyAlternatives() {
        var criteria: [C] = []
        for index in 0..<8 {
            if index > 0 { criteria.append(.disjunction) }
            criteria.append(Self.condition("like", "artist-folded", "a\(index)"))
            criteria.append(Self.condition("like", "title-folded", "t\(index)"))
        }
        guard case .failure = RhythmboxQueryTranslator.translate(criteria) else {
            Issue.record("translated 2^8 alternatives")
            return
        }
    }
}
