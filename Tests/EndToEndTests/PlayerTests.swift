import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 15's trial, replayed: a folder whose file names hold `#`, `%`, `,`, `;`, `?`, an NFD
/// accent, spaces and a Latin-1 byte is indexed, exported in every line and XML format (plain
/// and `--relative`), and each export is opened in VLC, mpv and MPD, started by the test.
@Suite("exports open in real players", .serialized)
struct PlayerTests {
    let mixtape = MixtapeProcess()

    /// The files, as bytes: `Caf\xE9 del Mar.mp3` is not UTF-8 (an old Latin-1 rip).
    static let names: [[UInt8]] = [
        Array("a#b.mp3".utf8), Array("c%41d.mp3".utf8), Array("e,f.mp3".utf8), Array("g;h.mp3".utf8),
        Array("ne\u{301}.mp3".utf8), Array("sp ace.mp3".utf8), Array("q?x.mp3".utf8), Array("plain.mp3".utf8),
        Array("Caf".utf8) + [0xE9] + Array(" del Mar.mp3".utf8),
    ]

    /// The names a plain path cannot carry to VLC, which exports write as `file://` URIs.
    static func needsURI(_ name: [UInt8]) -> Bool {
        name.contains(0x23) || name.contains(0x3f) || name.firstRange(of: Array("%41".utf8)) != nil
            || String(validating: name, as: UTF8.self) == nil
    }

