import MixtapeCore
import MixtapeIngest
import Testing

@Suite("rekordbox reader: the playlist tree")
struct RekordboxPlaylistTests {
    static let tracks = [
        RekordboxXML.track(10, "file://localhost/m/a.mp3"),
        RekordboxXML.track(20, "file://localhost/m/b%20c.mp3"),
        RekordboxXML.track(30, "file://localhost/m/d.mp3"),
    ].joined(separator: "\n")

    static let tree = """
              <NODE Name="Sets" Type="0" Count="7">
                <NODE Name="Warm up" Type="1" KeyType="0" Entries="1">
                  <TRACK Key="30"/>
                  <TRACK Key="10"/>
                  <TRACK Key="30"/>
                  <TRACK Key="999"/>
                </NODE>
                <NODE Name="Warm up" Type="1" KeyType="0" Entries="0">
                  <TRACK Key="20"/>
                </NODE>
                <NODE Name="Deep" Type="0" Count="1">
                  <NODE Name="By path" Type="1" KeyType="1" Entries="3">
                    <TRACK Key="file://localhost/m/b%20c.mp3"/>
                    <TRACK Key="file://localhost/m/nowhere.mp3"/>
                    <TRACK Key="file://localhost/m/a.mp3"/>
                  </NODE>
                </NODE>
              </NODE>
              <NODE Name="A/B" Type="1" KeyType="0" Entries="2">
                <TRACK Key="20"/>
                <NODE Name="not a child" Type="1" KeyType="0" Entries="1"><TRACK Key="10"/></NODE>
              </NODE>
              <NODE Name="Empty" Type="1" KeyType="0" Entries="0"/>
        """

    static func read(tracks: String = tracks, tree: String = tree) throws -> (items: [MediaItem], playlists: [Playlist]) {
        let (items, summary) = try RekordboxXML.read(RekordboxXML.document(tracks: tracks, playlists: tree))
        return (items, summary.playlists)
    }

    @Test("folders and playlists in file order, entries in order with repeats, dangling keys counted")
    func tree() throws {
        let (items, playlists) = try Self.read()
        let id = Dictionary(uniqueKeysWithValues: items.map { ($0.trackID!, $0.id) })
        #expect(playlists.map(\.name) == ["Sets", "Warm up", "Warm up", "Deep", "By path", "A/B", "Empty"])
        #expect(playlists.map(\.isFolder) == [true, false, false, true, false, false, false])
        let sets = playlists[0], deep = playlists[3]
        #expect(sets.parentID == nil && playlists[5].parentID == nil)
        #expect(playlists[1].parentID == sets.id && playlists[2].parentID == sets.id && deep.parentID == sets.id)
        #expect(playlists[4].parentID == deep.id)
        #expect(playlists[1].items == [id[30], id[10], id[30]].compactMap { $0 })
        #expect(playlists[1].missing == 1)
        #expect(playlists[2].items == [id[20]!])
        // KeyType 1: entries by Location, decoded as the tracks' are.
        #expect(playlists[4].items == [id[20]!, id[10]!])
        #expect(playlists[4].missing == 1)
        // A node inside a playlist is not a playlist; Entries="2" is not trusted.
        #expect(playlists[5].items == [id[20]!])
        #expect(playlists[6].items.isEmpty && playlists[6].missing == 0)
        #expect(playlists.allSatisfy { $0.source == "t.xml" && !$0.isSmart && !$0.isMaster })
    }

    @Test("playlist ids come from the node path: two playlists of one name differ, a re-export keeps them all")
    func ids() throws {
        let (_, playlists) = try Self.read()
        #expect(Set(playlists.map(\.id)).count == playlists.count)
        #expect(playlists.allSatisfy { $0.id.rawValue.hasPrefix("rekordbox-playlist:") })
        // The same tree with the tracks reordered and renumbered (rekordbox 5 does that).
        let renumbered = [
            RekordboxXML.track(3, "file://localhost/m/d.mp3"), RekordboxXML.track(1, "file://localhost/m/a.mp3"),
            RekordboxXML.track(2, "file://localhost/m/b%20c.mp3"),
        ].joined(separator: "\n")
        let tree = Self.tree.replacingOccurrences(of: "Key=\"10\"", with: "Key=\"1\"")
            .replacingOccurrences(of: "Key=\"20\"", with: "Key=\"2\"").replacingOccurrences(of: "Key=\"30\"", with: "Key=\"3\"")
        let (_, again) = try Self.read(tracks: renumbered, tree: tree)
        #expect(again.map(\.id) == playlists.map(\.id))
        #expect(again.map(\.items) == playlists.map(\.items))
        #expect(again.map(\.parentID) == playlists.map(\.parentID))
    }

    @Test("PLAYLISTS before COLLECTION still resolve: entries are resolved once the file is read")
    func playlistsFirst() throws {
        let xml = """
            <DJ_PLAYLISTS Version="1.0.0"><PLAYLISTS><NODE Type="0" Name="ROOT">
            <NODE Name="P" Type="1" KeyType="0"><TRACK Key="2"/><TRACK Key="1"/><TRACK/></NODE></NODE></PLAYLISTS>
            <COLLECTION>\(RekordboxXML.track(1, "file://localhost/a.mp3"))\(RekordboxXML.track(2, "file://localhost/b.mp3"))</COLLECTION>
            </DJ_PLAYLISTS>
            """
        let (items, summary) = try RekordboxXML.read(xml)
        #expect(summary.playlists.first?.items == [items[1].id, items[0].id])
        #expect(summary.playlists.first?.missing == 1)
    }

