import MixtapeCore
import Testing

/// The filter types one by one: folding, durations, dates, paths, playlists, the registry.
@Suite("Query: filter types")
struct QueryFilterTests {
    static func item(artist: String? = nil, location: String? = nil) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: "x"))
        item.artist = artist
        item.location = location
        return item
    }

    static let context = QueryContext(now: Timestamp(rawValue: 0))

    static func matches(_ query: String, _ item: MediaItem) throws -> Bool {
        try Query(parsing: query).matchesFilters(item, in: context)
    }

    @Test("string filters fold case and Latin accents, NFC and NFD alike", arguments: [
        ("artist:beyonce", "Beyonc\u{E9}", true),
        ("artist:beyonce", "Beyonce\u{301}", true),
        ("artist:Beyonc\u{E9}", "Beyonce\u{301}", true),
        ("artist:Beyonce\u{301}", "BEYONC\u{C9}", true),
        ("artist:BEYONCE\u{301}", "beyonce", true),
        ("artist:=beyonce", "Beyonc\u{E9}", true),
        ("artist:=beyonce", "Beyonc\u{E9} Knowles", false),
        ("artist:bjork", "Bj\u{F6}rk", true),
        ("artist:dvorak", "Anton\u{ED}n Dvo\u{159}\u{E1}k", true),
        ("artist:dvorak", "ANTONI\u{301}N DVOR\u{30C}A\u{301}K", true),
        ("artist:lodz", "\u{141}\u{F3}d\u{17A}", true),
        ("artist:hanh", "H\u{1EA1}nh", true),
        // Vietnamese letters with two diacritics (fzf's table has them too), either side.
        ("artist:tran", "Tr\u{1EA7}n", true),
        ("artist:Tr\u{1EA7}n", "TRAN", true),
        ("artist:=nguyen", "Nguy\u{1EC5}n", true),
        ("artist:\u{1EE8}ng", "\u{1B0}ng", true),
        ("artist:sigur", "Sigur R\u{F3}s", true),
        ("artist:\u{3B1}", "\u{391}\u{3B2}", true),
        ("artist:beyonce", "Bey", false),
        ("artist:x", nil, false),
        ("!artist:x", nil, true),
    ])
    func folding(query: String, artist: String?, expected: Bool) throws {
        #expect(try QueryFilterTests.matches(query, QueryFilterTests.item(artist: artist)) == expected)
    }

    @Test("path: is a component-wise folder prefix", arguments: [
        ("path:/srv/music/jazz", "/srv/music/jazz/a.mp3", true),
        ("path:/srv/music/jazz", "/srv/music/jazzfunk/a.mp3", false),
        ("path:/srv/music/jazz", "/srv/music/jazz", true),
        ("path:/srv//music/jazz/", "/srv/music/jazz/x/y.flac", true),
        ("path:/srv/music/Jazz", "/srv/music/jazz/a.mp3", false),
        ("path:srv/music", "/srv/music/a.mp3", false),
        ("path:/", "/a.mp3", true),
        ("path:C:/Music", "C:/Music/x.mp3", true),
        ("path:\"/srv/my music\"", "/srv/my music/x.mp3", true),
        ("path:/srv/Caf\u{E9}", "/srv/Cafe\u{301}/x.mp3", true),
        ("path:/srv/Cafe\u{301}", "/srv/Caf\u{E9}/x.mp3", true),
        ("path:/srv/Cafe", "/srv/Caf\u{E9}/x.mp3", false),
        ("path:/srv", nil, false),
    ])
    func path(query: String, location: String?, expected: Bool) throws {
        #expect(try QueryFilterTests.matches(query, QueryFilterTests.item(location: location)) == expected)
    }

    @Test("duration values compile to whole-second bounds in ms", arguments: [
        ("1h", 3_600_000, 3_601_000),
        ("5m", 300_000, 301_000),
        ("90s", 90_000, 91_000),
        ("200", 200_000, 201_000),
        ("2m30s", 150_000, 151_000),
        ("1h5m", 3_900_000, 3_901_000),
        ("1h0m1s", 3_601_000, 3_602_000),
        ("3:07", 187_000, 188_000),
        ("1:02:03", 3_723_000, 3_724_000),
        ("75:00", 4_500_000, 4_501_000),
    ])
    func durations(value: String, lower: Int64, upper: Int64) throws {
        #expect(try DurationSyntax.bounds(Substring(value)) == IntegerBounds(lower: lower, upper: upper))
    }

    @Test("calendar values span their whole year, month or day in UTC", arguments: [
        ("2024", "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"),
        ("2024-02", "2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z"),
        ("2023-02", "2023-02-01T00:00:00Z", "2023-03-01T00:00:00Z"),
        ("2024-12", "2024-12-01T00:00:00Z", "2025-01-01T00:00:00Z"),
        ("2024-2-29", "2024-02-29T00:00:00Z", "2024-03-01T00:00:00Z"),
        ("2024-01..2024-06", "2024-01-01T00:00:00Z", "2024-07-01T00:00:00Z"),
        ("1999..2000-01-01", "1999-01-01T00:00:00Z", "2000-01-02T00:00:00Z"),
    ])
    func calendar(value: String, lower: String, upper: String) throws {
        let expected = DateBounds(
            lower: DateLimit(.instant(Timestamp(iso8601: lower)!), inclusive: true),
            upper: DateLimit(.instant(Timestamp(iso8601: upper)!), inclusive: false))
        #expect(try DateSyntax.bounds(Substring(value)) == expected)
    }

    @Test("ages count back from now; months and years by the calendar", arguments: [
        ("2024-06-15T12:00:00Z", "30d", "2024-05-16T12:00:00Z"),
        ("2024-06-15T12:00:00Z", "2w", "2024-06-01T12:00:00Z"),
        ("2024-03-31T08:00:00Z", "1m", "2024-02-29T08:00:00Z"),
        ("2023-03-31T08:00:00Z", "1m", "2023-02-28T08:00:00Z"),
        ("2024-01-15T00:00:00Z", "13m", "2022-12-15T00:00:00Z"),
        ("2024-02-29T10:00:00Z", "1y", "2023-02-28T10:00:00Z"),
        ("2024-06-15T12:00:00Z", "0d", "2024-06-15T12:00:00Z"),
    ])
    func ages(now: String, age: String, expected: String) throws {
        let age = try #require(RelativeAge(age))
        #expect(age.before(Timestamp(iso8601: now)!) == Timestamp(iso8601: expected)!)
    }

    @Test("age comparisons: strict < and >, inclusive <= and >= at the exact second")
    func ageEdges() throws {
        let now = Timestamp(iso8601: "2024-06-15T12:00:00Z")!
        let context = QueryContext(now: now)
        var item = MediaItem(id: ItemID(rawValue: "x"))
        item.dateAdded = Timestamp(iso8601: "2024-06-14T12:00:00Z")
        func check(_ query: String) throws -> Bool { try Query(parsing: query).matchesFilters(item, in: context) }
        #expect(try !check("added:<1d"))
        #expect(try check("added:<=1d"))
        #expect(try !check("added:>1d"))
        #expect(try check("added:>=1d"))
        #expect(try check("added:1d..1d"))
        #expect(try check("added:..1d"))
        #expect(try !check("added:2d.."))
    }

    @Test("playlists: names, folder paths and ids, folders take in their children")
    func playlists() {
        let membership = PlaylistMembership(QueryTestLibrary.playlists)
        let ids = { (reference: String) in membership.members(of: reference).map(\.rawValue).sorted() }
        #expect(ids("Road Trip") == ["a", "h"])
        #expect(ids("ROAD TRIP") == ["a", "h"])
        #expect(ids("Travel") == ["a", "g", "h"])
        #expect(ids("travel/summer") == ["g"])
        #expect(ids("p:road") == ["a", "h"])
        #expect(ids("Nowhere") == [])
        let looped = [
            QueryTestLibrary.playlist("p:1", "One", parent: "p:2", ["a"]),
            QueryTestLibrary.playlist("p:2", "Two", parent: "p:1", ["b"]),
        ]
        // The cycle is cut where it closes: Two (whose link closes it) at the top, One inside it.
        #expect(PlaylistMembership(looped).members(of: "One").map(\.rawValue).sorted() == ["a"])
        #expect(PlaylistMembership(looped).members(of: "Two").map(\.rawValue).sorted() == ["a", "b"])
        #expect(PlaylistMembership(looped, only: ["two/one"]).members(of: "Two/One").map(\.rawValue) == ["a"])
    }

    @Test("every JSON key and every alias of query.md names a field")
    func registry() {
        for field in Field.allCases {
            #expect(QueryField.named(field.key) != nil, "\(field.key)")
        }
        let aliases = [
            "t": "title", "a": "artist", "al": "album", "g": "genre", "y": "year",
            "albumartist": "album_artist", "plays": "play_count", "skips": "skip_count",
            "added": "date_added", "played": "play_date", "duration": "duration", "length": "duration",
            "stars": "stars", "kind": "kind", "playlist": "playlist", "path": "path", "selected": "selected",
        ]
        for (alias, name) in aliases {
            #expect(QueryField.named(alias)?.name == name, "\(alias)")
        }
        let names = QueryField.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } })
    }

    @Test("suggestions catch typos and stay quiet otherwise", arguments: [
        ("artst", "artist"), ("ablum", "album"), ("yaer", "year"), ("genr", "genre"),
        ("playlst", "playlist"), ("lenght", "length"), ("plyas", "plays"),
        ("foo", nil), ("zzzzzz", nil), ("q", nil),
    ] as [(String, String?)])
    func suggestions(typed: String, expected: String?) {
        #expect(QueryField.suggestion(for: typed) == expected)
    }
}
