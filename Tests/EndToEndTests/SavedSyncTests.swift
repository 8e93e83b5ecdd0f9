import Foundation
import Testing

/// Saved syncs end to end: `sync DEST --save NAME`, the run after every `index` that changed
/// the index (the device's files remade, read back by ffprobe), a device that is not plugged
/// in (a note, exit 0, and the run when it is back), `mixtape saved` and `doctor`. The
/// library and the readings are `SyncTests`' own.
@Suite("saved syncs run again after an index, when the device is there", .serialized)
struct SavedSyncTests {
    /// Lends its scratch folder, its FLAC maker, its device listing and its ffprobe reading.
    let sync = SyncTests()
    var mixtape: MixtapeProcess { sync.mixtape }
    var music: String { sync.music }
    var device: String { sync.device }

    /// Two ABBA songs and one by someone else, indexed; an empty device.
    func makeLibrary() throws {
        _ = try sync.flac("Abba/Arrival/01 Dancing.flac", seconds: 1.5, tags: [
            "TITLE": "Dancing", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "1"])
        _ = try sync.flac("Abba/Arrival/02 Knowing.flac", seconds: 1.2, tags: [
            "TITLE": "Knowing", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "2"], frequency: 550)
        _ = try sync.flac("Quay/Fog/01 Horn.flac", seconds: 1.0, tags: [
            "TITLE": "Fog Horn", "ARTIST": "Orla Quay", "ALBUMARTIST": "Orla Quay", "ALBUM": "Fog", "TRACKNUMBER": "1"], frequency: 330)
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        let indexed = try mixtape.run(["index", music])
        try #require(indexed.status == 0, "\(indexed.stderr)")
    }

    /// The device's audio files by their title tag, as ffprobe reads it.
    func titles() throws -> [String: String] {
        var titles: [String: String] = [:]
        for path in sync.files(in: device) where !path.hasSuffix(".m3u8") {
            titles[try sync.probe(device + "/" + path).tags["title"] ?? "?"] = path
        }
        return titles
    }

    func retitle(_ file: String, _ title: String) throws {
        try MixtapeProcess.tool("metaflac", ["--remove-tag=TITLE", "--set-tag=TITLE=" + title, music + "/" + file])
    }

    func object(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }

    @Test func aTagEditedInTheLibraryIsRemadeOnTheDeviceByTheNextIndex() throws {
        guard !SyncTests.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        let saved = try mixtape.run(["sync", device, "--query", "artist:abba", "--save", "car"])
        try #require(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.contains("saved sync car: run again"), "\(saved.stderr)")
        #expect(try titles().keys.sorted() == ["Dancing", "Knowing"])

        // An index with nothing changed runs no saved sync: the device is not touched.
        let before = sync.files(in: device).map { ($0, sync.modified(device + "/" + $0)) }
        let idle = try mixtape.run(["index", music, "--json"])
        try #require(idle.status == 0, "\(idle.stderr)")
        let idleCounts = try #require(try object(idle.stdout)["saved_syncs"] as? [String: Any])
        #expect(idleCounts["written"] as? Int == 0 && idleCounts["unchanged"] as? Int == 0, "\(idleCounts)")
        #expect(sync.files(in: device).map { ($0, sync.modified(device + "/" + $0)) }.elementsEqual(before, by: ==))

        try retitle("Abba/Arrival/01 Dancing.flac", "Dancing Queen")
        let indexed = try mixtape.run(["index", music])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("saved sync car: sync \(device)"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("1 transcoded") && indexed.stderr.contains("1 deleted"), "\(indexed.stderr)")
        let now = try titles()
        #expect(now.keys.sorted() == ["Dancing Queen", "Knowing"], "\(now)")
        #expect(now["Dancing Queen"] == "ABBA/Arrival/1-01 Dancing Queen.mp3", "\(now)")
    }

