import Foundation
import Testing

/// Serato libraries through the built `mixtape`: a `database V2` written here maps its fields
/// as docs/sources.md says, its crates (`%%` folder paths) and smart crates become playlists in
/// order; a drive's paths start at the drive's root; a malformed database or crate exits 65
/// located at a byte offset with the index unchanged; a re-export in another order keeps every
/// id; a crate changed alone re-reads the source; and every real library in
/// ../shared/data/real/serato indexes and equals the independent Python reading
/// (scripts/read_serato.py) field by field, crates entry by entry.
@Suite("Serato sources end to end")
struct SeratoSourceTests {
    static let folder = MixtapeProcess.shared.map { $0 + "/data/real/serato" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_serato.py"
    static let generator = MixtapeProcess.packageRoot + "/bench/gen_serato.py"
    /// The keys the reading maps (json.md); a key absent on one side must be absent or null on the other.
    static let itemKeys = ["id", "title", "artist", "album", "genre", "comments", "composer", "grouping", "label",
                           "remixer", "musical_key", "year", "bpm", "duration_ms", "bit_rate", "sample_rate", "size",
                           "track_number", "disc_number", "date_added", "date_modified", "location", "kind", "source"]
    static let playlistKeys = ["id", "name", "parent_id", "folder", "smart", "items", "missing"]

    /// Every real `database V2` (each in its `_Serato_` folder), found by walking the folder.
    static var realDatabases: [String] {
        guard let folder, let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("_Serato_/database V2") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// A crate folder with no database beside it (a working DJ's crates), if the data has one.
    static var cratesWithoutDatabase: String? {
        guard let folder, let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
        let subcrates = walker.compactMap { $0 as? String }.filter { $0.hasSuffix("_Serato_/Subcrates") }.sorted()
        return subcrates.map { folder + "/" + $0 }.first {
            !FileManager.default.fileExists(atPath: ($0 as NSString).deletingLastPathComponent + "/database V2")
        }
    }

    /// A track with every mapped field, one with Serato's "none" values, one without a path,
    /// and a repeat of the first's path.
    static var database: [UInt8] {
        typealias S = SeratoBytes
        return S.text("vrsn", "2.0/Serato Scratch LIVE Database")
            + S.record("otrk", S.text("ttyp", "mp3") + S.text("pfil", "Users/sam/Music/Night Drive/03 Neon Coast.mp3")
                + S.text("tsng", "Neon Coast") + S.text("tart", "The Fictional Band") + S.text("talb", "Night Drive")
                + S.text("tgen", "Synthwave") + S.text("tlen", "03:35.51") + S.text("tsiz", "8.0MB")
                + S.text("tbit", "320.0kbps") + S.text("tsmp", "44.1k") + S.text("tbpm", "120.50")
                + S.text("tcom", "Great & loud") + S.text("tcmp", "A. Writer") + S.text("tgrp", "Warm-up")
                + S.text("tlbl", "Imaginary Records") + S.text("trmx", "DJ Nobody") + S.text("ttyr", "2014")
                + S.text("tadd", "1592776233") + S.text("tkey", "Am") + S.u32("uadd", 1_592_776_233)
                + S.u32("ufsb", 8_421_376) + S.u32("utkn", 3) + S.u32("udsc", 1) + S.u32("utme", 1_592_776_000)
                + S.record("bmis", [0]) + S.record("future", [1, 2, 3]) + S.u32("ulbl", 0xFFFFFF))
            + S.record("otrk", S.text("pfil", "Users/sam/Music/Ümlaut/Älbum.m4a") + S.text("tsng", "  ")
                + S.text("tbpm", "0.00") + S.text("ttyr", "0") + S.text("tsmp", "22.1k") + S.text("tlen", "120:10.57")
                + S.text("tadd", "1600000000"))
            + S.record("otrk", S.text("tsng", "No path"))
            + S.record("otrk", S.text("pfil", "/Users/sam/Music/Night Drive/03 Neon Coast.mp3") + S.text("tsng", "Again"))
            + S.record("otrk", S.text("pfil", "Users/sam/Movies/clip.mp4"))
    }

    static func crate(_ paths: [String], smart: Bool = false) -> [UInt8] {
        typealias S = SeratoBytes
        var bytes = S.text("vrsn", smart ? "1.0/Serato ScratchLive Smart Crate" : "1.0/Serato ScratchLive Crate")
        if smart { bytes += S.record("rurt", S.text("trft", "cond_con_str") + S.u32("urkt", 6) + S.text("trpt", "Neon")) }
        bytes += S.record("osrt", S.text("tvcn", "#") + [0x62, 0x72, 0x65, 0x76, 0, 0, 0, 1, 0])
        bytes += S.record("ovct", S.text("tvcn", "song") + S.text("tvcw", "0"))
        for path in paths { bytes += S.record("otrk", S.text("ptrk", path)) }
        return bytes
    }

    /// `_Serato_/database V2` and its crates in the scratch folder; the database's path.
    static func library(_ scratch: MixtapeProcess, database: [UInt8] = database,
                        crates: [String: [UInt8]] = [:], smart: [String: [UInt8]] = [:]) throws -> String {
        for sub in ["lib/_Serato_/Subcrates", "lib/_Serato_/SmartCrates"] {
            try FileManager.default.createDirectory(atPath: scratch.folder + "/" + sub, withIntermediateDirectories: true)
        }
        for (name, bytes) in crates { _ = try scratch.write("lib/_Serato_/Subcrates/" + name, bytes) }
        for (name, bytes) in smart { _ = try scratch.write("lib/_Serato_/SmartCrates/" + name, bytes) }
        return try scratch.write("lib/_Serato_/database V2", database)
    }

    static func items(_ scratch: MixtapeProcess) throws -> [String: [String: Any]] {
        try scratch.run(["search", "--json"]).records.reduce(into: [:]) { $0[$1["title"] as? String ?? ""] = $1 }
    }

    @Test("a database V2: every field, ids serato:, paths below the drive root, repeats and pathless tracks warned")
    func fields() throws {
        let scratch = MixtapeProcess()
        let path = try Self.library(scratch)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("database V2 at byte "), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("listed twice"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("without a path"), "\(indexed.stderr)")
        let records = try scratch.run(["search", "--json"]).records
        #expect(records.count == 3)
        let items = try Self.items(scratch)
        let full = try #require(items["Neon Coast"], "\(items.keys)")
        #expect((full["id"] as? String)?.hasPrefix("serato:") == true)
        let expected: [String: Any] = [
            "artist": "The Fictional Band", "album": "Night Drive", "genre": "Synthwave", "comments": "Great & loud",
            "composer": "A. Writer", "grouping": "Warm-up", "label": "Imaginary Records", "remixer": "DJ Nobody",
            "year": 2014, "musical_key": "Am", "bpm": 121, "duration_ms": 215_510, "bit_rate": 320,
            "sample_rate": 44100, "size": 8_421_376, "track_number": 3, "disc_number": 1, "kind": "music",
            "date_added": "2020-06-21T21:50:33Z", "date_modified": "2020-06-21T21:46:40Z",
        ]
        for (key, value) in expected {
            #expect("\(full[key] ?? "absent")" == "\(value)", "\(key): \(full[key] ?? "absent")")
        }
        // The database lies on the scratch folder's file system, not at its root: the paths
        // start at that file system's root (docs/sources.md), so they end as Serato wrote them.
        #expect((full["location"] as? String)?.hasSuffix("/Users/sam/Music/Night Drive/03 Neon Coast.mp3") == true)
        let bare = try #require(records.first { ($0["location"] as? String)?.hasSuffix("Älbum.m4a") == true })
        #expect(bare["title"] == nil && bare["bpm"] == nil && bare["year"] == nil, "\(bare)")
        #expect(bare["sample_rate"] as? Int == 22050)
        #expect(bare["duration_ms"] as? Int == 7_210_570)
        #expect(bare["date_added"] as? String == "2020-09-13T12:26:40Z", "tadd when there is no uadd")
        let clip = try #require(records.first { ($0["location"] as? String)?.hasSuffix("clip.mp4") == true })
        #expect(clip["kind"] as? String == "video")
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "serato")
        #expect(source["application_version"] as? String == "Serato Scratch LIVE Database 2.0")
    }

    @Test("crates are playlists in order, %% makes folders, smart crates keep their stored list; the database is found by content")
    func crates() throws {
        let scratch = MixtapeProcess()
        let neon = "Users/sam/Music/Night Drive/03 Neon Coast.mp3", album = "Users/sam/Music/Ümlaut/Älbum.m4a"
        let path = try Self.library(scratch, crates: [
            "House.crate": Self.crate([album, neon, album]),
            "House%%Deep%%Late.crate": Self.crate([neon, "Users/sam/Music/Gone.mp3"]),
            "Empty.crate": Self.crate([]),
            "notes.txt": Array("not a crate".utf8),
        ], smart: ["Neon.scrate": Self.crate([neon], smart: true)])
        let renamed = (path as NSString).deletingLastPathComponent + "/Serato library"
        try FileManager.default.moveItem(atPath: path, toPath: renamed)
        let indexed = try scratch.run(["index", renamed])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let ids = try scratch.run(["search", "--json"]).records.reduce(into: [String: String]()) {
            $0[(($1["location"] as? String ?? "") as NSString).lastPathComponent] = $1["id"] as? String
        }
        let (neonID, albumID) = (ids["03 Neon Coast.mp3"] ?? "?", ids["Älbum.m4a"] ?? "?")
        let playlists = try scratch.run(["playlists", "--json"]).records
        let byPath = playlists.reduce(into: [String: [String: Any]]()) { $0[$1["path"] as? String ?? ""] = $1 }
        #expect(Set(byPath.keys) == ["Empty", "House", "House/Deep", "House/Deep/Late", "Neon"], "\(byPath.keys)")
        let house = try #require(byPath["House"])
        #expect(house["items"] as? [String] == [albumID, neonID, albumID], "\(house)")
        #expect(house["folder"] as? Bool == false)
        #expect(byPath["House/Deep"]?["folder"] as? Bool == true)
        #expect(byPath["House/Deep"]?["parent_id"] as? String == house["id"] as? String)
        let late = try #require(byPath["House/Deep/Late"])
        #expect(late["items"] as? [String] == [neonID])
        #expect(late["missing"] as? Int == 1)
        let neon2 = try #require(byPath["Neon"])
        #expect(neon2["smart"] as? Bool == true)
        #expect(neon2["items"] as? [String] == [neonID])
        #expect(neon2["query"] == nil || neon2["query"] is NSNull)
    }

    @Test("a crate written, added or removed alone re-reads the library on the next index")
    func crateIsCompanion() throws {
        let scratch = MixtapeProcess()
        let neon = "Users/sam/Music/Night Drive/03 Neon Coast.mp3"
        let path = try Self.library(scratch, crates: ["A.crate": Self.crate([neon])])
        try #require(try scratch.run(["index", path]).status == 0)
        let count = { try scratch.run(["playlists", "--json"]).records.count }
        #expect(try count() == 1)
        usleep(20_000)
        _ = try scratch.write("lib/_Serato_/Subcrates/B.crate", Self.crate([neon, neon]))
        try #require(try scratch.run(["index"]).status == 0)
        #expect(try count() == 2)
        usleep(20_000)
        try FileManager.default.moveItem(atPath: scratch.folder + "/lib/_Serato_/Subcrates/B.crate",
                                         toPath: scratch.folder + "/lib/_Serato_/Subcrates/C.crate")
        try #require(try scratch.run(["index"]).status == 0)
        #expect(try scratch.run(["playlists", "--json"]).records.compactMap { $0["name"] as? String }.sorted() == ["A", "C"])
        usleep(20_000)
        try FileManager.default.removeItem(atPath: scratch.folder + "/lib/_Serato_/Subcrates/A.crate")
        try #require(try scratch.run(["index"]).status == 0)
        #expect(try count() == 1)
    }

    @Test("a malformed database or crate exits 65 at its byte offset, the index unchanged")
    func malformed() throws {
        typealias S = SeratoBytes
        let good = Self.database
        var pastEnd = good
        pastEnd[77] = 0x10  // the first otrk's length (bytes 76–79, after the 72-byte vrsn) made 1 MiB
        var fieldPastEnd = good
        fieldPastEnd[86] = 0xF0  // its first field's (ttyp, at byte 80) length made longer than the otrk
        let odd = S.text("vrsn", "2.0/Serato Scratch LIVE Database") + S.record("otrk", S.record("pfil", [0, 0x41, 0]))
        let number = S.text("vrsn", "2.0/Serato Scratch LIVE Database")
            + S.record("otrk", S.text("pfil", "a.mp3") + S.record("uadd", [1, 2]))
        let cases: [(String, [UInt8], [String: [UInt8]], String)] = [
            ("cut", Array(good.prefix(good.count - 5)), [:], "database V2 at byte "),
            ("cut header", good + [0x6F, 0x74], [:], "database V2 at byte \(good.count)"),
            ("length past the end", pastEnd, [:], "database V2 at byte 72"),
            ("field past its record", fieldPastEnd, [:], "database V2 at byte 80"),
            ("odd text", odd, [:], "database V2 at byte 80"),
            ("short number", number, [:], "database V2 at byte "),
            // No longer recognised as a Serato database: refused as what it is.
            ("not Serato", S.text("vrsn", "1.0/Something else") + Array(good.dropFirst(72)), [:], "database V2:1:1: a binary file"),
            ("bad crate", good, ["Bad.crate": Array(Self.crate(["x"]).dropLast(3))], "Bad.crate at byte "),
            ("not a crate", good, ["Odd.crate": S.text("vrsn", "2.0/Serato Scratch LIVE Database")], "Odd.crate at byte 0"),
        ]
        for (label, bytes, crates, located) in cases {
            let scratch = MixtapeProcess()
            let path = try Self.library(scratch)
            try #require(try scratch.run(["index", path]).status == 0)
            let before = try scratch.snapshot()
            usleep(20_000)
            _ = try Self.library(scratch, database: bytes, crates: crates)
            let result = try scratch.run(["index", path])
            #expect(result.status == 65, "\(label): exit \(result.status), stderr: \(result.stderr)")
            #expect(result.stderr.contains(located), "\(label): \(result.stderr)")
            #expect(try scratch.snapshot() == before, "\(label): the index changed")
        }
    }

    @Test("a real crate truncated and bit-flipped beside its database: exit 0 or 65 located in the crate, the index unchanged on 65",
          .enabled(if: folder != nil, "../shared is absent: real Serato crates not mutated"))
    func crateMutants() throws {
        let original = try #require(Self.realDatabases.first { $0.contains("Holzhaus") })
        let serato = (original as NSString).deletingLastPathComponent
        let crateName = try #require(try FileManager.default.contentsOfDirectory(atPath: serato + "/Subcrates").sorted().first)
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: serato + "/Subcrates/" + crateName)))
        let scratch = MixtapeProcess()
        let path = try Self.library(scratch, database: Array(try Data(contentsOf: URL(fileURLWithPath: original))),
                                    crates: [crateName: good])
        try #require(try scratch.run(["index", path]).status == 0)
        var before = try scratch.snapshot()
        var random: UInt64 = 0x5E4A_70C4_A7E5
        let next = { () -> Int in
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: random >> 33)
        }
        for number in 0..<16 {
            var bytes = good
            if number < 8 { bytes = Array(bytes.prefix(next() % bytes.count)) } else { bytes[next() % bytes.count] ^= UInt8(1 << (next() % 8)) }
            usleep(20_000)
            _ = try scratch.write("lib/_Serato_/Subcrates/" + crateName, bytes)
            let result = try scratch.run(["index", path])
            #expect([0, 65].contains(result.status), "mutant \(number): exit \(result.status): \(result.stderr)")
            if result.status == 65 {
                #expect(result.stderr.contains(crateName + " at byte "), "mutant \(number): \(result.stderr)")
                #expect(try scratch.snapshot() == before, "mutant \(number): the index changed")
            } else {
                _ = try scratch.write("lib/_Serato_/Subcrates/" + crateName, good)
                try #require(try scratch.run(["index", path]).status == 0)
                before = try scratch.snapshot()
            }
        }
    }

    @Test("a re-export with the tracks in another order and one title changed keeps every id; the change is an update",
          .enabled(if: TraktorSourceTests.python, "python3 is missing: the generator cannot run"))
    func reexportKeepsIDs() throws {
        let scratch = MixtapeProcess()
        let serato = scratch.folder + "/_Serato_"
        let generate = { (extra: [String]) in
            try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.generator, "--tracks", "300", "--seed", "5",
                                                        "--playlists", "12", "--out", serato] + extra)
        }
        try #require(try generate([]).status == 0)
        let path = serato + "/database V2"
        try #require(try scratch.run(["index", path]).status == 0)
        let check = try ReexportCheck(scratch)
        usleep(20_000)
        try #require(try generate(["--reorder", "--retitle", "7"]).status == 0)
        let after = try check.reindex(scratch)
        #expect(after.items.filter { ($0["title"] as? String)?.hasSuffix("(re-export)") == true }.count == 1)
        #expect(after.playlists.map { $0["items"] as? [String] ?? [] } == check.playlists.map { $0["items"] as? [String] ?? [] })
    }

    @Test("a Serato drive mounted here: the paths are below its mount point, and found",
          .enabled(if: ScratchMount.available, ScratchMount.unavailable))
    func driveRoot() throws {
        let scratch = MixtapeProcess()
        let drive = try ScratchMount(at: scratch.folder + "/media/STICK")
        defer { try? drive.unmount() }
        try FileManager.default.createDirectory(atPath: drive.path + "/_Serato_", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: drive.path + "/Music/Artist", withIntermediateDirectories: true)
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: drive.path + "/Music/Artist/song.mp3"))
        let database = SeratoBytes.text("vrsn", "2.0/Serato Scratch LIVE Database")
            + SeratoBytes.record("otrk", SeratoBytes.text("pfil", "Music/Artist/song.mp3") + SeratoBytes.text("tsng", "Song"))
        let path = drive.path + "/_Serato_/database V2"
        try Data(database).write(to: URL(fileURLWithPath: path))
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let item = try #require(try scratch.run(["search", "--json"]).records.first)
        #expect(item["location"] as? String == drive.path + "/Music/Artist/song.mp3")
        #expect(item["path"] as? String == drive.path + "/Music/Artist/song.mp3")
    }

    @Test("a copied Serato library's paths are found by relocation below the folder that holds _Serato_")
    func relocation() throws {
        let scratch = MixtapeProcess()
        let album = scratch.folder + "/lib/Artist/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        _ = try scratch.write("lib/Artist/Album/song.mp3", Array(repeating: UInt8(120), count: 100))
        _ = try scratch.write("lib/Artist/Album/clip.mp4", Array(repeating: UInt8(121), count: 50))
        let database = SeratoBytes.text("vrsn", "2.0/Serato Scratch LIVE Database")
            + SeratoBytes.record("otrk", SeratoBytes.text("pfil", "Users/x/Music/Artist/Album/song.mp3")
                + SeratoBytes.u32("ufsb", 100))
            + SeratoBytes.record("otrk", SeratoBytes.text("pfil", "Users/x/Music/Artist/Album/clip.mp4")
                + SeratoBytes.u32("ufsb", 50))
        let path = try Self.library(scratch, database: database)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try scratch.run(["search", "--json"]).records
        let paths = Set(items.compactMap { $0["path"] as? String })
        #expect(paths == [album + "/song.mp3", album + "/clip.mp4"], "\(items)")
    }

    /// `playlists --json` against the reading's, entries in order (smart crates too).
    static func comparePlaylists(_ file: String, _ mixtape: [[String: Any]], _ python: [[String: Any]]) {
        #expect(mixtape.count == python.count, "\(file): \(mixtape.count) playlists from mixtape, \(python.count) from Python")
        let byID = mixtape.reduce(into: [String: [String: Any]]()) { $0[$1["id"] as? String ?? ""] = $1 }
        var differences = 0
        for expected in python {
            let found = byID[expected["id"] as? String ?? ""] ?? [:]
            for key in playlistKeys where !TraktorSourceTests.same(found[key], expected[key]) {
                differences += 1
                if differences <= 5 { Issue.record("\(file): playlist \(expected["name"] ?? "?") \(key) differs") }
            }
        }
        #expect(differences == 0, "\(file): \(differences) differences in playlists")
    }

    @Test("every real Serato library indexes and equals the Python reading, items and crates",
          .enabled(if: folder != nil, "../shared is absent: real Serato libraries not checked"),
          .enabled(if: TraktorSourceTests.python, "python3 is missing: the independent reading cannot run"),
          arguments: realDatabases)
    func realLibrary(_ file: String) throws {
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", file])
        #expect(indexed.status == 0, "\(file): \(indexed.stderr)")
        let reading = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, file])
        try #require(reading.status == 0, "read_serato.py \(file): \(reading.stderr)")
        #expect(!reading.records.isEmpty)
        TraktorSourceTests.compare(file, try scratch.run(["search", "--json"]).records, reading.records,
                                   keys: Self.itemKeys, what: "item")
        let playlists = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, "--playlists", file])
        try #require(playlists.status == 0, "\(playlists.stderr)")
        Self.comparePlaylists(file, try scratch.run(["playlists", "--json"]).records, playlists.records)
    }

    @Test("a working DJ's crates without their database: with a database listing their paths, every entry in order; with an empty one, every entry missing",
          .enabled(if: cratesWithoutDatabase != nil, "../shared is absent: real Serato crates not checked"),
          .enabled(if: TraktorSourceTests.python, "python3 is missing: the independent reading cannot run"))
    func realCrates() throws {
        let crates = try #require(Self.cratesWithoutDatabase)
        let scratch = MixtapeProcess()
        let serato = scratch.folder + "/_Serato_"
        let generated = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.generator, "--from-crates", crates,
                                                                    "--out", serato])
        try #require(generated.status == 0, "\(generated.stderr)")
        try FileManager.default.createSymbolicLink(atPath: serato + "/Subcrates", withDestinationPath: crates)
        let path = serato + "/database V2"
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let playlists = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, "--playlists", path])
        try #require(playlists.status == 0, "\(playlists.stderr)")
        let crateCount = try FileManager.default.contentsOfDirectory(atPath: crates).filter { $0.hasSuffix(".crate") }.count
        #expect(playlists.records.filter { $0["folder"] as? Bool == false }.count == crateCount)
        Self.comparePlaylists(path, try scratch.run(["playlists", "--json"]).records, playlists.records)

        let empty = MixtapeProcess()
        let emptySerato = empty.folder + "/_Serato_"
        try FileManager.default.createDirectory(atPath: emptySerato, withIntermediateDirectories: true)
        _ = try empty.write("_Serato_/database V2", SeratoBytes.text("vrsn", "2.0/Serato Scratch LIVE Database"))
        try FileManager.default.createSymbolicLink(atPath: emptySerato + "/Subcrates", withDestinationPath: crates)
        try #require(try empty.run(["index", emptySerato + "/database V2"]).status == 0)
        let missing = try empty.run(["playlists", "--json"]).records
        #expect(missing.allSatisfy { ($0["items"] as? [String])?.isEmpty == true })
        let entries = playlists.records.reduce(0) { $0 + ($1["items"] as? [String] ?? []).count + ($1["missing"] as? Int ?? 0) }
        #expect(missing.reduce(0) { $0 + ($1["missing"] as? Int ?? 0) } == entries)
    }
}

/// Serato's TLV, written by hand for the tests: a 4-byte ASCII tag, a 4-byte big-endian length,
/// the body; text as UTF-16 big-endian.
enum SeratoBytes {
    static func record(_ tag: String, _ body: [UInt8]) -> [UInt8] {
        let length = UInt32(body.count)
        return Array(tag.utf8.prefix(4)) + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF),
                                            UInt8(length & 0xFF)] + body
    }

    static func text(_ tag: String, _ value: String) -> [UInt8] {
        record(tag, value.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    static func u32(_ tag: String, _ value: UInt32) -> [UInt8] {
        record(tag, [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
