import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mixtape watch` on real inotify in temporary folders: it runs as a detached process, its
/// log in a file, while the test changes files and asks `mixtape search` what the index holds.
@Suite("watch: keep the index current", .serialized)
struct WatchTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }

    init() throws {
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/Music", withIntermediateDirectories: true)
    }

    /// A running `mixtape watch`.
    final class Watch {
        let process: DetachedProcess
        let log: String
        init(process: DetachedProcess, log: String) {
            self.process = process
            self.log = log
        }

        var text: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var lines: [String] { text.split(separator: "\n").map(String.init) }

        /// Waits until the log has a line containing `what`.
        @discardableResult
        func waitFor(_ what: String, timeout: Double = 20) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let line = lines.first(where: { $0.contains(what) }) { return line }
                if let status = process.wait(timeout: 0) {
                    Issue.record("watch exited (\(status)) before logging \"\(what)\":\n\(text)")
                    throw CancellationError()
                }
                usleep(20_000)
            }
            Issue.record("no \"\(what)\" in the watch log after \(timeout) s:\n\(text)")
            throw CancellationError()
        }

        /// SIGTERM, then the exit status and how long it took.
        func stop() -> (status: Int32?, seconds: Double) {
            let started = Date()
            process.signal(SIGTERM)
            let status = process.wait(timeout: 10)
            if status == nil { process.signal(SIGKILL); _ = process.wait(timeout: 5) }
            return (status, Date().timeIntervalSince(started))
        }

        deinit {
            if process.wait(timeout: 0) == nil {
                process.signal(SIGKILL)
                _ = process.wait(timeout: 5)
            }
        }
    }

    /// Starts `mixtape watch ARGUMENTS` and waits until it has caught up.
    func startWatch(_ arguments: [String], waitUntilReady: Bool = true) throws -> Watch {
        var environment = ProcessInfo.processInfo.environment
        environment["MIXTAPE_LIBRARY"] = mixtape.library
        environment["NO_COLOR"] = "1"
        environment["XDG_CONFIG_HOME"] = mixtape.configHome
        let log = mixtape.folder + "/watch-\(UUID().uuidString.prefix(6)).log"
        let process = try DetachedProcess.spawn(MixtapeProcess.binary, ["watch"] + arguments,
                                                environment: environment, output: log)
        let watch = Watch(process: process, log: log)
        if waitUntilReady { try watch.waitFor("up to date") }
        return watch
    }

    /// A small real MP3 tagged `title` by `artist`, written at `path` (folders made as needed).
    /// Written beside the test's folder first and copied, so the watch sees one complete write.
    func mp3(_ path: String, title: String, artist: String = "Watch Artist") throws {
        let wav = mixtape.folder + "/tone.wav"
        if !FileManager.default.fileExists(atPath: wav) {
            try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", wav, "synth", "0.2", "sine", "440"])
        }
        let staged = mixtape.folder + "/staged-\(UUID().uuidString.prefix(8)).mp3"
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", title, "--ta", artist, wav, staged])
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: staged, toPath: path)
        try FileManager.default.removeItem(atPath: staged)
    }

    /// The items `search --json QUERY` finds.
    func found(_ query: String) throws -> [[String: Any]] {
        try mixtape.run(["search", "--json", query]).records
    }

    /// Polls `search` until `condition` holds for what QUERY finds; seconds it took.
    @discardableResult
    func waitUntil(_ query: String, timeout: Double = 10, _ what: String,
                   _ condition: ([[String: Any]]) -> Bool) throws -> Double {
        let started = Date()
        while Date().timeIntervalSince(started) < timeout {
            if condition(try found(query)) { return Date().timeIntervalSince(started) }
            usleep(20_000)
        }
        Issue.record("after \(timeout) s, \(what): search \(query) gives \(try found(query))")
        throw CancellationError()
    }

    /// Where the files are now: an export made on Windows, indexed before its music is here;
    /// the files copied in while `watch` runs are found for the export's items, which keep
    /// their ids, and become one item each with the folder's files.
    @Test func filesCopiedInLaterAreFoundForTheExportsEntries() throws {
        let staged = mixtape.folder + "/staged/01 One.mp3"
        try mp3(staged, title: "Tag One")
        let size = (try FileManager.default.attributesOfItem(atPath: staged)[.size] as? Int) ?? 0
        // In a folder of its own: the tree an export sits in is searched too, and the staged
        // file must not be found before it is copied in.
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/exports", withIntermediateDirectories: true)
        let export = try mixtape.write("exports/Library.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Major Version</key><integer>1</integer>
            <key>Tracks</key><dict><key>1</key><dict><key>Track ID</key><integer>1</integer>
            <key>Persistent ID</key><string>CCCC000000000001</string><key>Name</key><string>Export One</string>
            <key>Size</key><integer>\(size)</integer><key>Rating</key><integer>100</integer>
            <key>Location</key><string>file://localhost/C:/Users/sam/Music/iTunes/iTunes%20Media/Music/Band/Album/01%20One.mp3</string>
            </dict></dict></dict></plist>
            """)
        try #require(try mixtape.run(["index", export, music]).status == 0)
        #expect(try found("'Export One").first?["path"] == nil)
        let watch = try startWatch(["--debounce", "0.2"])
        try FileManager.default.createDirectory(atPath: music + "/Band/Album", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: staged, toPath: music + "/Band/Album/01 One.mp3")
        try waitUntil("'Export One", "the export's entry finds the file copied in") {
            $0.first?["path"] as? String == music + "/Band/Album/01 One.mp3"
        }
        let all = try mixtape.run(["search", "--json"]).records
        #expect(all.count == 1, "one item for the one file: \(all)")
        #expect(all.first?["id"] as? String == "itunes:CCCC000000000001")
        #expect(watch.stop().status == 0)
    }

    @Test func aFileInANewNestedFolderIsSearchableWithinDebouncePlusHalfASecond() throws {
        let watch = try startWatch(["--debounce", "0.3", music])
        try mp3(mixtape.folder + "/ready.mp3", title: "Nested Arrival")
        try FileManager.default.createDirectory(atPath: music + "/a/b/c", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: mixtape.folder + "/ready.mp3", toPath: music + "/a/b/c/song.mp3")
        let seconds = try waitUntil("'Nested Arrival", "the new file is indexed") { $0.count == 1 }
        #expect(seconds <= 0.3 + 0.5, "searchable after \(seconds) s")
        #expect(try found("'Nested Arrival").first?["location"] as? String == music + "/a/b/c/song.mp3")
        #expect(watch.stop().status == 0)
    }

    @Test func aPlaylistFileIsReReadWhenSavedAndItsEntriesFollowTheFilesTheyName() throws {
        try mp3(music + "/Band/one.mp3", title: "Listed One")
        try mp3(music + "/Band/two.mp3", title: "Listed Two")
        try FileManager.default.createDirectory(atPath: music + "/Lists", withIntermediateDirectories: true)
        try Data("../Band/one.mp3\n../Band/later.mp3\n".utf8).write(to: URL(fileURLWithPath: music + "/Lists/mix.m3u8"))
        let watch = try startWatch(["--debounce", "0.2", music])
        try waitUntil("playlist:mix", "the playlist holds its one present file") { $0.count == 1 }
        // Saved again by an editor (write a new file, rename it over): re-read.
        try Data("../Band/two.mp3\n../Band/one.mp3\n../Band/later.mp3\n".utf8)
            .write(to: URL(fileURLWithPath: music + "/Lists/mix.m3u8"), options: .atomic)
        try waitUntil("playlist:mix", "the saved playlist's new entry resolves") { $0.count == 2 }
        // The file an entry names appears: the entry resolves.
        try mp3(music + "/Band/later.mp3", title: "Listed Later")
        try waitUntil("playlist:mix", "the entry of the file that appeared resolves") { $0.count == 3 }
        let listed = try mixtape.run(["playlists", "--json"]).records.first { $0["name"] as? String == "mix" }
        #expect(listed?["missing"] as? Int == 0)
        #expect(watch.stop().status == 0)
    }

    @Test func aFolderAndFileNamedInLatin1AreWatchedAndIndexed() throws {
        let watch = try startWatch(["--debounce", "0.2", music])
        try mp3(mixtape.folder + "/staged.mp3", title: "Latin Watch")
        // `Music/Caf\xE9/song.mp3`: names that are not UTF-8, made from raw bytes.
        let folder = Array(music.utf8) + Array("/Caf".utf8) + [0xE9]
        let made = (folder + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }
        try #require(made == 0)
        let target = folder + Array("/song".utf8) + [0xE9] + Array(".mp3".utf8) + [0]
        let moved = target.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { rename(mixtape.folder + "/staged.mp3", $0.baseAddress!) }
        try #require(moved == 0)
        try waitUntil("'Latin Watch", "the file in the Latin-1 folder is indexed") {
            $0.first?["location"] as? String == music + "/Caf\\xE9/song\\xE9.mp3"
        }
        #expect(watch.stop().status == 0)
    }

    @Test func aMovedFileKeepsItsIdAndARenamedFolderItsFiles() throws {
        try mp3(music + "/Inbox/one.mp3", title: "Mover")
        let watch = try startWatch(["--debounce", "0.2", music])
        let id = try #require(try found("'Mover").first?["id"] as? String)
        try FileManager.default.createDirectory(atPath: music + "/Sorted", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: music + "/Inbox/one.mp3", toPath: music + "/Sorted/Mover.mp3")
        try waitUntil("'Mover", "the moved file has its new location") {
            $0.first?["location"] as? String == music + "/Sorted/Mover.mp3"
        }
        #expect(try found("'Mover").map { $0["id"] as? String } == [id])
        try FileManager.default.moveItem(atPath: music + "/Sorted", toPath: music + "/Filed")
        try waitUntil("'Mover", "the file of the renamed folder has its new location") {
            $0.first?["location"] as? String == music + "/Filed/Mover.mp3"
        }
        #expect(try found("'Mover").map { $0["id"] as? String } == [id])
        #expect(watch.text.contains("1 moved"))
        #expect(watch.stop().status == 0)
    }

    @Test func aDeletedFileOrFolderIsGoneAndAMoveOutIsADeletion() throws {
        try mp3(music + "/keep.mp3", title: "Keeper")
        try mp3(music + "/gone.mp3", title: "Goner")
        try mp3(music + "/Folder/inner.mp3", title: "Inner")
        try mp3(music + "/Leaving/away.mp3", title: "Away")
        let watch = try startWatch(["--debounce", "0.2", music])
        try #require(try found("").count == 4)
        try FileManager.default.removeItem(atPath: music + "/gone.mp3")
        try FileManager.default.removeItem(atPath: music + "/Folder")
        try FileManager.default.moveItem(atPath: music + "/Leaving", toPath: mixtape.folder + "/Elsewhere")
        try waitUntil("", "only the kept file is left") { $0.count == 1 }
        #expect(try found("").first?["title"] as? String == "Keeper")
        // The folder moved out is no longer watched: a file added there is not indexed.
        try mp3(mixtape.folder + "/Elsewhere/late.mp3", title: "Late")
        try mp3(music + "/after.mp3", title: "After")
        try waitUntil("'After", "a later file is indexed") { $0.count == 1 }
        #expect(try found("'Late").isEmpty)
        #expect(watch.stop().status == 0)
    }

    @Test func aFileStillBeingWrittenIsReadOnlyOnceComplete() throws {
        try mp3(mixtape.folder + "/whole.mp3", title: "Slow Copy")
        try mp3(mixtape.folder + "/fast.mp3", title: "Fast Copy")
        try FileManager.default.createDirectory(atPath: music + "/Album", withIntermediateDirectories: true)
        let watch = try startWatch(["--debounce", "0.2", music])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: mixtape.folder + "/whole.mp3")))
        let slow = music + "/Album/slow.mp3"
        let fd = open(slow, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let half = bytes.count / 2
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, half) } == half)
        // Another file of the same folder completes: its batch walks the folder, and must
        // leave the half-written one alone.
        try FileManager.default.copyItem(atPath: mixtape.folder + "/fast.mp3", toPath: music + "/Album/fast.mp3")
        try waitUntil("'Fast Copy", "the complete file is indexed") { $0.count == 1 }
        #expect(try found("").compactMap { $0["location"] as? String } == [music + "/Album/fast.mp3"])
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress! + half, bytes.count - half) } == bytes.count - half)
        close(fd)
        try waitUntil("'Slow Copy", "the file is indexed once closed") { $0.first?["location"] as? String == slow }
        #expect(!watch.text.contains("warning"), "\(watch.text)")
        #expect(watch.stop().status == 0)
    }

    /// The indexer opens media files read-only: a file opened for writing raises
    /// IN_CLOSE_WRITE on close even if nothing was written, and `watch` would take every one
    /// of its own reads for a change and walk the folder again.
    @Test func readingAFileDoesNotLookLikeWritingIt() throws {
        #if os(Linux)
        try mp3(music + "/Album/read.mp3", title: "Read Only")
        let inotify = inotify_init1(Int32(IN_NONBLOCK))
        try #require(inotify >= 0)
        defer { close(inotify) }
        try #require(inotify_add_watch(inotify, music + "/Album", UInt32(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) >= 0)
        try #require(try mixtape.run(["index", music]).status == 0)
        #expect(try found("'Read Only").count == 1)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        var masks: [UInt32] = []
        var offset = 0
        while offset + 16 <= count {
            masks.append(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) })
            offset += 16 + Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
        }
        #expect(masks.contains { $0 & UInt32(IN_CLOSE_NOWRITE) != 0 }, "the file was read")
        #expect(!masks.contains { $0 & UInt32(IN_CLOSE_WRITE) != 0 }, "the file was opened for writing")
        #endif
    }

    /// Issue 30: a batch reads its files' tags before it takes the writer lock, so a slow file
    /// never keeps another writer waiting. With the lock held by someone else (as a cron
    /// `index` would), the new file is still read (the kernel reports it opened and closed
    /// without writing), and it is written to the index once the lock is free.
    @Test func aBatchReadsItsFilesBeforeTakingTheWriterLock() throws {
        #if os(Linux)
        try FileManager.default.createDirectory(atPath: music + "/Album", withIntermediateDirectories: true)
        let watch = try startWatch(["--debounce", "0.2", music])
        let inotify = inotify_init1(Int32(IN_NONBLOCK))
        try #require(inotify >= 0)
        defer { close(inotify) }
        try #require(inotify_add_watch(inotify, music + "/Album", UInt32(IN_CLOSE_NOWRITE)) >= 0)
        let lock = open(mixtape.library + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)
        try mp3(music + "/Album/ahead.mp3", title: "Read Ahead")
        let deadline = Date().addingTimeInterval(15)
        var read = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !read, Date() < deadline {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            var offset = 0
            while offset + 16 <= count {
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                if String(decoding: name, as: UTF8.self) == "ahead.mp3" { read = true }
                offset += 16 + length
            }
            usleep(20_000)
        }
        #expect(read, "the new file was not read while another writer held the lock:\n\(watch.text)")
        #expect(try found("'Read Ahead").isEmpty, "written while another writer held the lock")
        flock(lock, LOCK_UN)
        try waitUntil("'Read Ahead", timeout: 15, "the file is indexed once the lock is free") { $0.count == 1 }
        #expect(watch.stop().status == 0)
        #endif
    }

    /// A batch walks only the folders that changed, yet reads files as a full walk would:
    /// with the `artist.nfo` of a folder above, and again when a sidecar changes.
    @Test func sidecarsApplyAndTheirChangesAreSeen() throws {
        try mp3(music + "/Artist/Album/one.mp3", title: "One")
        try "<artist><name>Nfo Artist</name></artist>".write(toFile: music + "/Artist/artist.nfo", atomically: false, encoding: .utf8)
        let watch = try startWatch(["--debounce", "0.2", music])
        try mp3(music + "/Artist/Album/two.mp3", title: "Two")
        try waitUntil("'Two", "the new file is indexed") { $0.first?["album_artist"] as? String == "Nfo Artist" }
        try "<artist><name>Renamed Artist</name></artist>".write(toFile: music + "/Artist/artist.nfo", atomically: true, encoding: .utf8)
        try waitUntil("", "the changed artist.nfo applies below it") { items in
            items.count == 2 && items.allSatisfy { $0["album_artist"] as? String == "Renamed Artist" }
        }
        try "<song><title>Sidecar Title</title></song>".write(toFile: music + "/Artist/Album/two.nfo", atomically: false, encoding: .utf8)
        try waitUntil("'Sidecar", "the new sidecar applies") { $0.first?["location"] as? String == music + "/Artist/Album/two.mp3" }
        try FileManager.default.removeItem(atPath: music + "/Artist/Album/two.nfo")
        try waitUntil("'Two", "the deleted sidecar no longer applies") { $0.count == 1 }
        #expect(watch.stop().status == 0)
    }

    /// A root that goes away (a disk unmounted, a folder moved) keeps its items, and is
    /// watched again when it comes back.
    @Test func aRootThatGoesAndComesBackIsWatchedAgain() throws {
        try mp3(music + "/a.mp3", title: "Before Away")
        let watch = try startWatch(["--debounce", "0.2", music])
        try FileManager.default.moveItem(atPath: music, toPath: mixtape.folder + "/Away")
        try watch.waitFor("source no longer exists")
        #expect(try found("'Before Away").count == 1)
        try mp3(mixtape.folder + "/Away/b.mp3", title: "Added Away")
        try FileManager.default.moveItem(atPath: mixtape.folder + "/Away", toPath: music)
        try waitUntil("'Added Away", timeout: 15, "the returned root is rescanned") { $0.count == 1 }
        try mp3(music + "/c.mp3", title: "After Return")
        try waitUntil("'After Return", "the returned root is watched again") { $0.count == 1 }
        #expect(watch.stop().status == 0)
    }

    /// A disk unmounted from under the root leaves an empty folder there, on another file
    /// system: its items stay, and when the disk is mounted again the root is watched and
    /// walked again (no event tells of either; the root's device does).
    @Test(.enabled(if: ScratchMount.available, ScratchMount.unavailable))
    func anUnmountedAndRemountedDiskKeepsItsItemsAndIsWatchedAgain() throws {
        let disk = try ScratchMount(at: mixtape.folder + "/mnt/music")
        defer { try? disk.unmount() }
        try mp3(disk.path + "/a.mp3", title: "Before Unmount")
        let watch = try startWatch(["--debounce", "0.2", disk.path])
        try disk.unmount()
        try watch.waitFor("looks unmounted")
        #expect(try found("'Before Unmount").count == 1)
        try disk.mount()
        try mp3(disk.path + "/a.mp3", title: "Before Unmount")
        try mp3(disk.path + "/b.mp3", title: "After Remount")
        try waitUntil("'After Remount", timeout: 15, "the remounted disk is walked again") { $0.count == 1 }
        try mp3(disk.path + "/c.mp3", title: "Watched Again")
        try waitUntil("'Watched Again", "the remounted disk is watched") { $0.count == 1 }
        #expect(try found("'Before Unmount").count == 1)
        #expect(watch.stop().status == 0)
    }

    /// A disk that fills for a moment (a download, a copy) does not end the service: the batch
    /// waits, and is applied once there is room again.
    @Test(.enabled(if: ScratchMount.available, ScratchMount.unavailable))
    func aFullDiskUnderTheIndexIsWaitedOut() throws {
        let disk = try ScratchMount(at: mixtape.folder + "/index", size: "4m")
        defer { try? disk.unmount() }
        try mp3(music + "/a.mp3", title: "Before Full")
        let watch = try startWatch(["--debounce", "0.2", music])
        try disk.fill(leaving: 20_000)
        try mp3(music + "/b.mp3", title: "While Full")
        try watch.waitFor("the disk holding it is full")
        #expect(watch.process.wait(timeout: 0) == nil, "watch ended on a full disk:\n\(watch.text)")
        try FileManager.default.removeItem(atPath: disk.path + "/fill")
        try waitUntil("'While Full", timeout: 20, "the batch is applied once there is room") { $0.count == 1 }
        #expect(watch.stop().status == 0)
    }

    /// `rm library.sqlite*` under a running watch: the next batch must not become the whole
    /// index (it made an index of 6 items of 31,658); the index is rebuilt whole.
    @Test func anIndexDeletedUnderWatchIsRebuiltWhole() throws {
        for name in ["a", "b", "c"] { try mp3(music + "/\(name).mp3", title: "Kept \(name)") }
        let watch = try startWatch(["--debounce", "0.2", music])
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: mixtape.library + suffix) }
        try mp3(music + "/d.mp3", title: "Kept d")
        try watch.waitFor("deleted or replaced")
        try waitUntil("Kept", timeout: 15, "the index is rebuilt from every watched file") { $0.count == 4 }
        #expect(watch.stop().status == 0)
    }

    /// The root may be a symlink the user named (`~/Music` → `/srv/music`): the source is
    /// recorded under its real path (as `index` records it), and a change at its top level
    /// walks it as the full index does, keeping the files already there.
    @Test func aSymlinkedRootIsWatched() throws {
        try mp3(music + "/top.mp3", title: "Top Level")
        let link = mixtape.folder + "/MusicLink"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: music)
        let watch = try startWatch(["--debounce", "0.2", link])
        try mp3(music + "/second.mp3", title: "Second Top")
        try mp3(music + "/Sub/inner.mp3", title: "Sub Inner")
        try waitUntil("", "both new files are indexed, the first is kept") { $0.count == 3 }
        #expect(try found("'Second Top").first?["location"] as? String == music + "/second.mp3")
        #expect(watch.stop().status == 0)
    }

    @Test func aLibraryExportReplacedByRenameIsReadAgain() throws {
        let exports = mixtape.folder + "/iTunes"
        try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        let library = exports + "/Library.xml"
        try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Library.xml"), toPath: library)
        let watch = try startWatch(["--debounce", "0.2", library])
        try #require(try found("'Lantern").count > 0)
        #expect(try found("'Lanthorn").isEmpty)
        // As iTunes saves: a temporary file beside the export, renamed over it.
        let text = try String(contentsOfFile: library, encoding: .utf8).replacingOccurrences(of: "Lantern", with: "Lanthorn")
        try text.write(toFile: exports + "/Library.xml.tmp", atomically: false, encoding: .utf8)
        #expect(rename(exports + "/Library.xml.tmp", library) == 0)
        try waitUntil("'Lanthorn", "the replaced export is read again") { !$0.isEmpty }
        #expect(try found("'Lantern").isEmpty)
        // Saved again, same way: still watched (a watch on the old file would have gone stale).
        let again = text.replacingOccurrences(of: "Lanthorn", with: "Lampion")
        try again.write(toFile: exports + "/Library.xml.tmp", atomically: false, encoding: .utf8)
        #expect(rename(exports + "/Library.xml.tmp", library) == 0)
        try waitUntil("'Lampion", "the export replaced a second time is read again") { !$0.isEmpty }
        #expect(watch.stop().status == 0)
    }

    /// Rhythmbox saves `playlists.xml` on its own (a playlist edited, no track changed), by
    /// writing a new file and renaming it over: the database source is read again with it.
    @Test func aRhythmboxPlaylistsFileSavedAloneIsReadAgain() throws {
        let folder = mixtape.folder + "/rhythmbox"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/rhythmdb.xml"
        try MixtapeProcess.tool("python3", [MixtapeProcess.packageRoot + "/bench/gen_rhythmbox.py", "--tracks", "6",
                                            "--playlists", "3", "--seed", "5", "--out", database])
        let watch = try startWatch(["--debounce", "0.2", database])
        func names() throws -> [String] {
            try mixtape.run(["playlists", "--json"]).records.compactMap { $0["name"] as? String }
        }
        #expect(try !names().contains("Saved Alone"))
        let text = try String(contentsOfFile: folder + "/playlists.xml", encoding: .utf8)
        // The first song's location (radio stations come first and are not items).
        let location = try #require(try String(contentsOfFile: database, encoding: .utf8)
            .components(separatedBy: "<location>").dropFirst().first { $0.hasPrefix("file:") }?
            .components(separatedBy: "</location>").first)
        let edited = text.replacingOccurrences(of: "</rhythmdb-playlists>", with: """
              <playlist name="Saved Alone" show-browser="true" browser-position="180" search-type="search-match" type="static">
                <location>\(location)</location>
              </playlist>
            </rhythmdb-playlists>
            """)
        try edited.write(toFile: folder + "/playlists.xml.tmp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/playlists.xml.tmp", folder + "/playlists.xml") == 0)
        let deadline = Date().addingTimeInterval(10)
        while try !names().contains("Saved Alone"), Date() < deadline { usleep(50_000) }
        let saved = try mixtape.run(["playlists", "--json"]).records.first { $0["name"] as? String == "Saved Alone" }
        #expect((saved?["items"] as? [String])?.count == 1, "\(String(describing: saved))")
        #expect(watch.stop().status == 0)
    }

    /// Serato writes each crate as a file of its own in `_Serato_/Subcrates`: a crate saved,
    /// renamed or deleted there, the database untouched, reads the library again.
    @Test func aSeratoCrateSavedRenamedOrDeletedAloneIsReadAgain() throws {
        let serato = mixtape.folder + "/_Serato_"
        try MixtapeProcess.tool("python3", [MixtapeProcess.packageRoot + "/bench/gen_serato.py", "--tracks", "6",
                                            "--playlists", "2", "--seed", "5", "--out", serato])
        let watch = try startWatch(["--debounce", "0.2", serato + "/database V2"])
        func names() throws -> [String] {
            try mixtape.run(["playlists", "--json"]).records.compactMap { $0["name"] as? String }.sorted()
        }
        func waitFor(_ expected: [String]) throws {
            let deadline = Date().addingTimeInterval(10)
            while try names() != expected, Date() < deadline { usleep(50_000) }
            #expect(try names() == expected)
        }
        let before = try names()
        let crate = try Data(contentsOf: URL(fileURLWithPath: serato + "/Subcrates/Crate 1.crate"))
        try crate.write(to: URL(fileURLWithPath: serato + "/Subcrates/Saved Alone.crate"))
        try waitFor((before + ["Saved Alone"]).sorted())
        #expect(rename(serato + "/Subcrates/Saved Alone.crate", serato + "/Subcrates/Renamed.crate") == 0)
        try waitFor((before + ["Renamed"]).sorted())
        try FileManager.default.removeItem(atPath: serato + "/Subcrates/Renamed.crate")
        try waitFor(before)
        #expect(watch.stop().status == 0)
    }

    @Test func aBurstOfAThousandFilesIsAppliedInAFewBatches() throws {
        try mp3(mixtape.folder + "/template.mp3", title: "Burst")
        let watch = try startWatch([music])
        let template = try Data(contentsOf: URL(fileURLWithPath: mixtape.folder + "/template.mp3"))
        try FileManager.default.createDirectory(atPath: music + "/Burst", withIntermediateDirectories: true)
        for number in 0..<1000 {
            try template.write(to: URL(fileURLWithPath: music + "/Burst/Burst \(number).mp3"))
        }
        try waitUntil("'Burst", timeout: 30, "all 1,000 files are indexed") { $0.count == 1000 }
        let batches = watch.lines.filter { $0.contains("batch of") }
        #expect((1...5).contains(batches.count), "\(batches.count) batches:\n\(watch.text)")
        #expect(watch.stop().status == 0)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopSignalExitsZeroWithinTwoSeconds(_ signal: Int32) throws {
        try mp3(music + "/a.mp3", title: "Signal")
        let watch = try startWatch([music])
        watch.process.signal(signal)
        let started = Date()
        let status = watch.process.wait(timeout: 10)
        #expect(status == 0, "\(watch.text)")
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(watch.lines.last?.hasSuffix("stopped") == true)
    }

    @Test func lostEventsRescanEverySource() throws {
        try FileManager.default.createDirectory(atPath: music + "/Noise", withIntermediateDirectories: true)
        let watch = try startWatch(["--debounce", "0.2", music])
        // Stopped, it reads nothing, and the kernel's queue (fs.inotify.max_queued_events,
        // 16,384 by default) overflows; the file among the lost events must still be found.
        watch.process.signal(SIGSTOP)
        let queue = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        try #require(queue <= 100_000, "fs.inotify.max_queued_events is \(queue): too many events to overflow it here")
        for number in 0..<(queue / 2 + 100) {
            FileManager.default.createFile(atPath: music + "/Noise/\(number).txt", contents: nil)
        }
        try mp3(music + "/Noise/Found.mp3", title: "Found After Overflow")
        watch.process.signal(SIGCONT)
        try waitUntil("'Found After Overflow", "the file is found by the rescan") { $0.count == 1 }
        try watch.waitFor("overflowed")
        #expect(watch.stop().status == 0)
    }

    @Test func pollingFindsChangesWithoutInotify() throws {
        let watch = try startWatch(["--poll", "0.3", music])
        #expect(watch.text.contains("polling 1 source every 0.3 s"))
        try mp3(music + "/Polled/p.mp3", title: "Polled In")
        try waitUntil("'Polled In", "polling finds the new file") { $0.count == 1 }
        #expect(watch.stop().status == 0)
    }

    @Test func theWatchLimitIsAClearErrorNamingTheSysctl() throws {
        for number in 0..<10 {
            try FileManager.default.createDirectory(atPath: music + "/Folder \(number)", withIntermediateDirectories: true)
        }
        // A user namespace has its own limit of inotify watches, which its root may lower:
        // the real ENOSPC, without touching the machine's setting.
        let unshare = try #require(["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "unshare (util-linux) is missing")
        let probe = try MixtapeProcess.execute(unshare, ["-U", "-r", "sh", "-c", "echo 5 > /proc/sys/user/max_inotify_watches"])
        guard probe.status == 0 else {
            print("skipped: this kernel or container does not allow a user namespace with its own inotify limit: \(probe.stderr)")
            return
        }
        let script = "echo 5 > /proc/sys/user/max_inotify_watches && exec \"$0\" watch \"$@\""
        var environment = ProcessInfo.processInfo.environment
        environment["MIXTAPE_LIBRARY"] = mixtape.library
        let result = try MixtapeProcess.execute(unshare, ["-U", "-r", "sh", "-c", script, MixtapeProcess.binary, music],
                                                environment: environment)
        #expect(result.status == 71)
        #expect(result.stderr.contains("fs.inotify.max_user_watches"), "\(result.stderr)")
        #expect(result.stderr.contains("sudo sysctl fs.inotify.max_user_watches="))
        #expect(result.stderr.contains("--poll"))
    }

    /// A folder deeper than PATH_MAX cannot be watched (ENAMETOOLONG): it was exit 71, the
    /// watch-limit code, so a service stopped and never came back. Now it is skipped with one
    /// warning and the rest of the source is watched.
    @Test func aFolderDeeperThanPathMaxIsSkippedWithAWarning() throws {
        let deep = try DeepFolder(in: music, levels: 24)
        defer { deep.remove() }
        let watch = try startWatch(["--debounce", "0.2", music])
        let warning = try watch.waitFor("cannot watch")
        #expect(warning.contains("File name too long") && warning.contains("skipped"), "\(warning)")
        try mp3(music + "/Elsewhere/new.mp3", title: "Still Watched")
        try waitUntil("'Still Watched", "a file beside the deep folder is indexed") { $0.count == 1 }
        try mp3(music + "/Elsewhere/second.mp3", title: "Second Batch")
        try waitUntil("'Second Batch", "a second batch is applied") { $0.count == 1 }
        #expect(watch.lines.filter { $0.contains("cannot watch") }.count == 1, "\(watch.text)")
        #expect(watch.stop().status == 0)
    }

    /// Every batch that walks the root found its symlink leading out of the source again, and
    /// warned about it again: a journal full of one line. Now each warning is said once a run.
    @Test func aSymlinkWarningIsSaidOncePerRun() throws {
        let outside = mixtape.folder + "/Outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: music + "/elsewhere", withDestinationPath: outside)
        let watch = try startWatch(["--debounce", "0.2", music])
        for (number, title) in ["First Root", "Second Root", "Third Root"].enumerated() {
            try mp3(music + "/root-\(number).mp3", title: title)
            try waitUntil("'\(title)", "\(title) is indexed") { $0.count == 1 }
        }
        let said = watch.lines.filter { $0.contains("leads out of the indexed folder") }
        #expect(said.count == 1, "\(watch.text)")
        #expect(watch.stop().status == 0)
    }

    @Test func namedSourcesMustExistAndSomethingMustBeWatched() throws {
        let missing = try mixtape.run(["watch", mixtape.folder + "/nope"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope"))
        let nothing = try mixtape.run(["watch"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("nothing to watch"))
    }

    /// `watch`, a cron-style `index` of another source and readers, all at once: the writers
    /// take turns through the lock, and nobody sees "database is locked".
    @Test func watchIndexAndSearchRunTogether() throws {
        let export = try mixtape.generateLibrary(tracks: 3000, seed: 7)
        try #require(try mixtape.run(["index", export]).status == 0)
        let watch = try startWatch(["--debounce", "0.1", music])
        let problems = ProblemLog()
        let mixtape = self.mixtape
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for _ in 0..<4 { problems.check("index --full") { try mixtape.run(["index", "--full", "--quiet", export]) } }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<40 { problems.check("search") { try mixtape.run(["search", "--limit", "5", "a"]) } }
        }
        for number in 0..<20 {
            try mp3(music + "/Live/\(number).mp3", title: "Concurrent \(number)")
            usleep(50_000)
        }
        group.wait()
        try waitUntil("'Concurrent", timeout: 30, "every file written during the runs is indexed") { $0.count == 20 }
        #expect(problems.entries.isEmpty, "\(problems.entries.joined(separator: "\n"))")
        #expect(!watch.text.contains("locked"), "\(watch.text)")
        #expect(!watch.text.contains("error"), "\(watch.text)")
        #expect(watch.stop().status == 0)
    }
}

/// Failures seen by the concurrent runs of a test, from any thread.
final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    var entries: [String] { lock.withLock { list } }

    /// Runs `body`; records it if it fails, exits non-zero or mentions a lock on stderr.
    func check(_ what: String, _ body: () throws -> MixtapeProcess.Result) {
        do {
            let result = try body()
            if result.status != 0 || result.stderr.contains("locked") {
                lock.withLock { list.append("\(what) exited \(result.status): \(result.stderr)") }
            }
        } catch {
            lock.withLock { list.append("\(what) could not run: \(error)") }
        }
    }
}

/// A chain of folders whose full path is longer than PATH_MAX (4096 bytes), made and removed
/// one level at a time through descriptors (`mkdirat`, `openat`, `unlinkat`), since no single
/// path reaches the bottom.
struct DeepFolder {
    static let name = String(repeating: "d", count: 200)
    let top: String
    let levels: Int

    init(in folder: String, levels: Int) throws {
        top = folder
        self.levels = levels
        var fd = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        for _ in 0..<levels {
            try #require(mkdirat(fd, DeepFolder.name, 0o755) == 0, "mkdirat: \(errno)")
            let next = openat(fd, DeepFolder.name, O_RDONLY | O_DIRECTORY)
            close(fd)
            try #require(next >= 0)
            fd = next
        }
        close(fd)
    }

    /// Removes the chain bottom up (the scratch folder's removal cannot reach it by path).
    func remove() {
        var fds = [open(top, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<levels - 1 { fds.append(openat(fds.last!, DeepFolder.name, O_RDONLY | O_DIRECTORY)) }
        while let fd = fds.popLast() {
            _ = unlinkat(fd, DeepFolder.name, AT_REMOVEDIR)
            close(fd)
        }
    }
}
