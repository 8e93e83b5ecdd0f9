import MixtapeCore
import Testing

@Suite("Output: JSON lines, --format templates, --sort")
struct OutputTests {
    static func item(_ id: String, artist: String? = nil, title: String? = nil, year: Int64? = nil) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.artist = artist
        item.title = title
        item.year = year
        return item
    }

    @Test("JSON escapes quotes, backslashes and control characters, keeps UTF-8, omits unknowns")
    func jsonLine() {
        var item = OutputTests.item("itunes:AB", artist: "Björk \"Guðmundsdóttir\"", title: "a\\b\nc\u{1}")
        item.loved = true
        item.dateAdded = Timestamp(rawValue: 0)
        #expect(item.jsonLine == #"{"id":"itunes:AB","title":"a\\b\nc\u0001","artist":"Björk \"Guðmundsdóttir\"","#
                + #""loved":true,"compilation":false,"explicit":false,"disabled":false,"kind":"music","#
                + #""date_added":"1970-01-01T00:00:00Z"}"#)
    }

    @Test("templates render fields by JSON key; missing values render empty", arguments: [
        ("{artist} - {title} - {album}", "Air - Alone - "),
        ("{title} ({year})", "Alone (1998)"),
        ("{{{id}}}", "{x:1}"),
        ("plain", "plain"),
        ("{name}", "Alone"),
        ("{loved}|{date_added}|{rating}", "false|1970-01-01T00:00:00Z|"),
    ])
    func template(template: String, expected: String) throws {
        var item = OutputTests.item("x:1", artist: "Air", title: "Alone", year: 1998)
        item.dateAdded = Timestamp(rawValue: 0)
        #expect(try FormatTemplate(template).render(item) == expected)
        // The byte form a snapshot writer uses is the same text, after what was there.
        var bytes = Array("> ".utf8)
        try FormatTemplate(template).render(item, appendingTo: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "> " + expected)
    }

    @Test("bad templates name the problem", arguments: ["{artst}", "{title", "{}"])
    func badTemplate(template: String) {
        #expect(throws: FormatTemplateError.self) { try FormatTemplate(template) }
    }

    @Test("sort: descending, several keys, unknown values last either way, stable")
    func sort() throws {
        let items = [
            OutputTests.item("a", title: "b", year: 1990),
            OutputTests.item("b", title: "a", year: nil),
            OutputTests.item("c", title: "C", year: 2000),
            OutputTests.item("d", title: "a", year: 1990),
        ]
        #expect(try ItemSort("year-,title").sorted(items).map(\.id.rawValue) == ["c", "d", "a", "b"])
        #expect(try ItemSort("year").sorted(items).map(\.id.rawValue) == ["a", "d", "c", "b"])
        #expect(try ItemSort("title").sorted(items).map(\.id.rawValue) == ["b", "d", "a", "c"])
        #expect(throws: ItemSortError.self) { try ItemSort("yaer") }
    }

    @Test("playlist paths follow folders; a slash in a name is escaped; cycles end")
    func playlistPaths() {
        var road = Playlist(id: PlaylistID(rawValue: "f"), name: "Road Trips")
        road.isFolder = true
        var summer = Playlist(id: PlaylistID(rawValue: "s"), name: "Summer/Winter")
        summer.parentID = road.id
        var loopA = Playlist(id: PlaylistID(rawValue: "la"), name: "A")
        loopA.parentID = PlaylistID(rawValue: "lb")
        var loopB = Playlist(id: PlaylistID(rawValue: "lb"), name: "B")
        loopB.parentID = loopA.id
        let paths = PlaylistPath.paths(of: [summer, road, loopA, loopB])
        #expect(paths[summer.id] == #"Road Trips/Summer\/Winter"#)
        #expect(paths[road.id] == "Road Trips")
        #expect(paths[loopA.id] == "B/A")
    }

    @Test("derived ids are stable and separate their parts")
    func derivedIDs() {
        let a = ItemID.derived(scheme: "itunes-derived", parts: ["ab", "c"])
        #expect(a == ItemID.derived(scheme: "itunes-derived", parts: ["ab", "c"]))
        #expect(a != ItemID.derived(scheme: "itunes-derived", parts: ["a", "bc"]))
        #expect(a.rawValue.hasPrefix("itunes-derived:") && a.rawValue.count == "itunes-derived:".count + 16)
    }

    @Test("fingerprints change with any field")
    func fingerprint() {
        let base = OutputTests.item("x", artist: "A", title: "T", year: 2000)
        var changed = base
        changed.rating = 80
        #expect(base.fingerprint == OutputTests.item("x", artist: "A", title: "T", year: 2000).fingerprint)
        #expect(base.fingerprint != changed.fingerprint)
    }
}

