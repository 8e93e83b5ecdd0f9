import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal for end-to-end picker tests: a detached tmux session of a fixed size on a
/// server of its own, driven the way a person would drive it (`send-keys`) and read the way a
/// person would read it (`capture-pane`).
///
/// The session runs `mixtape` inside a small shell script that records `stty -g` before and
/// after and the exit status, so a test can check that the picker left the terminal as it
/// found it.
final class TmuxTerminal {
    let socket = "mixtape-test-\(UUID().uuidString.prefix(8))"
    let session = "pick"
    let folder: String
    private(set) var runs = 0

    /// tmux, or nil when it is not installed (scripts/install-deps.sh installs it).
    static let binary: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A session `width`×`height` running an idle shell, with `environment` exported.
    init(folder: String, width: Int = 80, height: Int = 24, environment: [String: String]) throws {
        self.folder = folder
        _ = try #require(TmuxTerminal.binary, "tmux is not installed: sudo apt-get install -y tmux")
        let exports = environment.map { "export \($0.key)=\(TmuxTerminal.quote($0.value))" }.joined(separator: "\n")
        let rc = folder + "/tmux-shell.rc"
        try (exports + "\nPS1='$ '\n").write(toFile: rc, atomically: true, encoding: .utf8)
        try startServer(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(width), "-y", String(height),
                         "bash --noprofile --rcfile \(TmuxTerminal.quote(rc)) -i"])
        try tmux(["set-option", "-t", session, "status", "off"])
        try waitFor { $0.contains("$") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Starts `mixtape ARGUMENTS` in the session; `finish()` waits for it and returns its exit
    /// status and the terminal settings before and after.
    func start(_ binary: String, _ arguments: [String]) throws {
        runs += 1
        let tag = "\(folder)/run\(runs)"
        let command = ([binary] + arguments).map(TmuxTerminal.quote).joined(separator: " ")
        let line = "clear; stty -g > \(tag).before; \(command); echo $? > \(tag).status; stty -g > \(tag).after"
        try tmux(["send-keys", "-t", session, "-l", line])
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    /// The exit status of the last `start`, and whether `stty -g` was the same before and after.
    func finish(timeout: Double = 10) throws -> (status: Int32, sttyRestored: Bool) {
        let tag = "\(folder)/run\(runs)"
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: tag + ".after") || (try? String(contentsOfFile: tag + ".after", encoding: .utf8))?.isEmpty != false {
            guard Date() < deadline else {
                let shown = (try? capture())?.joined(separator: "\n") ?? ""
                Issue.record("mixtape did not exit within \(timeout) s; screen:\n\(shown)")
                return (-1, false)
            }
            usleep(20_000)
        }
        let status = try String(contentsOfFile: tag + ".status", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let before = try String(contentsOfFile: tag + ".before", encoding: .utf8)
        let after = try String(contentsOfFile: tag + ".after", encoding: .utf8)
        return (Int32(status) ?? -1, before == after && !before.isEmpty)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Presses keys by tmux name: `Tab`, `BTab`, `Enter`, `Escape`, `BSpace`, `Down`, `C-t`, `M-a`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends raw bytes to the program as if the terminal had sent them (`send-keys -H`), such
    /// as an SGR mouse report: tmux passes them on untranslated.
    func send(raw text: String) throws {
        try tmux(["send-keys", "-t", session, "-H"] + text.utf8.map { String(format: "%02x", $0) })
    }

    /// A left click (press and release) at 0-based `row` and `column`, as an xterm reports it
    /// in SGR mouse mode; `button` 2 is the right button, 4 adds Shift, 64/65 are wheel steps.
    static func click(row: Int, column: Int, button: Int = 0) -> String {
        let place = "\(button);\(column + 1);\(row + 1)"
        return button >= 64 ? "\u{1b}[<\(place)M" : "\u{1b}[<\(place)M\u{1b}[<\(place)m"
    }

    /// A tmux format variable of the pane, such as `mouse_sgr_flag` (1 while the program in it
    /// asks for SGR mouse reports).
    func paneFlag(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window, which sends the program in it a SIGWINCH.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", String(width), "-y", String(height)])
    }

    /// The screen as text, one string per row (trailing blanks trimmed by tmux).
    func capture() throws -> [String] {
        let result = try tmux(["capture-pane", "-p", "-t", session])
        return result.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Polls the screen until `condition` holds (5 s at most) and returns that screen; records
    /// an issue with the last screen when it never does.
    @discardableResult
    func waitFor(_ what: String = "the expected screen", timeout: Double = 5,
                 _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while !condition(screen) {
            guard Date() < deadline else {
                let shown = screen.joined(separator: "\n")
                Issue.record("timed out waiting for \(what); screen:\n\(shown)")
                return screen
            }
            usleep(20_000)
            screen = try capture()
        }
        return screen
    }

    /// Waits until some row of the screen contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: Double = 5) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Starts the server as a detached process and waits for the client: the server lives on
    /// in the background holding whatever streams it was given, so reading them to the end
    /// (`MixtapeProcess.execute`) would never finish.
    private func startServer(_ arguments: [String]) throws {
        let tmux = try #require(TmuxTerminal.binary)
        let client = try DetachedProcess.spawn(tmux, ["-L", socket] + arguments)
        let status = client.wait(timeout: 30)
        try #require(status == 0, "tmux new-session failed: status \(String(describing: status))")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let tmux = try #require(TmuxTerminal.binary)
        let result = try MixtapeProcess.execute(tmux, ["-L", socket] + arguments)
        if result.status != 0, arguments.first != "kill-server" {
            Issue.record("tmux \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
