import Foundation
import Testing

/// Saved exports end to end: `export-playlist --save`, `mixtape saved`, and the rewrite after
/// every `index` whose changes reach a playlist (and only then: an unchanged playlist keeps
/// its modification time).
@Suite("saved exports")
struct SavedExportTests {
    let mixtape = MixtapeProcess()
    var export: String { mixtape.folder + "/Library.xml" }

    init() throws {
        try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Library.xml"), toPath: export)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Rewrites the library export as iTunes would after an edit (new size and mtime).
    func edit(_ from: String, _ to: String) throws {
        let text = try read(export)
        try #require(text.contains(from))
        try text.replacingOccurrences(of: from, with: to).write(toFile: export, atomically: true, encoding: .utf8)
    }

    func modified(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Sets a file's modification time far in the past, so "not touched" is exact to check.
    func age(_ path: String) throws -> Date {
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        return try modified(path)
    }

    @Test func aSavedExportIsRewrittenWhenTheLibraryChangesAndUntouchedWhenItsContentDoesNot() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        let harbour = mixtape.folder + "/harbour.m3u8", salt = mixtape.folder + "/playlists/salt.m3u8"
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/playlists", withIntermediateDirectories: true)
        let saved = try mixtape.run(["export-playlist", "--query", "harbour", "-o", harbour, "--save", "harbour"])
        try #require(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.contains("saved export harbour"))
        // A relative output is recorded as an absolute path: cron runs elsewhere.
        let relative = try MixtapeProcess.execute(MixtapeProcess.binary, ["export-playlist", "--query", "'Salt", "-o",
                                                  "playlists/salt.m3u8", "--save", "salt"],
                                                  environment: ["MIXTAPE_LIBRARY": mixtape.library, "XDG_CONFIG_HOME": mixtape.configHome],
                                                  in: mixtape.folder)
        try #require(relative.status == 0, "\(relative.stderr)")
        let list = try mixtape.run(["saved", "list", "--json"])
        #expect(list.records.compactMap { $0["name"] as? String } == ["harbour", "salt"])
        #expect(list.records.last?["output"] as? String == salt)
        #expect(list.records.first?["query"] as? String == "harbour")
        #expect(try read(harbour).contains("Harbour Lights\n"))

        // The library changes a track of the saved query: the next index rewrites the playlist.
        let saltBefore = try age(salt)
        try edit("<string>Harbour Lights</string>", "<string>Harbour Lights (Remastered)</string>")
        let indexed = try mixtape.run(["index", "--json"])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        #expect(try read(harbour).contains("Harbour Lights (Remastered)\n"))
        #expect(indexed.stderr.contains("saved export harbour: wrote \(harbour)"))
        let counts = try #require(indexed.records.first?["saved_exports"] as? [String: Any])
        #expect(counts["written"] as? Int == 1 && counts["unchanged"] as? Int == 1 && counts["failed"] as? Int == 0)
        // The other saved export was rendered too and found the same: not touched.
        #expect(try modified(salt) == saltBefore)

        // An index with no change at all touches neither.
        let harbourBefore = try age(harbour)
        #expect(try mixtape.run(["index"]).status == 0)
        #expect(try modified(harbour) == harbourBefore)
        #expect(try modified(salt) == saltBefore)

        // A deleted playlist file comes back on the next index, even with no change.
        try FileManager.default.removeItem(atPath: salt)
        #expect(try mixtape.run(["index"]).status == 0)
        #expect(try read(salt).contains("Salt & Silver"))
    }

    @Test func aSavedPlaylistExportFollowsThePlaylistAndKeepsItsMapping() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        let name = "Dinner Party"  // 7 entries, one track twice
        let out = mixtape.folder + "/list.m3u8"
        let saved = try mixtape.run(["export-playlist", "--playlist", name, "-o", out, "--map-prefix", "/Users/sam/Music=/srv/music",
                                     "--save", "list"])
        try #require(saved.status == 0, "\(saved.stderr)")
        let before = try read(out)
        #expect(before.contains("\n/srv/music/"))
        #expect(before.components(separatedBy: "\n/srv/music/").count == 8)
        try FileManager.default.removeItem(atPath: out)
        let run = try mixtape.run(["saved", "run", "list"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("1 written, 0 unchanged, 0 failed"))
        #expect(try read(out) == before)
        #expect(try mixtape.run(["saved", "run"]).stderr.contains("0 written, 1 unchanged, 0 failed"))
    }

    @Test func aSavedExportThatCannotBeWrittenIsReportedAndTheIndexStillCommits() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        let folder = mixtape.folder + "/gone"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #require(try mixtape.run(["export-playlist", "--query", "harbour", "-o", folder + "/h.m3u8", "--save", "h"]).status == 0)
        try FileManager.default.removeItem(atPath: folder)
        try edit("<string>Harbour Lights</string>", "<string>Harbour Lights II</string>")
        let indexed = try mixtape.run(["index"])
        #expect(indexed.status == 73)
        #expect(indexed.stderr.contains("saved export h: cannot write \(folder)/h.m3u8"))
        #expect(try mixtape.run(["search", "'Harbour Lights II"]).status == 0)
    }

