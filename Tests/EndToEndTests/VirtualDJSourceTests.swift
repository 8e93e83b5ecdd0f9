import Foundation
import Testing

/// VirtualDJ databases through the built `mixtape`: files written here in both layouts
/// (VirtualDJ 8's `database.xml`, VirtualDJ 7's `VirtualDJ Local Database v6.xml`) map their
/// fields as docs/sources.md says, BPM from seconds (or samples) per beat; a raw control
/// character is a located warning; a malformed file exits 65 located with the index unchanged;
/// a re-export in another order keeps every id; and every real database in
/// ../shared/data/real/virtualdj indexes with one item per `<Song>` and equals the independent
/// Python reading (scripts/read_virtualdj.py) field by field.
@Suite("VirtualDJ sources end to end")
struct VirtualDJSourceTests {
    static let folder = MixtapeProcess.shared.map { $0 + "/data/real/virtualdj" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_virtualdj.py"
    /// The keys the reading maps (json.md); a key absent on one side must be absent or null on the other.
    static let itemKeys = ["id", "title", "artist", "album", "genre", "composer", "remixer", "label", "grouping",
                           "comments", "year", "track_number", "track_count", "rating", "bpm", "musical_key",
                           "duration_ms", "play_count", "bit_rate", "size", "date_added", "play_date", "date_modified",
                           "location", "kind", "source"]

    static var realFiles: [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { folder + "/" + $0 }
    }

    /// A VirtualDJ 8 database: a fully tagged song on a Windows drive, a Mac song with only a
    /// scanned BPM, a song with nothing but its path, and unknown elements and attributes.
    static let version8 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <VirtualDJ_Database Version="8.5">
         <Song FilePath="C:\\Music\\Night Drive\\03 Neon Coast.mp3" FileSize="8421376" Flag="64">
          <Tags Author="The Fictional Band" Title="Neon Coast" Genre="Synthwave" Album="Night Drive" Composer="A. Writer" \
        Remix="Extended Mix" Remixer="DJ Nobody" Label="Imaginary Records" Grouping="Warm-up" Year="20140730" \
        TrackNumber="03/12" Stars="4" Bpm="0.5" Key="Am" Flag="1" Unknown="x" />
          <Infos SongLength="215.512" FirstSeen="1592776233" FirstPlay="1594565963" LastPlay="1595881139" PlayCount="7" \
        Bitrate="320" LastModified="1592776000" Gain="0.7" />
          <Comment>Great &amp; loud</Comment>
          <Scan Version="801" Bpm="0.468750" AltBpm="0.9" Volume="1.0" Key="C" Flag="32768" />
          <Poi Pos="20.77" Type="beatgrid" />
          <Future Thing="ignored"><Nested/></Future>
         </Song>
         <Song FilePath="/Users/sam/Music/Scanned Only.m4a" FileSize="1000">
          <Tags Flag="1" Remix="Club Edit" Year="1999" />
          <Infos SongLength="60" FirstSeen="1121903" />
          <Scan Version="801" Bpm="0.468750" Key="F#m" />
         </Song>
         <Song FilePath="E:/Stems/bare.wav" />
        </VirtualDJ_Database>

        """

    /// A VirtualDJ 7 database: `Display`, lengths and beats in samples at 44.1 kHz, and a raw
    /// backspace (0x08) in a comment, as VirtualDJ wrote one, on line 8.
    static let version7 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <VirtualDJ_Database Version="700">
         <Song FilePath="D:\\Zik\\Old Song.mp3" FileSize="4717538">
          <Display Author="Old Artist" Title="Old Song" Genre="Zouk" Album="                " Year="2003" Color="666415" Tag="1" />
          <Infos SongLength="8820000" FirstSeen="1504131644" LastPlay="1506012208" PlayCount="2" Bitrate="192" />
          <BPM Bpm="22050" Phase="16600" />
          <FAME IsScanned="510" Volume="6943" Key="F#m" />
          <Comment>rip \u{8}</Comment>
         </Song>
         <Song FilePath="D:\\Zik\\Untagged.mp3" FileSize="2432356">
          <Display Color="1293334" Tag="1" />
          <Infos FirstSeen="1503191208" />
         </Song>
        </VirtualDJ_Database>

        """

    static func items(_ scratch: MixtapeProcess) throws -> [String: [String: Any]] {
        try scratch.run(["search", "--json"]).records.reduce(into: [:]) { $0[$1["location"] as? String ?? ""] = $1 }
    }

    @Test("a VirtualDJ 8 database.xml: every field, BPM from seconds per beat, ids virtualdj:")
    func version8Fields() throws {
        let scratch = MixtapeProcess()
        let path = try scratch.write("database.xml", Self.version8)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.items(scratch)
        #expect(items.count == 3, "\(items.keys)")
        let full = try #require(items["C:/Music/Night Drive/03 Neon Coast.mp3"], "\(items.keys)")
        #expect((full["id"] as? String)?.hasPrefix("virtualdj:") == true)
        let expected: [String: Any] = [
            "title": "Neon Coast", "artist": "The Fictional Band", "album": "Night Drive", "genre": "Synthwave",
            "composer": "A. Writer", "remixer": "DJ Nobody", "label": "Imaginary Records", "grouping": "Warm-up",
            "comments": "Great & loud", "year": 2014, "track_number": 3, "track_count": 12, "rating": 80, "bpm": 120,
            "musical_key": "Am", "duration_ms": 215_512, "play_count": 7, "bit_rate": 320, "size": 8_421_376,
            "date_added": "2020-06-21T21:50:33Z", "play_date": "2020-07-27T20:18:59Z",
        ]
        for (key, value) in expected {
            #expect("\(full[key] ?? "absent")" == "\(value)", "\(key): \(full[key] ?? "absent")")
        }
        let scanned = try #require(items["/Users/sam/Music/Scanned Only.m4a"])
        #expect(scanned["bpm"] as? Int == 128)  // 60 / 0.46875
        #expect(scanned["musical_key"] as? String == "F#m")
        #expect(scanned["remixer"] as? String == "Club Edit")
        #expect(scanned["duration_ms"] as? Int == 60_000)
        #expect(scanned["date_added"] == nil, "a FirstSeen that is not Unix seconds is left unknown")
        let bare = try #require(items["E:/Stems/bare.wav"])
        #expect(bare["title"] == nil && bare["size"] == nil && bare["bpm"] == nil)
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "virtualdj")
    }

