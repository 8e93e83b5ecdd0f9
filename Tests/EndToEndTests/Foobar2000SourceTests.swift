import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// foobar2000's playlists through the built `mixtape`: the real 2.x `playlists-v2.0` and 1.x
/// `playlists-v1.4` folders of ../shared/data/real/foobar2000 index with every playlist, its
/// name and its entries in order equal to the independent Python reading
/// (scripts/read_foobar2000.py); entries name items of other sources (a folder of media) and
/// `play` and `export-playlist` reach their files; a re-index after foobar2000 reordered its
/// tabs, renamed a playlist, changed an entry or (1.x) wrote a playlist to a new file keeps
/// every playlist's id; a missing playlist file is a warning, a malformed index or 1.x file a
/// located exit 65 with the index unchanged.
@Suite("foobar2000 playlists end to end")
struct Foobar2000SourceTests {
    static let real = MixtapeProcess.shared.map { $0 + "/data/real/foobar2000" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_foobar2000.py"

    /// The real playlists folders, by label.
    static var realFolders: [String] {
        guard let real else { return [] }
        return ["chyyran_foobar/playlists-v2.0", "ductran95_Foobar200-Config/playlists-v1.4"]
            .filter { FileManager.default.fileExists(atPath: real + "/" + $0) }
    }

    // MARK: - Files written here

    /// A foobar2000 2.x profile: `profile/playlists-v2.0/index.txt` naming the `.fplite` files
    /// given (GUID, name, lines); returns the index's path.
    static func writeV2(in scratch: MixtapeProcess, _ playlists: [(guid: String, name: String, lines: [String])],
                        index: String? = nil) throws -> String {
        let folder = scratch.folder + "/profile/playlists-v2.0"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = index ?? playlists.map { "\($0.guid):\($0.name)\n" }.joined()
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: folder + "/index.txt"))
        for playlist in playlists {
            let body = playlist.lines.map { $0 + "\n" }.joined()
            try Data([0xEF, 0xBB, 0xBF] + Array(body.utf8))
                .write(to: URL(fileURLWithPath: folder + "/playlist-\(playlist.guid).fplite"))
        }
        return folder + "/index.txt"
    }

    static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    static let guidA = "0E0C732C-A355-4005-88CA-DDB3D0DC75CD"
    static let guidB = "B3A814EF-C023-4B89-9B14-7DFBACC384BC"
    static let guidC = "0F96A7B2-61BF-4634-8963-D36EDC7C3937"

    /// The playlists of the source at `index`, in order.
    static func playlists(_ scratch: MixtapeProcess, of index: String) throws -> [[String: Any]] {
        let listed = try scratch.run(["playlists", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return listed.records.filter { $0["source"] as? String == index }
    }

    /// Where each entry of the playlist `id` points, in order (`export-playlist --format json`).
    static func exportedPaths(_ scratch: MixtapeProcess, playlist id: String) throws -> [String] {
        let exported = try scratch.run(["export-playlist", "--playlist", id, "-o", "-", "--format", "json"])
        try #require(exported.status == 0, "\(exported.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        return (object["items"] as? [[String: Any]] ?? []).map { $0["path"] as? String ?? "?" }
    }

    // MARK: - Real files

    @Test("the real playlists folders index with every playlist and entry, equal to the Python reading",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: the real foobar2000 folders are not indexed"),
          arguments: realFolders)
    func realFolderMatchesPython(_ label: String) throws {
        let folder = try #require(Self.real) + "/" + label
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", folder])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        let reading = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, folder])
        try #require(reading.status == 0, "read_foobar2000.py \(folder): \(reading.stderr)")
        let expected = reading.records
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "foobar2000")
        let index = try #require(source["path"] as? String)
        #expect(index.hasPrefix(folder + "/index."), "the folder stands for its index file: \(index)")
        let listed = try Self.playlists(scratch, of: index)
        #expect(listed.map { $0["name"] as? String ?? "?" } == expected.map { $0["name"] as? String ?? "?" },
                "playlist names and tab order")
        #expect(expected.count >= 3)
        var entries = 0
        for (playlist, python) in zip(listed, expected) {
            let name = python["name"] as? String ?? "?"
            #expect(playlist["file"] as? String == python["file"] as? String, "\(name): file")
            #expect((playlist["id"] as? String)?.hasPrefix("foobar2000-playlist:") == true, "\(name): id")
            let paths = python["paths"] as? [String] ?? []
            // None of the files is on this machine: every entry is kept, in place, as missing.
            #expect(playlist["missing"] as? Int == paths.count, "\(name): missing")
            let exported = try Self.exportedPaths(scratch, playlist: try #require(playlist["id"] as? String))
            #expect(exported == paths, "\(name): entries in order")
            let tails = { (paths: [String]) in paths.map { $0.split(separator: "/").suffix(2).joined(separator: "/") } }
            #expect(tails(exported) == tails(paths), "\(name): the paths' tails")
            entries += paths.count
        }
        #expect(source["missing"] as? Int == entries, "\(source)")
        print("foobar2000 \(label): \(expected.count) playlists, \(entries) entries, equal to the Python reading")
    }

    @Test("the real 2.x folder holds the 23,135 entries of its Recent playlist",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: the real foobar2000 folders are not indexed"))
    func realRecentCount() throws {
        let folder = try #require(Self.real) + "/chyyran_foobar/playlists-v2.0"
        try #require(FileManager.default.fileExists(atPath: folder), "\(folder) is missing")
        let scratch = MixtapeProcess()
        try #require(try scratch.run(["index", folder + "/index.txt"]).status == 0)
        let recent = try #require(try Self.playlists(scratch, of: folder + "/index.txt").first { $0["name"] as? String == "Recent" })
        #expect(recent["missing"] as? Int == 23_135)
    }

    // MARK: - Entries that name items of other sources

    /// `Music/Band/Band - NAME.wav` for each name, made by sox.
    static func makeMusic(_ scratch: MixtapeProcess, _ titles: [String]) throws -> String {
        let music = scratch.folder + "/Music"
        try FileManager.default.createDirectory(atPath: music + "/Band", withIntermediateDirectories: true)
        let tone = scratch.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", tone, "synth", "0.2", "sine", "440"])
        for title in titles { try FileManager.default.copyItem(atPath: tone, toPath: music + "/Band/Band - \(title).wav") }
        return music
    }

    @Test("entries name a folder's items: Windows paths relocated, a local path, a stream and a missing file kept in place; play and export reach the files")
    func entriesResolveToItems() throws {
        let scratch = MixtapeProcess()
        let music = try Self.makeMusic(scratch, ["One", "Two", "Three"])
        let index = try Self.writeV2(in: scratch, [
            (Self.guidA, "Road: Trip", [
                "file://C:\\Users\\sam\\Music\\Band\\Band - Two.wav",
                "file://\(music)/Band/Band - One.wav",
                "http://radio.example/stream",
                "file://C:\\Users\\sam\\Music\\Band\\Gone.wav",
                "file://C:\\Users\\sam\\Music\\Band\\Band - Two.wav",
            ]),
            (Self.guidB, "Empty", []),
        ])
        let indexed = try scratch.run(["index", music, Self.folder(of: index)])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let lists = try Self.playlists(scratch, of: index)
        #expect(lists.map { $0["name"] as? String ?? "?" } == ["Road: Trip", "Empty"])
        let road = try #require(lists.first)
        let items = try scratch.run(["search", "--json"]).records
        let titleByID = Dictionary(items.map { ($0["id"] as? String ?? "", $0["title"] as? String ?? "") },
                                   uniquingKeysWith: { first, _ in first })
        #expect((road["items"] as? [String] ?? []).map { titleByID[$0] ?? "?" } == ["Two", "One", "Two"],
                "\(road)")
        #expect(road["missing"] as? Int == 2)
        // search and the query language see the playlist as any other.
        let found = try scratch.run(["search", "playlist:\"Road: Trip\"", "--format", "{path}"])
        #expect(Set(found.lines) == [music + "/Band/Band - One.wav", music + "/Band/Band - Two.wav"], "\(found.stdout)")
        // export: the files here in order, the stream and the missing file kept in their places.
        let exported = try scratch.run(["export-playlist", "--playlist", "Road: Trip", "-o", "-", "--format", "m3u8"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.lines.filter { !$0.hasPrefix("#") } == [
            music + "/Band/Band - Two.wav", music + "/Band/Band - One.wav", "http://radio.example/stream",
            "C:/Users/sam/Music/Band/Gone.wav", music + "/Band/Band - Two.wav",
        ])
        // play hands the files here to the player, in order, with the stream in its place.
        let record = scratch.folder + "/arguments.txt"
        let player = scratch.folder + "/record.sh"
        try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record)'\n".utf8)
            .write(to: URL(fileURLWithPath: player))
        chmod(player, 0o755)
        try FileManager.default.createDirectory(atPath: scratch.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data("[players.recorder]\ncommand = [\"\(player)\", \"{files}\"]\n".utf8)
            .write(to: URL(fileURLWithPath: scratch.configHome + "/mixtape/config.toml"))
        let played = try scratch.run(["play", "--player", "recorder", "--playlist", "Road: Trip"])
        #expect(played.status == 0, "\(played.stderr)")
        let handed = try String(contentsOfFile: record, encoding: .utf8)
        #expect(handed.split(separator: "\n").map(String.init) == [
            music + "/Band/Band - Two.wav", music + "/Band/Band - One.wav", "http://radio.example/stream",
            music + "/Band/Band - Two.wav",
        ], "\(handed)")
        let source = try #require(try scratch.run(["sources", "--json"]).records.first { $0["kind"] as? String == "foobar2000" })
        #expect(source["found"] as? Int == 3 && source["missing"] as? Int == 1, "\(source)")
        // --all-playlists files them under foobar2000/ beside another source's.
        try Data("Band/Band - One.wav\n".utf8).write(to: URL(fileURLWithPath: music + "/list.m3u8"))
        #expect(try scratch.run(["index", music]).status == 0)
        let all = try scratch.run(["export-playlist", "--all-playlists", scratch.folder + "/out", "--format", "m3u8"])
        #expect(all.status == 0, "\(all.stderr)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/out/foobar2000")) ?? []
        #expect(written.contains { $0.hasPrefix("Road") } && written.contains("Empty.m3u8"), "\(written)")
        // doctor says which entry has no file here.
        let doctor = try scratch.run(["doctor"])
        #expect(doctor.stdout.contains("index.txt: 3 of 4 entries have their file here"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("missing here: C:/Users/sam/Music/Band/Gone.wav"), "\(doctor.stdout)")
    }

    @Test("file-relative:// (a portable foobar2000) names a file below the program's folder")
    func relativeEntries() throws {
        let scratch = MixtapeProcess()
        // The program's folder is the scratch folder: profile/playlists-v2.0 is below it.
        let music = try Self.makeMusic(scratch, ["One"])
        let index = try Self.writeV2(in: scratch, [(Self.guidA, "Portable", ["file-relative://Music\\Band\\Band - One.wav"])])
        #expect(try scratch.run(["index", music, index]).status == 0)
        let list = try #require(try Self.playlists(scratch, of: index).first)
        #expect((list["items"] as? [String])?.count == 1 && list["missing"] as? Int == 0, "\(list)")
    }

    // MARK: - Identity across re-indexing

    @Test("tabs reordered, a playlist renamed and an entry changed: every id stays; an .fplite changed alone is re-read")
    func reindexKeepsIdentity() throws {
        let scratch = MixtapeProcess()
        let music = try Self.makeMusic(scratch, ["One", "Two", "Three"])
        let line = { (title: String) in "file://\(music)/Band/Band - \(title).wav" }
        let index = try Self.writeV2(in: scratch, [
            (Self.guidA, "First", [line("One"), line("Two")]),
            (Self.guidB, "Second", [line("Three")]),
            (Self.guidC, "Third", [line("Two")]),
        ])
        try #require(try scratch.run(["index", music, index]).status == 0)
        let before = try Self.playlists(scratch, of: index)
        let ids = before.compactMap { $0["id"] as? String }
        #expect(ids.count == 3 && Set(ids).count == 3)
        // foobar2000 rewrote the index: tabs in another order, the first renamed; and changed
        // one entry of the second playlist.
        usleep(20_000)
        _ = try Self.writeV2(in: scratch, [
            (Self.guidC, "Third", [line("Two")]),
            (Self.guidA, "First, renamed", [line("One"), line("Two")]),
            (Self.guidB, "Second", [line("One")]),
        ])
        let again = try scratch.run(["index", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(again.records.first)
        #expect(report["added"] as? Int == 0 && report["removed"] as? Int == 0 && report["updated"] as? Int == 0, "\(report)")
        #expect(report["playlist_files_read"] as? Int == 3, "\(report)")
        let after = try Self.playlists(scratch, of: index)
        #expect(after.map { $0["name"] as? String ?? "?" } == ["Third", "First, renamed", "Second"])
        #expect(after.map { $0["id"] as? String ?? "?" } == [ids[2], ids[0], ids[1]], "ids follow their playlists")
        let titles = { (playlist: [String: Any]) throws -> [String] in
            try Self.exportedPaths(scratch, playlist: playlist["id"] as? String ?? "").map { ($0 as NSString).lastPathComponent }
        }
        #expect(try titles(after[2]) == ["Band - One.wav"])
        // The .fplite alone changes (the index as it was): the source is read again, in place.
        usleep(20_000)
        let fplite = Self.folder(of: index) + "/playlist-\(Self.guidB).fplite"
        try Data([0xEF, 0xBB, 0xBF] + Array((line("Three") + "\n" + line("Three") + "\n").utf8)).write(to: URL(fileURLWithPath: fplite))
        let third = try scratch.run(["index", "--json"])
        #expect(third.records.first?["playlist_files_read"] as? Int == 3, "\(third.stdout)")
        let last = try Self.playlists(scratch, of: index)
        #expect(last.map { $0["id"] as? String ?? "?" } == [ids[2], ids[0], ids[1]])
        #expect(try titles(last[2]) == ["Band - Three.wav", "Band - Three.wav"])
        // Unchanged: nothing is read.
        let quiet = try scratch.run(["index", "--json"])
        #expect(quiet.records.first?["playlist_files_read"] as? Int == 0, "\(quiet.stdout)")
    }

    @Test("1.x: a playlist foobar2000 wrote to a new .fpl keeps its id (the identity property), tab order from index.dat")
    func legacyRewriteKeepsIdentity() throws {
        let scratch = MixtapeProcess()
        let music = try Self.makeMusic(scratch, ["One", "Two"])
        let folder = scratch.folder + "/profile/playlists-v1.4"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let identity = Array(0x10...0x1F).map(UInt8.init)
        let windows = "file://C:\\Music\\Band\\Band - Two.wav"
        try FPL1.write(folder, [("Mix", FPL1.name(1), identity, [("file://\(music)/Band/Band - One.wav", 12.5), (windows, nil)]),
                                ("Other", FPL1.name(2), nil, [])])
        let indexed = try scratch.run(["index", music, folder])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let index = folder + "/index.dat"
        let before = try Self.playlists(scratch, of: index)
        #expect(before.map { $0["name"] as? String ?? "?" } == ["Mix", "Other"])
        let mix = try #require(before.first)
        #expect((mix["items"] as? [String])?.count == 2 && mix["missing"] as? Int == 0, "\(mix)")
        // Saved again: a new file for Mix, the old one left behind, the tabs swapped.
        usleep(20_000)
        try FPL1.write(folder, [("Other", FPL1.name(2), nil, []),
                                ("Mix", FPL1.name(3), identity, [(windows, nil)])])
        #expect(try scratch.run(["index"]).status == 0)
        let after = try Self.playlists(scratch, of: index)
        #expect(after.map { $0["name"] as? String ?? "?" } == ["Other", "Mix"])
        #expect(after.last?["id"] as? String == mix["id"] as? String, "the identity property keeps the id")
        #expect(after.last?["file"] as? String == folder + "/" + FPL1.name(3))
        #expect((after.last?["items"] as? [String])?.count == 1)
        // One without the property keeps the id of its file's name.
        #expect(after.first?["id"] as? String == before.last?["id"] as? String)
    }

    // MARK: - Broken and hostile input

    @Test("a playlist file that is missing or not a file is a warning, the others read; none there at all is exit 65")
    func missingPlaylistFiles() throws {
        let scratch = MixtapeProcess()
        let index = try Self.writeV2(in: scratch, [(Self.guidA, "Here", ["file://C:\\x.mp3"]), (Self.guidB, "Gone", ["y"])])
        let folder = Self.folder(of: index)
        try FileManager.default.removeItem(atPath: folder + "/playlist-\(Self.guidB).fplite")
        // A FIFO in a playlist's place is never opened (it would block).
        #expect(mkfifo(folder + "/playlist-\(Self.guidC).fplite", 0o644) == 0)
        try Data(("\u{FEFF}\(Self.guidA):Here\n\(Self.guidB):Gone\n\(Self.guidC):Pipe\n").utf8)
            .write(to: URL(fileURLWithPath: index))
        let indexed = try scratch.run(["index", index])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("index.txt:2:1: the playlist \"Gone\""), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("index.txt:3:1: the playlist \"Pipe\""), "\(indexed.stderr)")
        let lists = try Self.playlists(scratch, of: index)
        #expect(lists.map { $0["name"] as? String ?? "?" } == ["Here", "Gone", "Pipe"])
        #expect(lists.map { $0["missing"] as? Int ?? -1 } == [1, 0, 0])
        // Every playlist closed: foobar2000 leaves an index with no lines, which lists none.
        usleep(20_000)
        try Data([0xEF, 0xBB, 0xBF]).write(to: URL(fileURLWithPath: index))
        let emptied = try scratch.run(["index", "--json"])
        #expect(emptied.status == 0, "\(emptied.stderr)")
        #expect(try Self.playlists(scratch, of: index).isEmpty)
        // An index copied without its playlists.
        let lonely = MixtapeProcess()
        let alone = try lonely.write("index.txt", "\(Self.guidA):Mine\n")
        let refused = try lonely.run(["index", alone])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("index.txt:1:1: a foobar2000 playlist index, but none of the 1 .fplite files"), "\(refused.stderr)")
    }

    @Test("a malformed index.txt, index.dat or 1.x .fpl exits 65 located, the index unchanged", arguments: [
        "bad line", "not UTF-8", "fpl cut", "fpl flags", "fpl offset", "fpl count", "dat cut", "dat files",
    ])
    func malformed(_ label: String) throws {
        let scratch = MixtapeProcess()
        let folder = scratch.folder + "/profile/playlists-v1.4"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let good: (index: String, bad: () throws -> Void)
        let entries: [(String, Double?)] = [("file://C:\\a.mp3", 3), ("file://C:\\b.mp3", nil)]
        switch label {
        case "bad line", "not UTF-8":
            let index = try Self.writeV2(in: scratch, [(Self.guidA, "A", ["file://C:\\a.mp3"])])
            good = (index, {
                let bad: [UInt8] = label == "bad line" ? Array("\(Self.guidA):A\nnot a guid:B\n".utf8)
                    : Array("\(Self.guidA):A\n\(Self.guidB):".utf8) + [0xFF, 0x0A]
                try Data(bad).write(to: URL(fileURLWithPath: index))
            })
        default:
            try FPL1.write(folder, [("A", FPL1.name(1), nil, entries)])
            let fpl = folder + "/" + FPL1.name(1)
            let dat = folder + "/index.dat"
            good = (dat, {
                var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: label.hasPrefix("dat") ? dat : fpl)))
                switch label {
                case "fpl cut", "dat cut": bytes.removeLast(5)
                case "fpl flags": bytes[FPL1.firstEntry(of: bytes)] = 0x93  // 0x02 is no bit this reader knows
                case "fpl offset": bytes[FPL1.firstEntry(of: bytes) + 4] = 3  // the middle of a string
                case "fpl count": bytes[FPL1.firstEntry(of: bytes) - 1] = 0x7F  // 2 billion entries
                default: bytes[bytes.count - 20] = 2  // two files for one playlist
                }
                try Data(bytes).write(to: URL(fileURLWithPath: label.hasPrefix("dat") ? dat : fpl))
            })
        }
        let indexed = try scratch.run(["index", good.index])
        try #require(indexed.status == 0, "\(label): \(indexed.stderr)")
        let before = try scratch.snapshot()
        usleep(20_000)
        try good.bad()
        let result = try scratch.run(["index", good.index])
        #expect(result.status == 65, "\(label): exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains(#/(index\.txt|index\.dat|\.fpl):\d+:\d+: /#), "\(label): \(result.stderr)")
        #expect(try scratch.snapshot() == before, "\(label): the index changed")
    }

    @Test("a playlist file named on its own, or a saved .fpl, is refused with what to index instead")
    func refusals() throws {
        let scratch = MixtapeProcess()
        let index = try Self.writeV2(in: scratch, [(Self.guidA, "A", ["file://C:\\a.mp3"])])
        let fplite = Self.folder(of: index) + "/playlist-\(Self.guidA).fplite"
        let named = try scratch.run(["index", fplite])
        #expect(named.status == 65)
        #expect(named.stderr.contains("index the folder it is in"), "\(named.stderr)")
        let saved = try scratch.write("mix.fpl", [0xE1, 0xA0, 0x9C, 0x91, 0xF8, 0x3C, 0x77, 0x42,
                                                  0x85, 0x2C, 0x3B, 0xCC, 0x14, 0x01, 0xD3, 0xF2, 0, 0, 0, 0])
        let refused = try scratch.run(["index", saved])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("save it from foobar2000 as .m3u8"), "\(refused.stderr)")
        // The index is known by its lines, whatever it is called.
        let renamed = Self.folder(of: index) + "/tabs.m3u8"
        try FileManager.default.copyItem(atPath: index, toPath: renamed)
        let read = try scratch.run(["index", renamed])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try scratch.run(["sources", "--json"]).records.first?["kind"] as? String == "foobar2000")
        // A text file of lines that merely start like GUIDs elsewhere is no index.
        let text = try scratch.write("notes.txt", "some notes\n\(Self.guidA):A\n")
        #expect(try scratch.run(["index", text]).stderr.contains("a text file"))
    }
}

