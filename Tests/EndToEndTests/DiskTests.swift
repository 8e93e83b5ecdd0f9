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

    /// A folder the disk was never mounted on, emptied by hand, is gone too: every file of a
    /// source deleted at once is far likelier a disk than a decision.
    @Test func aRootEmptiedOfEverythingKeepsItsItems() throws {
        let music = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try copySamples(to: music)
        try #require(try mixtape.run(["index", music]).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: music) {
            try FileManager.default.removeItem(atPath: music + "/" + name)
        }
        let again = try mixtape.run(["index"])
        #expect(again.status == 0 && again.stderr.contains("is an empty folder"), "\(again.stderr)")
        #expect(try datesAdded().count == 6)
        // One file left in it is a folder whose other files were deleted.
        try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Music/Singles"), toPath: music + "/Singles")
        let partly = try mixtape.run(["index", "--json"])
        #expect(partly.records.first?["removed"] as? Int == 4, "\(partly.stdout) \(partly.stderr)")
    }
}
