import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real players, started by the tests, that say which entries of a playlist they opened. Paths
/// are byte strings throughout: a file name that is not UTF-8 must be compared as it is.
enum Players {
    static func installed(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var haveVLC: Bool { installed("cvlc") != nil && (getuid() != 0 || installed("runuser") != nil) }
    static var haveMPV: Bool { installed("mpv") != nil }
    static var haveMPD: Bool { installed("mpd") != nil && installed("mpc") != nil }

    /// The files VLC opened (absolute paths), and the MRLs it could not open. VLC refuses to
    /// run as root, so as root it runs as `nobody` (the files must be readable by it). Its
    /// `-vv` log names each input's MRL, percent-encoded, with "successfully opened" or "unable
    /// to open"; a line it drops without trying (as it does a line that is not UTF-8) is in
    /// neither list, so callers compare the opened set with the files they expect.
    static func vlc(_ playlist: String) throws -> (opened: Set<[UInt8]>, failed: [String]) {
        var opened: Set<[UInt8]> = []
        var failed: [String] = []
        for line in try vlcLog(playlist) {
            let text = String(decoding: line, as: UTF8.self)
            if let mrl = between(text, "`", "' successfully opened"), mrl.hasPrefix("file://") {
                let path = percentDecode(Array(mrl.utf8.dropFirst(7)))
                if path != Array(playlist.utf8) { opened.insert(path) }
            } else if let mrl = between(text, "unable to open the MRL '", "'") {
                failed.append(mrl)
            }
        }
        return (opened, failed)
    }

    /// VLC's `-vv` log lines of playing `playlist` through (as `nobody` when run as root).
    static func vlcLog(_ playlist: String) throws -> [[UInt8]] {
        var arguments = ["-I", "dummy", "--play-and-exit", "--aout=dummy", "--vout=dummy", "--no-video",
                         "--no-media-library", "-vv", playlist]
        var program = installed("cvlc")!
        if getuid() == 0 {
            arguments = ["-u", "nobody", "--", program] + arguments
            program = installed("runuser")!
        }
        let home = (playlist as NSString).deletingLastPathComponent
        return lines(try runBytes("/usr/bin/timeout", ["60", program] + arguments, environment: ["HOME": home]).stderr)
    }

    /// The files mpv opened (its `-v` log says `Opening done: PATH`, with file URIs decoded
    /// and relative entries joined to the playlist's folder), and the entries it failed.
    static func mpv(_ playlist: String) throws -> (opened: Set<[UInt8]>, failed: [String]) {
        let run = try runBytes("/usr/bin/timeout", ["60", installed("mpv")!, "-v", "--no-config", "--idle=no",
                                                    "--ao=null", "--vo=null", "--no-audio-display", "--end=0.05", playlist])
        var opened: Set<[UInt8]> = []
        var failed: [String] = []
        let done = Array("[cplayer] Opening done: ".utf8), failure = Array("Failed to open ".utf8)
        for line in lines(run.stdout + run.stderr) {
            if line.starts(with: done) {
                let path = normalised(Array(line.dropFirst(done.count)))
                if path != Array(playlist.utf8) { opened.insert(path) }
            } else if line.starts(with: failure) {
                failed.append(String(decoding: line, as: UTF8.self))
            }
        }
        return (opened, failed)
    }

    /// A scratch MPD on `music` (a null output, a unix socket, its own db and playlists), for
    /// `load`ing the playlists inside `music` and listing what it loaded.
    final class MPD {
        let folder: String
        let socket: String
        private let process = Process()

        /// With `port`, MPD also listens on 127.0.0.1:`port` (TCP: not a local client).
        init(music: String, scratch: String, port: Int? = nil) throws {
            folder = scratch
            socket = scratch + "/socket"
            try FileManager.default.createDirectory(atPath: scratch + "/playlists", withIntermediateDirectories: true)
            let config = """
                music_directory "\(music)"
                playlist_directory "\(scratch)/playlists"
                db_file "\(scratch)/db"
                log_file "\(scratch)/log"
                state_file "\(scratch)/state"
                bind_to_address "\(socket)"
                \(port.map { "bind_to_address \"127.0.0.1\"\nport \"\($0)\"" } ?? "")
                zeroconf_enabled "no"
                audio_output {
                  type "null"
                  name "null"
                }

                """
            try config.write(toFile: scratch + "/mpd.conf", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: Players.installed("mpd")!)
            process.arguments = ["--no-daemon", scratch + "/mpd.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Its socket appears once it listens; give up after 10 s.
            for _ in 0..<1000 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
            try #require(FileManager.default.fileExists(atPath: socket), "MPD did not start: see \(scratch)/log")
            // The socket file exists from bind(), a moment before MPD listens on it: on a busy
            // machine the first connection can be refused, so ask until MPD answers (10 s).
            var answered = try mpc(["status"])
            for _ in 0..<100 where answered.status != 0 {
                usleep(100_000)
                answered = try mpc(["status"])
            }
            try #require(answered.status == 0, "MPD does not answer: \(String(decoding: answered.stderr, as: UTF8.self))")
            let update = try mpc(["update", "--wait"])
            try #require(update.status == 0, "mpc update: \(String(decoding: update.stderr, as: UTF8.self))")
        }

        /// The songs (paths below the music folder) MPD put in its queue from `playlist`, a
        /// path below the music folder.
        func load(_ playlist: String) throws -> Set<[UInt8]> {
            _ = try mpc(["clear"])
            _ = try mpc(["load", playlist])
            return Set(Players.lines(try mpc(["-f", "%file%", "playlist"]).stdout))
        }

        func mpc(_ arguments: [String]) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
            try Players.runBytes(Players.installed("mpc")!, ["-q"] + arguments, environment: ["MPD_HOST": socket])
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Runs a program, its output as bytes (a name that is not UTF-8 must survive), with
    /// `environment` added to this process's.
    static func runBytes(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        return try MixtapeProcess.executeBytes(program, arguments, environment: env)
    }

    /// Paths for a failure message, sorted, with each byte that is not UTF-8 as `\xE9`.
    static func shown(_ paths: Set<[UInt8]>) -> [String] {
        paths.map { path in
            String(validating: path, as: UTF8.self)
                ?? path.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
        }.sorted()
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0a, omittingEmptySubsequences: true).map(Array.init)
    }

    /// `/a/./b` → `/a/b`, as mpv prints a relative entry joined to the playlist's folder.
    static func normalised(_ path: [UInt8]) -> [UInt8] {
        var out = path
        while let range = out.firstRange(of: Array("/./".utf8)) { out.replaceSubrange(range, with: [0x2f]) }
        return out
    }

    static func percentDecode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16) {
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }
}
