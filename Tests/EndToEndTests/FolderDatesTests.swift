import Foundation
import Testing

/// Folder items' dates: `date_added` is when the index first saw the file, kept across a
/// re-index, `--full` and a move; `date_modified` is the file's mtime. So `added:<1d` and
/// `--sort date_added-` work on folder items as on an export's.
@Suite("index a folder: date_added and date_modified", .serialized)
struct FolderDatesTests {
    let mixtape = MixtapeProcess()

    /// The folder's items by location.
    func items() throws -> [String: [String: Any]] {
        var byLocation: [String: [String: Any]] = [:]
        for record in try mixtape.run(["search", "--json"]).records where (record["id"] as? String)?.hasPrefix("file:") == true {
            byLocation[record["location"] as? String ?? ""] = record
        }
        return byLocation
    }

    func index(_ arguments: [String]) throws -> [String: Any] {
        let result = try mixtape.run(["index", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.records.first)
    }

    /// Waits until the wall clock is past `stamp`'s second, so that a date taken now differs.
    func waitPast(_ stamp: String) throws {
        let formatter = ISO8601DateFormatter()
        let date = try #require(formatter.date(from: stamp))
        while Date() < date.addingTimeInterval(1.05) { usleep(50_000) }
    }

    @Test("date_added is kept across re-index, --full and mv; date_modified follows touch -d")
    func datesFollowIdentity() throws {
        let root = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let wav = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "440"])
        let song = root + "/Artist - Song.mp3"
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Song", "--ta", "Artist", wav, song])
        try MixtapeProcess.tool("touch", ["-d", "2020-01-02T03:04:05Z", song])
        let started = Date()
        _ = try index([root])
        let first = try #require(try items()[song])
        let added = try #require(first["date_added"] as? String)
        #expect(first["date_modified"] as? String == "2020-01-02T03:04:05Z")
        let addedDate = try #require(ISO8601DateFormatter().date(from: added))
        #expect(addedDate >= started.addingTimeInterval(-1) && addedDate <= Date().addingTimeInterval(1), "\(added)")

        // Later runs happen in a later second: a date taken "now" again would differ.
        try waitPast(added)
        var summary = try index([root])
        #expect(try items()[song]?["date_added"] as? String == added)
        summary = try index(["--full", root])
        #expect(summary["unchanged"] as? Int == 1 && summary["updated"] as? Int == 0, "\(summary)")
        #expect(try items()[song]?["date_added"] as? String == added)

        try MixtapeProcess.tool("touch", ["-d", "2021-06-07T08:09:10Z", song])
        summary = try index([root])
        #expect(summary["updated"] as? Int == 1, "\(summary)")
        let touched = try #require(try items()[song])
        #expect(touched["date_modified"] as? String == "2021-06-07T08:09:10Z")
        #expect(touched["date_added"] as? String == added)

        let moved = root + "/Renamed.mp3"
        try FileManager.default.moveItem(atPath: song, toPath: moved)
        summary = try index([root])
        #expect(summary["moved"] as? Int == 1, "\(summary)")
        let after = try #require(try items()[moved])
        #expect(after["id"] as? String == first["id"] as? String)
        #expect(after["date_added"] as? String == added)

        // A file new to the index is added now, so after the first.
        let second = root + "/Second.mp3"
        try FileManager.default.copyItem(atPath: moved, toPath: second)
        _ = try index([root])
        let newer = try #require(try items()[second]?["date_added"] as? String)
        #expect(newer > added)
    }

    @Test("added:<1d and --sort date_added- take folder items, beside an export's older items")
    func queriesOnFolderDates() throws {
        let root = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let wav = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "440"])
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Fresh Song", "--ta", "Folder Band", wav, root + "/fresh.mp3"])
        _ = try index([MixtapeProcess.sample("Library.xml"), root])
        let recent = try mixtape.run(["search", "--json", "added:<1d"]).records
        #expect(recent.compactMap { $0["title"] as? String } == ["Fresh Song"])
        let sorted = try mixtape.run(["search", "--json", "--sort", "date_added-"]).records
        #expect(sorted.count > 2)
        #expect(sorted.first?["title"] as? String == "Fresh Song")
        let export = sorted.dropFirst().compactMap { $0["date_added"] as? String }
        #expect(export == export.sorted(by: >) && !export.isEmpty)
    }

    @Test("an index from before first_seen: its folder files are read once more and get date_added")
    func upgradedIndex() throws {
        let root = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let wav = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "440"])
        let song = root + "/old.mp3"
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Old Song", wav, song])
        _ = try index([root])
        // What an index written before v8 holds: no first_seen, and items without date_added.
        let forget = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE folder_files SET first_seen = NULL")
            db.execute("UPDATE items SET date_added = NULL")
            # Its fingerprints were of items without date_added: not those of this run's items,
            # even when this run falls in the same second as the first.
            db.execute("UPDATE items SET fingerprint = fingerprint + 1")
            db.commit()
            """, mixtape.library])
        try #require(forget.status == 0, "\(forget.stderr)")
        #expect(try items()[song]?["date_added"] == nil)
        var summary = try index([root])
        #expect(summary["updated"] as? Int == 1, "\(summary)")
        let added = try #require(try items()[song]?["date_added"] as? String)
        summary = try index([root])
        #expect(summary["skipped"] as? Int == 1 && summary["unchanged"] as? Int == 1, "\(summary)")
        #expect(try items()[song]?["date_added"] as? String == added)
    }

    @Test("a file moved from one folder source into another keeps its date_added")
    func moveAcrossSources() throws {
        let (here, there) = (mixtape.folder + "/Here", mixtape.folder + "/There")
        for folder in [here, there] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let wav = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "440"])
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Traveller", wav, here + "/song.mp3"])
        _ = try index([here, there])
        let before = try #require(try items()[here + "/song.mp3"])
        let added = try #require(before["date_added"] as? String)
        try waitPast(added)
        try FileManager.default.moveItem(atPath: here + "/song.mp3", toPath: there + "/song.mp3")
        _ = try index([])  // every recorded source, in one run
        let after = try #require(try items()[there + "/song.mp3"])
        #expect(after["id"] as? String == before["id"] as? String)
        #expect(after["date_added"] as? String == added)
    }
}
