import MixtapeCore
import MixtapeIngest
import Testing

/// Real exports from iTunes 7–12, Music.app and MusicBee (see `shared/data/real/SOURCES.md`),
/// read in place; they are not part of the repository, so the suite is skipped without them.
@Suite("iTunes reader: real exports",
       .enabled(if: RealData.available, "needs ../shared/data/real/itunes next to the package root"))
struct ITunesRealFileTests {
    @Test("every well-formed real export reads")
    func readsAll() throws {
        let files = RealData.files(malformed: false)
        #expect(files.count == 43)
        for path in files {
            var delivered = 0
            let summary = try ITunesLibraryReader(path: path).read { delivered += $0.count }
            #expect(summary.trackCount == delivered, "\(path)")
            #expect(summary.applicationVersion != nil, "\(path)")
            #expect(summary.playlists.allSatisfy { $0.source == path }, "\(path)")
        }
    }

    @Test("every malformed real export throws with a position")
    func rejectsAllMalformed() {
        let expected: [String: String] = [
            "amarok_illFormedLibrary.xml": "5:1",
            "heypam68_iTunes_Music_Library_12.8.2.3_update_tag.xml": "4:",
            "jerryyeezus_iTunes_Music_Library_11.1.3_handcut.xml": "655:",
            "jonaustin_fixture_iTunes_Music_Library_Remote_11.1.3.xml": "113:",
            "jzielin2_Library_12.2.2.25_truncated.xml": "47305:",
            "musicbee_3.3_itunes_xml_reformatted_output.xml": "1113:",
        ]
        let files = RealData.files(malformed: true)
        #expect(files.count == 6)
        for path in files {
            let name = String(path.split(separator: "/").last!)
            do {
                _ = try ITunesLibraryReader(path: path).read { _ in }
                Issue.record("\(name) was read")
            } catch let error as MalformedSourceError {
                let position = "\(error.position.line):\(error.position.column)"
                #expect(position.hasPrefix(expected[name] ?? "?"), "\(error)")
            } catch {
                Issue.record("\(name): unexpected \(error)")
            }
        }
    }

    @Test("a real Windows export maps its fields")
    func mapsWindowsExport() throws {
        let path = RealData.itunesDirectory.appendingPathComponent("Casou_itunes_library_test_11.0.2.xml").path
        var items: [MediaItem] = []
        let summary = try ITunesLibraryReader(path: path).read { items += $0 }
        let first = try #require(items.first)
        #expect(first.id.rawValue == "itunes:779C9DFDEAFB20A7")
        #expect(first.title == "Shiny Stockings")
        #expect(first.location == "D:/musiques/itunes/iTunes Media/Music/void_music_1.mp3")
        #expect(first.rating == 80 && first.year == 1990 && first.durationMs == 131_552)
        #expect(first.dateAdded?.rfc3339 == "2012-07-15T13:38:38Z")
        #expect(summary.applicationVersion == "11.0.2")
        // This cut-down test library repeats one Persistent ID.
        #expect(summary.warnings.count == 3)
    }
}
