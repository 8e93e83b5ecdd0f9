@testable import MixtapeCore
import Testing

/// What a sync does to a device (spec/cli.md, `sync`), worked out before anything is written.
@Suite("Sync plan: what a device gets, and what a second run does")
struct SyncPlanTests {
    static func choice(_ id: String, title: String, file: String, content: String = "c1", part: Bool = false,
                       track: Int64 = 1) -> SyncChoice {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.title = title
        item.artist = "Abba"
        item.album = "Gold"
        item.discNumber = 1
        item.trackNumber = track
        item.durationMs = 180_500
        return SyncChoice(item: item, file: file, content: content, isPart: part)
    }

    static let songs = [
        choice("a", title: "Dancing Queen", file: "/m/Abba/Gold/01.flac", track: 1),
        choice("b", title: "Waterloo", file: "/m/Abba/Gold/02.mp3", track: 2),
    ]
    static let settings = SyncSettings()

    @Test func aFirstSyncTranscodesWhatItDoesNotKeepAndWritesThePlaylist() {
        let list = SyncPlaylist(id: "p", name: "Road: Trip", items: [ItemID(rawValue: "b"), ItemID(rawValue: "a"), ItemID(rawValue: "b")])
        let plan = SyncPlan.make(Self.songs, playlists: [list], settings: Self.settings, previous: SyncManifest())
        #expect(plan.steps.count == 3)
        #expect(plan.steps[0] == .transcode(Self.songs[0], to: "Abba/Gold/1-01 Dancing Queen.mp3"))
        #expect(plan.steps[1] == .copy(Self.songs[1], to: "Abba/Gold/1-02 Waterloo.mp3"))
        guard case .writePlaylist(let path, let text) = plan.steps[2] else { Issue.record("no playlist: \(plan.steps)"); return }
        #expect(path == "Road: Trip.m3u8")
        #expect(text == """
            #EXTM3U
            #PLAYLIST:Road: Trip
            #EXTINF:180,Abba - Waterloo
            Abba/Gold/1-02 Waterloo.mp3
            #EXTINF:180,Abba - Dancing Queen
            Abba/Gold/1-01 Dancing Queen.mp3
            #EXTINF:180,Abba - Waterloo
            Abba/Gold/1-02 Waterloo.mp3

            """)
        #expect(plan.manifest.entries.map(\.made) == ["mp3:V0", "copy", "playlist"])
        // On FAT the playlist's own name loses its colon.
        var fat = Self.settings
        fat.names = DeviceNames(.fat)
        let onFAT = SyncPlan.make(Self.songs, playlists: [list], settings: fat, previous: SyncManifest())
        #expect(onFAT.manifest.entries.last?.path == "Road_ Trip.m3u8")
    }

    @Test func aSecondRunWithNothingChangedDoesNothing() {
        let list = SyncPlaylist(id: "p", name: "Road", items: [ItemID(rawValue: "a")])
        let first = SyncPlan.make(Self.songs, playlists: [list], settings: Self.settings, previous: SyncManifest())
        let again = SyncPlan.make(Self.songs, playlists: [list], settings: Self.settings, previous: first.manifest)
        #expect(again.steps.isEmpty)
        #expect(again.unchanged.count == 3)
        #expect(again.manifest == first.manifest)
    }

    @Test func aTagChangeRenamesACopyRemakesATranscodeAndAContentChangeRemakes() {
        let first = SyncPlan.make(Self.songs, settings: Self.settings, previous: SyncManifest())
        // A copy's bytes are the file's, so a new title in the index only moves it; a
        // transcode writes the index's tags, so it is made again with them.
        var retitled = Self.songs
        retitled[0].item.title = "Dancing Queen (Live)"
        retitled[1].item.title = "Waterloo (Single)"
        let second = SyncPlan.make(retitled, settings: Self.settings, previous: first.manifest)
        #expect(second.steps == [
            .delete("Abba/Gold/1-01 Dancing Queen.mp3"),
            .rename(from: "Abba/Gold/1-02 Waterloo.mp3", to: "Abba/Gold/1-02 Waterloo (Single).mp3"),
            .transcode(retitled[0], to: "Abba/Gold/1-01 Dancing Queen (Live).mp3"),
        ])
        var genre = Self.songs
        genre[0].item.genre = "Disco"
        genre[1].content = "c2"
        let regenred = SyncPlan.make(genre, settings: Self.settings, previous: first.manifest)
        #expect(regenred.steps == [
            .transcode(genre[0], to: "Abba/Gold/1-01 Dancing Queen.mp3"),
            .copy(genre[1], to: "Abba/Gold/1-02 Waterloo.mp3"),
        ])
        var louder = Self.settings
        louder.transcode = SyncTarget(format: .mp3, quality: "320k")
        let third = SyncPlan.make(Self.songs, settings: louder, previous: first.manifest)
        #expect(third.steps == [.transcode(Self.songs[0], to: "Abba/Gold/1-01 Dancing Queen.mp3")])
        #expect(third.unchanged == ["Abba/Gold/1-02 Waterloo.mp3"])
    }

    @Test func whatIsNoLongerChosenGoesUnlessKeptAndANewNameDoesNotTakeAnOldOne() {
        let first = SyncPlan.make(Self.songs, settings: Self.settings, previous: SyncManifest())
        let newcomer = Self.choice("c", title: "Waterloo", file: "/m/other/Waterloo.mp3", content: "c9", track: 2)
        let second = SyncPlan.make([newcomer, Self.songs[1]], settings: Self.settings, previous: first.manifest)
        #expect(second.steps == [
            .delete("Abba/Gold/1-01 Dancing Queen.mp3"),
            .copy(newcomer, to: "Abba/Gold/1-02 Waterloo (2).mp3"),
        ], "the file the device had keeps its name; the newcomer is numbered")
        let keeping = SyncPlan.make([Self.songs[1]], settings: Self.settings, previous: first.manifest, deleting: false)
        #expect(keeping.steps.isEmpty)
        #expect(keeping.manifest.entries.map(\.path).sorted() == ["Abba/Gold/1-01 Dancing Queen.mp3", "Abba/Gold/1-02 Waterloo.mp3"],
                "still the sync's own, for a later run that deletes")
    }

    @Test func aCueTrackIsAlwaysCutAndAnItemChosenTwiceIsOneFile() {
        let part = Self.choice("t", title: "Intro", file: "/m/live.flac", part: true)
        var settings = Self.settings
        settings.keep = ["flac"]
        let plan = SyncPlan.make([part, part], settings: settings, previous: SyncManifest())
        #expect(plan.steps == [.transcode(part, to: "Abba/Gold/1-01 Intro.mp3")])
    }

    @Test(arguments: [("mp3:v0", "mp3:V0"), ("MP3:320k", "mp3:320k"), ("aac:256k", "aac:256k"), ("opus:160k", "opus:160k"), ("flac", "flac")])
    func transcodeTargets(_ text: String, _ expected: String) throws {
        #expect(try SyncTarget(parsing: text).description == expected)
    }

    @Test(arguments: ["wav", "mp3:v10", "flac:5", "aac:V0", "opus:", "mp3:1000k"])
    func badTranscodeTargets(_ text: String) {
        #expect(throws: SyncTargetError.self) { try SyncTarget(parsing: text) }
    }

    @Test func ffmpegSecondsHaveThreeDecimals() {
        #expect(TranscodeCommand.seconds(183_250) == "183.250")
        #expect(TranscodeCommand.seconds(5) == "0.005")
        #expect(TranscodeCommand.seconds(60_000) == "60.000")
    }

    @Test func playlistFoldersNumberEachPlaylistsFilesAndAReorderOnlyRenames() {
        var settings = Self.settings
        settings.playlistFolders = true
        let a = ItemID(rawValue: "a"), b = ItemID(rawValue: "b")
        let road = SyncPlaylist(id: "p", name: "Road", items: [b, a, b])
        let gym = SyncPlaylist(id: "q", name: "Gym", items: [a])
        let first = SyncPlan.make(Self.songs, playlists: [road, gym], settings: settings, previous: SyncManifest())
        #expect(first.manifest.entries.map(\.path) == ["Road/001 - Abba - Waterloo.mp3", "Road/002 - Abba - Dancing Queen.mp3",
                                                       "Gym/001 - Abba - Dancing Queen.mp3", "Road.m3u8", "Gym.m3u8"])
        guard case .writePlaylist(_, let text) = first.steps[3] else { Issue.record("\(first.steps)"); return }
        #expect(text.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
            "Road/001 - Abba - Waterloo.mp3", "Road/002 - Abba - Dancing Queen.mp3", "Road/001 - Abba - Waterloo.mp3"])
        let reordered = SyncPlaylist(id: "p", name: "Road", items: [a, b])
        let second = SyncPlan.make(Self.songs, playlists: [reordered, gym], settings: settings, previous: first.manifest)
        #expect(second.steps.filter { if case .rename = $0 { false } else { true } }.count == 1, "only Road.m3u8 is written")
        #expect(second.steps.contains(.rename(from: "Road/001 - Abba - Waterloo.mp3", to: "Road/002 - Abba - Waterloo.mp3")))
        #expect(second.steps.contains(.rename(from: "Road/002 - Abba - Dancing Queen.mp3", to: "Road/001 - Abba - Dancing Queen.mp3")))
    }
}

/// The journal of a run taken into the manifest (`SyncManifest.applying`).
@Suite("Sync manifest: a run's journal taken in")
struct SyncManifestTests {
    static func entry(_ path: String, _ owner: String) -> SyncManifest.Entry {
        SyncManifest.Entry(path: path, owner: owner, content: "c", made: "copy")
    }

    @Test func aSwapRecordedAsEveryRemovalThenEveryWriteKeepsBothFiles() {
        let before = SyncManifest(entries: [Self.entry("1", "a"), Self.entry("2", "b")])
        let swapped = before.applying([.removed("2"), .removed("1"), .wrote(Self.entry("1", "b")), .wrote(Self.entry("2", "a"))])
        #expect(swapped.entries == [Self.entry("1", "b"), Self.entry("2", "a")])
        // Interleaved, the second removal takes the first write with it: why DeviceWriter records
        // every removal of a batch of renames first.
        let interleaved = before.applying([.removed("2"), .wrote(Self.entry("1", "b")), .removed("1"), .wrote(Self.entry("2", "a"))])
        #expect(interleaved.entries == [Self.entry("2", "a")])
    }

    @Test func aDeletionAndAFileWrittenAfterAKilledRunAreTakenIn() {
        let before = SyncManifest(entries: [Self.entry("1", "a"), Self.entry("2", "b")])
        let after = before.applying([.removed("1"), .wrote(Self.entry("3", "c"))])
        #expect(after.entries == [Self.entry("2", "b"), Self.entry("3", "c")])
        #expect(before.applying([]) == before)
    }

    @Test(arguments: [("../x.mp3", true), ("/etc/passwd", true), ("a//b.mp3", true), ("a/./b.mp3", true), ("", true),
                      ("a/b..c.mp3", false), ("ABBA/Arrival/1-01 Dancing Queen.mp3", false), ("..hidden", false)])
    func aPathThatCouldLeaveTheDeviceIsUnsafe(_ path: String, _ unsafe: Bool) {
        #expect((SyncManifest(entries: [Self.entry(path, "a")]).unsafeEntry != nil) == unsafe)
    }
}

