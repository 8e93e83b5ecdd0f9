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
}