    @Test(arguments: [
        (["export-playlist", "-o", "x.m3u8", "--save", "sel"], "--save needs --query or --playlist"),
        (["export-playlist", "--query", "a", "-o", "-", "--format", "m3u8", "--save", "s"], "--save needs -o FILE"),
        (["export-playlist", "--query", "a", "-o", "x.m3u8", "--save", ""], "a saved export needs a name"),
        (["export-playlist", "--all-playlists", "d", "--save", "all"], "--save needs --query or --playlist"),
    ])
    func saveNeedsAQueryOrPlaylistAndAFile(arguments: [String], message: String) throws {
        let result = try mixtape.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aSavedExportKeepsPlainPaths() throws {
        // A folder file named with `#`: a URI line by default, a plain path with --plain-paths.
        let music = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", music + "/Take #1.flac", "synth", "0.2", "sine", "440"])
        try #require(try mixtape.run(["index", music]).status == 0)
        let out = mixtape.folder + "/takes.m3u8"
        let saved = try mixtape.run(["export-playlist", "--query", "take", "--plain-paths", "-o", out, "--save", "takes"])
        try #require(saved.status == 0, "\(saved.stderr)")
        let first = try read(out)
        #expect(first.contains("\n" + music + "/Take #1.flac\n"), "\(first)")
        #expect(try mixtape.run(["saved", "list", "--json"]).records.first?["plain_paths"] as? Bool == true)
        // Run again after a change: still plain.
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", music + "/Take #2.flac", "synth", "0.2", "sine", "440"])
        try #require(try mixtape.run(["index"]).status == 0)
        let second = try read(out)
        #expect(second.contains("\n" + music + "/Take #2.flac\n"), "\(second)")
        let uri = try mixtape.run(["export-playlist", "--query", "take", "-o", "-", "--format", "m3u8"])
        #expect(uri.stdout.contains("Take%20%231.flac"), "\(uri.stdout)")
        // The config file's `[export] plain-paths = true` does what the flag does.
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data("[export]\nplain-paths = true\n".utf8).write(to: URL(fileURLWithPath: mixtape.configHome + "/mixtape/config.toml"))
        let configured = try mixtape.run(["export-playlist", "--query", "take", "-o", "-", "--format", "m3u8"])
        #expect(configured.stdout.contains("\n" + music + "/Take #1.flac\n"), "\(configured.stdout)")
        let xspf = try mixtape.run(["export-playlist", "--query", "take", "-o", "-", "--format", "xspf"])
        #expect(xspf.status == 0 && xspf.stdout.contains("Take%20%231.flac"), "the setting leaves XSPF as it is: \(xspf.stderr)")
    }

    /// A run of saved exports decides every query and reads every item in one pass, and asks
    /// once whether a file exists: each file must still be exactly what exporting it alone
    /// writes, whatever the others ask for.
    @Test func savedExportsRunTogetherWriteWhatEachWritesAlone() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        try #require(try mixtape.run(["select", "add", "'Northbound"]).status == 0)
        // Some mapped files exist here, one named in NFC where the library has it in NFD.
        let media = mixtape.folder + "/media"
        for file in ["Kodiak Drive/Northbound/01 Northbound.mp3", "Björk/Homogenic/02 Jóga.m4a".precomposedStringWithCanonicalMapping,
                     "Marisol Vega/Salt & Silver/05 Salt & Silver.m4a"] {
            try FileManager.default.createDirectory(atPath: media + "/" + (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: media + "/" + file, contents: Data("x".utf8)))
        }
        let map = ["--map-prefix", "/Users/sam/Music/iTunes/iTunes Media/Music=" + media]
        let exports: [(name: String, file: String, arguments: [String])] = [
            ("years", "years.m3u8", ["--query", "year:2010..2019"] + map),
            ("rated-rock", "rated-rock.xspf", ["--query", "rating:>=80 genre:rock"]),
            ("text", "text.m3u8", ["--query", "kodiak"]),
            ("text-and-year", "text-and-year.pls", ["--query", "live year:2018"] + map + ["--missing", "skip"]),
            ("mixed-group", "mixed-group.m3u8", ["--query", "salt | year:2005"]),
            ("dinner", "dinner.m3u8", ["--playlist", "Dinner Party"] + map + ["--relative"]),
            ("iceland", "iceland.xml", ["--playlist", "Road Trips/Europe/Iceland 2019"]),
            ("selected", "selected.json", ["--query", "selected:yes"] + map),
            ("latin", "latin.xml", ["--query", "genre:latin", "--format", "rekordbox"] + map),
            ("everything", "everything.m3u8", ["--query", ""]),
        ]
        var alone: [String: Data] = [:]
        for export in exports {
            let output = mixtape.folder + "/" + export.file
            let saved = try mixtape.run(["export-playlist"] + export.arguments + ["-o", output, "--save", export.name])
            try #require(saved.status == 0, "\(export.name): \(saved.stderr)")
            alone[export.name] = try Data(contentsOf: URL(fileURLWithPath: output))
            try FileManager.default.removeItem(atPath: output)
        }
        let run = try mixtape.run(["saved", "run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(exports.count) written, 0 unchanged, 0 failed"), "\(run.stderr)")
        for export in exports {
            let together = try Data(contentsOf: URL(fileURLWithPath: mixtape.folder + "/" + export.file))
            #expect(together == alone[export.name], "\(export.name) differs when run with the others")
        }
        // What the exports list is what `search` finds, in its order, and the mapped files
        // that exist are written as they are named here.
        let years = try read(mixtape.folder + "/years.m3u8").split(separator: "\n").filter { !$0.hasPrefix("#") }
        let found = try mixtape.run(["search", "year:2010..2019", "--json"]).records.compactMap { $0["location"] as? String }
        #expect(years.count == found.count && years.count > 5)
        #expect(years.contains { $0 == media + "/Kodiak Drive/Northbound/01 Northbound.mp3" })
        #expect(try read(mixtape.folder + "/selected.json").contains("Northbound"))
        let kodiak = try read(mixtape.folder + "/text.m3u8").split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }
        let ranked = try mixtape.run(["search", "kodiak", "--json"]).records.map { "\($0["artist"] ?? "") - \($0["title"] ?? "")" }
        #expect(kodiak.map { String($0.drop { $0 != "," }.dropFirst()) } == ranked && ranked.count > 3)
    }

    /// Saved exports render on two threads; two that write one file must still leave the
    /// last one's playlist there (in name order), as when they ran one after another.
    @Test func twoSavedExportsOfOneFileLeaveTheLastOnesPlaylist() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        let out = mixtape.folder + "/shared.m3u8"
        for (name, query) in [("a", "harbour"), ("b", "kodiak"), ("c", "year:2016"), ("d", "genre:rock")] {
            let other = mixtape.folder + "/\(name).m3u8"
            try #require(try mixtape.run(["export-playlist", "--query", query, "-o", name == "a" || name == "d" ? out : other,
                                          "--save", name]).status == 0)
        }
        let last = try read(out)
        #expect(last.contains("Kodiak Drive - Northbound"))
        for _ in 0..<3 {
            try FileManager.default.removeItem(atPath: out)
            #expect(try mixtape.run(["saved", "run"]).status == 0)
            #expect(try read(out) == last)
        }
    }

    @Test func savedRemoveForgetsAndLeavesTheFile() throws {
        try #require(try mixtape.run(["index", export]).status == 0)
        let out = mixtape.folder + "/h.m3u8"
        try #require(try mixtape.run(["export-playlist", "--query", "harbour", "-o", out, "--save", "h"]).status == 0)
        // Saving again under the same name replaces the record.
        let again = try mixtape.run(["export-playlist", "--query", "galway", "-o", out, "--save", "h"])
        #expect(again.stderr.contains("saved export h (replaced)"))
        #expect(try mixtape.run(["saved", "list"]).lines.count == 1)
        #expect(try mixtape.run(["saved", "remove", "h"]).status == 0)
        #expect(try mixtape.run(["saved", "list"]).stdout.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out))
        let unknown = try mixtape.run(["saved", "remove", "h"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no saved export or sync \"h\""))
        #expect(try mixtape.run(["saved", "run", "nope"]).status == 66)
    }
}

