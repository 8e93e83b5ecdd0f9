import MixtapeCore
@testable import MixtapeWatch
import Testing

/// The watch rules from event sequences, no kernel: what a batch holds, when it is due,
/// and what the watcher must do about folders.
@Suite("ChangeCollector: events → batches")
struct ChangeCollectorTests {
    static let music = "/m"
    static let export = "/lib/Library.xml"

    static func collector(debounce: Double = 1) -> ChangeCollector {
        ChangeCollector(sources: [.folder(root: music), .library(file: export)], debounce: debounce,
                        isRelevant: { $0.hasSuffix(".mp3") || $0.lowercased().hasSuffix(".nfo") || $0.lowercased().hasSuffix(".cue") })
    }

    /// Feeds each inner array as one read at time 0, then takes the batch once due.
    static func batch(_ reads: [[WatchEvent]], debounce: Double = 1) -> (ChangeBatch?, [WatchDirective]) {
        var collector = collector(debounce: debounce)
        var directives: [WatchDirective] = []
        for read in reads {
            collector.take(read, at: 0)
            directives += collector.drainDirectives()
        }
        let batch = collector.batch(at: 100)
        return (batch, directives + collector.drainDirectives())
    }

    @Test func aFileCountsWhenClosedAfterWritingNotWhenCreated() {
        let created = Self.batch([[WatchEvent([.created], path: "/m/a/x.mp3")]])
        #expect(created.0 == nil)
        let written = Self.batch([[WatchEvent([.created], path: "/m/a/x.mp3"),
                                   WatchEvent([.closedAfterWrite], path: "/m/a/x.mp3")]])
        #expect(written.0?.folders["/m"] == FolderChanges(files: ["/m/a"]))
        #expect(written.0?.eventCount == 2)
    }

    @Test(arguments: [
        (WatchEvent([.deleted], path: "/m/a/x.mp3"), FolderChanges(files: ["/m/a"])),
        (WatchEvent([.attributesChanged], path: "/m/a/x.mp3"), FolderChanges(files: ["/m/a"])),
        (WatchEvent([.movedTo], path: "/m/a/x.mp3", cookie: 7), FolderChanges(files: ["/m/a"])),
        (WatchEvent([.closedAfterWrite], path: "/m/a/artist.nfo"), FolderChanges(files: ["/m/a"], trees: ["/m/a"])),
        (WatchEvent([.closedAfterWrite], path: "/m/a/Artist.NFO"), FolderChanges(files: ["/m/a"], trees: ["/m/a"])),
        // A sheet may split files in the folder below (FILE "CD1/x.flac").
        (WatchEvent([.deleted], path: "/m/a/Album.CUE"), FolderChanges(files: ["/m/a"], trees: ["/m/a"])),
        (WatchEvent([.created, .isDirectory], path: "/m/new"), FolderChanges(trees: ["/m/new"])),
        (WatchEvent([.deleted, .isDirectory], path: "/m/old"), FolderChanges(trees: ["/m/old"])),
        (WatchEvent([.attributesChanged, .isDirectory], path: "/m/locked"), FolderChanges(trees: ["/m/locked"])),
        (WatchEvent([.watchedFolderGone], path: "/m"), FolderChanges(rescan: true)),
    ] as [(WatchEvent, FolderChanges)])
    func oneEvent(_ event: WatchEvent, changes: FolderChanges) {
        #expect(Self.batch([[event]]).0?.folders["/m"] == changes)
    }

    @Test(arguments: [
        WatchEvent([.closedAfterWrite], path: "/m/a/cover.jpg"), // not media, not a sidecar
        WatchEvent([.closedAfterWrite], path: "/m/a/.x.mp3"), // hidden
        WatchEvent([.closedAfterWrite], path: "/m/.git/x.mp3"), // in a hidden folder
        WatchEvent([.closedAfterWrite], path: "/mx/a.mp3"), // beside the root, not in it
        WatchEvent([.created], path: "/m/a.mp3"), // still being written
        WatchEvent([.watchedFolderGone], path: "/m/sub"), // the parent's event covers it
        WatchEvent([.closedAfterWrite], path: "/lib/Other.xml"), // another file beside the export
        WatchEvent([.created], path: export), // iTunes has not finished writing it
    ])
    func ignored(_ event: WatchEvent) {
        #expect(Self.batch([[event]]).0 == nil)
    }

