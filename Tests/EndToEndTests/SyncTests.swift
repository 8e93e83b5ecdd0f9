import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `mixtape sync DEST` end to end (spec/cli.md, `sync`): a folder of real FLAC, MP3, M4A and
/// Ogg files and a cue-split image, named with `:` `?` `"`, indexed and synced; every file on
/// the device read back by ffprobe and by mutagen with the index's tags and duration; the
/// device's playlist played by mpv; re-runs, changes, foreign files, a killed run, a full,
/// missing or read-only device, a FAT file system, and profiles.
@Suite("sync puts a choice on a device, incrementally and safely", .serialized)
struct SyncTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }
    var device: String { mixtape.folder + "/device" }

    static let toolsMissing: Bool = ["ffmpeg", "ffprobe", "sox", "lame", "metaflac"].contains { tool in
        !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool)
    }

    // MARK: - The library

    /// A tone of `seconds` as FLAC with these tags (sox writes Vorbis comments).
    func flac(_ name: String, seconds: Double, tags: [String: String], frequency: Int = 440) throws -> String {
        let path = music + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-n", "-r", "44100", "-c", "2"]
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["--comment", "\(key)=\(value)"] }
        arguments += [path, "synth", String(seconds), "sine", String(frequency)]
        try MixtapeProcess.tool("sox", arguments)
        return path
    }

    /// A file made by ffmpeg from a tone, with these tags.
    func encoded(_ name: String, seconds: Double, codec: [String], tags: [String: String]) throws -> String {
        let path = music + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:duration=\(seconds)"]
        arguments += codec
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(key)=\(value)"] }
        arguments.append(path)
        try MixtapeProcess.tool("ffmpeg", arguments)
        return path
    }

    /// Six songs in four formats, two of them the tracks of one cue-split image, a title with
    /// `:` `?` `"`, and a playlist with a repeat.
    func makeLibrary() throws {
        _ = try flac("Abba/Arrival/01 Dancing.flac", seconds: 3.0, tags: [
            "TITLE": "Dancing: Queen?", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "1",
            "DATE": "1976", "GENRE": "Pop"])
        _ = try flac("Abba/Arrival/02 Knowing.flac", seconds: 2.5, tags: [
            "TITLE": "Knowing \"Me\"", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "2",
            "DATE": "1976", "GENRE": "Pop"], frequency: 550)
        _ = try encoded("Singles/song.mp3", seconds: 2.0, codec: ["-c:a", "libmp3lame", "-q:a", "4"],
                        tags: ["title": "Salt Wind", "artist": "Harbour Dog", "album": "Singles", "track": "3"])
        _ = try encoded("Singles/song.m4a", seconds: 2.2, codec: ["-c:a", "aac", "-b:a", "96k"],
                        tags: ["title": "Lantern", "artist": "Lantern Society", "album": "Singles", "track": "4"])
        _ = try encoded("Singles/song.ogg", seconds: 1.8, codec: ["-c:a", "libvorbis", "-q:a", "2"],
                        tags: ["title": "Fog Horn", "artist": "Orla Quay", "album": "Singles", "track": "5"])
        _ = try flac("Night Ferry/Night Ferry.flac", seconds: 6.0, tags: [:], frequency: 660)
        _ = try mixtape.write("Music/Night Ferry/Night Ferry.cue", """
            PERFORMER "Orla Quay"
            TITLE "Night Ferry"
            FILE "Night Ferry.flac" WAVE
              TRACK 01 AUDIO
                TITLE "Casting Off"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Open Water"
                INDEX 01 00:02:40

            """)
        _ = try mixtape.write("Music/Road.m3u8", """
            #EXTM3U
            Abba/Arrival/02 Knowing.flac
            Singles/song.mp3
            Abba/Arrival/02 Knowing.flac
            Singles/song.ogg

            """)
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", ""]).status == 0)
    }

    /// The index's items by title.
    func indexed() throws -> [String: [String: Any]] {
        var items: [String: [String: Any]] = [:]
        for record in try mixtape.run(["search", "--json"]).records { items[record["title"] as? String ?? ""] = record }
        return items
    }

    /// Every file below `folder` but the sync's own hidden folder, relative, sorted.
    func files(in folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            return !path.hasPrefix(".mixtape-sync") && FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    func syncJSON(_ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let result = try mixtape.run(["sync"] + arguments + ["--json"], environment: environment)
        try #require(result.status == 0, "sync \(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// ffprobe's duration and tags (the container's and the first stream's, keys in lower case).
    func probe(_ path: String) throws -> (duration: Double, tags: [String: String]) {
        let result = try MixtapeProcess.execute("/usr/bin/ffprobe", ["-v", "error", "-show_entries",
            "format=duration:format_tags:stream_tags", "-of", "json", path])
        try #require(result.status == 0, "ffprobe \(path): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let format = json["format"] as? [String: Any] ?? [:]
        let streams = json["streams"] as? [[String: Any]] ?? []
        var tags: [String: String] = [:]
        for some in [format["tags"] as? [String: String] ?? [:]] + streams.map({ $0["tags"] as? [String: String] ?? [:] }) {
            for (key, value) in some where tags[key.lowercased()] == nil { tags[key.lowercased()] = value }
        }
        return (Double(format["duration"] as? String ?? "") ?? 0, tags)
    }

    /// mutagen's reading of each file: its length and its title and artist, whatever the format.
    func mutagen(_ paths: [String]) throws -> [String: (length: Double, title: String, artist: String)]? {
        let script = """
            import json, sys, mutagen
            out = {}
            for path in sys.argv[1:]:
                f = mutagen.File(path, easy=True)
                tags = f.tags or {}
                first = lambda key: (tags.get(key) or [""])[0]
                out[path] = [f.info.length, first("title"), first("artist")]
            print(json.dumps(out))
            """
        guard try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", "import mutagen"]).status == 0 else { return nil }
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", script] + paths)
        try #require(result.status == 0, "mutagen: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [Any]])
        return json.mapValues { ($0[0] as? Double ?? 0, $0[1] as? String ?? "", $0[2] as? String ?? "") }
    }

    // MARK: - Tests

    @Test func everyFileOnTheDeviceHasTheIndexsTagsAndDurationAndThePlaylistPlays() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        let report = try syncJSON([device, "--names", "fat"])
        #expect((report["transcoded"] as? [String])?.count == 4, "two FLACs and two cue tracks: \(report)")
        #expect((report["copied"] as? [String])?.count == 3, "mp3, m4a and ogg are kept: \(report)")
        let onDevice = files(in: device)
        #expect(onDevice.contains("ABBA/Arrival/1-01 Dancing_ Queen_.mp3"), "FAT's names: \(onDevice)")
        #expect(onDevice.allSatisfy { !$0.contains(":") && !$0.contains("?") && !$0.contains("\"") }, "\(onDevice)")
        let items = try indexed()
        var audio: [String] = []
        for path in onDevice where !path.hasSuffix(".m3u8") {
            let full = device + "/" + path
            audio.append(full)
            let (duration, tags) = try probe(full)
            let title = try #require(tags["title"], "\(path) has no title")
            let item = try #require(items[title], "\(path): no item titled \(title)")
            let expected = Double(item["duration_ms"] as? Int ?? 0) / 1000
            #expect(abs(duration - expected) <= 0.1, "\(path): \(duration) s, the index says \(expected) s")
            #expect(tags["artist"] == item["artist"] as? String, "\(path)")
            if let album = item["album"] as? String { #expect(tags["album"] == album, "\(path)") }
        }
        #expect(audio.count == 7)
        if let read = try mutagen(audio) {
            for (path, (length, title, artist)) in read {
                let item = try #require(items[title], "mutagen reads \(path) as \(title)")
                #expect(abs(length - Double(item["duration_ms"] as? Int ?? 0) / 1000) <= 0.1, "mutagen: \(path) \(length) s")
                #expect(artist == item["artist"] as? String, "mutagen: \(path)")
            }
        } else {
            Issue.record("python3's mutagen is missing (pip install mutagen): the second reading of the device's files was skipped")
        }
        // The playlist names the files as written there, in order, with the repeat; the files
        // of the selection not in it stay (--no-delete).
        let listed = try syncJSON([device, "--playlist", "Road", "--names", "fat", "--no-delete"])
        #expect(listed["unchanged"] as? Int == 3 && (listed["playlists"] as? [String]) == ["Road.m3u8"], "\(listed)")
        #expect(files(in: device).count == 8)
        let playlist = try String(contentsOfFile: device + "/Road.m3u8", encoding: .utf8)
        let entries = playlist.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(entries == ["ABBA/Arrival/1-02 Knowing _Me_.mp3", "Harbour Dog/Singles/1-03 Salt Wind.mp3",
                            "ABBA/Arrival/1-02 Knowing _Me_.mp3", "Orla Quay/Singles/1-05 Fog Horn.ogg"], "\(playlist)")
        #expect(entries.allSatisfy { FileManager.default.fileExists(atPath: device + "/" + $0) })
        if let mpv = Players.installed("mpv") {
            let played = try MixtapeProcess.execute(mpv, ["--no-config", "--ao=null", "--vo=null", "--really-quiet",
                                                          "--playlist=" + device + "/Road.m3u8"])
            #expect(played.status == 0, "mpv could not play every entry: \(played.stderr)")
        } else {
            Issue.record("mpv is missing: the device's playlist was not played")
        }
    }

    @Test func aRerunWritesNothingAndChangesReachTheDeviceWithoutTouchingForeignFiles() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        _ = try syncJSON([device])
        // A person's own files: at the top, in a folder the sync made, and where a new file would go.
        try FileManager.default.createDirectory(atPath: device + "/Podcasts", withIntermediateDirectories: true)
        _ = try mixtape.write("device/Podcasts/episode.mp3", "mine")
        _ = try mixtape.write("device/ABBA/Arrival/notes.txt", "mine")
        _ = try mixtape.write("device/ABBA/Arrival/1-03 Money.mp3", "mine too")
        let before = files(in: device).map { path in (path, modified(device + "/" + path)) }

        let again = try syncJSON([device])
        #expect((again["copied"] as? [String]) == [] && (again["transcoded"] as? [String]) == [], "\(again)")
        #expect(again["unchanged"] as? Int == 7)
        #expect(files(in: device).map { ($0, modified(device + "/" + $0)) }.elementsEqual(before, by: ==), "a re-run wrote nothing")

        // Deselect one; change a tag (the file changes); add a new song whose name is taken by a person's file.
        #expect(try mixtape.run(["select", "remove", "'salt 'wind"]).status == 0)
        try MixtapeProcess.tool("metaflac", ["--remove-tag=TITLE", "--set-tag=TITLE=Dancing Queen", music + "/Abba/Arrival/01 Dancing.flac"])
        _ = try flac("Abba/Arrival/03 Money.flac", seconds: 2.0, tags: [
            "TITLE": "Money", "ARTIST": "ABBA", "ALBUMARTIST": "ABBA", "ALBUM": "Arrival", "TRACKNUMBER": "3"])
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", "money"]).status == 0)
        let changed = try syncJSON([device])
        #expect(Set(changed["deleted"] as? [String] ?? []) == ["Harbour Dog/Singles/1-03 Salt Wind.mp3",
                                                               "ABBA/Arrival/1-01 Dancing: Queen?.mp3"], "\(changed)")
        #expect(Set(changed["transcoded"] as? [String] ?? []) == ["ABBA/Arrival/1-01 Dancing Queen.mp3",
                                                                  "ABBA/Arrival/1-03 Money (2).mp3"], "\(changed)")
        let now = files(in: device)
        #expect(now.contains("Podcasts/episode.mp3") && now.contains("ABBA/Arrival/notes.txt"), "\(now)")
        #expect(try String(contentsOfFile: device + "/ABBA/Arrival/1-03 Money.mp3", encoding: .utf8) == "mine too")
        #expect(!now.contains { $0.hasPrefix("Harbour Dog") }, "the emptied folders go: \(now)")
        #expect(try probe(device + "/ABBA/Arrival/1-01 Dancing Queen.mp3").tags["title"] == "Dancing Queen")

        // --no-delete keeps what is no longer chosen, and a later run may still delete it.
        #expect(try mixtape.run(["select", "remove", "'lantern"]).status == 0)
        let kept = try syncJSON([device, "--no-delete"])
        #expect((kept["deleted"] as? [String]) == [], "\(kept)")
        #expect(files(in: device).contains("Lantern Society/Singles/1-04 Lantern.m4a"))
        let deleted = try syncJSON([device])
        #expect((deleted["deleted"] as? [String]) == ["Lantern Society/Singles/1-04 Lantern.m4a"], "\(deleted)")
    }

    func modified(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec : -1
    }

    @Test func aKilledRunLeavesNoHalfFileAndTheNextFinishes() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        for number in 1...8 {
            _ = try flac("Long/\(number).flac", seconds: 40, tags: ["TITLE": "Long \(number)", "ARTIST": "Drone",
                                                                     "ALBUM": "Long", "TRACKNUMBER": "\(number)"])
        }
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", ""]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MixtapeProcess.binary)
        process.arguments = ["sync", device]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["MIXTAPE_LIBRARY": mixtape.library, "XDG_CONFIG_HOME": mixtape.configHome]) { _, new in new }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once the first files are in place and others are being made.
        let deadline = Date().addingTimeInterval(60)
        while files(in: device).isEmpty, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let afterKill = files(in: device)
        #expect(!afterKill.isEmpty && afterKill.count < 8, "killed midway: \(afterKill)")
        for path in afterKill {
            #expect(abs(try probe(device + "/" + path).duration - 40) <= 0.1, "\(path) is whole")
        }
        let finished = try syncJSON([device])
        #expect((finished["transcoded"] as? [String])?.count == 8 - afterKill.count, "only what was missing: \(finished)")
        #expect(files(in: device).count == 8)
        #expect(!FileManager.default.fileExists(atPath: device + "/.mixtape-sync/partial"), "nothing half made is left")
    }

    @Test func badDevicesAndBadSourcesExitAsTheSpecSays() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        let missing = try mixtape.run(["sync", mixtape.folder + "/unplugged"])
        #expect(missing.status == 66 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
        let noFFmpeg = try mixtape.run(["sync", device], environment: ["PATH": "/nonexistent"])
        #expect(noFFmpeg.status == 69 && noFFmpeg.stderr.contains("apt install ffmpeg"), "\(noFFmpeg.stderr)")
        #expect(files(in: device).isEmpty)
        #expect(try mixtape.run(["sync", device, "--query", "nothing matches this"]).status == 1)
        #expect(try mixtape.run(["sync", device, "--transcode", "wav"]).status == 2)
        #expect(try mixtape.run(["sync", device, "--layout", "{nope}"]).status == 2)

        // A file that is not audio: a warning naming it, the others synced; --strict exits 65.
        _ = try mixtape.write("Music/Singles/broken.flac", "not a flac file at all")
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", "broken"]).status == 0)
        let warned = try mixtape.run(["sync", device])
        #expect(warned.status == 0 && warned.stderr.contains("broken.flac"), "\(warned.stderr)")
        #expect(files(in: device).count == 7, "the others are there: \(files(in: device))")
        #expect(try mixtape.run(["sync", device, "--strict"]).status == 65)

        // A damaged manifest stops the sync before anything changes.
        let listing = files(in: device)
        _ = try mixtape.write("device/.mixtape-sync/manifest.json", "{ not json")
        let damaged = try mixtape.run(["sync", device])
        #expect(damaged.status == 65 && damaged.stderr.contains("manifest.json"), "\(damaged.stderr)")
        #expect(files(in: device) == listing)
        // One that names a file outside DEST (a stick from anywhere) is refused, and the file stays.
        let outside = try mixtape.write("outside.txt", "not the sync's")
        _ = try mixtape.write("device/.mixtape-sync/manifest.json",
                              #"{"entries":[{"path":"../outside.txt","owner":"x","content":"c","made":"copy"}]}"#)
        let hostile = try mixtape.run(["sync", device])
        #expect(hostile.status == 65 && hostile.stderr.contains("../outside.txt"), "\(hostile.stderr)")
        #expect(FileManager.default.fileExists(atPath: outside) && files(in: device) == listing)
    }

    @Test(.enabled(if: ScratchMount.available, ScratchMount.unavailable))
    func aFullOrReadOnlyDeviceExits73AndLeavesNoHalfFile() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        let mount = try ScratchMount(at: mixtape.folder + "/stick", size: "1m")
        try mount.fill(leaving: 150_000)
        let full = try mixtape.run(["sync", mount.path])
        #expect(full.status == 73 && full.stderr.contains("full"), "\(full.stderr)")
        for path in files(in: mount.path) where path != "fill" {
            #expect(try probe(mount.path + "/" + path).duration > 1, "\(path) is whole")
        }
        try FileManager.default.removeItem(atPath: mount.path + "/fill")
        let finished = try syncJSON([mount.path])
        #expect(files(in: mount.path).count == 7, "the next run completes it: \(finished)")
        try mount.remount(readOnly: true)
        #expect(try mixtape.run(["select", "remove", "'salt 'wind"]).status == 0)
        #expect(try mixtape.run(["sync", mount.path]).status == 73)
    }

    /// Whether a FAT image can be made and mounted here (FUSE's fusefat: the kernel's vfat is
    /// not in every container), tried once.
    static let fatMountable: Bool = {
        guard let mkfs = Players.installed("mkfs.vfat"), Players.installed("fusefat") != nil else { return false }
        let folder = NSTemporaryDirectory() + "mixtape-fat-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try? FileManager.default.createDirectory(atPath: folder + "/mount", withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: folder + "/fat.img", contents: Data(count: 2 << 20)),
              (try? MixtapeProcess.execute(mkfs, [folder + "/fat.img"]))?.status == 0,
              let mount = try? FATMount(image: folder + "/fat.img", at: folder + "/mount") else { return false }
        mount.unmount()
        return true
    }()

    /// A FAT image mounted read-write through FUSE, fusefat kept in the foreground as our child
    /// (run as a daemon, its first process was never reaped by `Process`), until `unmount`.
    final class FATMount {
        let folder: String
        private let process = Process()

        init(image: String, at folder: String) throws {
            self.folder = folder
            process.executableURL = URL(fileURLWithPath: try #require(Players.installed("fusefat")))
            process.arguments = ["-f", "-o", "rw+", image, folder]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while !Self.isMounted(folder), process.isRunning, Date() < deadline { usleep(20_000) }
            guard Self.isMounted(folder) else {
                if process.isRunning { process.terminate() }
                throw ScratchMount.MountFailure(message: "fusefat did not mount \(image)")
            }
        }

        func unmount() {
            // fuse 2's fusermount, fuse 3's fusermount3, or root's umount: whichever is here.
            for command in [["fusermount", "-u"], ["fusermount3", "-u"], ["umount"]] where Self.isMounted(folder) {
                _ = try? MixtapeProcess.execute("/usr/bin/env", command + [folder])
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }

        static func isMounted(_ folder: String) -> Bool {
            let table = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
            return table.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first.map(String.init) == folder }
        }
    }

    @Test(.enabled(if: SyncTests.fatMountable, "no FAT image can be mounted here (needs fusefat, dosfstools and /dev/fuse): FAT's names are checked as a table only, in DeviceNamesTests"))
    func aFATDeviceGetsFATNamesByItself() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        let mkfs = try #require(Players.installed("mkfs.vfat"))
        try makeLibrary()
        let image = mixtape.folder + "/fat.img", stick = mixtape.folder + "/fat"
        #expect(FileManager.default.createFile(atPath: image, contents: nil))
        try FileHandle(forWritingAtPath: image)?.truncate(atOffset: 48 << 20)
        _ = try MixtapeProcess.execute(mkfs, [image])
        try FileManager.default.createDirectory(atPath: stick, withIntermediateDirectories: true)
        let mount = try FATMount(image: image, at: stick)
        defer { mount.unmount() }
        let report = try syncJSON([stick])
        #expect(report["names"] as? String == "fat", "DEST's file system chose the names: \(report)")
        let onStick = files(in: stick)
        #expect(onStick.count == 7 && onStick.contains("ABBA/Arrival/1-01 Dancing_ Queen_.mp3"), "\(onStick)")
        #expect(try syncJSON([stick])["unchanged"] as? Int == 7, "a FAT re-run writes nothing")
        // fusefat, like some stereos' drivers, takes no name outside ASCII: that file is left
        // out with a warning and exit 73, the others stay; --ascii writes a name it takes.
        _ = try flac("Björk/Post/01 Army.flac", seconds: 1.5, tags: ["TITLE": "Army of Me", "ARTIST": "Björk", "ALBUM": "Post",
                                                                     "TRACKNUMBER": "1"])
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", "'army"]).status == 0)
        let refused = try mixtape.run(["sync", stick])
        #expect(refused.status == 73 && refused.stderr.contains("refuses the name Björk/Post/1-01 Army of Me.mp3")
                && refused.stderr.contains("--ascii"), "\(refused.stderr)")
        #expect(files(in: stick).count == 7)
        let ascii = try syncJSON([stick, "--ascii"])
        #expect((ascii["transcoded"] as? [String]) == ["Bjork/Post/1-01 Army of Me.mp3"], "\(ascii)")
        #expect(files(in: stick).count == 8)
    }

    @Test func aProfileGivesEveryOptionAndFlagsWin() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        _ = try mixtape.write("config/mixtape/config.toml", """
            [sync.car]
            dest = "\(device)"
            playlists = ["Road"]
            transcode = "opus:96k"
            keep = ["mp3"]
            layout = "{artist} - {title}"

            """)
        let report = try syncJSON(["--profile", "car"])
        #expect(Set(files(in: device)) == ["ABBA - Knowing \"Me\".opus", "Harbour Dog - Salt Wind.mp3",
                                           "Orla Quay - Fog Horn.opus", "Road.m3u8"], "\(report)")
        let flagged = try syncJSON(["--profile", "car", "--transcode", "mp3:V4"])
        #expect(Set(flagged["transcoded"] as? [String] ?? []) == ["ABBA - Knowing \"Me\".mp3", "Orla Quay - Fog Horn.mp3"],
                "\(flagged)")
        _ = try mixtape.write("config/mixtape/config.toml", "[sync.car]\ntranscode = \"wav\"\n")
        let bad = try mixtape.run(["sync", device])
        #expect(bad.status == 2 && bad.stderr.contains("config.toml:2"), "\(bad.stderr)")
    }

    @Test func playlistFoldersFollowThePlaylistsOrderAndAReorderOnlyRenames() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        let first = try syncJSON([device, "--playlist", "Road", "--playlist-folders"])
        #expect(Set(files(in: device)) == ["Road.m3u8", "Road/001 - ABBA - Knowing \"Me\".mp3", "Road/002 - Harbour Dog - Salt Wind.mp3",
                                           "Road/003 - Orla Quay - Fog Horn.ogg"], "\(first)")
        // The playlist reordered (two songs trade numbers): files move, nothing is made again.
        _ = try mixtape.write("Music/Road.m3u8", "#EXTM3U\nSingles/song.mp3\nAbba/Arrival/02 Knowing.flac\nSingles/song.ogg\n")
        #expect(try mixtape.run(["index", music]).status == 0)
        let second = try syncJSON([device, "--playlist", "Road", "--playlist-folders"])
        #expect((second["renamed"] as? [Any])?.count == 2 && (second["transcoded"] as? [String]) == []
                && (second["copied"] as? [String]) == [], "\(second)")
        #expect(Set(files(in: device)) == ["Road.m3u8", "Road/001 - Harbour Dog - Salt Wind.mp3", "Road/002 - ABBA - Knowing \"Me\".mp3",
                                           "Road/003 - Orla Quay - Fog Horn.ogg"])
        #expect(try probe(device + "/Road/002 - ABBA - Knowing \"Me\".mp3").tags["title"] == "Knowing \"Me\"")
        let third = try syncJSON([device, "--playlist", "Road", "--playlist-folders"])
        #expect(third["unchanged"] as? Int == 4, "the manifest knows both swapped files: \(third)")
    }

    @Test func aSymbolicLinkOnTheDeviceNeverLeadsTheSyncOutOfIt() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        try makeLibrary()
        _ = try syncJSON([device])
        // The ABBA folder swapped for a link to a person's folder elsewhere, holding a file of the same name.
        let elsewhere = mixtape.folder + "/elsewhere"
        try FileManager.default.moveItem(atPath: device + "/ABBA", toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: device + "/ABBA", withDestinationPath: elsewhere)
        #expect(try mixtape.run(["select", "remove", "'dancing"]).status == 0)
        let result = try mixtape.run(["sync", device])
        #expect(result.status == 73 && result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/Arrival/1-01 Dancing: Queen?.mp3"), "nothing outside DEST is deleted")
    }

    @Test func anM4AIsCopiedOrTranscodedByWhatFFprobeFindsInIt() throws {
        guard !Self.toolsMissing else { Issue.record("ffmpeg, sox, lame or flac is missing: scripts/install-deps.sh installs them"); return }
        _ = try encoded("Lossless/alac.m4a", seconds: 2.0, codec: ["-c:a", "alac"],
                        tags: ["title": "Lossless", "artist": "Orla Quay", "album": "Lossless", "track": "1"])
        _ = try encoded("Lossy/aac.m4a", seconds: 2.0, codec: ["-c:a", "aac", "-b:a", "96k"],
                        tags: ["title": "Lossy", "artist": "Orla Quay", "album": "Lossy", "track": "1"])
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try mixtape.run(["select", "add", ""]).status == 0)
        let report = try syncJSON([device])
        // Apple Lossless in an .m4a is no format a car plays: made MP3; AAC is kept as it is.
        #expect((report["transcoded"] as? [String]) == ["Orla Quay/Lossless/1-01 Lossless.mp3"], "\(report)")
        #expect((report["copied"] as? [String]) == ["Orla Quay/Lossy/1-01 Lossy.m4a"], "\(report)")
        #expect(try syncJSON([device])["unchanged"] as? Int == 2, "ffprobe's answer is kept with the file's digest")
        let kept = try syncJSON([device, "--keep", "alac,aac,m4a"])
        #expect((kept["copied"] as? [String]) == ["Orla Quay/Lossless/1-01 Lossless.m4a"], "--keep alac copies it: \(kept)")
    }
}