extension WatchTests {
    @Test func aWatchBatchRewritesASavedExport() throws {
        let exports = mixtape.folder + "/iTunes"
        try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        let library = exports + "/Library.xml"
        try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Library.xml"), toPath: library)
        try #require(try mixtape.run(["index", library]).status == 0)
        let out = mixtape.folder + "/lantern.m3u8"
        try #require(try mixtape.run(["export-playlist", "--query", "lantern", "-o", out, "--save", "lantern"]).status == 0)
        let watch = try startWatch(["--debounce", "0.2", "--log-format", "json"], waitUntilReady: false)
        try watch.waitFor("\"event\":\"caught_up\"")
        let text = try String(contentsOfFile: library, encoding: .utf8).replacingOccurrences(of: "Lantern", with: "Lanthorn")
        try text.write(toFile: library + ".tmp", atomically: false, encoding: .utf8)
        #expect(rename(library + ".tmp", library) == 0)
        try watch.waitFor("\"event\":\"saved_export\"")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Lanthorn"))
        #expect(watch.stop().status == 0)
        // Every log line is one JSON object with time, level, event and message.
        for line in watch.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["time"] is String && object["level"] is String && object["event"] is String && object["message"] is String)
        }
        let batch = try #require(watch.lines.first { $0.contains("\"event\":\"batch\"") })
        #expect(batch.contains("\"updated\":"))
    }

    @Test func theConfigFileSetsTheDebounce() throws {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try "sources = [\"\(music)\"]\n[watch]\ndebounce = 0.1\n".write(toFile: mixtape.configHome + "/mixtape/config.toml",
                                                                  atomically: true, encoding: .utf8)
        // No SOURCE and an empty index: the config file's source is watched (and added).
        let watch = try startWatch([])
        try mp3(music + "/a/one.mp3", title: "Configured Debounce")
        try waitUntil("'Configured", "the file is indexed") { $0.count == 1 }
        #expect(watch.stop().status == 0)
        #expect(watch.text.contains("watching 1 source (1 folder), debounce 0.1 s"))
    }
}
