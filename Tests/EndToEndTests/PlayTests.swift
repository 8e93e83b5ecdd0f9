import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mixtape play` against real players started by the tests (spec/cli.md `play`): mpv through
/// its IPC socket, MPD with a scratch config, VLC through its rc socket, a `[players.NAME]`
/// command, and exit 69 when the player is missing or unreachable. Each test asks the player
/// itself what it holds after each mode.
@Suite("play hands items to real players", .serialized)
struct PlayTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }
    var album: String { music + "/Album" }
    /// `$XDG_RUNTIME_DIR` of every run: the mpv and VLC sockets go in `run/mixtape/`.
    var runtime: String { mixtape.folder + "/run" }

    /// `Music/Album/{a,b,c,d}.wav` (30 s of silence each) and `mix.wav` with a cue sheet of
    /// three tracks (First 0–10 s, Second 10–20 s, Third 20 s–end), indexed.
    init() throws {
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        for name in ["a", "b", "c", "d", "mix"] {
            try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", album + "/\(name).wav", "trim", "0", "30"])
        }
        try Data("""
            FILE "mix.wav" WAVE
              TRACK 01 AUDIO
                TITLE "First"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Second"
                INDEX 01 00:10:00
              TRACK 03 AUDIO
                TITLE "Third"
                INDEX 01 00:20:00

            """.utf8).write(to: URL(fileURLWithPath: album + "/mix.cue"))
        let indexed = try mixtape.run(["index", music])
        try #require(indexed.status == 0, "\(indexed.stderr)")
    }

    func play(_ arguments: [String], environment: [String: String] = [:]) throws -> MixtapeProcess.Result {
        var env = ["XDG_RUNTIME_DIR": runtime]
        for (key, value) in environment { env[key] = value }
        return try mixtape.run(["play"] + arguments, environment: env)
    }

    /// Plays and requires exit 0.
    func played(_ arguments: [String], environment: [String: String] = [:]) throws {
        let run = try play(arguments, environment: environment)
        try #require(run.status == 0, "play \(arguments): \(run.stderr)")
    }

    func id(_ title: String) throws -> String {
        try #require(try mixtape.run(["search", "--json", "title:=" + title]).records.first?["id"] as? String)
    }

    func file(_ name: String) -> String { album + "/" + name + ".wav" }

    // MARK: mpv

    @Test("mpv: the selection in order, then --enqueue, --next, a replace, and a cue track's range",
          .enabled(if: Players.haveMPV, "mpv is not installed: scripts/install-deps.sh installs it"))
    func mpvModes() throws {
        let mpv = try TestMPV(runtime: runtime)
        try mixtape.run(["select", "add", "--id", try id("c"), try id("a")])
        try played(["--selection"])
        #expect(try mpv.playlist() == [file("c"), file("a")])
        try played(["--enqueue", "title:=b"])
        #expect(try mpv.playlist() == [file("c"), file("a"), file("b")])
        // c is current (mpv is paused on it): d goes right after it.
        try played(["--next", "title:=d"])
        #expect(try mpv.playlist() == [file("c"), file("d"), file("a"), file("b")])
        try played(["--player", "mpv", "--replace", "title:=b"])
        #expect(try mpv.playlist() == [file("b")])

        try played(["title:=Second"])
        #expect(try mpv.playlist() == [file("mix")])
        // Per-file options apply once the file is loaded.
        for _ in 0..<1000 where try mpv.command(["get_property", "path"]) as? String != file("mix") { usleep(10_000) }
        #expect(try mpv.command(["get_property", "file-local-options/start"]) as? String == "10")
        #expect(try mpv.command(["get_property", "file-local-options/end"]) as? String == "20")
    }

    @Test("mpv: started by play, detached in a session of its own, and reused by the next play",
          .enabled(if: Players.haveMPV, "mpv is not installed: scripts/install-deps.sh installs it"))
    func mpvStartedAndReused() throws {
        // mpv reads `MPV_HOME/mpv.conf`: silent output, as the user's own mpv.conf would set it.
        let home = mixtape.folder + "/mpv"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Data("ao=null\nvo=null\npause=yes\n".utf8).write(to: URL(fileURLWithPath: home + "/mpv.conf"))
        try played(["title:=a"], environment: ["MPV_HOME": home])
        let socket = runtime + "/mixtape/mpv.sock"
        let pid = try #require(try TestMPV.command(socket, ["get_property", "pid"]) as? Int)
        defer { kill(pid_t(pid), SIGTERM) }
        #expect(try TestMPV.playlist(socket) == [file("a")])
        // Its own session: no terminal of ours reaches it (field 6 of /proc/PID/stat).
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        #expect(fields[3] == "\(pid)", "session \(fields[3]), not its own")
        try played(["--enqueue", "title:=b"], environment: ["MPV_HOME": home])
        #expect(try TestMPV.command(socket, ["get_property", "pid"]) as? Int == pid)
        #expect(try TestMPV.playlist(socket) == [file("a"), file("b")])
        _ = try TestMPV.command(socket, ["quit"])
    }

    @Test("a missing mpv exits 69 and says what to install")
    func missingPlayer() throws {
        let run = try play(["title:=a"], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 69)
        #expect(run.stderr.contains("mpv is not installed"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install mpv"), "\(run.stderr)")
        let unreachable = try play(["--player", "mpd", "title:=a"], environment: ["MPD_HOST": mixtape.folder + "/no-mpd.socket"])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("cannot reach MPD at \(mixtape.folder)/no-mpd.socket"), "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("start mpd"), "\(unreachable.stderr)")
    }

    @Test("nothing to play leaves the player alone and exits 1; an unknown player is a usage error")
    func nothingToPlay() throws {
        let run = try play(["title:=nothing-has-this-title"], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("nothing to play"), "\(run.stderr)")
        let unknown = try play(["--player", "winamp", "title:=a"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no player \"winamp\""), "\(unknown.stderr)")
    }

    // MARK: MPD

    /// MPD's queue as (file, range) pairs, from `playlistinfo`.
    func queue(_ mpd: Players.MPD) throws -> [String] {
        let socket = try PlayerSocket(mpd.socket)
        _ = socket.readLine()
        socket.send("playlistinfo")
        let lines = try #require(socket.lines { $0 == "OK" || $0.hasPrefix("ACK") })
        var songs: [String] = []
        for line in lines {
            if line.hasPrefix("file: ") { songs.append(String(line.dropFirst(6))) }
            if line.hasPrefix("Range: ") { songs[songs.count - 1] += " " + line.dropFirst(7) }
        }
        return songs
    }

    @Test("MPD: the selection in order, then --enqueue, --next, a cue track's range, and a file outside its music directory",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdModes() throws {
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd")
        let env = ["MPD_HOST": mpd.socket]
        try mixtape.run(["select", "add", "--id", try id("c"), try id("a")])
        try played(["--player", "mpd"], environment: env)
        #expect(try queue(mpd) == ["Album/c.wav", "Album/a.wav"])
        _ = try mpd.mpc(["pause"])
        try played(["--player", "mpd", "--enqueue", "title:=b"], environment: env)
        #expect(try queue(mpd) == ["Album/c.wav", "Album/a.wav", "Album/b.wav"])
        try played(["--player", "mpd", "--next", "title:=d"], environment: env)
        #expect(try queue(mpd) == ["Album/c.wav", "Album/d.wav", "Album/a.wav", "Album/b.wav"])
        try played(["--player", "mpd", "title:=Second"], environment: env)
        #expect(try queue(mpd) == ["Album/mix.wav 10.000-20.000"])

        // A file outside the music directory goes by its absolute path over the local socket.
        let elsewhere = mixtape.folder + "/Elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", elsewhere + "/far.wav", "trim", "0", "30"])
        try mixtape.run(["index", elsewhere])
        try played(["--player", "mpd", "--enqueue", "title:=far"], environment: env)
        #expect(try queue(mpd) == ["Album/mix.wav 10.000-20.000", elsewhere + "/far.wav"])
    }

    @Test("MPD: --map-prefix rewrites the indexed paths before they are made relative to MPD's music directory",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdMapPrefix() throws {
        // MPD's music directory is a second copy of the album, reached only through the mapping.
        let copy = mixtape.folder + "/Copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: album, toPath: copy + "/Album")
        let mpd = try Players.MPD(music: copy, scratch: mixtape.folder + "/mpd")
        try played(["--player", "mpd", "--map-prefix", music + "=" + copy, "title:=b"], environment: ["MPD_HOST": mpd.socket])
        #expect(try queue(mpd) == ["Album/b.wav"])
    }

    /// A TCP port nothing listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0 }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("MPD over TCP: the music directory from MPD's config file (MPD tells only local clients), a file outside it left out",
          .enabled(if: Players.haveMPD, "MPD is not installed: scripts/install-deps.sh installs it"))
    func mpdOverTCP() throws {
        let port = try Self.freePort()
        let mpd = try Players.MPD(music: music, scratch: mixtape.folder + "/mpd", port: port)
        // Where MPD itself looks first: $XDG_CONFIG_HOME/mpd/mpd.conf.
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mpd", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: mpd.folder + "/mpd.conf", toPath: mixtape.configHome + "/mpd/mpd.conf")
        let elsewhere = mixtape.folder + "/Elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", elsewhere + "/far.wav", "trim", "0", "30"])
        try mixtape.run(["index", elsewhere])
        try mixtape.run(["select", "add", "--id", try id("far"), try id("c")])
        let run = try play(["--player", "mpd"], environment: ["MPD_HOST": "127.0.0.1", "MPD_PORT": String(port)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 outside MPD's music directory (\(music))"), "\(run.stderr)")
        #expect(try queue(mpd) == ["Album/c.wav"])
    }

    // MARK: VLC

    @Test("VLC: one instance started by play (as a user other than root), replaced then enqueued, through its rc socket",
          .enabled(if: Players.haveVLC, "VLC is not installed: scripts/install-deps.sh installs it"),
          .enabled(if: MixtapeProcess.otherUserCanRunBinary,
                   "nobody cannot reach the built mixtape (a clone in a private folder): play into VLC not checked"))
    func vlcModes() throws {
        // VLC refuses root: as root, mixtape (and so VLC) runs as `nobody`, which must own the
        // scratch folder (the index is opened for writing).
        var prefix: [String] = []
        if getuid() == 0 {
            try #require(MixtapeProcess.execute("/bin/chown", ["-R", "nobody", mixtape.folder]).status == 0)
            chmod(mixtape.folder, 0o755)
            prefix = [try #require(Players.installed("runuser")), "-u", "nobody", "--"]
        }
        let home = mixtape.folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        if getuid() == 0 { _ = try MixtapeProcess.execute("/bin/chown", ["nobody", home]) }
        func vlc(_ arguments: [String]) throws {
            let env = ["/usr/bin/env", "MIXTAPE_LIBRARY=" + mixtape.library, "XDG_CONFIG_HOME=" + mixtape.configHome,
                       "XDG_RUNTIME_DIR=" + runtime, "HOME=" + home, "NO_COLOR=1"]
            let argv = prefix + env + [MixtapeProcess.binary, "play", "--player", "vlc"] + arguments
            let run = try MixtapeProcess.execute(argv[0], Array(argv.dropFirst()))
            try #require(run.status == 0, "play \(arguments): \(run.stderr)")
        }
        try vlc(["title:=c"])
        let socket = runtime + "/mixtape/vlc.sock"
        defer { if let rc = PlayerSocket(connecting: socket) { rc.send("quit"); _ = rc.readLine() } }
        func playlist() throws -> [String] {
            let rc = try PlayerSocket(socket)
            rc.send("playlist")
            let lines = try #require(rc.lines { $0.hasPrefix("playlist: returned") })
            // `|  - c.wav (00:30)` under `|- Playlist`, before `|- Media Library`.
            return lines.prefix { !$0.contains("Media Library") }.compactMap { line in
                guard let dash = line.range(of: "|  - ") else { return nil }
                return String(line[dash.upperBound...].prefix { $0 != " " })
            }
        }
        var listed = try playlist()
        #expect(listed == ["c.wav"])
        try vlc(["--enqueue", "title:=a"])
        try vlc(["--enqueue", "title:=b"])
        listed = try playlist()
        #expect(listed == ["c.wav", "a.wav", "b.wav"])
        try vlc(["--replace", "title:=Second"])
        listed = try playlist()
        #expect(listed == ["mix.wav"])
        // `:start-time=10 :stop-time=20`: VLC's clock starts at 10 s into the file.
        let rc = try PlayerSocket(socket)
        var seconds: Int?
        for _ in 0..<500 where (seconds ?? 0) == 0 {
            rc.send("get_time")
            seconds = rc.lines { Int($0) != nil }?.last.flatMap { Int($0) }
            usleep(20_000)
        }
        #expect((10..<20).contains(seconds ?? -1), "VLC's time: \(String(describing: seconds))")
    }

    // MARK: [players.NAME]

    @Test("a [players.NAME] command gets the files in place of {files}, in order; --enqueue is a usage error")
    func commandPlayer() throws {
        let script = mixtape.folder + "/record.sh"
        let record = mixtape.folder + "/arguments.txt"
        try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record)'\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data("""
            [play]
            player = "recorder"

            [players.recorder]
            command = ["\(script)", "--first", "{files}", "--last"]

            """.utf8).write(to: URL(fileURLWithPath: mixtape.configHome + "/mixtape/config.toml"))
        try mixtape.run(["select", "add", "--id", try id("d"), try id("b")])
        try played([])
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        #expect(recorded == ["--first", file("d"), file("b"), "--last"].joined(separator: "\n") + "\n")
        // --shuffle hands over the same entries in another order (one order in 5,040 is
        // the unshuffled one; twenty tries all giving it would be no shuffle at all).
        try played(["--player", "recorder", ""])
        let ordered = try String(contentsOfFile: record, encoding: .utf8)
        var shuffled = ordered
        for _ in 0..<20 where shuffled == ordered {
            try played(["--shuffle", ""])
            shuffled = try String(contentsOfFile: record, encoding: .utf8)
        }
        #expect(shuffled != ordered)
        #expect(shuffled.split(separator: "\n").sorted() == ordered.split(separator: "\n").sorted())
        // Tab after --player offers it beside the built-in ones.
        let completed = try mixtape.run(["---completion", "play", "--", "--player", "0", "0", ""])
        #expect(completed.lines == ["mpv", "mpd", "vlc", "recorder"])
        let enqueue = try play(["--enqueue"])
        #expect(enqueue.status == 2)
        #expect(enqueue.stderr.contains("players.recorder is a command"), "\(enqueue.stderr)")
    }

    @Test("a [players.NAME] table that cannot work is a config error with its line", arguments: [
        ("[players.mpv]\ncommand = [\"mpv\"]\n", ":1: mpv is built in"),
        ("[players.x]\n\ncommand = [\"prog\", \"--files={files}\"]\n", ":3: {files} must be an argument of its own"),
        ("[players.x]\ncommand = []\n", ":2: command needs at least the program"),
        ("[play]\nplayer = \"nope\"\n", ":2: player \"nope\" is not one of mpv, mpd, vlc"),
    ])
    func badPlayerTable(config: String, message: String) throws {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: mixtape.configHome + "/mixtape/config.toml"))
        let run = try play(["title:=a"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("config.toml" + message), "\(run.stderr)")
    }
}
