import Foundation
import Testing

/// What `mixtape` indexes from an iTunes / Music.app export, compared field by field with
/// `scripts/read_itunes.py`, an independent reading through Python's plistlib written from the
/// documented mapping (docs/json.md): on every real export, on generated libraries of every
/// flavour and on our samples.
@Suite("Fidelity against plistlib", .serialized)
struct FidelityTests {
    static let script = MixtapeProcess.packageRoot + "/scripts/read_itunes.py"
    static let real: String? = MixtapeProcess.shared.map { $0 + "/data/real/itunes" }

    /// Every field of every item and playlist of `export` that differs between `mixtape index`
    /// and the independent reading, as lines for a failure message (empty when they agree).
    static func differences(_ export: String) throws -> [String] {
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", export])
        guard indexed.status == 0 else { return ["index exited \(indexed.status): \(indexed.stderr)"] }
        return try compare(scratch, with: try reading(export), of: export)
    }

    /// The independent reading's records of `export`.
    static func reading(_ export: String) throws -> [[String: Any]] {
        let reading = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, export])
        try #require(reading.status == 0, "read_itunes.py: \(reading.stderr)")
        return reading.records
    }

    /// What `scratch`'s index holds against the reading `expected` of `export`.
    static func compare(_ scratch: MixtapeProcess, with expected: [[String: Any]], of export: String) throws -> [String] {
        let items = try scratch.run(["search", "--json"]).records
        var problems: [String] = []

        // Items with a Persistent ID by id; the others (an id of Mixtape's own) by Track ID.
        var byID: [String: [String: Any]] = [:], byTrack: [Int: [String: Any]] = [:]
        for item in items {
            byID[item["id"] as! String] = item
            if let track = item["track_id"] as? Int { byTrack[track] = item }
        }
        var idOfTrack: [Int: String] = [:]
        var seen: Set<String> = []
        for want in expected where want["record"] as? String == "item" {
            let got = (want["id"] as? String).flatMap { byID[$0] } ?? (want["track_id"] as? Int).flatMap { byTrack[$0] }
            guard let got else {
                problems.append("no item for \(want["id"] ?? want["track_id"] ?? "?")")
                continue
            }
            seen.insert(got["id"] as! String)
            if let track = want["track_id"] as? Int { idOfTrack[track] = got["id"] as? String }
            for (key, value) in want where key != "record" && !same(got[key], value, key: key) {
                problems.append("\(got["id"] ?? "?") \(key): expected \(value), got \(got[key] ?? "nothing")")
            }
        }
        let extra = Set(byID.keys).subtracting(seen)
        if !extra.isEmpty { problems.append("\(extra.count) items the export does not have, e.g. \(extra.prefix(3))") }
        // A playlist entry may name the earlier of two tracks sharing a Persistent ID.
        for track in try trackIDs(sharingPersistentIDsIn: export) where idOfTrack[track.key] == nil {
            idOfTrack[track.key] = track.value
        }

        var playlists: [String: [String: Any]] = [:]
        for playlist in try scratch.run(["playlists", "--json"]).records { playlists[playlist["id"] as! String] = playlist }
        for want in expected where want["record"] as? String == "playlist" {
            let id = want["id"] as! String
            guard let got = playlists[id] else {
                problems.append("playlist \(id) (\(want["name"] ?? "")) is missing")
                continue
            }
            for key in ["name", "parent_id", "folder", "smart", "master", "missing"] where !same(got[key], want[key], key: key) {
                problems.append("playlist \(want["name"] ?? id) \(key): expected \(want[key] ?? "nothing"), got \(got[key] ?? "nothing")")
            }
            let entries = (want["items"] as? [String] ?? []).map { idOfTrack[Int($0.dropFirst(6))!] ?? $0 }
            if got["items"] as? [String] ?? [] != entries {
                problems.append("playlist \(want["name"] ?? id) items differ: expected \(entries.prefix(5)), got "
                                + "\((got["items"] as? [String] ?? []).prefix(5))")
            }
        }
        return problems
    }

    /// Track ID → item id for tracks whose Persistent ID a later track also has (the later is
    /// the item, and an entry naming the earlier one plays it).
    static func trackIDs(sharingPersistentIDsIn export: String) throws -> [Int: String] {
        let script = """
            import json, plistlib, sys
            tracks = (plistlib.load(open(sys.argv[1], 'rb')).get('Tracks') or {}).values()
            print(json.dumps({str(t['Track ID']): 'itunes:' + t['Persistent ID'].upper() for t in tracks
                              if isinstance(t, dict) and isinstance(t.get('Track ID'), int)
                              and isinstance(t.get('Persistent ID'), str)}))
            """
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", script, export])
        let map = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String] ?? [:]
        return Dictionary(uniqueKeysWithValues: map.compactMap { key, value in Int(key).map { ($0, value) } })
    }

    /// JSON values as the contract compares them: absent and null are one; a flag that is
    /// absent is false; `source` as the real path.
    static func same(_ got: Any?, _ want: Any?, key: String) -> Bool {
        let flags: Set<String> = ["compilation", "explicit", "disabled", "loved", "folder", "smart", "master"]
        if flags.contains(key) { return (got as? Bool ?? false) == (want as? Bool ?? false) }
        if key == "missing" { return (got as? Int ?? 0) == (want as? Int ?? 0) }
        if key == "source", let got = got as? String, let want = want as? String {
            return URL(fileURLWithPath: got).resolvingSymlinksInPath() == URL(fileURLWithPath: want).resolvingSymlinksInPath()
        }
        switch (got, want) {
        case (nil, nil), (nil, is NSNull), (is NSNull, nil), (is NSNull, is NSNull): return true
        case (let x as NSObject, let y as NSObject): return x == y
        default: return false
        }
    }

    static var realExports: [String] {
        guard let real else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: real)) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted().map { real + "/" + $0 }
    }

    @Test("every real iTunes / Music.app export in ../shared/data/real/itunes",
          .enabled(if: real != nil, "../shared is absent: real exports not checked"))
    func realExports() throws {
        let files = Self.realExports
        #expect(files.count >= 40)
        for file in files {
            let problems = try Self.differences(file)
            #expect(problems.isEmpty, "\(file): \(problems.count) differences, e.g.\n\(problems.prefix(6).joined(separator: "\n"))")
        }
    }

    /// Music.app exists on macOS only, so there is no Music/Windows flavour.
    @Test("generated libraries: both flavours, both platforms",
          arguments: [("itunes", "mac"), ("itunes", "windows"), ("music", "mac")])
    func generated(flavor: String, platform: String) throws {
        let scratch = MixtapeProcess()
        let file = try scratch.generateLibrary(tracks: 1500, seed: 11, name: "\(flavor)-\(platform).xml",
                                               extra: ["--playlists", "40", "--flavor", flavor, "--platform", platform])
        let problems = try Self.differences(file)
        #expect(problems.isEmpty, "\(problems.count) differences, e.g.\n\(problems.prefix(6).joined(separator: "\n"))")
    }

    @Test("our own samples", arguments: ["Library.xml", "Library-windows.xml"])
    func samples(name: String) throws {
        let problems = try Self.differences(MixtapeProcess.sample(name))
        #expect(problems.isEmpty, "\(problems.count) differences, e.g.\n\(problems.prefix(6).joined(separator: "\n"))")
    }

    /// The comparison can fail: an index of an export, against the reading of that export
    /// once a play count and a playlist's name were changed, reports both.
    @Test("a field that differs is reported")
    func reportsADifference() throws {
        let scratch = MixtapeProcess()
        let file = try scratch.generateLibrary(tracks: 20, seed: 3, extra: ["--playlists", "3"])
        #expect(try scratch.run(["index", file]).status == 0)
        #expect(try Self.compare(scratch, with: try Self.reading(file), of: file).isEmpty)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var changed = text.replacingOccurrences(of: "<key>Play Count</key>\n\t\t\t<integer>",
                                                with: "<key>Play Count</key>\n\t\t\t<integer>9")
        if let name = changed.range(of: "<key>Name</key>\n\t\t\t<string>", options: .backwards) {
            changed.replaceSubrange(name, with: "<key>Name</key>\n\t\t\t<string>Renamed ")
        }
        #expect(changed != text, "the generated export has play counts")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
        let problems = try Self.compare(scratch, with: try Self.reading(file), of: file)
        #expect(problems.contains { $0.contains("play_count") }, "\(problems.prefix(5))")
        #expect(problems.contains { $0.contains(" name: expected Renamed ") }, "\(problems.prefix(5))")
    }
}