    /// Rhythmbox saves `rhythmdb.xml` and `playlists.xml` each by writing a temporary file and
    /// renaming it over; either one changes the database source, and nothing else beside it does.
    @Test func aCompanionFileCountsForItsLibrary() {
        let database = "/rb/rhythmdb.xml", playlists = "/rb/playlists.xml"
        func batch(_ events: [WatchEvent]) -> ChangeBatch? {
            var collector = ChangeCollector(sources: [.library(file: database, companions: [playlists])], debounce: 1,
                                            isRelevant: { _ in false })
            collector.take(events, at: 0)
            return collector.batch(at: 100)
        }
        #expect(batch([WatchEvent([.closedAfterWrite], path: playlists)])?.libraries == [database])
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/rb/playlists.xml.tmp"),
                       WatchEvent([.movedFrom], path: "/rb/playlists.xml.tmp", cookie: 4),
                       WatchEvent([.movedTo], path: playlists, cookie: 4)])?.libraries == [database])
        #expect(batch([WatchEvent([.movedTo], path: database, cookie: 5)])?.libraries == [database])
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/rb/other.xml")]) == nil)
    }

    /// foobar2000's playlists: its folder is a companion folder, standing for any file directly
    /// in it (a new playlist's `.fplite` appears before the index names it), not below it.
    @Test func aCompanionFolderCountsForEveryFileInIt() {
        let index = "/fb/playlists-v2.0/index.txt"
        func batch(_ events: [WatchEvent]) -> ChangeBatch? {
            var collector = ChangeCollector(sources: [.library(file: index, companionFolders: ["/fb/playlists-v2.0"])], debounce: 1,
                                            isRelevant: { _ in false })
            collector.take(events, at: 0)
            return collector.batch(at: 100)
        }
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/fb/playlists-v2.0/playlist-NEW.fplite")])?.libraries == [index])
        #expect(batch([WatchEvent([.movedTo], path: "/fb/playlists-v2.0/playlist-X.fplite", cookie: 6)])?.libraries == [index])
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/fb/playlists-v2.0/sub/x.fplite")]) == nil)
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/fb/playlists-v2.0x/a")]) == nil)
        #expect(batch([WatchEvent([.closedAfterWrite], path: "/fb/other.txt")]) == nil)
    }

    @Test func theExportCountsWhenRewrittenOrRenamedOver() {
        for event in [WatchEvent([.closedAfterWrite], path: Self.export), WatchEvent([.movedTo], path: Self.export, cookie: 3)] {
            #expect(Self.batch([[event]]).0?.libraries == [Self.export])
        }
        // iTunes's way: write a temporary file, rename it over the export.
        let replaced = Self.batch([[WatchEvent([.closedAfterWrite], path: "/lib/Library.xml.tmp"),
                                    WatchEvent([.movedFrom], path: "/lib/Library.xml.tmp", cookie: 9),
                                    WatchEvent([.movedTo], path: Self.export, cookie: 9)]])
        #expect(replaced.0?.libraries == [Self.export])
        #expect(replaced.0?.folders.isEmpty == true)
    }

    @Test func aFileStillBeingWrittenIsLeftOutUntilClosed() {
        var collector = Self.collector()
        collector.take([WatchEvent([.created], path: "/m/a/slow.mp3"), WatchEvent([.created], path: "/m/a/cover.jpg"),
                        WatchEvent([.created], path: "/m/a/fast.mp3"), WatchEvent([.closedAfterWrite], path: "/m/a/fast.mp3")],
                       at: 0)
        #expect(collector.batch(at: 2)?.folders["/m"] == FolderChanges(files: ["/m/a"], incomplete: ["/m/a/slow.mp3"]))
        collector.take([WatchEvent([.closedAfterWrite], path: "/m/a/slow.mp3")], at: 3)
        #expect(collector.batch(at: 5)?.folders["/m"] == FolderChanges(files: ["/m/a"]))
        // Renamed while still open (a download's `.part` is hidden, so this is a visible name).
        collector.take([WatchEvent([.created], path: "/m/a/dl.mp3"), WatchEvent([.movedFrom], path: "/m/a/dl.mp3", cookie: 1),
                        WatchEvent([.movedTo], path: "/m/b/dl.mp3", cookie: 1)], at: 6)
        #expect(collector.batch(at: 8)?.folders["/m"]?.incomplete == ["/m/b/dl.mp3"])
    }

    @Test func aRenamePairedByCookieIsRecorded() {
        let (batch, directives) = Self.batch([[WatchEvent([.movedFrom], path: "/m/a/x.mp3", cookie: 5),
                                               WatchEvent([.movedTo], path: "/m/b/y.mp3", cookie: 5)]])
        #expect(batch?.folders["/m"] == FolderChanges(files: ["/m/a", "/m/b"],
                                                      renames: [FolderRename(from: "/m/a/x.mp3", to: "/m/b/y.mp3")]))
        #expect(directives.isEmpty)
    }

    @Test func aPairSplitAcrossTwoReadsIsStillARename() {
        let (batch, _) = Self.batch([[WatchEvent([.movedFrom], path: "/m/a/x.mp3", cookie: 5)],
                                     [WatchEvent([.movedTo], path: "/m/a/y.mp3", cookie: 5)]])
        #expect(batch?.folders["/m"]?.renames == [FolderRename(from: "/m/a/x.mp3", to: "/m/a/y.mp3")])
    }

    @Test func aFolderRenameMovesItsWatchesAndIsWalkedBothWays() {
        let (batch, directives) = Self.batch([[WatchEvent([.movedFrom, .isDirectory], path: "/m/a", cookie: 2),
                                               WatchEvent([.movedTo, .isDirectory], path: "/m/b", cookie: 2)]])
        #expect(batch?.folders["/m"] == FolderChanges(trees: ["/m/a", "/m/b"],
                                                      renames: [FolderRename(from: "/m/a", to: "/m/b")]))
        #expect(directives == [.renameTree(from: "/m/a", to: "/m/b")])
    }

    @Test func movingOutIsADeletionAndMovingInIsNew() {
        // The movedFrom's partner never comes: by the next read, it left the roots.
        let (gone, unwatch) = Self.batch([[WatchEvent([.movedFrom, .isDirectory], path: "/m/a", cookie: 2)],
                                          [WatchEvent([.closedAfterWrite], path: "/m/b/x.mp3")]])
        #expect(gone?.folders["/m"] == FolderChanges(files: ["/m/b"], trees: ["/m/a"]))
        #expect(unwatch == [.unwatchTree("/m/a")])
        let (came, watch) = Self.batch([[WatchEvent([.movedTo, .isDirectory], path: "/m/in", cookie: 4)]])
        #expect(came?.folders["/m"] == FolderChanges(trees: ["/m/in"]))
        #expect(watch == [.watchTree("/m/in")])
        // Out of the roots into a hidden name is out; from a hidden name is in.
        let (hidden, _) = Self.batch([[WatchEvent([.movedFrom], path: "/m/a/x.mp3", cookie: 8),
                                       WatchEvent([.movedTo], path: "/m/a/.x.mp3", cookie: 8)]])
        #expect(hidden?.folders["/m"] == FolderChanges(files: ["/m/a"]))
    }

    @Test func aCreatedFolderIsWatchedAtOnce() {
        var collector = Self.collector()
        collector.take([WatchEvent([.created, .isDirectory], path: "/m/new")], at: 0)
        #expect(collector.drainDirectives() == [.watchTree("/m/new")])
        #expect(collector.drainDirectives().isEmpty)
    }

    @Test func aRootThatGoesIsUnwatchedAndRescannedWhenItReturns() {
        var collector = Self.collector()
        collector.take([WatchEvent([.watchedFolderGone], path: "/m")], at: 0)
        #expect(collector.drainDirectives() == [.unwatchTree("/m")])
        #expect(collector.batch(at: 2)?.folders["/m"]?.rescan == true)
        collector.rootReturned("/m", at: 10)
        #expect(collector.batch(at: 10.5) == nil)
        #expect(collector.batch(at: 11)?.folders["/m"] == FolderChanges(rescan: true))
    }

    @Test func overflowRescansEverySourceAndRewatches() {
        let (batch, directives) = Self.batch([[WatchEvent([.overflow], path: "")]])
        #expect(batch?.folders["/m"]?.rescan == true)
        #expect(batch?.libraries == [Self.export])
        #expect(batch?.overflowed == true)
        #expect(directives == [.rewatchAll])
    }

    @Test func theDebounceWaitsForQuietButNotForEver() {
        var collector = ChangeCollector(sources: [.folder(root: "/m")], debounce: 1, maxDelay: 5, isRelevant: { _ in true })
        let write = { (time: Double, name: String) in
            collector.take([WatchEvent([.closedAfterWrite], path: "/m/" + name)], at: time)
        }
        write(0, "a")
        #expect(collector.deadline == 1)
        #expect(collector.batch(at: 0.9) == nil)
        write(0.9, "b")
        #expect(collector.deadline == 1.9)
        // A steady stream, one file every 0.5 s: due 5 s after the first change all the same.
        for step in 2...20 { write(0.5 * Double(step), "c\(step)") }
        #expect(collector.deadline == 5)
        let batch = collector.batch(at: 5)
        #expect(batch?.folders["/m"]?.files == ["/m"])
        #expect(batch?.eventCount == 21)
        #expect(collector.deadline == nil)
        #expect(collector.batch(at: 100) == nil)
    }

    @Test func aBurstOfFilesIsOneBatch() {
        var collector = Self.collector()
        for n in 0..<1000 {
            collector.take([WatchEvent([.created], path: "/m/burst/\(n).mp3"),
                            WatchEvent([.closedAfterWrite], path: "/m/burst/\(n).mp3")], at: Double(n) * 0.001)
        }
        #expect(collector.batch(at: 1.5) == nil)
        let batch = collector.batch(at: 2)
        #expect(batch?.folders["/m"] == FolderChanges(files: ["/m/burst"]))
        #expect(batch?.eventCount == 2000)
    }
}