/// Files of foobar2000 1.x's `playlists-v1.4` folder, written as docs/sources.md describes them.
enum FPL1 {
    static let indexMagic: [UInt8] = [0x35, 0x47, 0x5E, 0x2A, 0x60, 0x1B, 0x4B, 0x4B, 0x82, 0x57, 0x5C, 0x8E, 0x61, 0x26, 0xFD, 0xF6]
    static let fplMagic: [UInt8] = [0x00, 0x37, 0x59, 0xDB, 0x44, 0x4D, 0x56, 0x4E, 0x80, 0x34, 0xC6, 0x2A, 0xBA, 0x89, 0xA6, 0xB9]
    static let payload: [UInt8] = [0xF6, 0x41, 0x59, 0xF9, 0x8B, 0xC8, 0x6E, 0x43, 0x9D, 0x3E, 0xC4, 0x67, 0x87, 0x85, 0xD6, 0x49]
    /// `52655132-8F57-4C56-9AEE-17525C679A5D` as stored.
    static let identityKey: [UInt8] = [0x32, 0x51, 0x65, 0x52, 0x57, 0x8F, 0x56, 0x4C, 0x9A, 0xEE, 0x17, 0x52, 0x5C, 0x67, 0x9A, 0x5D]

    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// The file name whose 16 bytes are all `byte`.
    static func name(_ byte: UInt8) -> String { String(repeating: String(format: "%02X", byte), count: 16) + ".fpl" }

