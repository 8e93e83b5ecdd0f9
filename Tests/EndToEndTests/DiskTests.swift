import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Disks that go away or fill up (issue 30's second family), on real tmpfs mounts: a folder
/// source whose disk is unmounted keeps its items, in `index` and in `watch`; an index on a
/// full or read-only disk fails as the index failing (74), says what is full, and reads still
/// work.
@Suite("disks: unmounted, full, read-only", .serialized,
       .enabled(if: ScratchMount.available, ScratchMount.unavailable))
struct DiskTests {
    let mixtape = MixtapeProcess()

    /// The samples' media (two MP3s, a cue'd FLAC image of four tracks, a playlist) copied to
    /// `folder`: 6 items.
    func copySamples(to folder: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: MixtapeProcess.sample("Music")) {
            try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Music/" + name), toPath: folder + "/" + name)
        }
    }

    /// id → date_added of every item.
    func datesAdded() throws -> [String: Int] {
        var dates: [String: Int] = [:]
        for record in try mixtape.run(["search", "--json"]).records {
            dates[record["id"] as? String ?? ""] = record["date_added"] as? Int ?? -1
        }
        return dates
    }

    @Test func anUnmountedDiskKeepsItsItemsAndTheirDatesAdded() throws {
        let disk = try ScratchMount(at: mixtape.folder + "/mnt/music")
        defer { try? disk.unmount() }
        try copySamples(to: disk.path)
        let first = try mixtape.run(["index", disk.path])
        try #require(first.status == 0, "\(first.stderr)")
        let before = try datesAdded()
        try #require(before.count == 6)

        try disk.unmount()
        let cron = try mixtape.run(["index"])
        #expect(cron.status == 0, "\(cron.stderr)")
        #expect(cron.stderr.contains("looks unmounted") && cron.stderr.contains("items are kept"), "\(cron.stderr)")
        #expect(try datesAdded() == before, "an unmounted disk removed items")
        let sources = try mixtape.run(["sources", "--json"]).records
        #expect(sources.first?["items"] as? Int == 6, "\(sources)")

        sleep(1)  // the copies' dates differ from the first ones: the items are read again
        try disk.mount()
        try copySamples(to: disk.path)
        let back = try mixtape.run(["index", "--json"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.records.first?["added"] as? Int == 0 && back.records.first?["removed"] as? Int == 0, "\(back.stdout)")
        #expect(try datesAdded() == before, "the files came back as new items")
    }

    /// A folder emptied on the disk it always was on is a folder whose files were deleted or
    /// moved: they leave the index. An empty mount point (a disk mounted, but empty) is gone.
    @Test func anEmptiedFolderLosesItsItemsAnEmptyMountPointKeepsThem() throws {
        let music = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try copySamples(to: music)
        try #require(try mixtape.run(["index", music]).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: music) {
            try FileManager.default.removeItem(atPath: music + "/" + name)
        }
        let emptied = try mixtape.run(["index", "--json"])
        #expect(emptied.records.first?["removed"] as? Int == 6, "\(emptied.stdout) \(emptied.stderr)")

        try copySamples(to: music)
        try #require(try mixtape.run(["index"]).status == 0)
        let disk = try ScratchMount(at: music)
        defer { try? disk.unmount() }
        let mounted = try mixtape.run(["index"])
        #expect(mounted.status == 0 && mounted.stderr.contains("items are kept"), "\(mounted.stderr)")
        #expect(try datesAdded().count == 6)
    }

    /// The index on a disk of its own, filled to 40 KB: `index` exits 74 naming the full disk
    /// and the space left, changes nothing, and everything that only reads still works.
    @Test func aFullDiskFailsIndexWith74AndStillReads() throws {
        let disk = try ScratchMount(at: mixtape.folder + "/index", size: "4m")
        defer { try? disk.unmount() }
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        let before = try mixtape.snapshot()
        try disk.fill(leaving: 40_000)

        let index = try mixtape.run(["index", MixtapeProcess.sample("Music")])
        #expect(index.status == 74, "\(index.stderr)")
        #expect(index.stderr.contains("cannot be written: the disk holding it is full") && index.stderr.contains("free"),
                "\(index.stderr)")
        #expect(!index.stderr.contains("database("), "a raw error: \(index.stderr)")
        #expect(try mixtape.snapshot() == before, "a failed index changed the index")

        let search = try mixtape.run(["search", "lantern"])
        #expect(search.status == 0 && !search.stdout.isEmpty, "\(search.stderr)")
        let out = mixtape.folder + "/lantern.m3u8"
        let export = try mixtape.run(["export-playlist", "--query", "lantern", "-o", out])
        #expect(export.status == 0 && FileManager.default.fileExists(atPath: out), "\(export.stderr)")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("the disk holding the index is full"), "\(doctor.stdout)")
        let select = try mixtape.run(["select", "add", "lantern"])
        #expect(select.status == 74 && select.stderr.contains("is full"), "\(select.stderr)")

        try FileManager.default.removeItem(atPath: disk.path + "/fill")
        let again = try mixtape.run(["index", MixtapeProcess.sample("Music")])
        #expect(again.status == 0, "after space was freed: \(again.stderr)")
    }

    /// A read-only mount: reading works (the index opened immutable when no WAL is left), a
    /// write says the disk is read-only.
    @Test func aReadOnlyDiskIsReadAndIndexSaysWhy() throws {
        let disk = try ScratchMount(at: mixtape.folder + "/index", size: "4m")
        defer { try? disk.unmount() }
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        let before = try mixtape.snapshot()
        try disk.remount(readOnly: true)
        #expect(try mixtape.snapshot() == before)
        let playlists = try mixtape.run(["playlists"])
        #expect(playlists.status == 0 && playlists.stdout.contains("Library"), "\(playlists.stderr)")
        let index = try mixtape.run(["index", MixtapeProcess.sample("Music")])
        #expect(index.status == 74 && index.stderr.lowercased().contains("read-only"), "\(index.stderr)")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.stdout.contains("mounted read-only"), "\(doctor.stdout)")
        try disk.remount(readOnly: false)
    }

    /// `chmod -R a-w` on the index's folder, undone for the folder and the index file only,
    /// leaves SQLite's `-wal` and `-shm` read-only, which kept every write failing (74): they
    /// are given their write permission back. Run as `nobody` (root ignores permissions).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run as another user: a read-only -shm left over not checked"))
    func aReadOnlyShmLeftOverIsMadeWritableAgain() throws {
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        // The binary and the media go where `nobody` can reach them, wherever the checkout is.
        let binary = mixtape.folder + "/mixtape", music = mixtape.folder + "/Music"
        try FileManager.default.copyItem(atPath: MixtapeProcess.binary, toPath: binary)
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try copySamples(to: music)
        try MixtapeProcess.tool("chown", ["-R", "nobody", mixtape.folder])
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "MIXTAPE_LIBRARY=" + mixtape.library,
                        "XDG_CONFIG_HOME=" + mixtape.configHome, "HOME=" + mixtape.folder]
        // A reader that leaves the WAL files behind, as a killed one does.
        let leave = try MixtapeProcess.execute("/usr/bin/setpriv", asNobody + ["/usr/bin/python3", "-c", """
            import os, sqlite3
            sqlite3.connect('\(mixtape.library)').execute('SELECT count(*) FROM items').fetchone()
            os._exit(0)
            """])
        try #require(leave.status == 0, "\(leave.stderr)")
        for file in [mixtape.library + "-wal", mixtape.library + "-shm"] {
            try #require(chmod(file, 0o444) == 0, "\(file) was not left behind")
        }
        let index = try MixtapeProcess.execute("/usr/bin/setpriv", asNobody + [binary, "index", music])
        #expect(index.status == 0, "\(index.stderr)")
    }
}
