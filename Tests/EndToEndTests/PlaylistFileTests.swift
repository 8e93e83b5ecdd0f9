import Foundation
import Testing

/// Playlist files (`.m3u`, `.m3u8`, `.pls`, `.xspf`, `.wpl`) in a folder source and named on
/// their own (sources.md, "Playlist files"): every rule of how an entry finds its item, with
/// real audio files made by sox, checked through `playlists --json`, `search playlist:` and
/// `export-playlist`.
@Suite("playlist files", .serialized)
struct PlaylistFileTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }

    /// `Music/Band/` with four short WAV files named `Band - Title.wav` (so each item has an
    /// artist and a title from its name), one of them with an NFC accent in its name.
    func makeMusic() throws {
        try FileManager.default.createDirectory(atPath: music + "/Band", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: music + "/Lists/Old", withIntermediateDirectories: true)
        let tone = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", tone, "synth", "0.2", "sine", "440"])
        for title in ["One", "Two", "Three", "Caf\u{e9}"] {
            try FileManager.default.copyItem(atPath: tone, toPath: music + "/Band/Band - \(title).wav")
        }
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

    /// The playlist record whose `path` is `path`.
    func playlist(_ path: String) throws -> [String: Any] {
        let listed = try mixtape.run(["playlists", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return try #require(listed.records.first { $0["path"] as? String == path }, "no playlist \(path) in \(listed.stdout)")
    }

    /// The titles of a playlist's items, in order.
    func titles(_ playlist: [String: Any]) throws -> [String] {
        let ids = playlist["items"] as? [String] ?? []
        let all = try mixtape.run(["search", "--json"]).records
        var byID: [String: String] = [:]
        for record in all { byID[record["id"] as? String ?? ""] = record["title"] as? String }
        return ids.map { byID[$0] ?? "?" }
    }

    @Test("names, folders, order and repeats; an M3U's #PLAYLIST, XSPF and WPL titles, else the file name")
    func namesOrderAndRepeats() throws {
        try makeMusic()
        try write(music + "/Lists/road.m3u8", "#EXTM3U\n#PLAYLIST:Road Trip\n../Band/Band - Two.wav\n../Band/Band - One.wav\n../Band/Band - Two.wav\n")
        try write(music + "/Lists/Old/plain.m3u", "../../Band/Band - Three.wav\n")
        try write(music + "/Lists/mix.xspf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <playlist version="1" xmlns="http://xspf.org/ns/0/"><title>Xspf &amp; Friends</title><trackList>
            <track><location>../Band/Band%20-%20One.wav</location></track>
            <track><location>file://\(music)/Band/Band%20-%20Three.wav</location></track>
            </trackList></playlist>
            """)
        try write(music + "/Lists/media.wpl", """
            <?wpl version="1.0"?><smil><head><title>Wpl List</title></head><body><seq>
            <media src="..\\Band\\Band - Three.wav"/><media src="..\\Band\\Band - One.wav"/></seq></body></smil>
            """)
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let road = try playlist("Lists/Road Trip")
        #expect(try titles(road) == ["Two", "One", "Two"])
        #expect(road["file"] as? String == music + "/Lists/road.m3u8")
        #expect(road["source"] as? String == music)
        #expect(road["missing"] as? Int == 0)
        #expect(try titles(playlist("Lists/Old/plain")) == ["Three"])
        #expect(try titles(playlist("Lists/Xspf & Friends")) == ["One", "Three"])
        #expect(try titles(playlist("Lists/Wpl List")) == ["Three", "One"])
        let folder = try playlist("Lists")
        #expect(folder["folder"] as? Bool == true)
        #expect(road["parent_id"] as? String == folder["id"] as? String)
        // The query language, export and the tree see them as they see an export's playlists.
        let found = try mixtape.run(["search", "playlist:\"Road Trip\"", "--format", "{title}"])
        #expect(Set(found.lines) == ["One", "Two"])
        let inFolder = try mixtape.run(["search", "playlist:Lists", "--format", "{title}"])
        #expect(Set(inFolder.lines) == ["One", "Two", "Three"])
        let exported = try mixtape.run(["export-playlist", "--playlist", "Road Trip", "-o", "-", "--format", "m3u8"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.lines.filter { !$0.hasPrefix("#") }.map { ($0 as NSString).lastPathComponent }
                == ["Band - Two.wav", "Band - One.wav", "Band - Two.wav"])
        let all = try mixtape.run(["export-playlist", "--all-playlists", mixtape.folder + "/out", "--format", "m3u8"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(FileManager.default.fileExists(atPath: mixtape.folder + "/out/Lists/Old/plain.m3u8"))
        let tree = try mixtape.run(["playlists"])
        #expect(tree.stdout.contains("Road Trip  (3 items)"), "\(tree.stdout)")
    }

    @Test("an entry resolves by file: URL, backslashes and drive letters, exact path, NFC/NFD, case, then #EXTINF")
    func resolutionRules() throws {
        try makeMusic()
        let nfd = "Band - Cafe\u{301}.wav"
        try write(music + "/Lists/rules.m3u", """
            #EXTM3U
            file://\(music.replacingOccurrences(of: " ", with: "%20"))/Band/Band%20-%20One.wav
            ..\\Band\\Band - Two.wav
            \(music)/Band/Band - Three.wav
            ../Band/\(nfd)
            ../BAND/band - one.WAV
            #EXTINF:1,Band - Three
            /elsewhere/old disk/03 Three.mp3
            #EXTINF:1,Nobody - Nothing
            /elsewhere/gone.mp3
            http://radio.example/stream

            """)
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let rules = try playlist("Lists/rules")
        #expect(try titles(rules) == ["One", "Two", "Three", "Caf\u{e9}", "One", "Three"])
        #expect(rules["missing"] as? Int == 2)
        // Unresolved entries keep their place: the missing file and the stream come last, in order.
        let exported = try mixtape.run(["export-playlist", "--playlist", "rules", "-o", "-", "--format", "m3u8"])
        let paths = exported.lines.filter { !$0.hasPrefix("#") }
        #expect(paths.suffix(2) == ["/elsewhere/gone.mp3", "http://radio.example/stream"], "\(paths)")
        #expect(exported.stderr.contains("1 missing"), "\(exported.stderr)")
        let skipped = try mixtape.run(["export-playlist", "--playlist", "rules", "-o", "-", "--format", "m3u8",
                                       "--missing", "skip"])
        #expect(skipped.lines.filter { !$0.hasPrefix("#") }.count == 7)
        // The Windows drive path of another machine maps like any other location.
        try write(music + "/Lists/win.pls", "[playlist]\r\nFile1=Z:\\Music\\Band\\Band - Two.wav\r\nNumberOfEntries=1\r\n")
        try mixtape.run(["index", music])
        let mapped = try mixtape.run(["export-playlist", "--playlist", "win", "-o", "-", "--format", "m3u8",
                                      "--map-prefix", "Z:/Music=\(music)"])
        #expect(mapped.lines.last == music + "/Band/Band - Two.wav", "\(mapped.stdout)")
    }

    @Test("encodings: a BOM, CR and CRLF ends, a .m3u in Windows-1252 read with a warning")
    func encodings() throws {
        try makeMusic()
        try write(music + "/Lists/bom.m3u8", [0xef, 0xbb, 0xbf] + Array("../Band/Band - One.wav\r\n../Band/Band - Two.wav\r".utf8))
        // "Café" in Windows-1252, with a curly quote in the title line (0x92) that Latin-1 lacks.
        try write(music + "/Lists/legacy.m3u", Array("#EXTM3U\n#EXTINF:1,Band - Caf".utf8) + [0xe9, 0x92, 0x0a]
                  + Array("../Band/Band - Caf".utf8) + [0xe9] + Array(".wav\n".utf8))
        let indexed = try mixtape.run(["index", music, "-v"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(try titles(playlist("Lists/bom")) == ["One", "Two"])
        #expect(try titles(playlist("Lists/legacy")) == ["Caf\u{e9}"])
        #expect(indexed.stderr.contains("legacy.m3u: not UTF-8; read as Windows-1252"), "\(indexed.stderr)")
    }

    @Test("a playlist file named on its own is a source; edits, new files and removals are picked up")
    func playlistSourceAndChanges() throws {
        try makeMusic()
        try mixtape.run(["index", music])
        let solo = mixtape.folder + "/solo.m3u8"
        try write(solo, "Music/Band/Band - One.wav\nMusic/Band/Band - New.wav\n")
        let indexed = try mixtape.run(["index", solo, "--json"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        var record = try playlist("solo")
        #expect(try titles(record) == ["One"])
        #expect(record["missing"] as? Int == 1)
        #expect(record["source"] as? String == solo)
        // The missing file appears: the next index of its folder resolves the entry.
        try FileManager.default.copyItem(atPath: music + "/Band/Band - Two.wav", toPath: music + "/Band/Band - New.wav")
        try mixtape.run(["index"])
        record = try playlist("solo")
        #expect(try titles(record) == ["One", "New"])
        #expect(record["missing"] as? Int == 0)
        // Nothing changed: nothing re-read, the same answer.
        let again = try mixtape.run(["index", "--json"])
        #expect(again.records.first?["added"] as? Int == 0)
        #expect(try titles(playlist("solo")) == ["One", "New"])
        // Edited, then removed from the folder.
        try write(music + "/Lists/list.m3u8", "../Band/Band - Three.wav\n")
        try mixtape.run(["index"])
        #expect(try titles(playlist("Lists/list")) == ["Three"])
        try write(music + "/Lists/list.m3u8", "../Band/Band - Two.wav\n../Band/Band - Two.wav\n")
        try mixtape.run(["index"])
        #expect(try titles(playlist("Lists/list")) == ["Two", "Two"])
        try FileManager.default.removeItem(atPath: music + "/Lists/list.m3u8")
        try mixtape.run(["index"])
        let listed = try mixtape.run(["playlists", "--json"])
        #expect(!listed.records.contains { $0["path"] as? String == "Lists/list" }, "\(listed.stdout)")
    }

    @Test("an export of a folder, names with # and a byte that is not UTF-8, read back as a playlist file: same items")
    func exportReadBack() throws {
        try makeMusic()
        let tone = music + "/Band/Band - One.wav"
        try FileManager.default.copyItem(atPath: tone, toPath: music + "/Band/Band - No #1.wav")
        // `Band - Caf\xE9.wav`: a Latin-1 name, made from raw bytes.
        let latin = Array((music + "/Band/Band - Caf").utf8) + [0xE9] + Array(".wav".utf8) + [0]
        let copied = latin.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { link(tone, $0.baseAddress!) }
        try #require(copied == 0)
        try mixtape.run(["index", music])
        let all = try mixtape.run(["search", "--json", "--sort", "title"]).records.compactMap { $0["id"] as? String }
        for format in ["m3u8", "pls", "xspf"] {
            let out = music + "/Lists/back.\(format)"
            let exported = try mixtape.run(["export-playlist", "--query", "Band", "-o", out])
            #expect(exported.status == 0, "\(exported.stderr)")
            let indexed = try mixtape.run(["index", music])
            #expect(indexed.status == 0, "\(indexed.stderr)")
            let back = try playlist("Lists/" + (format == "xspf" ? "Search" : "back"))
            #expect(Set(back["items"] as? [String] ?? []) == Set(all), "\(format): \(back)")
            #expect(back["missing"] as? Int == 0, "\(format): \(back)\n\((try? String(contentsOfFile: out, encoding: .utf8)) ?? "")")
            try FileManager.default.removeItem(atPath: out)
        }
    }

    @Test("a playlist file with problems is a warning with file:line, never a failed source")
    func brokenPlaylistIsAWarning() throws {
        try makeMusic()
        try write(music + "/Lists/broken.xspf", """
            <?xml version="1.0"?>
            <playlist><trackList>
            <track><title>no location</title></track>
            <track><location>../Band/Band%20-%20One.wav</location>
            """)
        let indexed = try mixtape.run(["index", music, "-v"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("broken.xspf:3: a track with no <location>"), "\(indexed.stderr)")
        #expect(try titles(playlist("Lists/broken")) == ["One"])
    }

    @Test("every real playlist file indexes beside the media it names, exit 0")
    func realPlaylists() throws {
        guard let shared = MixtapeProcess.shared else {
            print("skipped: ../shared is absent, so the real playlist files are not here")
            return
        }
        let real = shared + "/data/real/playlists"
        let names = try FileManager.default.contentsOfDirectory(atPath: real).sorted()
        let malformed = try FileManager.default.contentsOfDirectory(atPath: real + "/malformed").sorted()
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        for name in names where name != "malformed" { try FileManager.default.copyItem(atPath: real + "/" + name, toPath: music + "/" + name) }
        for name in malformed { try FileManager.default.copyItem(atPath: real + "/malformed/" + name, toPath: music + "/bad-" + name) }
        // Make the media the relative entries name, so they resolve.
        let tone = mixtape.folder + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", tone, "synth", "0.1", "sine", "440"])
        let wpl = try String(contentsOfFile: music + "/conpower_wmp12.wpl", encoding: .utf8)
        let first = try #require(wpl.firstRange(of: "src=\"").map { wpl[$0.upperBound...].prefix { $0 != "\"" } })
        try FileManager.default.copyItem(atPath: tone, toPath: music + "/" + first.replacingOccurrences(of: ".mp3", with: ".wav"))
        try FileManager.default.moveItem(atPath: music + "/" + first.replacingOccurrences(of: ".mp3", with: ".wav"),
                                         toPath: music + "/" + first)
        let indexed = try mixtape.run(["index", music, "--json"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let listed = try mixtape.run(["playlists", "--json"]).records
        let files = Set(listed.compactMap { $0["file"] as? String })
        let expected = (names + malformed.map { "bad-" + $0 }).filter {
            ["m3u", "m3u8", "pls", "xspf", "wpl"].contains(($0 as NSString).pathExtension.lowercased())
        }
        #expect(files == Set(expected.map { music + "/" + $0 }))
        let general = try #require(listed.first { $0["name"] as? String == "General Playlist" })
        #expect((general["items"] as? [String])?.count == 1)
        #expect(general["missing"] as? Int == 60)
    }
}
