import Foundation
import Testing

/// Rhythmbox databases through the built `mixtape`: every real database of
/// ../shared/data/real/rhythmbox indexes and equals scripts/read_rhythmbox.py's independent
/// reading field by field; malformed files exit 65 located with the index unchanged; a
/// re-export keeps every id; automatic playlists are smart playlists whose items are what
/// their query finds.
@Suite("Rhythmbox databases", .serialized)
struct RhythmboxSourceTests {
    static let real: String? = MixtapeProcess.shared.map { $0 + "/data/real/rhythmbox" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_rhythmbox.py"

    /// Every well-formed database: the loose files and the `OWNER_REPO/rhythmdb.xml` pairs.
    static let databases: [String] = {
        guard let real else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []
        var files: [String] = []
        for name in names.sorted() where name != "malformed" {
            if name.hasSuffix(".xml") {
                files.append(real + "/" + name)
            } else if FileManager.default.fileExists(atPath: real + "/" + name + "/rhythmdb.xml") {
                files.append(real + "/" + name + "/rhythmdb.xml")
            }
        }
        return files
    }()

    static var pythonAvailable: Bool {
        (try? MixtapeProcess.execute("/usr/bin/env", ["python3", "--version"]).status) == 0
    }

    /// The independent reading: items and playlists by id.
    static func pythonReading(_ path: String) throws -> (items: [String: [String: Any]], playlists: [[String: Any]]) {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, path])
        try #require(result.status == 0, "read_rhythmbox.py \(path): \(result.stderr)")
        var items: [String: [String: Any]] = [:]
        var playlists: [[String: Any]] = []
        for record in result.records {
            if record["record"] as? String == "item" { items[record["id"] as! String] = record } else { playlists.append(record) }
        }
        return (items, playlists)
    }

    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil), (nil, is NSNull), (is NSNull, nil), (is NSNull, is NSNull): return true
        case (let x as NSObject, let y as NSObject): return x == y
        default: return false
        }
    }

    @Test("every real database indexes and equals the independent Python reading, field by field",
          .enabled(if: real != nil, "../shared is absent: real Rhythmbox databases not checked"),
          .enabled(if: pythonAvailable, "python3 is missing: the independent reading cannot run"),
          arguments: databases)
    func matchesPython(_ path: String) throws {
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", path])
        try #require(indexed.status == 0, "\(path): \(indexed.stderr)")
        let expected = try Self.pythonReading(path)
        var got: [String: [String: Any]] = [:]
        for item in try scratch.run(["search", "--json"]).records { got[item["id"] as! String] = item }
        #expect(Set(got.keys) == Set(expected.items.keys), "\(path): item ids differ")
        var wrong: [String] = []
        for (id, item) in expected.items {
            for (key, value) in item where key != "record" && !Self.same(got[id]?[key], value) {
                wrong.append("\(id) \(key): expected \(value), got \(got[id]?[key] ?? "nil")")
            }
        }
        #expect(wrong.isEmpty, "\(path): \(wrong.count) fields differ, e.g. \(wrong.prefix(5))")
        let playlists = try scratch.run(["playlists", "--json"]).records
        #expect(playlists.map { $0["id"] as! String } == expected.playlists.map { $0["id"] as! String })
        for (mine, theirs) in zip(playlists, expected.playlists) {
            for key in ["name", "smart", "folder", "missing", "source", "parent_id"] {
                #expect(Self.same(mine[key], theirs[key]), "\(path) playlist \(theirs["name"] ?? ""): \(key)")
            }
            // A smart playlist's ties are in library order here, in file order there: without a
            // limit the same items, with one items among the same matches (as many for a count).
            let name = "\(path) playlist \(theirs["name"] ?? "")"
            let (got, want) = (mine["items"] as? [String] ?? [], theirs["items"] as? [String] ?? [])
            if theirs["smart"] as? Bool != true {
                #expect(got == want, "\(name): items")
            } else if let limit = theirs["query_limit"] as? String {
                #expect(mine["query_limit"] as? String == limit, "\(name): limit")
                #expect(Set(got).isSubset(of: theirs["candidates"] as? [String] ?? []), "\(name): items")
                if limit.hasPrefix("items:") { #expect(got.count == want.count, "\(name): item count") }
            } else {
                #expect(got.sorted() == want.sorted(), "\(name): items")
            }
        }
    }

    /// A static playlist's entry whose file is not in the database stays in its place: the
    /// export writes all three entries in order (12 had become 1), and counts the missing one.
    @Test("a static playlist keeps an entry the database lacks in its place, and exports it")
    func staticPlaylistKeepsMissingEntries() throws {
        let scratch = MixtapeProcess()
        let music = scratch.folder + "/Music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        for name in ["a.mp3", "c.mp3"] { FileManager.default.createFile(atPath: music + "/" + name, contents: Data("x".utf8)) }
        let url = "file://" + music
        let database = try scratch.write("rhythmdb.xml", """
            <?xml version="1.0" standalone="yes"?>
            <rhythmdb version="2.0">
              <entry type="song"><title>A</title><location>\(url)/a.mp3</location></entry>
              <entry type="song"><title>C</title><location>\(url)/c.mp3</location></entry>
            </rhythmdb>

            """)
        _ = try scratch.write("playlists.xml", """
            <?xml version="1.0"?>
            <rhythmdb-playlists>
              <playlist name="Mix" type="static">
                <location>\(url)/a.mp3</location>
                <location>\(url)/gone.mp3</location>
                <location>\(url)/c.mp3</location>
              </playlist>
            </rhythmdb-playlists>

            """)
        let indexed = try scratch.run(["index", database])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let mix = try #require(try scratch.run(["playlists", "--json"]).records.first { $0["name"] as? String == "Mix" })
        #expect((mix["items"] as? [String])?.count == 2 && mix["missing"] as? Int == 1, "\(mix)")
        let export = try scratch.run(["export-playlist", "--playlist", "Mix", "--format", "m3u8", "-o", "-"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.lines.filter { !$0.hasPrefix("#") } == [music + "/a.mp3", music + "/gone.mp3", music + "/c.mp3"],
                "\(export.stdout)")
        #expect(export.stderr.contains("1 missing here (kept)"), "\(export.stderr)")
    }

    /// A database (with its playlists.xml) made by bench/gen_rhythmbox.py in `scratch`; its path.
    static func generate(tracks: Int, playlists: Int, seed: Int, in scratch: MixtapeProcess) throws -> String {
        let path = scratch.folder + "/rhythmdb.xml"
        let made = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_rhythmbox.py", "--tracks", String(tracks),
            "--playlists", String(playlists), "--seed", String(seed), "--out", path,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test("a generated database (bench/gen_rhythmbox.py) equals the independent Python reading",
          .enabled(if: pythonAvailable, "python3 is missing: the generator and the reading cannot run"))
    func generated() throws {
        let scratch = MixtapeProcess()
        let path = try Self.generate(tracks: 1500, playlists: 80, seed: 5, in: scratch)
        try matchesPython(path)
        #expect(try scratch.run(["index", path]).status == 0)
        let playlists = try scratch.run(["playlists", "--json"]).records
        #expect(playlists.contains { $0["smart"] as? Bool == true && $0["query"] is NSNull }, "no untranslatable playlist")
        let translated = playlists.filter { $0["smart"] as? Bool == true && $0["query"] is String }
        #expect(translated.count >= 9)
        for playlist in translated {
            let query = playlist["query"] as! String, sort = playlist["query_sort"] as? String
            var found = try Self.searchIDs(scratch, query: query, sort: sort)
            switch playlist["query_limit"] as? String {
            case nil: break
            case let limit? where limit.hasPrefix("items:"): found = Array(found.prefix(Int(limit.dropFirst(6))!))
            default: continue  // a duration or size budget: compared with Rhythmbox's reading above
            }
            #expect(playlist["items"] as? [String] == found, "\(playlist["name"] ?? ""): \(query)")
        }
    }

    /// Three ways to the same entries: columns gathered while the items were written (a
    /// first index of one source), every item loaded (a second source), and columns read
    /// from the index (that second source removed again).
    @Test("automatic playlists decided on gathered columns, on loaded items and on columns read back agree",
          .enabled(if: pythonAvailable, "python3 is missing: the generator cannot run"))
    func columnsEqualLoaded() throws {
        let scratch = MixtapeProcess()
        let path = try Self.generate(tracks: 3000, playlists: 200, seed: 11, in: scratch)
        #expect(try scratch.run(["index", path]).status == 0)
        // An empty folder as a second source: the same items, but rows of two sources, which
        // the evaluation reads as loaded items.
        let both = MixtapeProcess()
        let empty = both.folder + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(try both.run(["index", path, empty]).status == 0)
        func smart(_ process: MixtapeProcess) throws -> [String: [String]] {
            let records = try process.run(["playlists", "--json"]).records.filter { $0["smart"] as? Bool == true }
            return Dictionary(uniqueKeysWithValues: records.map { ($0["id"] as! String, $0["items"] as? [String] ?? []) })
        }
        let columns = try smart(scratch), loaded = try smart(both)
        #expect(columns.count >= 20)
        #expect(columns.values.filter { !$0.isEmpty }.count >= 15, "too few rules find items to compare")
        #expect(Set(columns.keys) == Set(loaded.keys))
        let differing = columns.keys.filter { columns[$0] != loaded[$0] }.sorted()
        #expect(differing.isEmpty, "playlists whose items differ: \(differing)")
        #expect(try both.run(["sources", "remove", empty]).status == 0)
        let readBack = try smart(both)
        let differingReadBack = columns.keys.filter { columns[$0] != readBack[$0] }.sorted()
        #expect(differingReadBack.isEmpty, "playlists whose items differ read back: \(differingReadBack)")
    }

    /// Every kind of translation (RhythmboxQueryTranslationTests's table) run by `mixtape search`.
    static let translations = [
        "kind:music", "kind:podcast", "!kind:music", "artist:beatles", "title:\"love me do\"", "!genre:rock",
        "album:=\"Abbey Road\"", "!artist:=ABBA", "composer:bach", "album_artist:various",
        "comments:\"say \\\"hi\\\"\"", "location:\"Jazz Club\"", "rating:>=80", "rating:<=40 | !rating:0..",
        "rating:100", "!rating:1..", "!rating:60", "plays:>=5", "plays:<=3", "!plays:1..", "bit_rate:>=256",
        "track_number:<=3 | !track_number:0..", "disc_number:2", "bpm:>=121", "duration:>=5:00",
        "duration:<=3:05 | !duration:0..", "duration:1:02", "year:1999", "!year:1999", "year:>=1999",
        "year:<=1999 | !year:0..", "kind:music added:<=7d", "played:<=30d", "!played:<=90d", "modified:<=1d",
        "genre:=Rock | genre:=Jazz", "artist:a | title:c album:b | title:c", "",
    ]

    @Test("every kind of translated condition is a query `mixtape search` runs",
          .enabled(if: real != nil, "../shared is absent"))
    func translationsRun() throws {
        let scratch = MixtapeProcess()
        #expect(try scratch.run(["index", Self.real! + "/Vedant36_aliedots/rhythmdb.xml"]).status == 0)
        for query in Self.translations {
            let result = try scratch.run(["search", "--json", "--", query])
            #expect(result.status == 0 || result.status == 1, "\(query): exit \(result.status) \(result.stderr)")
        }
    }

    @Test("every file in malformed/ exits 65 located, and the index is unchanged",
          .enabled(if: real != nil, "../shared is absent: malformed Rhythmbox files not checked"))
    func malformed() throws {
        let scratch = MixtapeProcess()
        #expect(try scratch.run(["index", Self.real! + "/phauer_count_rating/rhythmdb.xml"]).status == 0)
        let before = try scratch.snapshot()
        let folder = Self.real! + "/malformed"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let result = try scratch.run(["index", folder + "/" + name])
            #expect(result.status == 65, "\(name): exit \(result.status)")
            #expect(result.stderr.range(of: folder + "/" + name + #":\d+:\d+: "#, options: .regularExpression) != nil,
                    "\(name): \(result.stderr)")
            #expect(try scratch.snapshot() == before, "\(name) changed the index")
        }
    }

    /// A copy of a real pair in the scratch folder, to edit.
    static func copyPair(_ pair: String, to scratch: MixtapeProcess) throws -> (database: String, playlists: String) {
        let folder = scratch.folder + "/rb"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["rhythmdb.xml", "playlists.xml"] {
            try FileManager.default.copyItem(atPath: real! + "/" + pair + "/" + name, toPath: folder + "/" + name)
        }
        return (folder + "/rhythmdb.xml", folder + "/playlists.xml")
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The database's `<entry>` blocks and the text around them.
    static func entries(of text: String) -> (head: String, entries: [String], tail: String) {
        let parts = text.components(separatedBy: "  <entry ")
        let last = parts.last!.components(separatedBy: "</rhythmdb>")
        let blocks = parts.dropFirst().dropLast().map { "  <entry " + $0 } + ["  <entry " + last[0]]
        return (parts[0], blocks, "</rhythmdb>" + last.dropFirst().joined(separator: "</rhythmdb>"))
    }

    @Test("a malformed playlists.xml beside a good database exits 65 located in it, index unchanged",
          .enabled(if: real != nil, "../shared is absent"))
    func malformedPlaylists() throws {
        let scratch = MixtapeProcess()
        let pair = try Self.copyPair("phauer_count_rating", to: scratch)
        #expect(try scratch.run(["index", pair.database]).status == 0)
        let before = try scratch.snapshot()
        let text = try Self.read(pair.playlists)
        try String(text.prefix(text.count / 2)).write(toFile: pair.playlists, atomically: true, encoding: .utf8)
        let result = try scratch.run(["index", pair.database])
        #expect(result.status == 65)
        #expect(result.stderr.range(of: pair.playlists + #":\d+:\d+: "#, options: .regularExpression) != nil, "\(result.stderr)")
        #expect(try scratch.snapshot() == before)
    }

    @Test("a re-export with the entries reordered keeps every id; a changed rating is an update of the same item",
          .enabled(if: real != nil, "../shared is absent"))
    func reExport() throws {
        let scratch = MixtapeProcess()
        let pair = try Self.copyPair("Vedant36_aliedots", to: scratch)
        #expect(try scratch.run(["index", pair.database]).status == 0)
        let ids = Set(try scratch.run(["search", "--json"]).records.map { $0["id"] as! String })
        let playlistIDs = try scratch.run(["playlists", "--json"]).records.map { $0["id"] as! String }
        let (head, entries, tail) = Self.entries(of: try Self.read(pair.database))
        try (head + entries.reversed().joined() + tail).write(toFile: pair.database, atomically: true, encoding: .utf8)
        let reordered = try scratch.run(["index", "--json", pair.database])
        #expect(reordered.status == 0)
        let summary = try #require(reordered.records.first)
        #expect(summary["added"] as? Int == 0 && summary["removed"] as? Int == 0, "\(reordered.stdout)")
        #expect(Set(try scratch.run(["search", "--json"]).records.map { $0["id"] as! String }) == ids)
        #expect(try scratch.run(["playlists", "--json"]).records.map { $0["id"] as! String } == playlistIDs)

        // Rate the first song: one item updated, same id, rating 100.
        var rated = entries.reversed() as [String]
        let index = try #require(rated.firstIndex { $0.contains("type=\"song\"") })
        rated[index] = rated[index].replacingOccurrences(of: "  </entry>", with: "    <rating>5.000000</rating>\n  </entry>")
        try (head + rated.joined() + tail).write(toFile: pair.database, atomically: true, encoding: .utf8)
        let update = try scratch.run(["index", "--json", pair.database])
        let changed = try #require(update.records.first)
        #expect(changed["updated"] as? Int == 1 && changed["added"] as? Int == 0, "\(update.stdout)")
        let after = try scratch.run(["search", "--json", "rating:100"]).records
        #expect(after.count == 1 && ids.contains(after.first?["id"] as? String ?? ""))
    }

    @Test("a run killed after writing the items but before the automatic playlists' entries: the next run, with nothing changed, writes them",
          .enabled(if: real != nil, "../shared is absent"))
    func interruptedRunIsCompletedByTheNext() throws {
        let scratch = MixtapeProcess()
        let pair = try Self.copyPair("phauer_count_rating", to: scratch)
        // Five stars for every song, so "My Top Rated" has items.
        let (head, entries, tail) = Self.entries(of: try Self.read(pair.database))
        let rated = entries.map { $0.replacingOccurrences(of: "  </entry>", with: "    <rating>5.000000</rating>\n  </entry>") }
        try (head + rated.joined() + tail).write(toFile: pair.database, atomically: true, encoding: .utf8)
        #expect(try scratch.run(["index", pair.database]).status == 0)
        func smartItems() throws -> [String: [String]] {
            var items: [String: [String]] = [:]
            for playlist in try scratch.run(["playlists", "--json"]).records where playlist["smart"] as? Bool == true {
                items[playlist["name"] as! String] = playlist["items"] as? [String] ?? []
            }
            return items
        }
        let written = try smartItems()
        try #require(written.values.contains { !$0.isEmpty })
        // What such a kill leaves: the entries of the run before (none here), and the mark the
        // source's transaction set.
        func interrupt(marked: Bool) throws {
            let edit = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("UPDATE playlists SET entries = X'' WHERE rule = 1")
                if sys.argv[2] == "1":
                    db.execute("INSERT OR REPLACE INTO index_state (key, value) VALUES ('derived_pending', 1)")
                db.commit()
                """, scratch.library, marked ? "1" : "0"])
            try #require(edit.status == 0, "\(edit.stderr)")
            try #require(try smartItems().values.allSatisfy(\.isEmpty))
        }
        try interrupt(marked: true)
        let next = try scratch.run(["index", "--json", pair.database])
        #expect(next.status == 0)
        #expect(next.records.first?["skipped"] as? Int == 1, "\(next.stdout)")  // the file did not change
        #expect(try smartItems() == written)
        // Done, the mark is gone: entries changed behind the index's back are not its doing,
        // and a run with nothing to do does nothing.
        try interrupt(marked: false)
        #expect(try scratch.run(["index", pair.database]).status == 0)
        #expect(try smartItems().values.allSatisfy(\.isEmpty))
    }

    /// `mixtape search --json` with a rule's query and sort: the ids a smart playlist must hold.
    static func searchIDs(_ scratch: MixtapeProcess, query: String, sort: String?) throws -> [String] {
        var arguments = ["search", "--json"]
        if let sort { arguments += ["--sort", sort] }
        let result = try scratch.run(arguments + ["--", query])
        #expect(result.status == 0 || result.status == 1, "search \(query): \(result.stderr)")
        return result.records.map { $0["id"] as! String }
    }

    static let defaultQueries = [
        "My Top Rated": ("kind:music rating:>=80", "rating-"),
        "Recently Added": ("kind:music added:<=7d", "date_added-"),
        "Recently Played": ("kind:music played:<=7d", "play_date-"),
    ]

    @Test("the real automatic playlists are smart, with the expected query and the items it finds",
          .enabled(if: real != nil, "../shared is absent"), arguments: ["phauer_count_rating", "Vedant36_aliedots"])
    func realAutomaticPlaylists(_ pair: String) throws {
        let scratch = MixtapeProcess()
        #expect(try scratch.run(["index", Self.real! + "/" + pair + "/rhythmdb.xml"]).status == 0)
        let smart = try scratch.run(["playlists", "--json"]).records.filter { $0["smart"] as? Bool == true }
        #expect(smart.map { $0["name"] as! String }.sorted() == Self.defaultQueries.keys.sorted())
        for playlist in smart {
            let (query, sort) = try #require(Self.defaultQueries[playlist["name"] as! String])
            #expect(playlist["query"] as? String == query)
            #expect(playlist["items"] as? [String] == (try Self.searchIDs(scratch, query: query, sort: sort)))
        }
    }

    @Test("automatic playlists with recent, rated and played songs: items as the query finds them and as Rhythmbox would",
          .enabled(if: real != nil, "../shared is absent"),
          .enabled(if: pythonAvailable, "python3 is missing: the independent reading cannot run"))
    func livelyAutomaticPlaylists() throws {
        let scratch = MixtapeProcess()
        let pair = try Self.copyPair("Vedant36_aliedots", to: scratch)
        let now = Int(Date().timeIntervalSince1970)
        let (head, entries, tail) = Self.entries(of: try Self.read(pair.database))
        var lively: [String] = []
        for (number, entry) in entries.enumerated() {
            var entry = entry
            guard entry.contains("type=\"song\""), number % 7 == 0 else { lively.append(entry); continue }
            let days = number % 11  // 0...10 days ago: some inside the last week, some not
            entry = entry.replacingOccurrences(of: #"<first-seen>\d+</first-seen>"#,
                                               with: "<first-seen>\(now - days * 86_400 - 60)</first-seen>",
                                               options: .regularExpression)
            entry = entry.replacingOccurrences(of: #"<last-played>\d+</last-played>"#,
                                               with: "<last-played>\(now - (10 - days) * 86_400 - 60)</last-played>",
                                               options: .regularExpression)
            entry = entry.replacingOccurrences(of: "  </entry>", with: "    <rating>\(number % 6).000000</rating>\n  </entry>")
            lively.append(entry)
        }
        try (head + lively.joined() + tail).write(toFile: pair.database, atomically: true, encoding: .utf8)
        #expect(try scratch.run(["index", pair.database]).status == 0)
        let expected = try Self.pythonReading(pair.database).playlists
        let smart = try scratch.run(["playlists", "--json"]).records.filter { $0["smart"] as? Bool == true }
        #expect(smart.count == 3)
        for playlist in smart {
            let name = playlist["name"] as! String
            let (query, sort) = try #require(Self.defaultQueries[name])
            let items = playlist["items"] as? [String] ?? []
            #expect(!items.isEmpty, "\(name) is empty: the edit did not make it lively")
            #expect(items == (try Self.searchIDs(scratch, query: query, sort: sort)), "\(name)")
            // Ties in the sort order: Mixtape breaks them in library order, the script in file
            // order; the order itself is checked against `search` above.
            let rhythmbox = expected.first { $0["name"] as? String == name }?["items"] as? [String] ?? []
            #expect(items.sorted() == rhythmbox.sorted(), "\(name): Rhythmbox's criteria (read_rhythmbox.py) find other items")
        }
    }
}
