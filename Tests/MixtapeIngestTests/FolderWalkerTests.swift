import Foundation
import MixtapeCore
import MixtapeIngest
import Testing

/// The folder walk on real temporary trees: nesting, sidecars, hidden names, symlinks (out of
/// the root, inside it, loops), extensions, and the facts that make re-indexing incremental.
@Suite("Folder walker")
struct FolderWalkerTests {
    let tree: TemporaryTree

    init() throws { tree = try TemporaryTree() }

    @Test("nested folders: every media file, every sidecar form, in path order")
    func nestedTree() throws {
        for name in ["Artist/artist.nfo", "Artist/Album/album.nfo", "Artist/Album/01 Song.flac",
                     "Artist/Album/01 Song.flac.xmp", "Artist/Album/01 Song.xmp", "Artist/Album/01 Song.nfo",
                     "Artist/Album/01 Song.info.json", "Artist/Album/02 Other.FLAC", "Artist/Album/cover.jpg",
                     "Artist/Album/notes.txt", "Artist/Album/Disc 2/03 Deep.mp3", "Videos/clip.mkv", "top.opus"] {
            try tree.file(name, "x")
        }
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == [
            "Artist/Album/01 Song.flac", "Artist/Album/02 Other.FLAC", "Artist/Album/Disc 2/03 Deep.mp3",
            "Videos/clip.mkv", "top.opus",
        ])
        #expect(scan.files.map { $0.sidecars.map { tree.relative($0.path) } } == [
            ["Artist/Album/01 Song.flac.xmp", "Artist/Album/01 Song.xmp", "Artist/Album/01 Song.nfo",
             "Artist/Album/01 Song.info.json", "Artist/Album/album.nfo", "Artist/artist.nfo"],
            ["Artist/Album/album.nfo", "Artist/artist.nfo"],
            ["Artist/artist.nfo"],
            [], [],
        ])
        #expect(scan.skippedSidecars == 0)
        #expect(scan.warnings.isEmpty)
    }

    @Test("orphan sidecars are counted, never items")
    func orphans() throws {
        for name in ["a.mp3", "b.nfo", "b.xmp", "c.info.json", "sub/album.nfo", "sub/lonely.mp3.xmp",
                     "artists/artist.nfo", "show/tvshow.nfo"] {
            try tree.file(name)
        }
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["a.mp3"])
        #expect(scan.skippedSidecars == 6)
    }

    @Test("hidden files and folders are skipped")
    func hidden() throws {
        for name in [".hidden/a.mp3", "._b.mp3", ".c.mp3", "d.mp3", ".d.nfo", "sub/.git/e.flac"] {
            try tree.file(name)
        }
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["d.mp3"])
        #expect(scan.files.first?.sidecars == [])
        #expect(scan.skippedSidecars == 0)
    }

    @Test("a symlink out of the root is not followed, and warned about")
    func symlinkOut() throws {
        let outside = try TemporaryTree()
        try outside.file("far/away.mp3")
        try tree.file("home.mp3")
        try tree.link("linked-folder", to: outside.path("far"))
        try tree.link("linked.mp3", to: outside.path("far/away.mp3"))
        try tree.link("relative-out", to: "../")
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["home.mp3"])
        #expect(scan.warnings.map { tree.relative($0.position?.file ?? "") } == ["linked-folder", "linked.mp3", "relative-out"])
        #expect(scan.warnings.allSatisfy { $0.message.contains("leads out of the indexed folder") })
    }

    @Test("a symlink inside the root is skipped: its target is indexed once, at its own path")
    func symlinkInside() throws {
        try tree.file("real/a.mp3")
        try tree.link("alias", to: "real")
        try tree.link("a-link.mp3", to: tree.path("real/a.mp3"))
        try tree.link("up", to: "..")  // the root's parent: out
        try tree.link("real/back", to: "..")  // the root itself: inside, would loop
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["real/a.mp3"])
        #expect(scan.warnings.map { tree.relative($0.position?.file ?? "") } == ["up"])
    }

    @Test("a symlink loop does not hang the walk")
    func symlinkLoop() throws {
        try tree.file("song.mp3")
        try tree.link("x", to: "y")
        try tree.link("y", to: "x")
        try tree.link("self.mp3", to: "self.mp3")
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["song.mp3"])
        #expect(scan.warnings.map { tree.relative($0.position?.file ?? "") } == ["self.mp3", "x", "y"])
        #expect(scan.warnings.allSatisfy { $0.message.contains("loop") })
    }

    @Test("a broken symlink named like a media file is a warning; others are silent")
    func brokenSymlink() throws {
        try tree.link("gone.mp3", to: "nowhere.mp3")
        try tree.link("gone.txt", to: "nowhere.txt")
        let scan = tree.scan()
        #expect(scan.files.isEmpty)
        #expect(scan.warnings.map { tree.relative($0.position?.file ?? "") } == ["gone.mp3"])
    }

    @Test("media extensions match without case; other files are ignored", arguments: [
        ("a.MP3", true), ("b.Flac", true), ("c.mKv", true), ("d.M4B", true), ("e.WeBm", true), ("f.wv", true),
        ("g.txt", false), ("h.jpg", false), ("i.mp3.part", false), ("mp3", false), ("j.m3u", false),
        ("k.cue", false), ("l.mp", false),
    ])
    func extensions(name: String, isMedia: Bool) throws {
        try tree.file(name)
        #expect(tree.scan().files.map { tree.relative($0.path) } == (isMedia ? [name] : []))
    }

    @Test("a folder named like a media file is walked, not read")
    func folderNamedLikeMedia() throws {
        try tree.file("album.mp3/inner.ogg")
        #expect(tree.scan().files.map { tree.relative($0.path) } == ["album.mp3/inner.ogg"])
    }

    @Test("size, mtime, device and inode are the file's")
    func facts() throws {
        let path = try tree.file("a.mp3", "12345")
        try tree.touch("a.mp3", seconds: 1_600_000_000.25)
        let file = try #require(tree.scan().files.first)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(file.size == 5)
        #expect(file.modificationTimeNs == 1_600_000_000_250_000_000)
        #expect(file.inode == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
        #expect(file.device == (attributes[.systemNumber] as? NSNumber)?.uint64Value)
    }

    @Test("a move keeps device and inode; a move with no sidecars keeps the stamp")
    func move() throws {
        try tree.file("a/song.mp3", "audio")
        let before = try #require(tree.scan().files.first)
        try tree.folder("b")
        try FileManager.default.moveItem(atPath: tree.path("a/song.mp3"), toPath: tree.path("b/renamed.mp3"))
        let after = try #require(tree.scan().files.first)
        #expect(tree.relative(after.path) == "b/renamed.mp3")
        #expect((after.device, after.inode) == (before.device, before.inode))
        #expect(after.stamp == before.stamp)
    }

    @Test("the stamp changes when the file or a sidecar changes, and only then")
    func stamp() throws {
        try tree.file("a.mp3", "audio")
        try tree.file("a.nfo", "<song/>")
        try tree.touch("a.mp3", seconds: 1_000)
        try tree.touch("a.nfo", seconds: 1_000)
        let first = try #require(tree.scan().files.first).stamp
        #expect(try #require(tree.scan().files.first).stamp == first)
        try tree.touch("a.nfo", seconds: 2_000)
        let touched = try #require(tree.scan().files.first).stamp
        #expect(touched != first)
        try tree.file("a.xmp", "")
        let added = try #require(tree.scan().files.first).stamp
        #expect(added != touched)
        try tree.file("a.mp3", "audio!")
        try tree.touch("a.mp3", seconds: 1_000)
        #expect(try #require(tree.scan().files.first).stamp != added)
    }

    @Test("the root may end in a slash or be a symlink; paths stay under the root as given")
    func rootForms() throws {
        try tree.file("music/a.mp3")
        let slash = FolderWalker.scan(root: tree.path("music") + "/")
        #expect(slash.files.map(\.path) == [tree.path("music/a.mp3")])
        try tree.link("shortcut", to: "music")
        let linked = FolderWalker.scan(root: tree.path("shortcut"))
        #expect(linked.files.map(\.path) == [tree.path("shortcut/a.mp3")])
        #expect(linked.warnings.isEmpty)
    }

    @Test("a missing root is a warning, not a crash")
    func missingRoot() {
        let scan = FolderWalker.scan(root: tree.path("nope"))
        #expect(scan.files.isEmpty)
        #expect(scan.warnings.count == 1)
        #expect(scan.warnings.first?.position?.file == tree.path("nope"))
    }

    @Test("an unreadable folder is a warning and the rest is walked",
          .enabled(if: getuid() != 0, "root reads every folder, so this needs a normal user"))
    func unreadableFolder() throws {
        try tree.file("locked/a.mp3")
        try tree.file("open/b.mp3")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: tree.path("locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree.path("locked")) }
        let scan = tree.scan()
        #expect(scan.files.map { tree.relative($0.path) } == ["open/b.mp3"])
        #expect(scan.warnings.map { tree.relative($0.position?.file ?? "") } == ["locked"])
    }
}