    @Test("a file without PLAYLISTS (rekordbox 5.6 wrote one) has tracks and no playlists")
    func noPlaylists() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <DJ_PLAYLISTS Version="1.0.0"><PRODUCT Name="rekordbox" Version="5.6.1" Company="Pioneer DJ"/>
            <COLLECTION Entries="1">\(RekordboxXML.track(1, "file://localhost/D:/x.mp3"))</COLLECTION></DJ_PLAYLISTS>
            """
        let (items, summary) = try RekordboxXML.read(xml)
        #expect(items.map(\.location) == ["D:/x.mp3"])
        #expect(summary.playlists.isEmpty)
        #expect(summary.trackCount == 1)
    }
}

@Suite("rekordbox reader: malformed and hostile files")
struct RekordboxMalformedTests {
    static let good = RekordboxXML.document(tracks: RekordboxPlaylistTests.tracks, playlists: RekordboxPlaylistTests.tree)

    static let shapes: [(String, [UInt8])] = [
        ("truncated mid-track", Array(good.utf8.prefix(260))),
        ("truncated inside PLAYLISTS", Array(good.utf8.dropLast(120))),
        ("truncated before the root closes", Array(good.utf8.dropLast(16))),
        ("a mismatched end tag", Array(good.replacingOccurrences(of: "</COLLECTION>", with: "</COLLECTIONS>").utf8)),
        ("an unquoted attribute", Array(good.replacingOccurrences(of: "TrackID=\"20\"", with: "TrackID=20").utf8)),
        ("an undefined entity", Array(good.replacingOccurrences(of: "Name=\"T10\"", with: "Name=\"T&nbsp;10\"").utf8)),
        ("a raw ampersand", Array(good.replacingOccurrences(of: "Name=\"T10\"", with: "Name=\"Ike & Tina\"").utf8)),
        ("a second root", Array((good + "<DJ_PLAYLISTS/>").utf8)),
        ("text after the root", Array((good + "junk").utf8)),
        ("a wrong root", Array(good.replacingOccurrences(of: "DJ_PLAYLISTS", with: "NML").utf8)),
        ("not UTF-8 where UTF-8 is declared", Array(good.replacingOccurrences(of: "T10", with: "T\u{1}").utf8).map { $0 == 1 ? 0xC3 : $0 }),
        ("empty", []),
    ]

    @Test("every malformed shape is a MalformedSourceError at file:line:column", arguments: shapes)
    func malformed(label: String, bytes: [UInt8]) {
        do {
            let (items, _) = try RekordboxLibraryReader.read(bytes: bytes, name: "t.xml")
            Issue.record("\(label): read \(items.count) items")
        } catch let error as MalformedSourceError {
            #expect(error.position.file == "t.xml", "\(label)")
            #expect(error.position.line >= 1, "\(label): \(error)")
        } catch {
            Issue.record("\(label): \(error)")
        }
    }

    @Test("a wrong root says what the file is not")
    func wrongRoot() {
        #expect(throws: MalformedSourceError.self) { _ = try RekordboxXML.read("<?xml version=\"1.0\"?><NML VERSION=\"19\"/>") }
        do { _ = try RekordboxXML.read("<plist/>") } catch let error as MalformedSourceError {
            #expect(error.reason.contains("DJ_PLAYLISTS"), "\(error)")
        } catch { Issue.record("\(error)") }
    }

    static let hostile: [String] = [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE DJ_PLAYLISTS [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
            + "<DJ_PLAYLISTS Version=\"1.0.0\"><COLLECTION><TRACK TrackID=\"1\" Name=\"&xxe;\" Location=\"file://localhost/a.mp3\"/></COLLECTION></DJ_PLAYLISTS>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE DJ_PLAYLISTS SYSTEM \"file:///etc/passwd\">\n"
            + "<DJ_PLAYLISTS Version=\"1.0.0\"><COLLECTION><TRACK TrackID=\"1\" Name=\"&xxe;\"/></COLLECTION></DJ_PLAYLISTS>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE DJ_PLAYLISTS [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>\n"
            + "<DJ_PLAYLISTS Version=\"1.0.0\"/>",
    ]

    @Test("external entities are never loaded nor expanded", arguments: hostile)
    func externalEntities(_ xml: String) {
        do {
            let (items, _) = try RekordboxXML.read(xml)
            #expect(items.allSatisfy { !($0.title ?? "").contains("root:") }, "expanded an entity")
            #expect(items.isEmpty || items.allSatisfy { $0.title == nil }, "read \(items.map(\.title))")
        } catch {
            #expect(error is MalformedSourceError, "\(error)")
        }
    }

    @Test("billion laughs is an error, never expanded")
    func billionLaughs() {
        var dtd = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE DJ_PLAYLISTS [\(dtd)]>\n<DJ_PLAYLISTS Version=\"1.0.0\"><COLLECTION>"
            + "<TRACK TrackID=\"1\" Name=\"&lol9;\" Location=\"file://localhost/a.mp3\"/></COLLECTION></DJ_PLAYLISTS>"
        #expect(throws: MalformedSourceError.self) { _ = try RekordboxXML.read(xml) }
    }

    @Test("deep nesting is refused at a located position")
    func deepNesting() {
        let xml = "<DJ_PLAYLISTS><PLAYLISTS>" + String(repeating: "<NODE Type=\"0\">", count: 2000)
            + String(repeating: "</NODE>", count: 2000) + "</PLAYLISTS></DJ_PLAYLISTS>"
        #expect(throws: MalformedSourceError.self) { _ = try RekordboxXML.read(xml) }
    }
}
