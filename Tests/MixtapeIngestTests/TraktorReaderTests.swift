import Foundation
import MixtapeCore
import MixtapeIngest
import Testing

/// The Traktor NML reader from bytes: field mapping, ids, locations, the playlist tree, and
/// every malformed or hostile shape giving a located `MalformedSourceError`.
@Suite("Traktor reader")
struct TraktorReaderTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
        + "<NML VERSION=\"19\"><HEAD COMPANY=\"www.native-instruments.com\" PROGRAM=\"Traktor\"></HEAD>\n"

    /// An ENTRY in Traktor's own one-element-per-line layout.
    static func entry(title: String = "Glue", volume: String = "Macintosh HD", dir: String = "/:Users/:dj/:Music/:",
                      file: String = "Glue.wav", info: String = "", extra: String = "") -> String {
        "<ENTRY MODIFIED_DATE=\"2019/12/12\" MODIFIED_TIME=\"85270\" AUDIO_ID=\"AQ2I\" TITLE=\"\(title)\" ARTIST=\"BICEP\">"
            + "<LOCATION DIR=\"\(dir)\" FILE=\"\(file)\" VOLUME=\"\(volume)\" VOLUMEID=\"\(volume)\"></LOCATION>\n"
            + "<ALBUM TRACK=\"3\" OF_TRACKS=\"9\" TITLE=\"Glue EP\"></ALBUM>\n"
            + "<INFO \(info)></INFO>\n" + extra
            + "<TEMPO BPM=\"129.999512\" BPM_QUALITY=\"100.000000\"></TEMPO>\n"
            + "<MUSICAL_KEY VALUE=\"16\"></MUSICAL_KEY>\n</ENTRY>\n"
    }

    static func collection(_ entries: [String], playlists: String = "") -> String {
        head + "<COLLECTION ENTRIES=\"\(entries.count)\">" + entries.joined() + "</COLLECTION>\n<SETS ENTRIES=\"0\"></SETS>\n"
            + "<PLAYLISTS>" + playlists + "</PLAYLISTS>\n</NML>\n"
    }

    static func read(_ xml: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        try TraktorLibraryReader.read(bytes: Array(xml.utf8), name: "/music/collection.nml")
    }

    @Test("every field of an ENTRY maps as docs/guide.md says")
    func fieldMapping() throws {
        let info = "BITRATE=\"1411200\" GENRE=\"Breaks\" LABEL=\"Ninja Tune\" COMMENT=\"+DB\" KEY=\"8m\" REMIXER=\"Someone\" "
            + "PLAYCOUNT=\"5\" PLAYTIME=\"212\" PLAYTIME_FLOAT=\"211.304489\" RANKING=\"204\" IMPORT_DATE=\"2025/6/5\" "
            + "LAST_PLAYED=\"2025/4/16\" RELEASE_DATE=\"2010/1/1\" FLAGS=\"12\" FILESIZE=\"4976\""
        let (items, summary) = try Self.read(Self.collection([Self.entry(info: info)]))
        let item = try #require(items.first)
        #expect(items.count == 1 && summary.trackCount == 1)
        #expect(item.title == "Glue" && item.artist == "BICEP" && item.album == "Glue EP")
        #expect(item.trackNumber == 3 && item.trackCount == 9)
        #expect(item.genre == "Breaks" && item.label == "Ninja Tune" && item.comments == "+DB" && item.remixer == "Someone")
        #expect(item.musicalKey == "8m")
        #expect(item.playCount == 5)
        #expect(item.durationMs == 211_304)
        #expect(item.rating == 80)
        #expect(item.bitRate == 1411)
        #expect(item.size == 5_095_424)
        #expect(item.dateAdded?.rfc3339 == "2025-06-05T00:00:00Z")
        #expect(item.playDate?.rfc3339 == "2025-04-16T00:00:00Z")
        #expect(item.dateModified?.rfc3339 == "2019-12-12T23:41:10Z")
        #expect(item.year == 2010)
        #expect(item.bpm == 130)
        #expect(item.location == "/Users/dj/Music/Glue.wav")
        #expect(item.source == "/music/collection.nml")
        #expect(item.kind == .music)
    }

    @Test("values Traktor writes for nothing are absent, never invented")
    func absentValues() throws {
        let info = "BITRATE=\"-1\" PLAYTIME=\"212\" RANKING=\"999\" IMPORT_DATE=\"2025/13/5\" FILESIZE=\"+5\" PLAYCOUNT=\"nan\""
        let xml = Self.collection([Self.entry(title: "", info: info).replacingOccurrences(of: "<TEMPO BPM=\"129.999512\"", with: "<TEMPO BPM=\"0\"")
            .replacingOccurrences(of: "<MUSICAL_KEY VALUE=\"16\">", with: "<MUSICAL_KEY VALUE=\"24\">")])
        let item = try #require(try Self.read(xml).items.first)
        #expect(item.title == nil)
        #expect(item.bitRate == nil && item.rating == nil && item.dateAdded == nil && item.size == nil && item.playCount == nil)
        #expect(item.bpm == nil && item.musicalKey == nil && item.year == nil)
        #expect(item.durationMs == 212_000, "PLAYTIME when PLAYTIME_FLOAT is absent")
    }

    @Test("MUSICAL_KEY VALUE gives the key in Traktor's musical notation when INFO KEY is absent")
    func musicalKeyValue() throws {
        let item = try #require(try Self.read(Self.collection([Self.entry()])).items.first)
        #expect(item.musicalKey == "Em")
    }

    @Test("RANKING in any step becomes the stars Traktor shows, 20 each",
          arguments: [(0, 0), (1, 0), (51, 20), (64, 20), (102, 40), (128, 60), (153, 60), (196, 80), (230, 100), (252, 100), (255, 100)])
    func ratings(ranking: Int, rating: Int64) throws {
        let item = try #require(try Self.read(Self.collection([Self.entry(info: "RANKING=\"\(ranking)\"")])).items.first)
        #expect(item.rating == rating)
    }

    @Test("volumes become the paths a user sees, Mac and Windows",
          arguments: [
            ("Macintosh HD", "/:Users/:a/:", "x.mp3", "/Users/a/x.mp3"),
            ("Snow Leopard HD", "/:Users/:a b/:", "x.mp3", "/Users/a b/x.mp3"),
            ("Music", "/:Music to Spin/:Deep/:", "x.mp3", "/Volumes/Music/Music to Spin/Deep/x.mp3"),
            ("Macintosh HD", "/:Music/:", "x.mp3", "/Music/x.mp3"),
            ("C:", "/:Users/:דני/:Music/:", "שיר.mp3", "C:/Users/דני/Music/שיר.mp3"),
            ("d:", "/:dj/:Tracks/:", "Akşam Güneşi%20.mp3", "d:/dj/Tracks/Akşam Güneşi%20.mp3"),
            ("", "/:", "set.mp3", "/set.mp3"),
          ])
    func locations(volume: String, dir: String, file: String, path: String) throws {
        let item = try #require(try Self.read(Self.collection([Self.entry(volume: volume, dir: dir, file: file)])).items.first)
        #expect(item.location == path)
    }

    @Test("the id is the PRIMARYKEY's: the same in a reordered re-export, another for another path")
    func ids() throws {
        let a = Self.entry(title: "A", file: "a.mp3"), b = Self.entry(title: "B", file: "b.mp3")
        let first = try Self.read(Self.collection([a, b])).items
        let second = try Self.read(Self.collection([b, a.replacingOccurrences(of: "2019/12/12", with: "2020/1/2")])).items
        #expect(first.map(\.id) == second.reversed().map(\.id))
        #expect(first[0].id != first[1].id)
        #expect(first[0].id.rawValue.hasPrefix("traktor:"))
        // 64-bit FNV-1a of the key's UTF-8 and 0xFF (scripts/read_traktor.py computes the same).
        var hash = StableHash()
        hash.combine("Macintosh HD/:Users/:dj/:Music/:a.mp3")
        #expect(first[0].id.rawValue == "traktor:" + hash.hexDigest)
    }

    @Test("an ENTRY with no LOCATION is an item with no location and an id from its content")
    func noLocation() throws {
        let entry = Self.entry().replacing(#/<LOCATION[^>]*></LOCATION>/#, with: "")
        let first = try #require(try Self.read(Self.collection([entry])).items.first)
        let again = try #require(try Self.read(Self.collection([Self.entry(file: "z.mp3"), entry])).items.last)
        #expect(first.location == nil && first.title == "Glue")
        #expect(first.id == again.id)
    }

    @Test("Remix Sets in SETS are not items")
    func setsAreNotItems() throws {
        let xml = Self.head + "<COLLECTION ENTRIES=\"1\">" + Self.entry() + "</COLLECTION>\n<SETS ENTRIES=\"1\">"
            + "<SET TITLE=\"Heartbeat\" ARTIST=\"X\"><LOCATION DIR=\"/:\" FILE=\"a.set\" VOLUME=\"\" VOLUMEID=\"\"></LOCATION>\n"
            + "<INFO GENRE=\"Deep House\"></INFO>\n</SET>\n</SETS>\n<PLAYLISTS></PLAYLISTS>\n</NML>\n"
        #expect(try Self.read(xml).items.map(\.title) == ["Glue"])
    }

    static func playlistNode(_ name: String, uuid: String?, keys: [(String, String)], type: String = "LIST") -> String {
        let uuidAttribute = uuid.map { " UUID=\"\($0)\"" } ?? ""
        return "<NODE TYPE=\"PLAYLIST\" NAME=\"\(name)\"><PLAYLIST ENTRIES=\"\(keys.count)\" TYPE=\"\(type)\"\(uuidAttribute)>"
            + keys.map { "<ENTRY><PRIMARYKEY TYPE=\"\($0.0)\" KEY=\"\($0.1)\"></PRIMARYKEY>\n</ENTRY>\n" }.joined()
            + "</PLAYLIST>\n</NODE>\n"
    }

    @Test("the playlist tree: $ROOT hidden, folders, order and repeats, missing keys and Remix Sets counted")
    func playlistTree() throws {
        let a = "Macintosh HD/:Users/:dj/:Music/:a.mp3", b = "Macintosh HD/:Users/:dj/:Music/:b.mp3"
        let tree = "<NODE TYPE=\"FOLDER\" NAME=\"$ROOT\"><SUBNODES COUNT=\"2\">"
            + "<NODE TYPE=\"FOLDER\" NAME=\"Sets/2024\"><SUBNODES COUNT=\"1\">"
            + Self.playlistNode("Friday ☀ שישי", uuid: "5264b0ae9c75467f8438b20afc82a0b7",
                                keys: [("TRACK", b), ("TRACK", a), ("TRACK", b), ("TRACK", "Macintosh HD/:gone.mp3"), ("SET", "/:x.set")])
            + "</SUBNODES>\n</NODE>\n"
            + Self.playlistNode("HISTORY", uuid: nil, keys: [("TRACK", a)], type: "PROTOCOL")
            + "<NODE TYPE=\"SMARTLIST\" NAME=\"Fake320\"><SMARTLIST UUID=\"58da9a8c\"><SEARCH_EXPRESSION VERSION=\"1\" "
            + "QUERY=\"$TITLE % &quot;fake320&quot;\"></SEARCH_EXPRESSION>\n</SMARTLIST>\n</NODE>\n"
            + "</SUBNODES>\n</NODE>\n"
        let xml = Self.collection([Self.entry(file: "a.mp3"), Self.entry(file: "b.mp3")], playlists: tree)
        let (items, summary) = try Self.read(xml)
        let lists = summary.playlists
        #expect(lists.map(\.name) == ["Sets/2024", "Friday ☀ שישי", "HISTORY", "Fake320"])
        let folder = lists[0], friday = lists[1], history = lists[2], smart = lists[3]
        #expect(folder.isFolder && folder.parentID == nil && folder.id.rawValue == "traktor-playlist:Sets\\/2024")
        #expect(friday.parentID == folder.id && friday.id.rawValue == "traktor-playlist:5264b0ae9c75467f8438b20afc82a0b7")
        #expect(friday.items == [items[1].id, items[0].id, items[1].id])
        #expect(friday.missing == 2)
        #expect(history.id.rawValue == "traktor-playlist:HISTORY" && history.items == [items[0].id])
        #expect(smart.isSmart && smart.items.isEmpty && smart.id.rawValue == "traktor-playlist:58da9a8c")
        #expect(smart.rule == SmartRule(query: "title:\"fake320\""))
        #expect(summary.warnings.isEmpty)
        #expect(lists.allSatisfy { $0.source == "/music/collection.nml" })
    }

    @Test("RELEASE_DATE gives its year even when month and day are 0; a MODIFIED_TIME past the day is ignored")
    func yearsAndTimes() throws {
        let entry = Self.entry(info: "RELEASE_DATE=\"2010/0/0\"").replacingOccurrences(of: "85270", with: "90000")
        let item = try #require(try Self.read(Self.collection([entry])).items.first)
        #expect(item.year == 2010)
        #expect(item.dateModified?.rfc3339 == "2019-12-12T00:00:00Z")
        let zero = try #require(try Self.read(Self.collection([Self.entry(info: "RELEASE_DATE=\"0/0/0\"")])).items.first)
        #expect(zero.year == nil)
    }

    @Test("a track listed twice: one id, the later entry replaces the earlier, with a warning")
    func sameKeyTwice() throws {
        let (items, summary) = try Self.read(Self.collection([Self.entry(title: "Old"), Self.entry(title: "New")]))
        #expect(items.map(\.title) == ["Old", "New"] && items[0].id == items[1].id)
        #expect(summary.trackCount == 1)
        #expect(summary.warnings.contains { $0.message.contains("listed again") && $0.position?.line == 9 }, "\(summary.warnings)")
    }

    @Test("&amp; in a path is & in the location and in the playlist key that names it")
    func ampersands() throws {
        let key = "Macintosh HD/:Users/:dj/:Music/:R&amp;B.mp3"
        let tree = "<NODE TYPE=\"FOLDER\" NAME=\"$ROOT\"><SUBNODES COUNT=\"1\">"
            + Self.playlistNode("R&amp;B", uuid: "u1", keys: [("TRACK", key)]) + "</SUBNODES>\n</NODE>\n"
        let (items, summary) = try Self.read(Self.collection([Self.entry(file: "R&amp;B.mp3")], playlists: tree))
        #expect(items.first?.location == "/Users/dj/Music/R&B.mp3")
        #expect(summary.playlists.first?.name == "R&B")
        #expect(summary.playlists.first?.items == items.map(\.id))
    }

    @Test("playlists with no UUID and the same path get #2, #3 in document order")
    func repeatedPaths() throws {
        let tree = "<NODE TYPE=\"FOLDER\" NAME=\"$ROOT\"><SUBNODES COUNT=\"3\">"
            + ["x", "x", "x"].map { Self.playlistNode("Set", uuid: nil, keys: [("TRACK", $0)]) }.joined() + "</SUBNODES>\n</NODE>\n"
        let lists = try Self.read(Self.collection([Self.entry()], playlists: tree)).summary.playlists
        #expect(lists.map(\.id.rawValue) == ["traktor-playlist:Set", "traktor-playlist:Set#2", "traktor-playlist:Set#3"])
        #expect(lists.map(\.missing) == [1, 1, 1])
    }

    @Test("smart lists: what the query language can say is translated, the rest has no query and a warning",
          arguments: [
            ("$GENRE % &quot;Hora&quot;", "genre:\"Hora\""),
            ("$GENRE % &quot;FUNK&quot; | $ARTIST % &quot;Señor &amp; Ünlü&quot;", "genre:\"FUNK\" | artist:\"Señor & Ünlü\""),
            ("$TITLE % &quot;a&quot; &amp; $COMMENT % &quot;b c&quot;", "title:\"a\" comments:\"b c\""),
            ("$RATING == 5", "stars:5"), ("$RATING &gt;= 3", "stars:>=3"),
            ("$LABEL % &quot;FUNK&quot;", "label:\"FUNK\""), ("$FILENAME % &quot;@&quot;", nil), ("$PLAYED == TRUE", nil),
            ("$IMPORTDATE &gt;= MONTHS_AGO(1)", nil), ("$RATING == 0", nil), ("$RATING &lt; 3", nil),
            ("$TITLE % &quot;a&quot; | $ARTIST % &quot;b&quot; &amp; $GENRE % &quot;c&quot;", nil),
            ("$TITLE % &quot;it's&quot;", nil), ("", nil),
          ] as [(String, String?)])
    func smartLists(expression: String, query: String?) throws {
        let tree = "<NODE TYPE=\"FOLDER\" NAME=\"$ROOT\"><SUBNODES COUNT=\"1\">"
            + "<NODE TYPE=\"SMARTLIST\" NAME=\"S\"><SMARTLIST UUID=\"u\"><SEARCH_EXPRESSION VERSION=\"1\" "
            + "QUERY=\"\(expression)\"></SEARCH_EXPRESSION>\n</SMARTLIST>\n</NODE>\n</SUBNODES>\n</NODE>\n"
        let summary = try Self.read(Self.collection([Self.entry()], playlists: tree)).summary
        let list = try #require(summary.playlists.first)
        #expect(list.isSmart && list.items.isEmpty)
        #expect(list.rule == SmartRule(query: query))
        #expect(summary.warnings.count == (query == nil ? 1 : 0), "\(summary.warnings)")
    }

    @Test("a UTF-8 BOM and CRLF line ends read like plain LF")
    func bomAndCRLF() throws {
        let xml = Self.collection([Self.entry(title: "Akşam Güneşi")])
        let crlf = [0xEF, 0xBB, 0xBF] + Array(xml.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let (items, _) = try TraktorLibraryReader.read(bytes: crlf, name: "/music/collection.nml")
        #expect(items.map(\.title) == ["Akşam Güneşi"])
    }

    @Test("an empty collection reads as nothing")
    func emptyCollection() throws {
        let xml = Self.head + "<COLLECTION ENTRIES=\"0\"></COLLECTION>\n<SETS></SETS>\n<PLAYLISTS></PLAYLISTS>\n</NML>"
        let (items, summary) = try Self.read(xml)
        #expect(items.isEmpty && summary.playlists.isEmpty)
    }

    static let malformed: [(String, String, String)] = [
        ("empty file", "", "1:1"),
        ("not NML", "<?xml version=\"1.0\"?>\n<DJ_PLAYLISTS Version=\"1.0.0\"></DJ_PLAYLISTS>", "2:"),
        ("cut mid-ENTRY", String(collection([entry()]).prefix(300)), ":"),
        ("ends before </NML>", head + "<COLLECTION ENTRIES=\"0\"></COLLECTION>\n", ":"),
        ("mismatched end tag", head + "<COLLECTION><ENTRY TITLE=\"x\"></COLLECTION>\n</NML>", "3:"),
        ("unescaped ampersand", head + "<COLLECTION><ENTRY TITLE=\"R&B\"></ENTRY></COLLECTION></NML>", "3:"),
    ]

    @Test("every malformed shape is a MalformedSourceError at file:line:column", arguments: malformed)
    func malformedShapes(label: String, xml: String, position: String) {
        do {
            _ = try Self.read(xml)
            Issue.record("\(label): read without an error")
        } catch let error as MalformedSourceError {
            #expect(error.position.file == "/music/collection.nml")
            #expect(error.position.line >= 1, "\(label): \(error)")
            #expect(error.description.contains(position), "\(label): \(error)")
        } catch {
            Issue.record("\(label): unexpected \(error)")
        }
    }

    static let hostile: [String] = {
        var laughs = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let body = { (title: String) in
            "<NML VERSION=\"19\"><COLLECTION ENTRIES=\"1\">" + entry(title: title) + "</COLLECTION></NML>"
        }
        return [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE NML [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n" + body("&xxe;"),
            "<?xml version=\"1.0\"?>\n<!DOCTYPE NML SYSTEM \"file:///etc/passwd\">\n" + body("&xxe;"),
            "<?xml version=\"1.0\"?>\n<!DOCTYPE NML [\(laughs)]>\n" + body("&lol9;"),
            "<?xml version=\"1.0\"?>\n" + body("&undefined;"),
        ]
    }()

    @Test("external entities and billion laughs are errors, never expanded", arguments: hostile)
    func hostileXML(xml: String) {
        do {
            let (items, _) = try Self.read(xml)
            Issue.record("read \(items.count) items, first title \(items.first?.title ?? "-")")
        } catch let error as MalformedSourceError {
            #expect(!error.reason.contains("root:"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