    @Test("a VirtualDJ 7 database: samples per beat and per song, a raw control character warned at its place")
    func version7Fields() throws {
        let scratch = MixtapeProcess()
        let path = try scratch.write("VirtualDJ Local Database v6.xml", Self.version7)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("VirtualDJ Local Database v6.xml:8:"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("control character"), "\(indexed.stderr)")
        let items = try Self.items(scratch)
        #expect(items.count == 2)
        let song = try #require(items["D:/Zik/Old Song.mp3"], "\(items.keys)")
        #expect(song["bpm"] as? Int == 120)  // 22050 samples a beat at 44.1 kHz
        #expect(song["duration_ms"] as? Int == 200_000)
        #expect(song["musical_key"] as? String == "F#m")
        #expect(song["album"] == nil, "a blank album is unknown")
        #expect(song["comments"] as? String == "rip  ")
        #expect(song["year"] as? Int == 2003)
        #expect(song["play_count"] as? Int == 2)
    }

    @Test("a malformed file (cut, unclosed, an entity) exits 65 located, the index unchanged")
    func malformed() throws {
        let good = Array(Self.version8.utf8)
        let cut = Array(good.prefix(good.count / 2))
        let unclosed = Array(Self.version8.replacing("<Scan Version=\"801\" Bpm=\"0.468750\" Key=\"F#m\" />",
                                                     with: "<Scan Version=\"801\" Bpm=\"0.468750\" Key=\"F#m\">").utf8)
        let entity = Array(Self.version8.replacing("Great &amp; loud", with: "&xxe;").utf8)
        for (label, bad) in [("cut", cut), ("unclosed", unclosed), ("entity", entity)] {
            let scratch = MixtapeProcess()
            let path = try scratch.write("database.xml", good)
            try #require(try scratch.run(["index", path]).status == 0)
            let before = try scratch.snapshot()
            usleep(20_000)
            _ = try scratch.write("database.xml", bad)
            let result = try scratch.run(["index", path])
            #expect(result.status == 65, "\(label): exit \(result.status), stderr: \(result.stderr)")
            #expect(result.stderr.contains(#/database\.xml:\d+:\d+/#), "\(label): \(result.stderr)")
            #expect(try scratch.snapshot() == before, "\(label): the index changed")
        }
    }