    /// A byte a URI leaves as it is (RFC 3986 unreserved, and `/`).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || "-._~/".utf8.contains(byte)
    }

    var music: String { mixtape.folder + "/Music" }
    var album: String { music + "/Album" }

    /// `Music/Album/<name>` for every name: 0.3 s of silence each, made by sox and lame; the
    /// Latin-1 name is given by `rename(2)`, since no `String` argument can hold it.
    func makeFolder() throws {
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let wav = mixtape.folder + "/silence.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "trim", "0.0", "0.3"])
        for (index, name) in Self.names.enumerated() {
            let made = album + "/made\(index).mp3"
            try MixtapeProcess.tool("lame", ["--quiet", wav, made])
            let target = Array(album.utf8) + [0x2f] + name
            let renamed = (target + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { rename(made, $0.baseAddress!) }
            try #require(renamed == 0, "rename: \(String(cString: strerror(errno)))")
        }
        // VLC runs as `nobody` when the tests run as root: everything must be readable.
        for folder in [mixtape.folder, music, album] { chmod(folder, 0o755) }
    }

    func expected(_ names: [[UInt8]] = PlayerTests.names) -> Set<[UInt8]> {
        Set(names.map { Array(album.utf8) + [0x2f] + $0 })
    }

    /// Indexes the folder and writes `all.<ext>` and `relative.<ext>` into `Music/` for every
    /// format; returns the exports' file names.
    func export() throws -> [String] {
        let indexed = try mixtape.run(["index", music])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        var files: [String] = []
        for format in ["m3u8", "m3u", "pls", "xspf"] {
            for (name, extra) in [("all", [String]()), ("relative", ["--relative"])] {
                let file = "\(name).\(format)"
                let run = try mixtape.run(["export-playlist", "--query", "", "-o", music + "/" + file] + extra)
                try #require(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.contains("\(Self.names.count) entries"), "\(file): \(run.stderr)")
                files.append(file)
            }
        }
        for file in files { chmod(music + "/" + file, 0o644) }
        return files
    }

    @Test("every entry of every export opens in VLC", .enabled(if: Players.haveVLC, "VLC (cvlc) is not installed: not checked"))
    func vlcOpensEveryEntry() throws {
        try makeFolder()
        for file in try export() {
            let played = try Players.vlc(music + "/" + file)
            #expect(Players.shown(expected().subtracting(played.opened)) == [], "\(file): VLC failed \(played.failed)")
            #expect(played.failed.isEmpty, "\(file): VLC failed \(played.failed)")
        }
    }

    /// A cue'd album image exported track by track: VLC opens the image once per track and
    /// starts each at its `INDEX 01` (its log names the start; it logs no stop, so the stop
    /// options are checked in the files by the export tests). VLC plays in real time even to
    /// its dummy output, so the image is 3 s long.
    @Test("CUE tracks exported to m3u8 and xspf start where they start in VLC",
          .enabled(if: Players.haveVLC, "VLC (cvlc) is not installed: not checked"))
    func vlcStartsCueTracksAtTheirIndex() throws {
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", album + "/image.flac", "synth", "3", "sine", "330"])
        try Data("""
            PERFORMER "Image Band"
            TITLE "Image Album"
            FILE "image.flac" WAVE
              TRACK 01 AUDIO
                TITLE "Part One"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Part Two"
                INDEX 01 00:01:15
              TRACK 03 AUDIO
                TITLE "Part Three"
                INDEX 01 00:02:12

            """.utf8).write(to: URL(fileURLWithPath: album + "/image.cue"))
        try #require(try mixtape.run(["index", music]).status == 0)
        for format in ["m3u8", "xspf"] {
            let out = music + "/parts.\(format)"
            let exported = try mixtape.run(["export-playlist", "--query", "'Part", "-o", out])
            #expect(exported.status == 0, "\(exported.stderr)")
            _ = try MixtapeProcess.execute("/bin/chmod", ["-R", "a+rX", mixtape.folder])
            let log = try Players.vlcLog(out).map { String(decoding: $0, as: UTF8.self) }
            let opened = log.filter { $0.contains("image.flac' successfully opened") }.count
            let starts = log.compactMap { line in line.firstRange(of: "starting at time: ").map { String(line[$0.upperBound...]) } }
            #expect(opened == 3, "\(format): VLC opened the image \(opened) times")
            // 1.2 s and 2.16 s: VLC's log shows whole seconds.
            #expect(starts == ["1s", "2s"], "\(format): VLC started at \(starts)")
        }
    }

    @Test("every entry of every M3U and PLS export opens in mpv (mpv reads no XSPF)",
          .enabled(if: Players.haveMPV, "mpv is not installed: not checked"))
    func mpvOpensEveryEntry() throws {
        try makeFolder()
        for file in try export() where !file.hasSuffix(".xspf") {
            let played = try Players.mpv(music + "/" + file)
            #expect(Players.shown(expected().subtracting(played.opened)) == [], "\(file): mpv failed \(played.failed)")
        }
    }

    /// MPD reads a `file://` line without percent-decoding it (it strips the prefix; so does
    /// its current source), so it loads every entry written as a plain path and none written as
    /// a URI; in XSPF, where every location is a URI, it loads only those with nothing encoded.
    /// The test pins that down, so a change on either side is seen.
    @Test("MPD loads every entry written as a plain path", .enabled(if: Players.haveMPD, "mpd or mpc is not installed: not checked"))
    func mpdLoadsThePlainEntries() throws {
        try makeFolder()
        let files = try export()
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        for file in files {
            let loaded = Set(try mpd.load(file).map { Array(music.utf8) + [0x2f] + $0 })
            let plain = Self.names.filter { name in
                file.hasSuffix(".xspf") ? name.allSatisfy(Self.isUnreserved) : !Self.needsURI(name)
            }
            #expect(Players.shown(loaded) == Players.shown(expected(plain)), "\(file)")
        }
    }

    /// `--plain-paths` is the export for MPD: every UTF-8 name written as it is, so MPD loads
    /// every entry but the one whose name is not UTF-8 (a UTF-8 playlist cannot hold its bytes
    /// but as a URI, which MPD does not decode); mpv opens them all too.
    @Test("with --plain-paths MPD loads every entry whose name is UTF-8, plain and --relative",
          .enabled(if: Players.haveMPD, "mpd or mpc is not installed: not checked"))
    func mpdLoadsEveryEntryOfAPlainPathsExport() throws {
        try makeFolder()
        try #require(try mixtape.run(["index", music]).status == 0)
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        let utf8 = Self.names.filter { String(validating: $0, as: UTF8.self) != nil }
        for format in ["m3u8", "m3u", "pls"] {
            for (name, extra) in [("plain", [String]()), ("plain-relative", ["--relative"])] {
                let file = "\(name).\(format)"
                let run = try mixtape.run(["export-playlist", "--query", "", "--plain-paths", "-o", music + "/" + file] + extra)
                try #require(run.status == 0, "\(run.stderr)")
                chmod(music + "/" + file, 0o644)
                let loaded = Set(try mpd.load(file).map { Array(music.utf8) + [0x2f] + $0 })
                #expect(Players.shown(loaded) == Players.shown(expected(utf8)), "\(file)")
                if Players.haveMPV {
                    let played = try Players.mpv(music + "/" + file)
                    #expect(Players.shown(expected().subtracting(played.opened)) == [], "\(file): mpv failed \(played.failed)")
                }
            }
        }
        let xspf = try mixtape.run(["export-playlist", "--query", "", "--plain-paths", "-o", music + "/x.xspf"])
        #expect(xspf.status == 2 && xspf.stderr.contains("--plain-paths applies to m3u8, m3u and pls"), "\(xspf.stderr)")
    }

    @Test("a file name that is not UTF-8 is indexed, shown escaped, and written as a URI")
    func aLatin1NameIsIndexed() throws {
        try makeFolder()
        // A corrupt file with a Latin-1 name, for a warning that names it.
        let bad = Array(album.utf8) + Array("/Bad".utf8) + [0xE9] + Array(".mp3".utf8)
        let fd = (bad + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        try #require(fd >= 0)
        _ = write(fd, "not audio at all", 16)
        close(fd)
        // Its sidecar, named in Latin-1 too, read by its bytes.
        let nfo = Array(album.utf8) + Array("/Caf".utf8) + [0xE9] + Array(" del Mar.nfo".utf8)
        let sidecar = (nfo + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        try #require(sidecar >= 0)
        let xml = Array("<song><album>Sidecar Album</album></song>".utf8)
        _ = write(sidecar, xml, xml.count)
        close(sidecar)
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains(album + "/Bad\\xE9.mp3"), "\(indexed.stderr)")
        let albums = try mixtape.run(["search", "--format", "{title}|{album}", "Caf"])
        #expect(albums.lines == ["Café del Mar|Sidecar Album"], "\(albums.stderr)")
        #expect(!indexed.stderr.contains("not UTF-8"))

        let found = try mixtape.run(["search", "--format", "{title}|{location}", "Caf"])
        #expect(found.lines == ["Café del Mar|" + album + "/Caf\\xE9 del Mar.mp3"])
        let json = try mixtape.run(["search", "--json", "Caf"]).records
        #expect(json.first?["location"] as? String == album + "/Caf\\xE9 del Mar.mp3")
        #expect(json.first?["duration_ms"] as? Int ?? 0 > 200, "TagLib opened the file by its bytes")

        let out = mixtape.folder + "/caf.m3u8"
        let exported = try mixtape.run(["export-playlist", "--query", "Caf", "--missing", "fail", "-o", out])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\nfile://" + album + "/Caf%E9%20del%20Mar.mp3\n"))
    }
}