    /// An `.fpl`: each entry's location, and its length in seconds (info) or none (flags 0x80).
    static func fpl(_ entries: [(String, Double?)]) -> [UInt8] {
        var strings: [UInt8] = [], offsets: [Int] = []
        for (location, _) in entries {
            offsets.append(strings.count)
            strings += Array(location.utf8) + [0]
        }
        var out = fplMagic + Array(repeating: 0xAB, count: 16) + u32(0) + u32(1) + payload + u32(strings.count) + strings
        out += u32(entries.count)
        for ((_, seconds), offset) in zip(entries, offsets) {
            if let seconds {
                out += u32(0x91) + u32(offset) + u32(0)
                out += Array(repeating: 0, count: 16)
                withUnsafeBytes(of: seconds.bitPattern.littleEndian) { out += $0 }
                out += Array(repeating: 0, count: 16) + u32(3) + u32(0) + u32(0) + u32(0)
            } else {
                out += u32(0x80) + u32(offset) + u32(0)
            }
            out += Array(repeating: 0x5A, count: 8)
        }
        return out
    }

    /// Where the first entry starts in an `.fpl`.
    static func firstEntry(of bytes: [UInt8]) -> Int {
        let size = Int(bytes[56]) | Int(bytes[57]) << 8 | Int(bytes[58]) << 16 | Int(bytes[59]) << 24
        return 60 + size + 4
    }

    /// Writes `index.dat` and each playlist's `.fpl` into `folder`.
    static func write(_ folder: String, _ playlists: [(name: String, file: String, identity: [UInt8]?, entries: [(String, Double?)])]) throws {
        var index = indexMagic + u32(playlists.count) + u32(0)
        for playlist in playlists {
            let name = Array(playlist.name.utf8)
            var properties = u32(playlist.identity == nil ? 0 : 1)
            if let identity = playlist.identity { properties += identityKey + u32(16) + identity }
            let file = stride(from: 0, to: 32, by: 2).map { offset in
                UInt8(playlist.file.dropFirst(offset).prefix(2), radix: 16) ?? 0
            }
            index += u32(name.count) + name + u32(0) + u32(properties.count) + properties + u32(1) + file
            try Data(fpl(playlist.entries)).write(to: URL(fileURLWithPath: folder + "/" + playlist.file))
        }
        try Data(index).write(to: URL(fileURLWithPath: folder + "/index.dat"))
    }
}