@Suite("FolderRename, FolderPath, WatchTable")
struct WatchPathTests {
    @Test(arguments: [
        ("/m/b/x.mp3", [("/m/a/x.mp3", "/m/b/x.mp3")], "/m/a/x.mp3"),
        ("/m/b/sub/x.mp3", [("/m/a", "/m/b")], "/m/a/sub/x.mp3"),
        ("/m/bb/x.mp3", [("/m/a", "/m/b")], nil),
        ("/m/c/x.mp3", [("/m/a", "/m/b"), ("/m/b", "/m/c")], "/m/a/x.mp3"),
        ("/m/other.mp3", [("/m/a", "/m/b")], nil),
    ] as [(String, [(String, String)], String?)])
    func origin(_ path: String, renames: [(String, String)], expected: String?) {
        let renames = renames.map { FolderRename(from: $0.0, to: $0.1) }
        #expect(FolderRename.origin(of: path, through: renames) == expected)
    }

    @Test func paths() {
        #expect(FolderPath.isInside("/m/a", "/m"))
        #expect(!FolderPath.isInside("/m", "/m"))
        #expect(!FolderPath.isInside("/mm/a", "/m"))
        #expect(FolderPath.isInside("/a", "/"))
        #expect(FolderPath.parent(of: "/m/a/x.mp3") == "/m/a")
        #expect(FolderPath.parent(of: "/x") == "/")
        #expect(FolderPath.name(of: "/m/a/x.mp3") == "x.mp3")
        #expect(FolderPath.isHidden("/m/.a/x", below: "/m"))
        #expect(FolderPath.isHidden("/m/a/.x", below: "/m"))
        #expect(!FolderPath.isHidden("/m/a.b/x", below: "/m"))
        #expect(!FolderPath.isHidden("/.m/a", below: "/.m"))
    }

    @Test func theTableFollowsRenamesAndForgetsTrees() {
        var table = WatchTable()
        table.add(1, path: "/m")
        table.add(2, path: "/m/a")
        table.add(3, path: "/m/a/b")
        table.add(4, path: "/m/ab")
        table.renameTree(from: "/m/a", to: "/m/z")
        #expect(table.path(of: 2) == "/m/z")
        #expect(table.path(of: 3) == "/m/z/b")
        #expect(table.path(of: 4) == "/m/ab")
        #expect(table.descriptor(of: "/m/a") == nil)
        #expect(table.removeTree("/m/z") == [2, 3])
        #expect(table.count == 2)
        // The kernel reuses a descriptor for an inode watched under a new path.
        table.add(4, path: "/m/ab2")
        #expect(table.descriptor(of: "/m/ab") == nil)
        #expect(table.path(of: 4) == "/m/ab2")
    }
}