@Suite("Library order")
struct LibraryOrderTests {
    static func item(_ id: String, _ artist: String?, album: String? = "A", disc: Int64? = nil,
                     track: Int64? = nil, title: String? = "T") -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.artist = artist
        item.album = album
        item.discNumber = disc
        item.trackNumber = track
        item.title = title
        return item
    }

    @Test("NFC, NFD and case spellings of one artist sort together; unknowns last; numbers numerically")
    func order() {
        let items = [
            Self.item("1", "Beyonce\u{301} feat. Jay-Z"),
            Self.item("2", "Beyonc\u{e9}"),
            Self.item("3", "beyonce", track: 2),
            Self.item("4", nil),
            Self.item("5", "Björk", track: 10),
            Self.item("6", "Bjo\u{308}rk", track: 9),
            Self.item("7", "Björk", track: -1),
            Self.item("8", "Björk", track: nil),
            Self.item("9", "Zoë", album: nil),
            Self.item("10", "Zoe", album: "B"),
        ]
        let sorted = items.sorted { LibraryOrder.sortKey(for: $0).lexicographicallyPrecedes(LibraryOrder.sortKey(for: $1)) }
        #expect(sorted.map { $0.id.rawValue } == ["3", "2", "1", "7", "6", "5", "8", "10", "9", "4"])
    }
}

@Suite("ClockTime: durations as a player shows them")
struct ClockTimeTests {
    @Test(arguments: [
        (Int64(0), "0:00"), (999, "0:00"), (1_000, "0:01"), (252_000, "4:12"), (599_999, "9:59"),
        (3_599_000, "59:59"), (3_600_000, "1:00:00"), (3_723_000, "1:02:03"), (36_000_000, "10:00:00"),
        (-5_000, "0:00"),
    ])
    func formats(_ milliseconds: Int64, _ text: String) {
        #expect(ClockTime.text(milliseconds: milliseconds) == text)
    }
}

@Suite("TagSet: layered tag sources")
struct TagSetTests {
    @Test func higherSourceWinsFieldByField() {
        let sidecar = TagSet([.title: .text("Sidecar"), .year: .integer(1999)])
        let embedded = TagSet([.title: .text("Embedded"), .artist: .text("Band"), .year: .integer(2001)])
        let merged = sidecar.overriding(embedded)
        #expect(merged[.title] == .text("Sidecar"))
        #expect(merged[.artist] == .text("Band"))
        #expect(merged[.year] == .integer(1999))
    }

    @Test(arguments: [
        (Field.title, FieldValue.text("  "), false), (.title, .integer(3), false), (.year, .text("1999"), false),
        (.kind, .text("podcast"), true), (.kind, .text("cassette"), false), (.loved, .bool(true), true),
        (.title, .text("x"), true),
    ])
    func keepsOnlyValuesThatFit(_ field: Field, _ value: FieldValue, _ kept: Bool) {
        var tags = TagSet()
        tags[field] = value
        #expect((tags[field] != nil) == kept)
    }

    @Test func appliesToAnItemButNeverItsIdentity() {
        var item = MediaItem(id: ItemID(rawValue: "file:1"))
        TagSet([.id: .text("file:2"), .title: .text("T"), .kind: .text("podcast")]).apply(to: &item)
        #expect(item.id.rawValue == "file:1")
        #expect(item.title == "T")
        #expect(item.kind == .podcast)
    }
}
