import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The picker's listening keys (spec/picker.md, "Listening while picking") in a real terminal
/// (tmux) against a real mpv: `play` reaches mpv while typing goes on, `enqueue` appends,
/// `stop` stops, leaving the picker leaves mpv playing, and a missing player is one line on the
/// screen, not a crash.
@Suite("picker plays through a real player", .serialized)
struct PickerPlayTests {
    let mixtape = MixtapeProcess()
    var album: String { mixtape.folder + "/Music/Album" }
    var runtime: String { mixtape.folder + "/run" }

    init() throws {
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        for name in ["alpha", "bravo", "charlie"] {
            try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", album + "/\(name).wav", "trim", "0", "30"])
        }
        let indexed = try mixtape.run(["index", mixtape.folder + "/Music"])
        try #require(indexed.status == 0, "\(indexed.stderr)")
    }

    func terminal(path: String? = nil) throws -> TmuxTerminal {
        var environment = ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1", "LANG": "C.UTF-8",
                           "XDG_CONFIG_HOME": mixtape.configHome, "XDG_RUNTIME_DIR": runtime]
        if let path { environment["PATH"] = path }
        return try TmuxTerminal(folder: mixtape.folder, width: 100, height: 20, environment: environment)
    }

    /// Polls mpv's playlist until it is `expected` (10 s at most); the last one seen.
    func playlist(_ mpv: TestMPV, becomes expected: [String]) throws -> [String] {
        var seen = try mpv.playlist()
        for _ in 0..<500 where seen != expected {
            usleep(20_000)
            seen = try mpv.playlist()
        }
        return seen
    }

    @Test("play, enqueue and stop reach mpv while typing goes on; leaving the picker leaves mpv as it is",
          .enabled(if: Players.haveMPV && TmuxTerminal.binary != nil, "mpv or tmux is not installed"))
    func playEnqueueStop() throws {
        let mpv = try TestMPV(runtime: runtime)
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "title:=bravo"])
        // The row, not just the query line: `play` acts on the item under the cursor.
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- bravo -") } }
        try tmux.press("M-p")
        // Typing goes on at once: the query line shows what was typed while mpv loads.
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("charlie")
        try tmux.waitFor(text: "title:=charlie")
        #expect(try playlist(mpv, becomes: [album + "/bravo.wav"]) == [album + "/bravo.wav"])
        try tmux.waitFor("the player's status line") { $0.contains { $0.contains("mpv: ▶ bravo") } }
        // `play` on another item replaces it (audition); `enqueue` appends the cursor item.
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- charlie -") } }
        try tmux.press("M-p")
        #expect(try playlist(mpv, becomes: [album + "/charlie.wav"]) == [album + "/charlie.wav"])
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("alpha")
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- alpha -") } }
        try tmux.press("M-e")
        let both = [album + "/charlie.wav", album + "/alpha.wav"]
        #expect(try playlist(mpv, becomes: both) == both)
        try tmux.waitFor("the enqueue status") { $0.contains { $0.contains("mpv: + alpha queued") } }
        try tmux.press("M-x")
        #expect(try playlist(mpv, becomes: []) == [])
        try tmux.waitFor("the stop status") { $0.contains { $0.contains("mpv: stopped") } }
        // Play again, then leave: mpv keeps its playlist.
        try tmux.press("M-p")
        #expect(try playlist(mpv, becomes: [album + "/alpha.wav"]) == [album + "/alpha.wav"])
        try tmux.press("Escape")
        let (status, restored) = try tmux.finish()
        #expect(status == 130)
        #expect(restored)
        #expect(try mpv.playlist() == [album + "/alpha.wav"])
    }

    @Test("a missing player is one line in the picker, which goes on",
          .enabled(if: TmuxTerminal.binary != nil, "tmux is not installed"))
    func missingPlayer() throws {
        // No mpv on PATH and none listening: PATH holds only what the session's shell line uses.
        let bin = mixtape.folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for tool in ["clear", "stty"] {
            try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
        }
        let tmux = try terminal(path: bin)
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "title:=alpha"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- alpha -") } }
        try tmux.press("M-p")
        try tmux.waitFor("the missing-player line") { $0.contains { $0.contains("mpv is not installed") } }
        try tmux.type(" bravo")
        try tmux.waitFor(text: "title:=alpha bravo")
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    @Test("a [players.NAME] command runs in the background from the picker: the next play replaces it, stop ends it",
          .enabled(if: TmuxTerminal.binary != nil, "tmux is not installed"))
    func commandPlayerInTheBackground() throws {
        // The "player" records its arguments and pid, then plays for a long while.
        let script = mixtape.folder + "/player.sh"
        try Data("#!/bin/sh\necho \"$$ $*\" >> '\(mixtape.folder)/played.txt'\nexec sleep 300\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try Data("[play]\nplayer = \"box\"\n\n[players.box]\ncommand = [\"\(script)\"]\n".utf8)
            .write(to: URL(fileURLWithPath: mixtape.configHome + "/mixtape/config.toml"))
        func played() -> [(pid: pid_t, path: String)] {
            let text = (try? String(contentsOfFile: mixtape.folder + "/played.txt", encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { line in
                (pid_t(line.prefix { $0 != " " }) ?? 0, String(line.drop { $0 != " " }.dropFirst()))
            }
        }
        func running(_ pid: pid_t) -> Bool {
            // A zombie (ended, not yet reaped) counts as ended.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ")
        }
        func waitUntil(_ condition: () -> Bool) { for _ in 0..<500 where !condition() { usleep(20_000) } }

        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "title:=alpha"])
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- alpha -") } }
        try tmux.press("M-p")
        waitUntil { played().count == 1 }
        let first = try #require(played().first)
        #expect(first.path == album + "/alpha.wav")
        #expect(running(first.pid))
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("bravo")
        try tmux.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains("- bravo -") } }
        try tmux.press("M-p")
        waitUntil { played().count == 2 && !running(first.pid) }
        #expect(!running(first.pid), "the first player still runs")
        let second = try #require(played().last)
        #expect(second.path == album + "/bravo.wav")
        try tmux.press("M-x")
        waitUntil { !running(second.pid) }
        #expect(!running(second.pid), "stop left the player running")
        try tmux.waitFor("the stop status") { $0.contains { $0.contains("box: stopped") } }
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
        if running(second.pid) { kill(second.pid, SIGKILL) }
    }
}
