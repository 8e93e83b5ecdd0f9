import MixtapeCore
import MixtapeIngest
import Testing

/// Rhythmbox's rhythmdb.xml and playlists.xml read from bytes: field mapping, ids, playlists,
/// malformed and hostile input.
@Suite("Rhythmbox reader")
struct RhythmboxReaderTests {
    static func database(_ entries: String, version: String = "2.0") -> [UInt8] {
        Array("<?xml version=\"1.0\" standalone=\"yes\"?>\n<rhythmdb version=\"\(version)\">\n\(entries)</rhythmdb>\n".utf8)
    }

    static func playlists(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<rhythmdb-playlists>\n\(body)</rhythmdb-playlists>\n".utf8)
    }

    static func song(_ location: String, _ extra: String = "") -> String {
        "  <entry type=\"song\">\n    <title>T</title>\n    <location>\(location)</location>\n\(extra)  </entry>\n"
    }

    static func read(_ entries: String, playlists body: String? = nil) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        try RhythmboxLibraryReader.read(bytes: database(entries), playlists: body.map(playlists), name: "/music/rhythmdb.xml")
    }

    static let fullSong = """
      <entry type="song">
        <title>Sch&#xFC;sse &amp; Luft</title>
        <genre>Rock</genre>
        <artist>Kraftklub</artist>
        <album>In Schwarz</album>
        <track-number>5</track-number>
        <track-total>16</track-total>
        <disc-number>1</disc-number>
        <disc-total>2</disc-total>
        <duration>248</duration>
        <file-size>10083755</file-size>
        <location>file:///home/pha/Music/Kraftklub/05%20-%20Sch%C3%BCsse%20&amp;%20Luft.mp3</location>
        <mountpoint>file:///media/pha/Data</mountpoint>
        <mtime>1410475360</mtime>
        <first-seen>1474206064</first-seen>
        <last-seen>1474206064</last-seen>
        <rating>3.500000</rating>
        <play-count>7</play-count>
        <last-played>1621208006</last-played>
        <bitrate>320</bitrate>
        <date>735234</date>
        <media-type>audio/mpeg</media-type>
        <mb-trackid>abc</mb-trackid>
        <comment>line&#13;
    two</comment>
        <album-artist>Kraftklub</album-artist>
        <composer>Unknown</composer>
        <beats-per-minute>120.5</beats-per-minute>
      </entry>

    """

    @Test("every mapped field of a song")
    func fieldMapping() throws {
        let (items, summary) = try Self.read(Self.fullSong)
        let item = try #require(items.first)
        #expect(items.count == 1 && summary.trackCount == 1)
        #expect(item.kind == .music)
        #expect(item.title == "Schüsse & Luft")
        #expect(item.genre == "Rock" && item.artist == "Kraftklub" && item.album == "In Schwarz")
        #expect(item.albumArtist == "Kraftklub" && item.composer == "Unknown")
        #expect(item.comments == "line\r\ntwo")
        #expect(item.trackNumber == 5 && item.trackCount == 16 && item.discNumber == 1 && item.discCount == 2)
        #expect(item.durationMs == 248_000 && item.size == 10_083_755 && item.bitRate == 320)
        #expect(item.location == "/home/pha/Music/Kraftklub/05 - Schüsse & Luft.mp3")
        #expect(item.dateModified == Timestamp(iso8601: "2014-09-11T22:42:40Z"))
        #expect(item.dateAdded == Timestamp(iso8601: "2016-09-18T13:41:04Z"))
        #expect(item.playDate == Timestamp(iso8601: "2021-05-16T23:33:26Z"))
        #expect(item.rating == 70 && item.playCount == 7 && item.bpm == 121)
        #expect(item.year == 2014)  // Julian day 735234 = 2014-01-01
        #expect(item.disabled == false)
        #expect(item.source == "/music/rhythmdb.xml")
        #expect(summary.applicationVersion == "Rhythmbox (rhythmdb 2.0)")
    }

    @Test("zeros and empty elements are absent; hidden is disabled; a comma-locale rating is read")
    func zerosAndHidden() throws {
        let extra = "    <track-number>0</track-number>\n    <duration>0</duration>\n    <date>0</date>\n"
            + "    <genre></genre>\n    <rating>4,000000</rating>\n    <last-played>0</last-played>\n"
            + "    <hidden>1</hidden>\n"
        let item = try #require(try Self.read(Self.song("file:///a.mp3", extra)).items.first)
        #expect(item.trackNumber == nil && item.durationMs == nil && item.year == nil && item.playDate == nil)
        #expect(item.genre == nil)
        #expect(item.rating == 80)
        #expect(item.disabled)
    }

    @Test("entry types: songs and podcast posts are items; radio, feeds and ignored files are not")
    func entryTypes() throws {
        let entries = Self.song("file:///s.mp3")
            + "  <entry type=\"iradio\"><title>R</title><location>http://r.example/live</location></entry>\n"
            + "  <entry type=\"ignore\"><location>file:///cover.jpg</location></entry>\n"
            + "  <entry type=\"podcast-feed\"><location>http://p.example/feed.xml</location></entry>\n"
            + "  <entry type=\"podcast-post\"><title>E1</title><location>http://p.example/1.mp3</location>"
            + "<mountpoint>file:///home/a/Podcasts/1.mp3</mountpoint></entry>\n"
            + "  <entry type=\"podcast-post\"><title>E2</title><location>http://p.example/2.mp3</location></entry>\n"
        let items = try Self.read(entries).items
        #expect(items.map(\.kind) == [.music, .podcast, .podcast])
        #expect(items[1].location == "/home/a/Podcasts/1.mp3")
        #expect(items[1].id == ItemID.derived(scheme: "rhythmbox", parts: ["http://p.example/1.mp3"]))
        #expect(items[2].location == "http://p.example/2.mp3")
    }

    @Test("ids come from the decoded location: reordered entries and another escaping keep them")
    func ids() throws {
        let a = Self.song("file:///m/a%20b.mp3"), b = Self.song("file:///m/%C3%A9.mp3")
        let first = try Self.read(a + b).items.map(\.id)
        let reordered = try Self.read(b + a).items.map(\.id)
        let lowerHex = try Self.read(Self.song("file:///m/%c3%a9.mp3")).items.map(\.id)
        #expect(first[0] == ItemID.derived(scheme: "rhythmbox", parts: ["/m/a b.mp3"]))
        #expect(first[0].rawValue.hasPrefix("rhythmbox:"))
        #expect(Set(first) == Set(reordered) && first.count == 2)
        #expect(lowerHex == [first[1]])
    }

    /// Rhythmbox writes a Latin-1 file name's byte as `%E9`: kept as that byte (a `PathBytes`
    /// escape), so the location opens the file, two such names stay two items, and a
    /// playlist entry finds its song.
    @Test("a percent-encoded byte that is not UTF-8 stays that byte, in songs and playlists")
    func latin1Names() throws {
        let body = """
          <playlist name="Old" type="static">
            <location>file:///m/Caf%E9.mp3</location>
            <location>file:///m/Caf%E8.mp3</location>
          </playlist>

        """
        let (items, summary) = try Self.read(Self.song("file:///m/Caf%E9.mp3") + Self.song("file:///m/Caf%E8.mp3"),
                                             playlists: body)
        #expect(items.map(\.location) == ["/m/Caf\u{10FFE9}.mp3", "/m/Caf\u{10FFE8}.mp3"])
        #expect(items.map { PathBytes.bytes($0.location ?? "") } == [Array("/m/Caf".utf8) + [0xE9] + Array(".mp3".utf8),
                                                                     Array("/m/Caf".utf8) + [0xE8] + Array(".mp3".utf8)])
        #expect(summary.playlists.first?.items == items.map(\.id) && summary.playlists.first?.missing == 0)
    }

    @Test("a location listed twice keeps the first entry, with a warning; one without a location is skipped")
    func duplicates() throws {
        let (items, summary) = try Self.read(Self.song("file:///x.mp3", "    <genre>First</genre>\n")
            + Self.song("file:///x.mp3", "    <genre>Second</genre>\n")
            + "  <entry type=\"song\"><title>No location</title></entry>\n")
        #expect(items.map(\.genre) == ["First"])
        #expect(summary.warnings.count == 2)
    }

    @Test("static playlists keep order and repeats and count locations that name no item; the queue is not listed")
    func staticPlaylists() throws {
        let entries = Self.song("file:///m/a.mp3") + Self.song("file:///m/b%20c.mp3")
        let body = """
          <playlist name="Mix" show-browser="true" browser-position="180" search-type="search-match" type="static">
            <location>file:///m/b%20c.mp3</location>
            <location>file:///m/a.mp3</location>
            <location>file:///m/gone.mp3</location>
            <location>file:///m/b%20c.mp3</location>
          </playlist>
          <playlist name="Play Queue" show-browser="false" browser-position="180" search-type="search-match" type="queue">
            <location>file:///m/a.mp3</location>
          </playlist>
          <playlist name="Empty" type="static"/>
          <playlist name="Mix" type="static"/>

        """
        let (items, summary) = try Self.read(entries, playlists: body)
        let a = items[0].id, bc = items[1].id
        #expect(summary.playlists.map(\.name) == ["Mix", "Empty", "Mix"])
        let mix = summary.playlists[0]
        #expect(mix.items == [bc, a, bc] && mix.missing == 1 && !mix.isSmart)
        // The entry that names no song stays in its place, for an export to write.
        #expect(mix.unresolved == [UnresolvedEntry(position: 2, location: "/m/gone.mp3")])
        #expect(mix.id.rawValue.hasPrefix("rhythmbox-playlist:"))
        #expect(mix.source == "/music/rhythmdb.xml")
        #expect(Set(summary.playlists.map(\.id)).count == 3, "a second playlist of the same name gets its own id")
        let again = try Self.read(entries, playlists: body).summary.playlists.map(\.id)
        #expect(again == summary.playlists.map(\.id))
    }

    @Test("automatic playlists become smart playlists with a rule: query, sort, limit")
    func automaticPlaylists() throws {
        let body = """
          <playlist name="My Top Rated" type="automatic" sort-key="Rating" sort-direction="1">
            <conjunction>
              <equals prop="type">song</equals>
              <subquery>
                <conjunction>
                  <greater prop="rating">4,000000</greater>
                </conjunction>
              </subquery>
            </conjunction>
          </playlist>
          <playlist name="Short" type="automatic" limit-count="25" sort-key="Time" sort-direction="0">
            <conjunction><less prop="duration">180</less><disjunction/><like prop="genre-folded">punk</like></conjunction>
          </playlist>
          <playlist name="Big" type="automatic" limit-size="700"><conjunction/></playlist>
          <playlist name="Hour" type="automatic" limit-time="3600"><conjunction/></playlist>

        """
        let summary = try Self.read(Self.song("file:///a.mp3"), playlists: body).summary
        let rules = summary.playlists.map(\.rule)
        #expect(summary.playlists.allSatisfy { $0.isSmart })
        #expect(rules[0] == SmartRule(query: "kind:music rating:>=80", sort: "rating-"))
        #expect(rules[1] == SmartRule(query: "duration:<=3:00 | !duration:0.. | genre:punk", sort: "duration_ms",
                                      limit: .items(25)))
        #expect(rules[2] == SmartRule(query: "", limit: .bytes(701 * 1_048_576 - 1)))
        #expect(rules[3] == SmartRule(query: "", limit: .durationMs(3_600_000)))
        #expect(summary.warnings.isEmpty)
    }

    @Test("an automatic playlist with a condition that has no translation: no query, a warning naming it")
    func untranslatable() throws {
        let body = """
          <playlist name="Starts" type="automatic">
            <conjunction><prefix prop="title-folded">love</prefix></conjunction>
          </playlist>

        """
        let summary = try Self.read(Self.song("file:///a.mp3"), playlists: body).summary
        let playlist = try #require(summary.playlists.first)
        #expect(playlist.isSmart && playlist.rule != nil && playlist.rule?.query == nil && playlist.items.isEmpty)
        let warning = try #require(summary.warnings.first)
        #expect(warning.message.contains("<prefix prop=\"title-folded\">love</prefix>"), "\(warning)")
        #expect(warning.message.contains("Starts"))
        #expect(warning.position?.file == "/music/playlists.xml")
    }

    static let malformedDatabases: [(String, String)] = [
        ("truncated", "<?xml version=\"1.0\"?>\n<rhythmdb version=\"2.0\">\n  <entry type=\"song\">\n    <title>T"),
        ("mismatched tag", "<?xml version=\"1.0\"?>\n<rhythmdb version=\"2.0\">\n  <entry type=\"song\"><title>T</album></entry>\n</rhythmdb>\n"),
        ("wrong root", "<?xml version=\"1.0\"?>\n<rhythmdb-playlists/>\n"),
        ("bad entity", "<?xml version=\"1.0\"?>\n<rhythmdb>\n  <entry type=\"song\"><title>&bogus;</title></entry>\n</rhythmdb>\n"),
        ("empty", ""),
        ("not XML", "rhythmdb\n"),
    ]

    @Test("every malformed database is a located error", arguments: malformedDatabases)
    func malformedDatabase(_ name: String, _ text: String) {
        do {
            _ = try RhythmboxLibraryReader.read(bytes: Array(text.utf8), name: "/music/rhythmdb.xml")
            Issue.record("\(name): read")
        } catch let error as MalformedSourceError {
            #expect(error.position.file == "/music/rhythmdb.xml")
            #expect(error.position.line >= 1 && error.position.column >= 1)
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test("a malformed playlists.xml is a located error in that file")
    func malformedPlaylists() {
        let cases = ["<rhythmdb-playlists>\n  <playlist name=\"x\" type=\"static\">\n    <location>file:///a",
                     "<?xml version=\"1.0\"?>\n<rhythmdb>\n</rhythmdb>\n",
                     "<rhythmdb-playlists>\n  <playlist name=\"x\" type=\"static\"></location></rhythmdb-playlists>\n"]
        for text in cases {
            do {
                _ = try RhythmboxLibraryReader.read(bytes: Self.database(Self.song("file:///a")), playlists: Array(text.utf8),
                                                    name: "/music/rhythmdb.xml")
                Issue.record("read \(text)")
            } catch let error as MalformedSourceError {
                #expect(error.position.file == "/music/playlists.xml", "\(error)")
                #expect(error.position.line >= 2, "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("external entities, an external DTD and billion laughs are errors, never expanded")
    func hostile() {
        var laughs = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let documents = [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rhythmdb [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<rhythmdb>"
                + Self.song("file:///a", "<genre>&xxe;</genre>") + "</rhythmdb>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rhythmdb SYSTEM \"file:///etc/passwd\">\n<rhythmdb>"
                + Self.song("file:///a", "<genre>&xxe;</genre>") + "</rhythmdb>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rhythmdb [\(laughs)]>\n<rhythmdb>"
                + Self.song("file:///a", "<genre>&lol9;</genre>") + "</rhythmdb>",
        ]
        for document in documents {
            do {
                let (items, _) = try RhythmboxLibraryReader.read(bytes: Array(document.utf8), name: "/music/rhythmdb.xml")
                Issue.record("read \(items.count) items, genre \(items.first?.genre ?? "-")")
            } catch let error as MalformedSourceError {
                #expect(error.position.line >= 1)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
