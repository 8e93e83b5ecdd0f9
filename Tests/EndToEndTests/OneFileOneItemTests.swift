import Foundation
import Testing

/// One file, one item (spec/sources.md): a folder of real FLAC files made with sox, and an
/// iTunes export whose Locations name those files (some in NFD, as a Mac writes them, while
/// the files are NFC, and the other way round). Indexed together, each file is one item under
/// the export's id; the folder's id is an alias of it.
@Suite("one file, one item across an export and a folder", .serialized)
struct OneFileOneItemTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }
    var export: String { mixtape.folder + "/Library.xml" }

    /// File names on disk: A in NFC, B in NFD, C plain (in the export too), D only in the folder.
    static let names = ["A": "Caf\u{E9} A.flac", "B": "Sen\u{303}or B.flac", "C": "Plain C.flac", "D": "Only Here D.flac"]

    /// Four tagged FLAC files: title `Tag X`, genre Folk (which the export lacks).
    func makeFolder() throws {
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let wav = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", wav, "synth", "0.3", "sine", "440"])
        for (key, name) in Self.names {
            try MixtapeProcess.tool("sox", [wav, "--comment", "TITLE=Tag \(key)", "--add-comment", "ARTIST=Tag Artist",
                                            "--add-comment", "GENRE=Folk", music + "/" + name])
        }
    }

    /// A file: URL of `path` spelt in NFD or NFC, percent-encoded as iTunes writes it.
    func location(_ name: String, nfd: Bool) -> String {
        let path = music + "/" + name
        let spelt = nfd ? path.decomposedStringWithCanonicalMapping : path.precomposedStringWithCanonicalMapping
        return "file://" + spelt.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
    }

    /// The export: A (rated, played; Location in NFD), B (Location in NFC), C, and E whose file
    /// is not here; playlist Mix lists A, B and E.
    func writeExport() throws {
        func track(_ id: Int, _ key: String, _ location: String, extra: String = "") -> String {
            """
            <key>\(id)</key><dict><key>Track ID</key><integer>\(id)</integer>
            <key>Persistent ID</key><string>AAAA00000000000\(id)</string>
            <key>Name</key><string>Export \(key)</string><key>Artist</key><string>Export Artist</string>
            \(extra)<key>Location</key><string>\(location)</string></dict>
            """
        }
        let tracks = [
            track(1, "A", location(Self.names["A"]!, nfd: true),
                  extra: "<key>Rating</key><integer>80</integer><key>Play Count</key><integer>5</integer>"),
            track(2, "B", location(Self.names["B"]!, nfd: false)),
            track(3, "C", location(Self.names["C"]!, nfd: false)),
            track(4, "E", location("Gone E.flac", nfd: false)),
        ]
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>Major Version</key><integer>1</integer><key>Minor Version</key><integer>1</integer>
            <key>Application Version</key><string>12.9</string>
            <key>Library Persistent ID</key><string>1111222233334444</string>
            <key>Tracks</key><dict>
            \(tracks.joined(separator: "\n"))
            </dict>
            <key>Playlists</key><array><dict><key>Name</key><string>Mix</string><key>Playlist ID</key><integer>10</integer>
            <key>Playlist Persistent ID</key><string>5555666677778888</string><key>Playlist Items</key><array>
            <dict><key>Track ID</key><integer>1</integer></dict><dict><key>Track ID</key><integer>2</integer></dict>
            <dict><key>Track ID</key><integer>4</integer></dict></array></dict></array>
            </dict></plist>
            """
        try Data(xml.utf8).write(to: URL(fileURLWithPath: export))
    }

    func index(_ source: String) throws {
        let result = try mixtape.run(["index", source])
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// Every item of `search --json` by title.
    func items(_ query: [String] = []) throws -> [String: [String: Any]] {
        let result = try mixtape.run(["search", "--json"] + query)
        var byTitle: [String: [String: Any]] = [:]
        for record in result.records { byTitle[record["title"] as? String ?? ""] = record }
        #expect(byTitle.count == result.records.count, "two items with one title: \(result.stdout)")
        return byTitle
    }

    /// The folder's ids by key (A…D), read before the export is indexed.
    func folderIDs() throws -> [String: String] {
        var ids: [String: String] = [:]
        for (title, record) in try items() { ids[String(title.suffix(1))] = record["id"] as? String }
        return ids
    }

    func selected() throws -> [String] {
        try mixtape.run(["select", "list", "--json"]).records.map { record in
            (record["id"] as? String ?? "") + (record["missing"] as? Bool == true ? " missing" : "")
        }
    }

    @Test func exportAndFolderGiveOneItemPerFile() throws {
        try makeFolder()
        try index(music)
        let file = try folderIDs()
        #expect(file.count == 4)
        // A selection made before the export is indexed.
        try #require(try mixtape.run(["select", "add", "--id", file["A"]!, "--id", file["D"]!]).status == 0)
        try writeExport()
        try index(export)

        let all = try items()
        #expect(Set(all.keys) == ["Export A", "Export B", "Export C", "Export E", "Tag D"])
        // The summary counts items, each file once: 5, not the 8 rows of the two sources.
        let full = try mixtape.run(["index", "--full"])
        #expect(full.stdout.hasPrefix("indexed 2 sources: 5 items ("), "\(full.stdout)")
        #expect(full.stdout.contains("; 3 listed by two sources)"), "\(full.stdout)")
        let json = try mixtape.run(["index", "--json"]).records.first
        #expect(json?["items"] as? Int == 5, "\(String(describing: json))")
        let a = try #require(all["Export A"])
        #expect(a["id"] as? String == "itunes:AAAA000000000001")
        #expect(a["rating"] as? Int == 80)
        #expect(a["play_count"] as? Int == 5)
        #expect(a["genre"] as? String == "Folk", "a field only the folder knows is filled")
        #expect(a["duration_ms"] as? Int == 300)
        #expect(a["source"] as? String == export)
        #expect(a["sources"] as? [String] == [export, music])
        #expect(a["aliases"] as? [String] == [file["A"]!])
        // B: NFC Location, NFD file name.
        #expect(all["Export B"]?["aliases"] as? [String] == [file["B"]!])
        // One source only: no `sources` or `aliases`.
        #expect(all["Tag D"]?["aliases"] == nil && all["Tag D"]?["sources"] == nil)
        #expect(all["Export E"]?["aliases"] == nil)

        // Text and field filters, --format, --sort: one line per file.
        #expect(try mixtape.run(["search", "--format", "{title}", "Export A"]).lines == ["Export A"])
        #expect(try mixtape.run(["search", "--format", "{title}", "genre:Folk"]).lines.sorted()
                    == ["Export A", "Export B", "Export C", "Tag D"])
        #expect(try mixtape.run(["search", "--format", "{title}", "--sort", "title"]).lines
                    == ["Export A", "Export B", "Export C", "Export E", "Tag D"])
        #expect(try mixtape.run(["search", "--format", "{title}", "Tag"]).lines == ["Tag D"],
                "the folder's tag title is not a second line")

        // The selection made with the folder's id holds the export's item, not flagged missing.
        #expect(try selected() == ["itunes:AAAA000000000001", file["D"]!])
        let again = try mixtape.run(["select", "add", "--id", file["A"]!, "--id", file["B"]!])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try selected() == ["itunes:AAAA000000000001", file["D"]!, "itunes:AAAA000000000002"])
        #expect(try mixtape.run(["select", "remove", "--id", file["B"]!]).status == 0)
        #expect(try selected() == ["itunes:AAAA000000000001", file["D"]!])
        #expect(try mixtape.run(["search", "--format", "{title}", "selected:yes"]).lines.sorted() == ["Export A", "Tag D"])

        // Playlists and export-playlist list each file once.
        let out = mixtape.folder + "/mix.m3u8"
        let exported = try mixtape.run(["export-playlist", "--playlist", "Mix", "-o", out, "--format", "m3u8"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let paths = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(paths.count == 3)
        #expect(paths.first.map(String.init) == music + "/" + Self.names["A"]!)
        let everything = try mixtape.run(["export-playlist", "--query", "genre:Folk", "-o", "-", "--format", "json"])
        #expect(everything.stdout.components(separatedBy: "\"title\":").count - 1 == 4, "\(everything.stdout)")
        #expect(try mixtape.run(["search", "--format", "{title}", "playlist:Mix"]).lines == ["Export A", "Export B", "Export E"])
    }

    @Test func aPlaylistFileOfTheFolderNamesTheExportsItems() throws {
        try makeFolder()
        // An M3U in the folder: A by its NFC name, B and D, and a line for a file not here.
        try Data("\(Self.names["A"]!)\n\(Self.names["B"]!)\nnowhere.flac\n\(Self.names["D"]!)\n".utf8)
            .write(to: URL(fileURLWithPath: music + "/Road.m3u8"))
        try index(music)
        try writeExport()
        try index(export)
        let road = try #require(try mixtape.run(["playlists", "--json"]).records.first { $0["name"] as? String == "Road" })
        let ids = road["items"] as? [String] ?? []
        #expect(ids.prefix(2) == ["itunes:AAAA000000000001", "itunes:AAAA000000000002"], "\(ids)")
        #expect(ids.count == 3)
        #expect(road["missing"] as? Int == 1)
        #expect(try mixtape.run(["search", "--format", "{title}", "playlist:Road"]).lines.sorted()
                    == ["Export A", "Export B", "Tag D"])
        // Without the export, the entries name the folder's own items again: none left dangling.
        try #require(try mixtape.run(["sources", "remove", export]).status == 0)
        let after = try #require(try mixtape.run(["playlists", "--json"]).records.first { $0["name"] as? String == "Road" })
        let folderIDs = Set(try items().values.compactMap { $0["id"] as? String })
        #expect((after["items"] as? [String] ?? []).count == 3)
        #expect(Set(after["items"] as? [String] ?? []).isSubset(of: folderIDs), "\(after)")
        // doctor knows a playlist file named as a source for what it is.
        try Data("Road.m3u8\n".utf8).write(to: URL(fileURLWithPath: mixtape.folder + "/solo.m3u8"))
        try index(mixtape.folder + "/solo.m3u8")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.stdout.contains("ok       \(mixtape.folder)/solo.m3u8"), "\(doctor.stdout)")
    }

    @Test func removingEitherSideKeepsTheOther() throws {
        try makeFolder()
        try index(music)
        let file = try folderIDs()
        try writeExport()
        try index(export)
        try #require(try mixtape.run(["select", "add", "--id", "itunes:AAAA000000000001", "--id", file["C"]!]).status == 0)
        #expect(try selected() == ["itunes:AAAA000000000001", "itunes:AAAA000000000003"])

        // Removing the export brings the folder's items back under their own ids, and the
        // selection follows them.
        try #require(try mixtape.run(["sources", "remove", export]).status == 0)
        #expect(Set(try items().keys) == ["Tag A", "Tag B", "Tag C", "Tag D"])
        #expect(try items()["Tag A"]?["id"] as? String == file["A"])
        #expect(try selected() == [file["A"]!, file["C"]!])

        // Indexed again, the export's items take over again.
        try index(export)
        #expect(try selected() == ["itunes:AAAA000000000001", "itunes:AAAA000000000003"])

        // Removing the folder leaves the export's items, with their own fields only.
        try #require(try mixtape.run(["sources", "remove", music]).status == 0)
        let left = try items()
        #expect(Set(left.keys) == ["Export A", "Export B", "Export C", "Export E"])
        #expect(left["Export A"]?["genre"] == nil && left["Export A"]?["aliases"] == nil)
        #expect(try selected() == ["itunes:AAAA000000000001", "itunes:AAAA000000000003"])
    }

    @Test func aFolderIndexedAfterTheExportAlsoJoins() throws {
        try makeFolder()
        try writeExport()
        try index(export)
        // A saved export made before the folder is indexed is written again by `index`.
        let folk = mixtape.folder + "/folk.m3u8"
        try #require(try mixtape.run(["export-playlist", "--query", "kind:music", "-o", folk, "--save", "folk"]).status == 0)
        try index(music)
        let written = try String(contentsOfFile: folk, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(written.count == 5 && Set(written).count == 5, "one line per file: \(written)")
        let all = try items()
        #expect(Set(all.keys) == ["Export A", "Export B", "Export C", "Export E", "Tag D"])
        // The summary counts items, each file once: 5, not the 8 rows of the two sources.
        let again = try mixtape.run(["index", "--full"])
        #expect(again.stdout.hasPrefix("indexed 2 sources: 5 items ("), "\(again.stdout)")
        #expect(again.stdout.contains("; 3 listed by two sources)"), "\(again.stdout)")
        let json = try mixtape.run(["index", "--json"]).records.first
        #expect(json?["items"] as? Int == 5, "\(String(describing: json))")
        #expect(all["Export C"]?["sources"] as? [String] == [export, music])
        // The picker's catalog is the same rows: `pick` is not run here (it needs a terminal),
        // but its line snapshot is what `search` without filters reads.
        #expect(try mixtape.run(["search"]).lines.count == 5)
    }

    /// `pick` in a real terminal (tmux): its catalog counts each file once, the selection
    /// made with the folder's id shows as selected, and what it prints is the export's id.
    @Test func thePickerCountsEachFileOnce() throws {
        try makeFolder()
        try index(music)
        let file = try folderIDs()
        try #require(try mixtape.run(["select", "add", "--id", file["A"]!]).status == 0)
        try writeExport()
        try index(export)
        let output = mixtape.folder + "/printed.txt"
        let tmux = try TmuxTerminal(folder: mixtape.folder, width: 80, height: 24,
                                    environment: ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1",
                                                  "LANG": "C.UTF-8", "XDG_CONFIG_HOME": mixtape.configHome])
        try tmux.start("/bin/sh", ["-c", "\"$0\" pick --print-ids > \"$1\"", MixtapeProcess.binary, output])
        try tmux.waitFor(text: "5/5 · 1 selected")
        try tmux.type("Export B")
        try tmux.waitFor(text: "1/5 · 1 selected")
        try tmux.press("Tab")
        try tmux.waitFor(text: "2 selected")
        try tmux.press("Enter")
        #expect(try tmux.finish().status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "itunes:AAAA000000000001\nitunes:AAAA000000000002\n")
        #expect(try selected() == ["itunes:AAAA000000000001", "itunes:AAAA000000000002"])
    }
}
