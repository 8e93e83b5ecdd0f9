import Foundation
import Testing

/// rekordbox collections through the built `mixtape`: every real export in
/// ../shared/data/real/rekordbox indexes and equals the independent reading of
/// `scripts/read_rekordbox.py` (pyrekordbox) field by field; malformed ones exit 65 located with
/// the index unchanged; a re-export keeps every id; a changed rating is an update.
@Suite("rekordbox collections end to end", .serialized)
struct RekordboxSourceTests {
    static let realFolder = MixtapeProcess.shared.map { $0 + "/data/real/rekordbox" }

    /// The well-formed real exports, read in place.
    static let realFiles: [String] = {
        guard let folder = realFolder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { folder + "/" + $0 }
    }()

    /// Why the Python reading cannot run here, or nil when it can.
    static let pythonProblem: String? = {
        guard let result = try? MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", "import pyrekordbox"]) else {
            return "python3 is missing"
        }
        return result.status == 0 ? nil : "python3 has no pyrekordbox (pip install pyrekordbox)"
    }()

    static let itemKeys = ["title", "artist", "album", "composer", "genre", "grouping", "comments", "musical_key",
                           "label", "remixer", "year", "bpm", "play_count", "bit_rate", "sample_rate", "size",
                           "track_number", "disc_number", "duration_ms", "rating", "date_added", "date_modified",
                           "play_date", "track_id", "location", "kind", "album_artist", "persistent_id"]
    static let playlistKeys = ["name", "parent_id", "path", "folder", "smart", "master", "items", "missing"]

    /// `scripts/read_rekordbox.py FILE`: items and playlists by id.
    static func pythonReading(_ file: String) throws -> (items: [String: [String: Any]], playlists: [String: [String: Any]]) {
        let script = MixtapeProcess.packageRoot + "/scripts/read_rekordbox.py"
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, file])
        try #require(result.status == 0, "read_rekordbox.py \(file): \(result.stderr)")
        var items: [String: [String: Any]] = [:], playlists: [String: [String: Any]] = [:]
        for record in result.records {
            let id = try #require(record["id"] as? String)
            if record["record"] as? String == "item" { items[id] = record } else { playlists[id] = record }
        }
        return (items, playlists)
    }

    /// A JSON value in a form two readings can be compared by (a missing flag is false, a missing
    /// count 0).
    static func canonical(_ value: Any?, key: String) -> String {
        var value = value
        if value == nil || value is NSNull {
            if ["folder", "smart", "master"].contains(key) { value = false }
            if key == "missing" { value = 0 }
        }
        guard let value, !(value is NSNull) else { return "null" }
        let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// What `mixtape` indexed from `file` against the Python reading: a list of differences.
    static func differences(_ file: String, in scratch: MixtapeProcess) throws -> [String] {
        let expected = try pythonReading(file)
        let items = try scratch.run(["search", "--json"]).records
        let playlists = try scratch.run(["playlists", "--json"]).records
        var problems: [String] = []
        let got = Dictionary(items.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
        let gotPlaylists = Dictionary(playlists.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
        if Set(got.keys) != Set(expected.items.keys) {
            problems.append("item ids: \(Set(expected.items.keys).subtracting(got.keys).count) missing, "
                            + "\(Set(got.keys).subtracting(expected.items.keys).count) unexpected")
        }
        for (id, want) in expected.items.sorted(by: { $0.key < $1.key }) {
            guard let have = got[id] else { continue }
            for key in itemKeys + ["source"] where canonical(want[key], key: key) != canonical(have[key], key: key) {
                problems.append("\(id) \(key): expected \(canonical(want[key], key: key)), got \(canonical(have[key], key: key))")
            }
        }
        if Set(gotPlaylists.keys) != Set(expected.playlists.keys) {
            problems.append("playlist ids: expected \(expected.playlists.count), got \(gotPlaylists.count)")
        }
        for (id, want) in expected.playlists {
            guard let have = gotPlaylists[id] else { continue }
            for key in playlistKeys + ["source"] where canonical(want[key], key: key) != canonical(have[key], key: key) {
                problems.append("playlist \(want["path"] ?? id) \(key): expected \(canonical(want[key], key: key).prefix(200)), "
                                + "got \(canonical(have[key], key: key).prefix(200))")
            }
        }
        return problems
    }

    @Test("every real rekordbox export indexes and equals pyrekordbox's reading field by field",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real collections not checked"),
          .enabled(if: pythonProblem == nil, "\(pythonProblem ?? ""): the independent reading cannot run"),
          arguments: realFiles)
    func realExport(file: String) throws {
        let scratch = MixtapeProcess()
        let result = try scratch.run(["index", "--json", file])
        #expect(result.status == 0, "\(result.stderr)")
        let problems = try Self.differences(file, in: scratch)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(12).joined(separator: "\n"))")
        let report = try #require(result.records.first)
        #expect((report["items"] as? Int ?? 0) > 0)
    }

    @Test("a generated 6.x collection (bench/gen_rekordbox.py) equals pyrekordbox's reading",
          .enabled(if: pythonProblem == nil, "\(pythonProblem ?? ""): the independent reading cannot run"),
          arguments: [("mac", "6.7.7"), ("windows", "7.2.6")])
    func generated(platform: String, version: String) throws {
        let scratch = MixtapeProcess()
        let file = try Self.generate(in: scratch, tracks: 1500, seed: 5, extra: ["--platform", platform, "--version", version])
        let result = try scratch.run(["index", file])
        #expect(result.status == 0, "\(result.stderr)")
        let problems = try Self.differences(file, in: scratch)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(12).joined(separator: "\n"))")
    }

    /// `bench/gen_rekordbox.py` into the scratch folder.
    static func generate(in scratch: MixtapeProcess, tracks: Int, seed: Int, extra: [String] = []) throws -> String {
        let path = scratch.folder + "/rekordbox-\(seed).xml"
        let result = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_rekordbox.py", "--tracks", String(tracks),
            "--playlists", "30", "--seed", String(seed), "--out", path] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return path
    }

    /// `path:line:column` somewhere in `stderr`.
    static func isLocated(_ stderr: String, path: String) -> Bool {
        guard let range = stderr.range(of: path + ":") else { return false }
        let rest = stderr[range.upperBound...].prefix(24)
        return rest.range(of: #"^[0-9]+:[0-9]+"#, options: .regularExpression) != nil
    }

    @Test("every malformed rekordbox file, truncations and bit flips of a real one: exit 65 located, index unchanged",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: malformed collections not checked"))
    func malformed() throws {
        let scratch = MixtapeProcess()
        let good = try Data(contentsOf: URL(fileURLWithPath: Self.realFolder! + "/stefanocorrea_t2rb_rekordbox_export_full.xml"))
        let source = scratch.folder + "/rekordbox.xml"
        try good.write(to: URL(fileURLWithPath: source))
        try #require(try scratch.run(["index", source]).status == 0)
        var before = try scratch.snapshot()

        let malformedFolder = Self.realFolder! + "/malformed"
        var mutants: [(String, Data)] = try FileManager.default.contentsOfDirectory(atPath: malformedFolder).sorted().map {
            ($0, try Data(contentsOf: URL(fileURLWithPath: malformedFolder + "/" + $0)))
        }
        for cut in stride(from: 40, to: good.count - 1, by: good.count / 9) {
            mutants.append(("cut at \(cut)", good.prefix(cut)))
        }
        for (offset, bit) in [(0, 0), (1, 6), (60, 5), (121, 1), (700, 7), (1400, 5), (2222, 6), (good.count - 3, 4)] {
            var flipped = good
            flipped[offset] ^= UInt8(1 << bit)
            mutants.append(("bit \(bit) of byte \(offset) flipped", flipped))
        }
        var failed65 = 0
        for (label, bytes) in mutants {
            usleep(20_000)  // a new mtime even on coarse file systems
            try bytes.write(to: URL(fileURLWithPath: source))
            let result = try scratch.run(["index", source])
            if result.status == 65 {
                failed65 += 1
                #expect(Self.isLocated(result.stderr, path: source), "\(label): \(result.stderr)")
                #expect(try scratch.snapshot() == before, "\(label): the index changed")
            } else {
                // A flip that leaves the file well-formed is a new collection: fine, then back.
                #expect(result.status == 0 && label.hasPrefix("bit"), "\(label): exit \(result.status) \(result.stderr)")
                try good.write(to: URL(fileURLWithPath: source))
                try #require(try scratch.run(["index", source]).status == 0)
                before = try scratch.snapshot()  // the source's stamp is the restored file's
            }
        }
        #expect(failed65 >= mutants.count / 2)
    }

    /// Reverses the COLLECTION, renumbers every TrackID from 1 as rekordbox 5 does, remaps the
    /// playlists' keys, and writes the file back with ElementTree (other bytes, same library);
    /// with a second argument, also sets the first track's Rating to 255 and prints its
    /// Location.
    static let reexport = """
        import sys, xml.etree.ElementTree as ET
        path = sys.argv[1]
        tree = ET.parse(path)
        root = tree.getroot()
        collection = root.find('COLLECTION')
        tracks = list(collection)
        for t in tracks: collection.remove(t)
        renumber = {}
        for number, t in enumerate(reversed(tracks), start=1):
            renumber[t.get('TrackID')] = str(number)
            t.set('TrackID', str(number))
            collection.append(t)
        for node in root.iter('NODE'):
            if node.get('KeyType', '0') == '0':
                for entry in node.findall('TRACK'):
                    entry.set('Key', renumber.get(entry.get('Key'), entry.get('Key')))
        if len(sys.argv) > 2:
            tracks[0].set('Rating', '255')
            print(tracks[0].get('Location'))
        tree.write(path + '.tmp', encoding='UTF-8', xml_declaration=True)
        import os; os.rename(path + '.tmp', path)
        """

    @Test("a re-export with the tracks reordered and renumbered keeps every id and playlist; a changed rating is an update",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real collections not checked"),
          .enabled(if: pythonProblem == nil, "\(pythonProblem ?? ""): python3 rewrites the export"))
    func reexport() throws {
        let scratch = MixtapeProcess()
        let source = scratch.folder + "/rekordbox.xml"
        try FileManager.default.copyItem(atPath: Self.realFolder! + "/deviationist_Rekordbox-playlists-to-m3u_rekordbox.xml", toPath: source)
        try #require(try scratch.run(["index", source]).status == 0)
        let items = try scratch.run(["search", "--json"]).records
        let playlists = try scratch.run(["playlists", "--json"]).records
        let script = try scratch.write("reexport.py", Self.reexport)

        usleep(20_000)
        try #require(try MixtapeProcess.execute("/usr/bin/env", ["python3", script, source]).status == 0)
        let again = try scratch.run(["index", "--json", source])
        let report = try #require(again.records.first, "\(again.stderr)")
        #expect(report["added"] as? Int == 0 && report["removed"] as? Int == 0 && report["updated"] as? Int == 0,
                "\(again.stdout)")
        let ids = { (records: [[String: Any]]) in Set(records.compactMap { $0["id"] as? String }) }
        let itemsAfter = try scratch.run(["search", "--json"]).records
        #expect(ids(itemsAfter) == ids(items))
        let playlistsAfter = try scratch.run(["playlists", "--json"]).records
        #expect(playlistsAfter.map { $0["id"] as? String } == playlists.map { $0["id"] as? String })
        #expect(playlistsAfter.map { $0["items"] as? [String] ?? [] } == playlists.map { $0["items"] as? [String] ?? [] })

        usleep(20_000)
        let rated = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, source, "rate"])
        try #require(rated.status == 0, "\(rated.stderr)")
        let update = try #require(try scratch.run(["index", "--json", source]).records.first)
        #expect(update["updated"] as? Int == 1 && update["added"] as? Int == 0 && update["removed"] as? Int == 0, "\(update)")
        // One item changed, in place: its rating is the new one, every id is the same.
        let byID = Dictionary(items.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
        let rerated = try scratch.run(["search", "--json"]).records
        #expect(ids(rerated) == ids(items))
        let differing = rerated.filter {
            Self.canonical($0["rating"], key: "rating") != Self.canonical(byID[$0["id"] as? String ?? ""]?["rating"], key: "rating")
        }
        #expect(differing.count == 1 && differing.first?["rating"] as? Int == 100, "\(differing.count) items differ")
        #expect(rated.stdout.contains("file://localhost/"))
    }
}