    @Test func anUnpluggedDeviceIsANoteNotAnErrorAndItsSyncRunsWhenItIsBack() throws {
        guard !SyncTests.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        try #require(try mixtape.run(["sync", device, "--query", "artist:abba", "--save", "car"]).status == 0)
        let away = mixtape.folder + "/in-a-pocket"
        try FileManager.default.moveItem(atPath: device, toPath: away)

        try retitle("Abba/Arrival/02 Knowing.flac", "Knowing Me")
        let indexed = try mixtape.run(["index", music, "--json"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let note = "saved sync car: \(device) is not there (not plugged in?); it runs when it is"
        #expect(indexed.stderr.split(separator: "\n").contains { $0 == note }, "\(indexed.stderr)")
        #expect(!indexed.stderr.contains("warning:") && !indexed.stderr.contains("mixtape:"), "\(indexed.stderr)")
        let counts = try #require(try object(indexed.stdout)["saved_syncs"] as? [String: Any])
        #expect(counts["not_there"] as? Int == 1 && counts["failed"] as? Int == 0, "\(counts)")
        #expect(!FileManager.default.fileExists(atPath: device), "nothing made DEST")

        let doctor = try mixtape.run(["doctor", "--json"])
        let finding = try #require(doctor.records.first { $0["check"] as? String == "saved syncs" }, "\(doctor.stdout)")
        #expect(finding["status"] as? String == "note", "\(finding)")

        // The mount point's empty folder left behind is not the device: nothing is written there.
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try retitle("Abba/Arrival/02 Knowing.flac", "Knowing Me, Knowing You")
        let emptyFolder = try mixtape.run(["index", music])
        #expect(emptyFolder.status == 0 && emptyFolder.stderr.contains("is not there"), "\(emptyFolder.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: device).isEmpty, "the computer's own disk is not filled")
        try FileManager.default.removeItem(atPath: device)
        try retitle("Abba/Arrival/02 Knowing.flac", "Knowing Me")

        // Plugged in again: the next index runs it, though nothing changed since.
        try FileManager.default.moveItem(atPath: away, toPath: device)
        let back = try mixtape.run(["index", music])
        try #require(back.status == 0, "\(back.stderr)")
        #expect(back.stderr.contains("saved sync car: sync"), "\(back.stderr)")
        #expect(try titles().keys.sorted() == ["Dancing", "Knowing Me"])
        // And once done, it is not pending any more: the next index leaves it alone.
        #expect(!(try mixtape.run(["index", music]).stderr.contains("saved sync car")))
    }

    @Test func aSavedQuerySyncTakesANewlyIndexedFileThatMatches() throws {
        guard !SyncTests.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        try #require(try mixtape.run(["sync", device, "--query", "artist:abba", "--save", "abba"]).status == 0)
        _ = try sync.flac("Abba/Arrival/03 Money.flac", seconds: 1.0, tags: [
            "TITLE": "Money", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "3"], frequency: 660)
        _ = try sync.flac("Quay/Fog/02 Tide.flac", seconds: 1.0, tags: [
            "TITLE": "Tide", "ARTIST": "Orla Quay", "ALBUMARTIST": "Orla Quay", "ALBUM": "Fog", "TRACKNUMBER": "2"])
        let indexed = try mixtape.run(["index", music, "--json"])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        let counts = try #require(try object(indexed.stdout)["saved_syncs"] as? [String: Any])
        #expect(counts["written"] as? Int == 1, "\(counts)")
        let now = try titles()
        #expect(now.keys.sorted() == ["Dancing", "Knowing", "Money"], "\(now)")
        #expect(now["Money"] == "ABBA/Arrival/1-03 Money.mp3")
    }

    @Test func savedListsRunsAndRemovesSavedSyncsBesideSavedExports() throws {
        guard !SyncTests.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/work", withIntermediateDirectories: true)
        // A relative DEST, run from elsewhere, is recorded absolute; every setting resolved.
        let saved = try MixtapeProcess.execute(MixtapeProcess.binary, [
            "sync", "../device", "--playlist", "nope-none", "--save", "stick"],
            environment: ["MIXTAPE_LIBRARY": mixtape.library, "XDG_CONFIG_HOME": mixtape.configHome], in: mixtape.folder + "/work")
        #expect(saved.status != 0, "a sync that fails is not saved: \(saved.stderr)")
        let relative = try MixtapeProcess.execute(MixtapeProcess.binary, [
            "sync", "../device", "--query", "artist:abba", "--transcode", "opus:96k", "--keep", "MP3", "--no-delete",
            "--names", "fat", "--save", "stick"],
            environment: ["MIXTAPE_LIBRARY": mixtape.library, "XDG_CONFIG_HOME": mixtape.configHome], in: mixtape.folder + "/work")
        try #require(relative.status == 0, "\(relative.stderr)")
        let export = try mixtape.run(["export-playlist", "--query", "fog", "-o", mixtape.folder + "/fog.m3u8", "--save", "fog"])
        try #require(export.status == 0, "\(export.stderr)")

        let list = try mixtape.run(["saved", "list"])
        #expect(list.lines == ["fog\texport\t--query fog\tm3u8 → \(mixtape.folder)/fog.m3u8",
                               "stick\tsync\t--query artist:abba\topus:96k → \(device)"], "\(list.stdout)")
        let records = try mixtape.run(["saved", "list", "--json"]).records
        let stick = try #require(records.first { $0["name"] as? String == "stick" })
        #expect(records.first { $0["name"] as? String == "fog" }?["kind"] as? String == "export")
        #expect(stick["kind"] as? String == "sync" && stick["destination"] as? String == device, "\(stick)")
        #expect(stick["source"] as? String == "query" && stick["query"] as? String == "artist:abba", "\(stick)")
        #expect(stick["transcode"] as? String == "opus:96k" && stick["keep"] as? [String] == ["mp3"], "\(stick)")
        #expect(stick["names"] as? String == "fat" && stick["delete"] as? Bool == false && stick["strict"] as? Bool == false)
        #expect(stick["layout"] as? String == "{album_artist}/{album}/{disc}-{track:02} {title}", "\(stick)")

        // One set of names: a sync cannot take an export's, nor an export a sync's.
        let taken = try mixtape.run(["sync", device, "--save", "fog"])
        #expect(taken.status == 2 && taken.stderr.contains("a saved export is named \"fog\""), "\(taken.stderr)")
        let takenToo = try mixtape.run(["export-playlist", "--query", "fog", "-o", mixtape.folder + "/x.m3u8", "--save", "stick"])
        #expect(takenToo.status == 2 && takenToo.stderr.contains("a saved sync is named \"stick\""), "\(takenToo.stderr)")

        // `saved run NAME` puts back a file deleted on the device.
        let dancing = device + "/ABBA/Arrival/1-01 Dancing.opus"
        try #require(FileManager.default.fileExists(atPath: dancing), "\(sync.files(in: device))")
        try FileManager.default.removeItem(atPath: dancing)
        let run = try mixtape.run(["saved", "run", "stick"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("saved syncs: 1 written, 0 unchanged, 0 not there, 0 failed"), "\(run.stderr)")
        #expect(!run.stderr.contains("written, 1 unchanged, 0 failed"), "the export was not asked for: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dancing))
        let all = try mixtape.run(["saved", "run"])
        #expect(all.stderr.contains("0 written, 1 unchanged, 0 failed") && all.stderr.contains("saved syncs: 0 written, 1 unchanged"),
                "\(all.stderr)")

        // Asked for by name with its device away: exit 66, and still a note, not an error.
        try FileManager.default.moveItem(atPath: device, toPath: mixtape.folder + "/away")
        let away = try mixtape.run(["saved", "run", "stick"])
        #expect(away.status == 66 && away.stderr.contains("is not there (not plugged in?)"), "\(away.stderr)")
        try FileManager.default.moveItem(atPath: mixtape.folder + "/away", toPath: device)

        let again = try mixtape.run(["sync", device, "--query", "artist:abba", "--save", "stick"])
        #expect(again.stderr.contains("saved sync stick (replaced)"), "\(again.stderr)")
        #expect(try mixtape.run(["saved", "list", "--json"]).records.first { $0["name"] as? String == "stick" }?["delete"] as? Bool == true)
        let removed = try mixtape.run(["saved", "remove", "stick"])
        #expect(removed.status == 0 && removed.stderr.contains("removed saved sync stick"), "\(removed.stderr)")
        #expect(try mixtape.run(["saved", "list"]).lines.count == 1)
        #expect(!sync.files(in: device).isEmpty, "the device's files stay")
        #expect(try mixtape.run(["saved", "remove", "stick"]).status == 66)
    }
}