    @Test("a re-export with the songs in another order keeps every id")
    func reexportKeepsIDs() throws {
        let scratch = MixtapeProcess()
        let path = try scratch.write("database.xml", Self.version8)
        try #require(try scratch.run(["index", path]).status == 0)
        let before = Set(try scratch.run(["search", "--json"]).records.compactMap { $0["id"] as? String })
        let lines = Self.version8.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.contains("Scanned Only") })
        let last = try #require(lines.firstIndex { $0.contains("bare.wav") })
        let reordered = lines[..<2] + lines[first...last] + lines[2..<first] + lines[(last + 1)...]
        usleep(20_000)
        _ = try scratch.write("database.xml", reordered.joined(separator: "\n"))
        let result = try scratch.run(["index", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.records.first)
        #expect(report["added"] as? Int == 0 && report["removed"] as? Int == 0, "\(report)")
        let after = Set(try scratch.run(["search", "--json"]).records.compactMap { $0["id"] as? String })
        #expect(after == before)
    }

    @Test("Windows paths are found here by relocation, below the folder the database sits in; videos are video")
    func relocation() throws {
        let scratch = MixtapeProcess()
        let album = scratch.folder + "/lib/Music/Artist/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        _ = try scratch.write("lib/Music/Artist/Album/song.mp3", Array(repeating: UInt8(120), count: 100))
        _ = try scratch.write("lib/Music/Artist/Album/clip.mp4", Array(repeating: UInt8(121), count: 50))
        let path = try scratch.write("lib/database.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <VirtualDJ_Database Version="8.5">
             <Song FilePath="C:\\Users\\x\\Music\\Artist\\Album\\song.mp3" FileSize="100"><Tags Title="S"/></Song>
             <Song FilePath="C:\\Users\\x\\Music\\Artist\\Album\\clip.mp4" FileSize="50"><Tags Title="C"/></Song>
            </VirtualDJ_Database>

            """)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.items(scratch)
        #expect(items["C:/Users/x/Music/Artist/Album/song.mp3"]?["path"] as? String == album + "/song.mp3", "\(items)")
        #expect(items["C:/Users/x/Music/Artist/Album/clip.mp4"]?["path"] as? String == album + "/clip.mp4")
        #expect(items["C:/Users/x/Music/Artist/Album/clip.mp4"]?["kind"] as? String == "video")
        #expect(items["C:/Users/x/Music/Artist/Album/song.mp3"]?["kind"] as? String == "music")
    }

    @Test("a History .m3u VirtualDJ wrote (#EXTVDJ lines, Windows paths) names the database's items")
    func historyPlaylist() throws {
        let scratch = MixtapeProcess()
        let database = try scratch.write("database.xml", Self.version8)
        let history = try scratch.write("2024-05-01.m3u", """
            #EXTVDJ:<time>21:19</time><lastplaytime>1714598381</lastplaytime><filesize>8421376</filesize>\
            <artist>The Fictional Band</artist><title>Neon Coast</title>
            C:\\Music\\Night Drive\\03 Neon Coast.mp3
            #EXTVDJ:<time>21:23</time><lastplaytime>1714598600</lastplaytime>
            /Users/sam/Music/Scanned Only.m4a
            #EXTVDJ:<time>21:30</time>
            C:\\Music\\Gone.mp3
            #EXTVDJ:<time>21:34</time><filesize>8421376</filesize><artist>The Fictional Band</artist><title>Neon Coast</title>
            E:\\Old Drive\\renamed neon.mp3
            #EXTVDJ:<time>21:40</time><artist>Nobody</artist><title>Neon Coast</title>
            E:\\Old Drive\\other.mp3

            """)
        try #require(try scratch.run(["index", database, history]).status == 0)
        let ids = try Self.items(scratch).mapValues { $0["id"] as? String ?? "" }
        let playlist = try #require(try scratch.run(["playlists", "--json"]).records.first)
        // The fourth entry's file is nowhere; its #EXTVDJ artist and title name one item. The
        // fifth's artist names none: missing, never guessed by title alone.
        let neon = ids["C:/Music/Night Drive/03 Neon Coast.mp3"] ?? ""
        #expect(playlist["items"] as? [String] == [neon, ids["/Users/sam/Music/Scanned Only.m4a"] ?? "", neon],
                "\(playlist)")
        #expect(playlist["missing"] as? Int == 2)
    }

    @Test("generated databases of both versions equal the Python reading, field by field",
          .enabled(if: TraktorSourceTests.python, "python3 is missing: the generator cannot run"),
          arguments: [[] as [String], ["--legacy"]])
    func generated(_ flags: [String]) throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/database.xml"
        // About 600 KB: songs cut by the ends of libxml2's 256 KB chunks stay whole.
        let generated = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_virtualdj.py", "--tracks", "1200", "--seed", "3",
            "--out", path] + flags)
        try #require(generated.status == 0, "\(generated.stderr)")
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("control character"), "\(indexed.stderr)")
        let reading = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, path])
        try #require(reading.status == 0, "\(reading.stderr)")
        #expect(reading.records.count == 1_200)
        TraktorSourceTests.compare(path, try scratch.run(["search", "--json"]).records, reading.records,
                                   keys: Self.itemKeys, what: "item")
    }

    @Test("every real VirtualDJ database indexes, one item per <Song>",
          .enabled(if: folder != nil, "../shared is absent: real VirtualDJ databases not checked"),
          arguments: realFiles)
    func realFile(_ file: String) throws {
        let scratch = MixtapeProcess()
        let indexed = try scratch.run(["index", file])
        #expect(indexed.status == 0, "\(file): \(indexed.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // The independent count: `<Song ` start tags, every one with a distinct FilePath in these files.
        let songs = bytes.ranges(of: Data("<Song ".utf8)).count
        let items = try scratch.run(["search", "--json"]).records
        #expect(items.count == songs, "\((file as NSString).lastPathComponent): \(items.count) items, \(songs) songs")
        #expect(items.allSatisfy { ($0["id"] as? String)?.hasPrefix("virtualdj:") == true })
        if bytes.contains(0x08) {
            #expect(indexed.stderr.contains("control character"), "\(indexed.stderr)")
        }
    }

    @Test("every real VirtualDJ database equals the Python reading, field by field",
          .enabled(if: folder != nil, "../shared is absent: real VirtualDJ databases not checked"),
          .enabled(if: TraktorSourceTests.python, "python3 is missing: the independent reading cannot run"),
          arguments: realFiles)
    func matchesPython(_ file: String) throws {
        let scratch = MixtapeProcess()
        try #require(try scratch.run(["index", file]).status == 0)
        let reading = try MixtapeProcess.execute("/usr/bin/env", ["python3", Self.script, file])
        try #require(reading.status == 0, "read_virtualdj.py \(file): \(reading.stderr)")
        TraktorSourceTests.compare(file, try scratch.run(["search", "--json"]).records, reading.records,
                                   keys: Self.itemKeys, what: "item")
    }
}

extension Data {
    /// The ranges of every non-overlapping occurrence of `pattern`.
    fileprivate func ranges(of pattern: Data) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = startIndex
        while let range = self[start...].range(of: pattern) {
            found.append(range)
            start = range.upperBound
        }
        return found
    }
}
