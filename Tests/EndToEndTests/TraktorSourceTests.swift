import Foundation
import Testing

/// Traktor NML collections through the built `mixtape`: every real file in
/// ../shared/data/real/traktor indexes and equals the independent Python reading
/// (scripts/read_traktor.py) field by field; malformed ones exit 65 located with the index
/// unchanged; a re-export with the entries reordered keeps every id.
@Suite("Traktor sources end to end")
struct TraktorSourceTests {
    static let folder = MixtapeProcess.shared.map { $0 + "/data/real/traktor" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_traktor.py"

    static var realFiles: [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".nml") }.sorted().map { folder + "/" + $0 }
    }

    static let python: Bool = (try? MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", "import xml.etree.ElementTree"]).status) == 0

    /// The keys the reading maps (json.md); a key absent on one side must be absent or null on the other.
    static let itemKeys = ["id", "title", "artist", "album", "track_number", "track_count", "genre", "label", "comments",
                           "remixer", "play_count", "musical_key", "duration_ms", "rating", "bit_rate", "size", "date_added",
                           "play_date", "year", "date_modified", "bpm", "location", "kind", "source"]
    static let playlistKeys = ["id", "name", "path", "parent_id", "folder", "smart", "items", "missing", "source", "query"]

    static func reading(_ file: String, _ flag: String) throws -> [[String: Any]] {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, flag, file])
        try #require(result.status == 0, "read_traktor.py \(file): \(result.stderr)")
        return result.records
    }

    /// Equal as JSON values, with null and absent the same.
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        let a = a is NSNull ? nil : a, b = b is NSNull ? nil : b
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (a as [Any], b as [Any]): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (a as NSNumber, b as NSNumber): return a == b
        case let (a as String, b as String): return a == b
        default: return false
        }
    }

    static func compare(_ file: String, _ mixtape: [[String: Any]], _ expected: [[String: Any]], keys: [String], what: String) {
        let name = (file as NSString).lastPathComponent
        #expect(mixtape.count == expected.count, "\(name): \(mixtape.count) \(what) from mixtape, \(expected.count) from Python")
        var byID: [String: [String: Any]] = [:]
        for record in mixtape { byID[record["id"] as? String ?? ""] = record }
        var differences = 0
        for record in expected {
            let id = record["id"] as? String ?? ""
            guard let found = byID[id] else {
                differences += 1
                if differences <= 5 { Issue.record("\(name): \(what) \(id) missing from mixtape") }
                continue
            }
            // A smart list's items are what its query finds, which Mixtape lists in library order.
            let smart = record["smart"] as? Bool == true
            let sortedItems = { (value: Any?) in (value as? [String])?.sorted() as Any? }
            for key in keys where smart && key == "items"
                ? !same(sortedItems(found[key]), sortedItems(record[key])) : !same(found[key], record[key]) {
                differences += 1
                if differences <= 5 {
                    Issue.record("\(name): \(what) \(id) \(key): mixtape \(found[key] ?? "absent"), Python \(record[key] ?? "absent")")
                }
            }
        }
        #expect(differences == 0, "\(name): \(differences) differences in \(what)")
    }

    @Test("every real NML file indexes and equals the Python reading, items and playlists",
          .enabled(if: folder != nil, "../shared is absent: real Traktor files not checked"),
          .enabled(if: python, "python3 is missing: the independent reading cannot run"),
          arguments: realFiles)
    func realFile(_ file: String) throws {
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", file])
        #expect(indexed.status == 0, "\(file): \(indexed.stderr)")
        Self.compare(file, try scratch.run(["search", "--json"]).records, try Self.reading(file, "--items"),
                     keys: Self.itemKeys, what: "item")
        Self.compare(file, try scratch.run(["playlists", "--json"]).records, try Self.reading(file, "--playlists"),
                     keys: Self.playlistKeys, what: "playlist")
    }

    @Test("non-ASCII names (Hebrew, Turkish, Portuguese) come through intact",
          .enabled(if: folder != nil, "../shared is absent: real Traktor files not checked"))
    func nonASCII() throws {
        let scratch = MixtapeProcess()
        let folder = try #require(Self.folder)
        for name in ["shishoi_MusicAnalyzer_collection.nml", "stefanocorrea_t2rb_collection.nml"] {
            try #require(try scratch.run(["index", folder + "/" + name]).status == 0)
        }
        let items = try scratch.run(["search", "--json"]).records
        let locations = items.compactMap { $0["location"] as? String }
        #expect(locations.contains { $0.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) } }, "a Hebrew path")
        let titles = items.compactMap { $0["title"] as? String }
        #expect(titles.contains { $0.contains("Akşam Güneşi") })
        #expect(titles.contains { $0.contains("Avião") })
    }

    /// Indexes `good` at a path, then writes `bad` over it: the run must exit 65 with
    /// file:line:column and leave the index exactly as it was.
    static func expectRejected(_ bad: [UInt8], over good: [UInt8], label: String) throws {
        let scratch = MixtapeProcess()
        let path = try scratch.write("collection.nml", good)
        try #require(try scratch.run(["index", path]).status == 0)
        let before = try scratch.snapshot()
        usleep(20_000)
        _ = try scratch.write("collection.nml", bad)
        let result = try scratch.run(["index", path])
        #expect(result.status == 65, "\(label): exit \(result.status), stderr: \(result.stderr)")
        #expect(result.stderr.contains(#/collection\.nml:\d+:\d+/#), "\(label): \(result.stderr)")
        #expect(try scratch.snapshot() == before, "\(label): the index changed")
    }

    @Test("files in malformed/ and truncations of a real file exit 65 located, index unchanged",
          .enabled(if: folder != nil, "../shared is absent: real Traktor files not checked"))
    func malformed() throws {
        let folder = try #require(Self.folder)
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/ryyckxxa_my-traktor-library_history_2010y11m27d_03h31m21s.nml")))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/malformed") {
            let bad = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/malformed/" + name)))
            try Self.expectRejected(bad, over: good, label: name)
        }
        for cut in [1, 100, good.count / 3, good.count / 2, good.count - 10] {
            try Self.expectRejected(Array(good.prefix(cut)), over: good, label: "cut at \(cut)")
        }
    }

    @Test("bit flips of a real file exit 0 or 65, and 65 leaves the index unchanged",
          .enabled(if: folder != nil, "../shared is absent: real Traktor files not checked"))
    func bitFlips() throws {
        let folder = try #require(Self.folder)
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/fabianmuehlberger_Traktor-NML-to-Rekordbox-XML_playlist_traktor.nml")))
        var generator = SystemRandomNumberGenerator()
        for round in 0..<6 {
            var bad = good
            let offset = Int.random(in: 0..<bad.count, using: &generator)
            bad[offset] ^= UInt8(1 << (round % 8))
            let scratch = MixtapeProcess()
            let path = try scratch.write("collection.nml", good)
            try #require(try scratch.run(["index", path]).status == 0)
            let before = try scratch.snapshot()
            usleep(20_000)
            _ = try scratch.write("collection.nml", bad)
            let result = try scratch.run(["index", path])
            #expect(result.status == 0 || result.status == 65, "flip at \(offset): exit \(result.status) \(result.stderr)")
            if result.status == 65 { #expect(try scratch.snapshot() == before, "flip at \(offset): the index changed") }
        }
    }

    /// Reverses the COLLECTION's entries and sets the first entry's RANKING to 51: a re-export of
    /// the same collection in another order with one rating changed.
    static let reexport = """
        import sys, xml.etree.ElementTree as ET
        path = sys.argv[1]
        tree = ET.parse(path)
        collection = tree.getroot().find('COLLECTION')
        entries = list(collection)
        entries[0].find('INFO').set('RANKING', '51')
        for entry in entries: collection.remove(entry)
        for entry in reversed(entries): collection.append(entry)
        tree.write(path + '.tmp', encoding='UTF-8', xml_declaration=True)
        import os; os.rename(path + '.tmp', path)
        """

    @Test("a re-export with the entries reordered keeps every id; a changed rating is an update, not a new item",
          .enabled(if: python, "python3 is missing: the generator cannot run"))
    func reexportKeepsIDs() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/collection.nml"
        let generated = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_traktor.py", "--tracks", "300", "--playlists", "12",
            "--seed", "5", "--out", path])
        try #require(generated.status == 0, "\(generated.stderr)")
        try #require(try scratch.run(["index", path]).status == 0)
        let before = try scratch.run(["search", "--json"]).records
        let playlistsBefore = try scratch.run(["playlists", "--json"]).records
        let first = try #require(try Self.reading(path, "--items").first?["id"] as? String)

        usleep(20_000)
        let script = try scratch.write("reexport.py", Self.reexport)
        try #require(try MixtapeProcess.execute("/usr/bin/env", ["python3", script, path]).status == 0)
        let result = try scratch.run(["index", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.records.first)
        #expect(report["added"] as? Int == 0)
        #expect(report["removed"] as? Int == 0)
        try #require(before.first { $0["id"] as? String == first }?["rating"] as? Int != 20, "seed 5's first entry is not rated 1 star")
        #expect(report["updated"] as? Int == 1)

        let after = try scratch.run(["search", "--json"]).records
        #expect(Set(after.compactMap { $0["id"] as? String }) == Set(before.compactMap { $0["id"] as? String }))
        #expect(after.first { $0["id"] as? String == first }?["rating"] as? Int == 20)
        let playlistsAfter = try scratch.run(["playlists", "--json"]).records
        #expect(playlistsAfter.map { $0["id"] as? String } == playlistsBefore.map { $0["id"] as? String })
        for (old, new) in zip(playlistsBefore, playlistsAfter) {
            #expect(new["items"] as? [String] == old["items"] as? [String], "playlist \(old["name"] ?? "")")
        }
    }
}
