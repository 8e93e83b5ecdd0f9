import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 30, "nothing a file name, a tag or a mount can do gets through": `play` against a real
/// MPD with hostile file names and queues past its command-list limit, and playlists naming
/// devices, FIFOs and kernel files. (A tag in a picker command: `PickerKeyTests`.)
@Suite("play: no file name or playlist entry gets through to the player", .serialized)
struct PlaySafetyTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }
    var album: String { music + "/Album" }
    static let hostile = "z\ncommand_list_end\nsave INJECTED\nrm keepme\ncommand_list_ok_begin\n.wav"

    /// `Music/Album/{a,b,c}.wav` (one second of silence each).
    init() throws {
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try sound(album + "/\(name).wav") }
    }

    func sound(_ path: String) throws {
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", path, "trim", "0", "1"])
    }

    func index() throws {
        let indexed = try mixtape.run(["index", music])
        try #require(indexed.status == 0, "\(indexed.stderr)")
    }

    func id(location suffix: String) throws -> String {
        let records = try mixtape.run(["search", "--json"]).records
        return try #require(records.first { ($0["location"] as? String)?.hasSuffix(suffix) == true }?["id"] as? String)
    }

    /// MPD's queue, as paths below its music directory.
    func queue(_ mpd: Players.MPD) throws -> [String] {
        Players.lines(try mpd.mpc(["-f", "%file%", "playlist"]).stdout).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("MPD: a file name with line breaks is left out with a warning, and runs no command of its own",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdHostileName() throws {
        try sound(album + "/" + Self.hostile)
        try index()
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        _ = try mpd.mpc(["add", "Album/a.wav"])
        try #require(try mpd.mpc(["save", "keepme"]).status == 0)
        _ = try mpd.mpc(["clear"])
        try mixtape.run(["select", "add", "--id", try id(location: "command_list_ok_begin\n.wav"), try id(location: "/c.wav")])
        let run = try mixtape.run(["play", "--player", "mpd", "--enqueue"], environment: ["MPD_HOST": mpd.socket])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 left out: a line break in the name"), "\(run.stderr)")
        #expect(run.stderr.contains(#"z\ncommand_list_end\nsave INJECTED"#), "the name is shown on one line: \(run.stderr)")
        // What MPD took, not what it was asked for.
        #expect(run.stderr.contains("mpd: 1 entry added to the queue"), "\(run.stderr)")
        #expect(try queue(mpd) == ["Album/c.wav"])
        let stored = Set(Players.lines(try mpd.mpc(["lsplaylists"]).stdout).map { String(decoding: $0, as: UTF8.self) })
        #expect(stored == ["keepme"], "MPD's stored playlists after play: \(stored)")
    }

    /// 10,000 songs of 250-byte paths: 2.6 MB of `addid` lines, past MPD's 2 MiB
    /// `max_command_list_size`, which used to drop the connection after `clear` had emptied
    /// the queue (and kill `play` with SIGPIPE).
    @Test("MPD: a queue larger than one command list MPD accepts is played whole",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdLargeQueue() throws {
        let long = String(repeating: "long-name-", count: 24) + ".wav"
        try sound(album + "/" + long)
        let line = "Album/" + long + "\n"
        try Data(String(repeating: line, count: 10_000).utf8).write(to: URL(fileURLWithPath: music + "/big.m3u"))
        try index()
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        _ = try mpd.mpc(["add", "Album/a.wav"])
        let run = try mixtape.run(["play", "--player", "mpd", "--playlist", "big"], environment: ["MPD_HOST": mpd.socket])
        #expect(run.status == 0, "\(run.stderr)")
        let songs = try queue(mpd)
        #expect(songs.count == 10_000 && songs.allSatisfy { $0 == "Album/" + long }, "\(songs.count) songs, first \(songs.first ?? "none")")
    }

    /// Songs MPD refuses (a file its database lacks: no `mpc update` since) leave the queue as
    /// it was, for `--replace` too: the songs added before the refusal are taken out again,
    /// and the old ones were never removed.
    @Test("MPD: when MPD refuses a song, the queue stays as it was",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdQueueUnchangedOnFailure() throws {
        try index()
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        _ = try mpd.mpc(["add", "Album/a.wav", "Album/b.wav"])
        try sound(album + "/new.wav")
        try index()
        try mixtape.run(["select", "add", "--id", try id(location: "/c.wav"), try id(location: "/new.wav")])
        for mode in ["--replace", "--enqueue", "--next"] {
            let run = try mixtape.run(["play", "--player", "mpd", mode], environment: ["MPD_HOST": mpd.socket])
            #expect(run.status == 69, "\(mode): \(run.stderr)")
            #expect(run.stderr.contains("mpc update"), "\(mode): \(run.stderr)")
            #expect(try queue(mpd) == ["Album/a.wav", "Album/b.wav"], "\(mode)")
        }
    }

    /// A playlist naming a device, a FIFO, a kernel file and a folder: `play` hands the player
    /// only the music file and names each of the others in a warning; `export-playlist` lists
    /// them, with the same warnings.
    @Test("play skips entries that are not regular files, and export warns about them")
    func notFiles() throws {
        let elsewhere = mixtape.folder + "/Elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let fifo = elsewhere + "/fifo.wav"
        try #require(mkfifo(fifo, 0o644) == 0)
        let entries = ["/dev/zero", fifo, "/proc/self/environ", elsewhere, album + "/c.wav"]
        try Data(entries.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: music + "/odd.m3u"))
        try index()
        let record = mixtape.folder + "/arguments.txt"
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data("""
            [players.recorder]
            command = ["sh", "-c", "printf '%s\\\\n' \\"$@\\" > '\(record)'", "sh", "{files}"]

            """.utf8).write(to: URL(fileURLWithPath: mixtape.configHome + "/mixtape/config.toml"))
        let run = try mixtape.run(["play", "--player", "recorder", "--playlist", "odd"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == album + "/c.wav\n")
        for (path, what) in [("/dev/zero", "a device"), (fifo, "a FIFO"), ("/proc/self/environ", "a kernel file"), (elsewhere, "a folder")] {
            #expect(run.stderr.contains("not played: \(path) is \(what)"), "\(path): \(run.stderr)")
        }
        let export = try mixtape.run(["export-playlist", "--playlist", "odd", "-o", "-", "--format", "m3u"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 5, "\(export.stdout)")
        #expect(export.stderr.contains("\(fifo) is a FIFO"), "\(export.stderr)")
        #expect(export.stderr.contains("/dev/zero is a device"), "\(export.stderr)")
    }
}
