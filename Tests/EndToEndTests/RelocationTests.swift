import Foundation
import Testing

/// Where the files are now (spec/sources.md): the story of issue 32, end to end. A library
/// exported on Windows names `C:/Users/sam/Music/iTunes/iTunes Media/Music/…`; the music was
/// copied to `home/Music` here, with one artist folder in other letter case, one name in NFD,
/// one file moved elsewhere, one file the copy lost, and one that could be either of two files.
@Suite("relocation: an export made on another computer finds its files here", .serialized)
struct RelocationEndToEndTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/home/Music" }
    var export: String { mixtape.folder + "/exports/Library.xml" }
    static let windows = "C:/Users/sam/Music/iTunes/iTunes Media/Music"

    /// Each track: its key, where the export says it is (below `windows`), where the file is
    /// here (below `music`; nil: not copied; two places: ambiguous), and its rating.
    static let tracks: [(key: String, written: String, here: [String], rating: Int)] = [
        ("A", "Abba/Gold/01 A.flac", ["Abba/Gold/01 A.flac"], 100),
        ("B", "Abba/Gold/02 B.flac", ["Abba/Gold/02 B.flac"], 80),
        ("C", "Björk/Post/01 C.flac", ["björk/Post/01 C.flac"], 80),
        ("D", "Sigur Rós/Takk/01 D.flac", ["Sigur Ro\u{301}s/Takk/01 D.flac"], 60),
        ("E", "Moby/Play/01 E.flac", ["Unsorted/01 E.flac"], 100),
        ("G", "Moby/Play/02 G.flac", [], 100),
        ("H", "Moby/Play/03 H.flac", ["Twice/a/03 H.flac", "Twice/b/03 H.flac"], 40),
    ]

    /// Tagged FLAC files made with sox, each a different length (so a different size).
    func makeFiles() throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for (offset, track) in Self.tracks.enumerated() {
            let tone = mixtape.folder + "/tone\(track.key).wav"
            try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", tone, "synth",
                                            String(0.2 + Double(offset) * 0.1), "sine", "440"])
            for place in track.here {
                let path = music + "/" + place
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try MixtapeProcess.tool("sox", [tone, "--comment", "TITLE=Tag \(track.key)", "--add-comment", "GENRE=Folk", path])
                sizes[track.key] = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            }
            if track.here.isEmpty { sizes[track.key] = 12_345 }
        }
        return sizes
    }

    /// The Windows export: each track with its size, rating and a play count, and playlist Best
    /// of A, E, G.
    func writeExport(sizes: [String: Int], root: String = windows) throws {
        try writeExport(Self.tracks.map { track in
            (key: track.key, location: root + "/" + track.written, size: sizes[track.key] ?? 0, rating: track.rating)
        })
    }

    /// A Windows export of `tracks` (Track IDs from 1, in order) at `export`.
    func writeExport(_ tracks: [(key: String, location: String, size: Int, rating: Int)]) throws {
        var body = ""
        for (offset, track) in tracks.enumerated() {
            // The drive's `:` as iTunes writes it, not percent-encoded.
            let allowed = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: ":"))
            let url = "file://localhost/" + track.location.addingPercentEncoding(withAllowedCharacters: allowed)!
            body += """
                <key>\(offset + 1)</key><dict><key>Track ID</key><integer>\(offset + 1)</integer>
                <key>Persistent ID</key><string>\(String(format: "BBBB%012d", offset + 1))</string>
                <key>Name</key><string>Song \(track.key)</string><key>Artist</key><string>Export Artist</string>
                <key>Size</key><integer>\(track.size)</integer><key>Rating</key><integer>\(track.rating)</integer>
                <key>Play Count</key><integer>6</integer><key>Location</key><string>\(url)</string></dict>

                """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>Major Version</key><integer>1</integer><key>Minor Version</key><integer>1</integer>
            <key>Application Version</key><string>12.9</string>
            <key>Music Folder</key><string>file://localhost/C:/Users/sam/Music/iTunes/iTunes%20Media/</string>
            <key>Library Persistent ID</key><string>1111222233334444</string>
            <key>Tracks</key><dict>
            \(body)</dict>
            <key>Playlists</key><array><dict><key>Name</key><string>Best</string><key>Playlist ID</key><integer>90</integer>
            <key>Playlist Persistent ID</key><string>9999666677778888</string><key>Playlist Items</key><array>
            <dict><key>Track ID</key><integer>1</integer></dict><dict><key>Track ID</key><integer>5</integer></dict>
            <dict><key>Track ID</key><integer>6</integer></dict></array></dict></array>
            </dict></plist>
            """
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/exports", withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: URL(fileURLWithPath: export))
    }

    /// Moves the export written into `music` (the whole iTunes folder copied with the export
    /// inside, no folder source) and indexes it alone, which must succeed.
    func indexExportInsideMusic() throws -> (path: String, run: MixtapeProcess.Result) {
        let inside = music + "/Library.xml"
        try FileManager.default.moveItem(atPath: export, toPath: inside)
        let indexed = try mixtape.run(["index", inside])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        return (inside, indexed)
    }

    /// The items of `search --json`, by title.
    func items() throws -> [String: [String: Any]] {
        var byTitle: [String: [String: Any]] = [:]
        for record in try mixtape.run(["search", "--json"]).records { byTitle[record["title"] as? String ?? "", default: record] = record }
        return byTitle
    }

    func exportSource() throws -> [String: Any] {
        try #require(try mixtape.run(["sources", "--json"]).records.first { $0["path"] as? String == export })
    }

    @Test func theTrialOfTheIssue() throws {
        try writeExport(sizes: try makeFiles())
        let indexed = try mixtape.run(["index", export, music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        // 7 export entries, 7 files: A–E are one item each with the export's fields; G has no
        // file; H is the export's item (not found) and the two files' own items.
        #expect(indexed.stdout.hasPrefix("indexed 2 sources: 9 items ("), "\(indexed.stdout)")
        #expect(indexed.stderr.contains("\(export): found here 5 of 7 files"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("\(Self.windows) → \(music): 4"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("by name and size: 1"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("missing 1, ambiguous 1"), "\(indexed.stderr)")

        let all = try items()
        let expected: [String: String?] = [
            "Song A": music + "/Abba/Gold/01 A.flac", "Song B": music + "/Abba/Gold/02 B.flac",
            "Song C": music + "/björk/Post/01 C.flac", "Song D": music + "/Sigur Ro\u{301}s/Takk/01 D.flac",
            "Song E": music + "/Unsorted/01 E.flac", "Song G": nil, "Song H": nil,
        ]
        for (title, path) in expected {
            let item = try #require(all[title], "\(title) in \(all.keys.sorted())")
            #expect((item["path"] as? String).map { Array($0.utf8) } == path.map { Array($0.utf8) }, "\(title): \(item)")
            #expect((item["location"] as? String)?.hasPrefix(Self.windows) == true, "location stays as written")
            #expect(item["rating"] != nil && item["play_count"] as? Int == 6)
            if path != nil { #expect(item["genre"] as? String == "Folk", "the folder's tags joined: \(title)") }
        }
        #expect(all.keys.filter { $0.hasPrefix("Tag ") }.sorted() == ["Tag H"], "only H's files are items of their own")

        // Everything reaches the files with no flag.
        let out = mixtape.folder + "/best.m3u8"
        let exported = try mixtape.run(["export-playlist", "--query", "rating:>=80", "-o", out])
        #expect(exported.status == 0, "\(exported.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 5, "A, B, C, E and G: \(lines)")
        #expect(lines.filter { $0.hasPrefix(music) }.count == 4)
        #expect(exported.stderr.contains("1 missing here"), "only G: \(exported.stderr)")
        #expect(try mixtape.run(["search", "--format", "{title}", "path:\(music)/Abba"]).lines.sorted() == ["Song A", "Song B"])
        let playlist = try mixtape.run(["export-playlist", "--playlist", "Best", "-o", "-", "--format", "m3u8", "--missing", "skip"])
        #expect(playlist.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
                    == ["\(music)/Abba/Gold/01 A.flac", "\(music)/Unsorted/01 E.flac"], "\(playlist.stdout)")

        // sources --json and doctor say the same.
        let source = try exportSource()
        #expect(source["found"] as? Int == 5 && source["missing"] as? Int == 1 && source["ambiguous"] as? Int == 1)
        let rules = source["relocations"] as? [[String: Any]] ?? []
        #expect(rules.count == 1)
        #expect(rules.first?["from"] as? String == Self.windows && rules.first?["to"] as? String == music)
        #expect(rules.first?["entries"] as? Int == 4 && rules.first?["set_by"] as? String == "learned")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.stdout.contains("missing here: \(Self.windows)/Moby/Play/02 G.flac"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("ambiguous: \(Self.windows)/Moby/Play/03 H.flac could be \(music)/Twice/a/03 H.flac or \(music)/Twice/b/03 H.flac"),
                "\(doctor.stdout)")
    }

    @Test func aRuleSetByHandIsKeptAndCleared() throws {
        try writeExport(sizes: try makeFiles())
        try #require(try mixtape.run(["index", export, music]).status == 0)
        func state() throws -> [String] {
            [try mixtape.run(["sources", "--json"]).stdout, try mixtape.run(["search", "--json"]).stdout]
        }
        let before = try state()

        // Bad rules change nothing: exit 2 and a message naming the mistake.
        let nothing = try mixtape.run(["sources", "relocate", export, "D:/Elsewhere=\(music)"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("no entry of \(export) starts with D:/Elsewhere"), "\(nothing.stderr)")
        let nowhere = try mixtape.run(["sources", "relocate", export, "\(Self.windows)/Moby=\(mixtape.folder)/nope"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("is not a folder here"), "\(nowhere.stderr)")
        #expect(try mixtape.run(["sources", "relocate", export]).status == 2, "no rule and no --clear")
        #expect(try mixtape.run(["sources", "relocate", music, "C:/x=\(music)"]).status == 2, "a folder is not relocated")
        #expect(try state() == before, "the index stayed as it was")

        // H's files are both here; a person says which folder holds that album.
        let set = try mixtape.run(["sources", "relocate", export, "\(Self.windows)/Moby/Play=\(music)/Twice/b"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("found here 6 of 7 files"), "\(set.stderr)")
        #expect(set.stderr.contains("\(Self.windows)/Moby/Play → \(music)/Twice/b: 1 (set by you)"), "\(set.stderr)")
        #expect(try items()["Song H"]?["path"] as? String == music + "/Twice/b/03 H.flac")
        let rules = try exportSource()["relocations"] as? [[String: Any]] ?? []
        #expect(rules.first?["set_by"] as? String == "user")
        // The rule is kept: a later index keeps using it.
        try #require(try mixtape.run(["index", "--full"]).status == 0)
        #expect(try items()["Song H"]?["path"] as? String == music + "/Twice/b/03 H.flac")
        #expect(try mixtape.run(["sources", "relocate", "--clear", export]).status == 0)
        #expect(try items()["Song H"]?["path"] == nil, "ambiguous again, not guessed")
        #expect(try exportSource()["ambiguous"] as? Int == 1)
    }

    @Test func anExportWhoseFilesAreAllElsewhereIsAWarningAndAFolderIndexedLaterFindsThem() throws {
        try writeExport(sizes: try makeFiles())
        let alone = try mixtape.run(["index", export])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stderr.contains("warning: \(export): none of the 7 files it names is here"), "\(alone.stderr)")
        #expect(try exportSource()["found"] as? Int == 0)
        // The music turns up (a disk plugged in, a copy finished): the next index finds it.
        let later = try mixtape.run(["index", music])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stderr.contains("\(export): found here 5 of 7 files"), "\(later.stderr)")
        #expect(try items()["Song A"]?["path"] as? String == music + "/Abba/Gold/01 A.flac")
        // Items kept their ids.
        #expect(try items()["Song A"]?["id"] as? String == "itunes:BBBB000000000001")
    }

    @Test func theExportsOwnTreeIsSearchedWithNoFolderSource() throws {
        // The whole iTunes folder copied, the export inside it: no folder source needed.
        let sizes = try makeFiles()
        try writeExport(sizes: sizes)
        let (inside, indexed) = try indexExportInsideMusic()
        #expect(indexed.stderr.contains("\(inside): found here 5 of 7 files"), "\(indexed.stderr)")
        // The moved file is found by its name and the size the walk left to measure.
        #expect(indexed.stderr.contains("by name and size: 1"), "\(indexed.stderr)")
        #expect(indexed.stdout.hasPrefix("indexed 1 source: 7 items"), "\(indexed.stdout)")

        // Read again (a rating changed): the tree is walked while it is read, as its entries
        // were not all where they say; the same files are found.
        let text = try String(contentsOfFile: inside, encoding: .utf8)
        try text.replacingOccurrences(of: "<integer>40</integer>", with: "<integer>20</integer>")
            .write(toFile: inside, atomically: true, encoding: .utf8)
        let again = try mixtape.run(["index", inside])
        #expect(again.status == 0, "\(again.stderr)")
        let songs = try items()
        #expect(songs["Song E"]?["path"] as? String == music + "/Unsorted/01 E.flac", "\(songs)")
        #expect(songs["Song A"]?["path"] as? String == music + "/Abba/Gold/01 A.flac", "\(songs)")
        #expect(songs["Song H"]?["path"] as? String == nil, "\(songs)")
    }

    /// Entries come sorted by path and each folder's place is remembered for the next entry:
    /// a folder that is not here must say nothing of the next entry's, a sibling whose name
    /// is just as long (`Gol0` before `Gold`).
    @Test func aFolderNotHereSaysNothingOfTheNextOneOfTheSameLength() throws {
        let sizes = try makeFiles()
        let here = music + "/Abba/Gold/01 A.flac"
        try writeExport([(key: "X", location: String((music + "/Abba/Gol0/01 X.flac").dropFirst()), size: 1_000, rating: 20),
                         (key: "A", location: String(here.dropFirst()), size: sizes["A"] ?? 0, rating: 100)])
        let indexed = try mixtape.run(["index", export])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(try items()["Song A"]?["path"] as? String == here, "\(indexed.stderr)")
        #expect(try items()["Song X"]?["path"] as? String == nil)
    }

    @Test func aNameInThousandsOfFoldersIsNeverGuessed() throws {
        // 3,000 albums here each open with `01 Intro.mp3` of one size; one more has a size of
        // its own. The export names 200 intros in folders this machine does not have, and the
        // one whose size is unique: that one is found by name and size, the others have 3,000
        // candidates each and are ambiguous, none guessed.
        for album in 0..<3_000 {
            try FileManager.default.createDirectory(atPath: music + "/Album \(album)", withIntermediateDirectories: true)
            try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: music + "/Album \(album)/01 Intro.mp3"))
        }
        try FileManager.default.createDirectory(atPath: music + "/Unique", withIntermediateDirectories: true)
        try Data(repeating: 7, count: 11).write(to: URL(fileURLWithPath: music + "/Unique/01 Intro.mp3"))
        var tracks = (0..<200).map { (key: "I\($0)", location: "C:/Music/Disc \($0)/01 Intro.mp3", size: 10, rating: 60) }
        tracks.append((key: "U", location: "C:/Music/Elsewhere/01 Intro.mp3", size: 11, rating: 100))
        try writeExport(tracks)
        let (inside, indexed) = try indexExportInsideMusic()
        #expect(indexed.stderr.contains("\(inside): found here 1 of 201 files"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("by name and size: 1"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("  ambiguous 200 (two files could be one entry)"), "\(indexed.stderr)")
        let songs = try items()
        #expect(songs["Song U"]?["path"] as? String == music + "/Unique/01 Intro.mp3", "\(songs["Song U"] ?? [:])")
        #expect(songs.values.filter { $0["path"] != nil }.count == 1, "no other entry got a file")
    }

    /// An `.m3u` written on Windows (CRLF, `\`, `D:\Music\…`), beside the music copied here:
    /// the tracks as `tracks` lays them out, each entry with an `#EXTINF` length.
    func writeWindowsPlaylist() throws -> String {
        var text = "#EXTM3U\r\n"
        for track in Self.tracks {
            text += "#EXTINF:1,Export Artist - Song \(track.key)\r\nD:\\Music\\" + track.written.replacingOccurrences(of: "/", with: "\\") + "\r\n"
        }
        text += "#EXTINF:-1,Radio\r\nhttp://radio.example/stream\r\n"
        let playlist = mixtape.folder + "/playlists/Road.m3u"
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/playlists", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: playlist))
        return playlist
    }

    @Test func aPlaylistFileWrittenOnWindowsFindsItsFilesHere() throws {
        _ = try makeFiles()
        let playlist = try writeWindowsPlaylist()
        let indexed = try mixtape.run(["index", music, playlist])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        // A–D by the rule their entries elect, E (moved) by name and length, G gone, H two files.
        #expect(indexed.stderr.contains("\(playlist): found here 5 of 7 files"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("D:/Music → \(music): 4"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("by name and length: 1"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("missing 1, ambiguous 1"), "\(indexed.stderr)")

        let exported = try mixtape.run(["export-playlist", "--playlist", "Road", "-o", "-", "--format", "m3u8"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let lines = exported.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(lines.map { Array($0.utf8) } == [
            "\(music)/Abba/Gold/01 A.flac", "\(music)/Abba/Gold/02 B.flac", "\(music)/björk/Post/01 C.flac",
            "\(music)/Sigur Ro\u{301}s/Takk/01 D.flac", "\(music)/Unsorted/01 E.flac", "D:/Music/Moby/Play/02 G.flac",
            "D:/Music/Moby/Play/03 H.flac", "http://radio.example/stream",
        ].map { Array($0.utf8) }, "\(lines)")

        let source = try #require(try mixtape.run(["sources", "--json"]).records.first { $0["path"] as? String == playlist })
        #expect(source["found"] as? Int == 5 && source["missing"] as? Int == 1 && source["ambiguous"] as? Int == 1, "\(source)")
        let rules = source["relocations"] as? [[String: Any]] ?? []
        #expect(rules.first?["from"] as? String == "D:/Music" && rules.first?["to"] as? String == music, "\(rules)")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.stdout.contains("\(playlist): 5 of 7 entries have their file here"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(playlist): missing here: D:/Music/Moby/Play/02 G.flac"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("ambiguous: D:/Music/Moby/Play/03 H.flac could be \(music)/Twice/a/03 H.flac or \(music)/Twice/b/03 H.flac"),
                "\(doctor.stdout)")

        // A rule set by hand for the playlist file settles H; one that matches nothing is refused.
        let refused = try mixtape.run(["sources", "relocate", playlist, "E:/Nothing=\(music)"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no entry of \(playlist) starts with E:/Nothing"), "\(refused.stderr)")
        let set = try mixtape.run(["sources", "relocate", playlist, "D:/Music/Moby/Play=\(music)/Twice/b"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.contains("found here 6 of 7 files"), "\(set.stderr)")
        let after = try mixtape.run(["export-playlist", "--playlist", "Road", "-o", "-", "--format", "m3u8", "--missing", "skip"])
        #expect(after.stdout.contains("\(music)/Twice/b/03 H.flac"), "\(after.stdout)")
    }

    @Test func aPlaylistNamingTheFilesHereFindsTheExportsItemsInTheFirstRun() throws {
        // The export, inside its copied folder, is relocated after the playlist file was read
        // in the same run: the playlist is resolved again against the files relocation found.
        try writeExport(sizes: try makeFiles())
        let inside = music + "/Library.xml"
        try FileManager.default.moveItem(atPath: export, toPath: inside)
        let playlist = mixtape.folder + "/Here.m3u8"
        try Data("\(music)/Abba/Gold/02 B.flac\n\(music)/Abba/Gold/01 A.flac\n".utf8).write(to: URL(fileURLWithPath: playlist))
        let indexed = try mixtape.run(["index", inside, playlist])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let playlists = try mixtape.run(["playlists", "--json"]).records
        let here = try #require(playlists.first { $0["name"] as? String == "Here" })
        #expect(here["items"] as? [String] == ["itunes:BBBB000000000002", "itunes:BBBB000000000001"], "\(here)")
        #expect(here["missing"] as? Int == 0)
    }
}
