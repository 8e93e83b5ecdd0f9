import Foundation
import Testing

/// Every key of picker.md's table and each fzf 0.38 default it names, the mouse, the help
/// screen and `[pick.keys]` (with `execute:` and `become:`), in a real terminal (tmux), each
/// checked on the screen or in the outcome.
@Suite("Picker keys and mouse end to end in tmux", .serialized)
struct PickerKeyTests {
    let mixtape = MixtapeProcess()

    init() throws {
        try mixtape.run(["index", MixtapeProcess.sample("Library.xml"), MixtapeProcess.sample("Wide.xml")])
    }

    func ids(_ query: String = "") throws -> [String] {
        try mixtape.run(["search", "--json", query]).records.compactMap { $0["id"] as? String }
    }

    func selection() throws -> [String] {
        try mixtape.run(["select", "list", "--json"]).records.compactMap { $0["id"] as? String }
    }

    func terminal(width: Int = 80, height: Int = 24) throws -> TmuxTerminal {
        try TmuxTerminal(folder: mixtape.folder, width: width, height: height,
                         environment: ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1", "LANG": "C.UTF-8",
                                       "XDG_CONFIG_HOME": mixtape.configHome])
    }

    func writeConfig(_ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        let path = mixtape.configHome + "/mixtape/config.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until the query line reads `> query` (tmux trims trailing blanks).
    @discardableResult
    func waitForQuery(_ tmux: TmuxTerminal, _ query: String) throws -> [String] {
        let line = String("> \(query)".reversed().drop { $0 == " " }.reversed())
        return try tmux.waitFor("the query line \"\(line)\"") { $0.first == line }
    }

    /// The list index of the cursor row on `screen` (the row drawn with `>`), counted from the
    /// top row on screen.
    static func cursorRow(_ screen: [String]) -> Int? {
        PickerTests.rows(screen).firstIndex { $0.hasPrefix(">") }
    }

    /// Each fzf query key, typed after a marker letter so the text cursor's place shows.
    @Test func everyQueryKeyDoesWhatFzfDoes() throws {
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.type("foo bar")
        try waitForQuery(tmux, "foo bar")
        let steps: [(keys: [String], typed: String, query: String)] = [
            (["M-b"], "X", "foo Xbar"),                    // Alt-B: back a word
            (["Home"], "H", "Hfoo Xbar"),                  // Home: start of the query, as in fzf
            (["End"], "E", "Hfoo XbarE"),                  // End: its end
            (["C-a", "C-f", "C-f"], "1", "Hf1oo XbarE"),   // Ctrl-A, Ctrl-F
            (["Right"], "2", "Hf1o2o XbarE"),              // →
            (["C-e", "C-b"], "3", "Hf1o2o Xbar3E"),        // Ctrl-E, Ctrl-B
            (["Left"], "4", "Hf1o2o Xbar43E"),             // ←
            (["S-Left"], "5", "Hf1o2o 5Xbar43E"),          // Shift-←: back a word
            (["M-f"], "6", "Hf1o2o 5Xbar43E6"),            // Alt-F: past the word
            (["C-a", "S-Right"], "7", "Hf1o2o7 5Xbar43E6"), // Shift-→: past the word
            (["C-e", "M-BSpace"], "", "Hf1o2o7"),          // Alt-Backspace: cut the word before
            (["C-a", "C-y"], "", "5Xbar43E6Hf1o2o7"),      // Ctrl-Y: yank it back
            (["M-d"], "", "5Xbar43E6"),                    // Alt-D: kill-word (not deselect-all)
            (["C-e", "C-y"], "", "5Xbar43E6 Hf1o2o7"),
            (["C-w"], "", "5Xbar43E6"),                    // Ctrl-W
            (["C-u"], "", ""),                             // Ctrl-U
            (["C-y"], "", "5Xbar43E6"),                    // Ctrl-Y yanks Ctrl-U's cut
            (["C-a", "C-d"], "", "Xbar43E6"),              // Ctrl-D: delete under the cursor
            (["DC"], "", "bar43E6"),                       // Del
            (["C-e", "BSpace", "BSpace"], "", "bar43E"),   // Backspace
        ]
        for step in steps {
            try tmux.press(step.keys.first!)
            for key in step.keys.dropFirst() { try tmux.press(key) }
            if !step.typed.isEmpty { try tmux.type(step.typed) }
            try waitForQuery(tmux, step.query)
        }
        try tmux.press("C-u")
        try waitForQuery(tmux, "")
        try tmux.press("C-d") // on an empty query: leave, as fzf does
        let ended = try tmux.finish()
        #expect(ended.status == 130)
        #expect(ended.sttyRestored)
    }

    /// The cursor keys, Tab/Shift-Tab, show-selected-only and Enter, checked in the saved
    /// selection (which rows the cursor was on when Tab was pressed).
    @Test func cursorAndSelectionKeysThenEnter() throws {
        let all = try ids()
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("Down", "Down", "Tab")          // row 2
        try tmux.waitFor(text: "1 selected")
        try tmux.press("C-j", "C-n", "Tab")            // row 5
        try tmux.waitFor(text: "2 selected")
        try tmux.press("Up", "C-k", "C-p", "Tab")      // row 3
        try tmux.waitFor(text: "3 selected")
        try tmux.press("NPage", "Tab")                 // row 4 + 21
        try tmux.waitFor(text: "4 selected")
        try tmux.press("PPage", "BTab")                // row 5 again: deselected
        try tmux.waitFor(text: "3 selected")
        try tmux.press("C-End", "BTab")                // the last row
        try tmux.waitFor(text: "4 selected")
        try tmux.press("C-Home", "Tab")                // the first row
        try tmux.waitFor(text: "5 selected")
        try tmux.press("M-d", "C-s")                   // Alt-D no longer deselects
        let screen = try tmux.waitFor(text: "5 selected · selected only")
        #expect(PickerTests.rows(screen).count == 5)
        try tmux.press("C-s")
        try tmux.waitFor { !$0.contains { $0.contains("selected only") } }
        try tmux.press("Enter")
        let ended = try tmux.finish()
        #expect(ended.status == 0 && ended.sttyRestored)
        #expect(try selection() == [all[2], all[3], all[25], all[58], all[0]])
    }

    /// Alt-A / Alt-U / Alt-T, the scope keys, the preview and the keys that cancel.
    @Test func bulkScopePreviewAndCancelKeys() throws {
        try mixtape.run(["select", "add", "lantern"])
        let saved = try selection()
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        // --no-restore starts with nothing selected; the saved selection stays as it was.
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("M-a")
        try tmux.waitFor(text: "59/59 · 59 selected")
        try tmux.press("M-u")
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("Tab", "M-t")
        try tmux.waitFor(text: "59/59 · 58 selected")
        try tmux.press("C-t")
        try tmux.waitFor(text: "[Music]")
        try tmux.press("C-t")
        try tmux.waitFor(text: "[Podcasts]")
        try tmux.press("M-s")
        try tmux.waitFor(text: "[Music]")
        try tmux.press("C-t")
        try tmux.waitFor(text: "[Podcasts]")
        try tmux.send(raw: "\u{1b}[116;6u") // Shift-Ctrl-T as a terminal reporting modifiers sends it
        try tmux.waitFor(text: "[Music]")
        try tmux.press("C-o")
        try tmux.waitFor(text: " preview ")
        try tmux.press("C-o")
        try tmux.waitFor { !$0.contains { $0.contains(" preview ") } }
        try tmux.press("C-q")
        let ended = try tmux.finish()
        #expect(ended.status == 130 && ended.sttyRestored)
        #expect(try selection() == saved, "a cancel leaves the saved selection as it was")
        for key in ["C-g", "C-c", "Escape"] {
            try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
            try tmux.waitFor(text: "59/59 · ")
            try tmux.press(key)
            #expect(try tmux.finish().status == 130, "\(key)")
        }
    }

    /// Shift-↑/↓ scroll the preview, here 3 lines high on a 12-row screen.
    @Test func shiftUpAndDownScrollThePreview() throws {
        let tmux = try terminal(height: 12)
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("C-o")
        try tmux.waitFor { $0.count > 9 && $0[9].hasPrefix("  Title") }
        try tmux.press("S-Down")
        try tmux.waitFor { $0[9].hasPrefix("  Artist") }
        try tmux.press("S-Down", "S-Up")
        try tmux.waitFor("Shift-Down twice and Shift-Up once") { $0[9].hasPrefix("  Artist") && $0[10].hasPrefix("  Album") }
        try tmux.press("S-Up")
        try tmux.waitFor { $0[9].hasPrefix("  Title") }
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    /// Clicks, wheel, right and Shift clicks, the scope bar and a double click, sent as the
    /// SGR reports a terminal sends; mouse reporting is on while the picker runs, off after.
    @Test func theMouse() throws {
        let all = try ids()
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "1")
        #expect(try tmux.paneFlag("mouse_standard_flag") == "1")
        try tmux.send(raw: TmuxTerminal.click(row: 3 + 4, column: 10))
        try tmux.waitFor("the cursor on row 4") { PickerKeyTests.cursorRow($0) == 4 }
        try tmux.send(raw: TmuxTerminal.click(row: 10, column: 10, button: 65) + TmuxTerminal.click(row: 10, column: 10, button: 65))
        try tmux.waitFor("the wheel moved it to row 6") { PickerKeyTests.cursorRow($0) == 6 }
        try tmux.send(raw: TmuxTerminal.click(row: 10, column: 10, button: 64))
        try tmux.waitFor("the wheel moved it back to row 5") { PickerKeyTests.cursorRow($0) == 5 }
        try tmux.send(raw: TmuxTerminal.click(row: 3 + 1, column: 10, button: 2))
        try tmux.waitFor(text: "59/59 · 1 selected")
        try tmux.send(raw: TmuxTerminal.click(row: 3 + 3, column: 10, button: 4))
        let screen = try tmux.waitFor(text: "59/59 · 2 selected")
        #expect(PickerKeyTests.cursorRow(screen) == 3)
        try tmux.send(raw: TmuxTerminal.click(row: 1, column: 14))
        try tmux.waitFor(text: "[Podcasts]")
        try tmux.send(raw: TmuxTerminal.click(row: 1, column: 2))
        try tmux.waitFor(text: "[All]")
        try tmux.waitFor(text: "59/59 · 2 selected")
        try tmux.send(raw: TmuxTerminal.click(row: 3 + 2, column: 10) + TmuxTerminal.click(row: 3 + 2, column: 10))
        let ended = try tmux.finish()
        #expect(ended.status == 0, "a double click accepts")
        #expect(ended.sttyRestored)
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "0", "mouse reporting is off again")
        #expect(try tmux.paneFlag("mouse_standard_flag") == "0")
        #expect(try selection() == [all[1], all[3]])
    }

    /// `?` and F1 list every key; any key closes the list; `?` in a query is typed. The
    /// listening keys are named on the main screen.
    @Test func helpScreenAndHints() throws {
        // The listening keys below would start a real mpv and leave it running: a player that
        // runs `true` instead (PickerPlayTests has the real mpv).
        _ = try writeConfig("[play]\nplayer = \"silent\"\n\n[players.silent]\ncommand = [\"true\"]\n")
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        var screen = try tmux.waitFor(text: "59/59 · 0 selected")
        #expect(screen[2].contains("Alt-P play · Alt-E enqueue · Alt-X stop"))
        #expect(screen[1].contains("? keys"))
        try tmux.type("?")
        screen = try tmux.waitFor(text: "closes this help")
        let help = screen.joined(separator: "\n")
        for entry in ["alt-p", "play", "alt-e", "enqueue", "alt-x", "stop", "alt-u", "deselect-all", "alt-d",
                      "kill-word", "ctrl-y", "yank", "double-click", "esc, ctrl-c, ctrl-g, ctrl-q"] {
            #expect(help.contains(entry), "\(entry)")
        }
        try tmux.type("x")
        try tmux.waitFor(text: "59/59 · 0 selected")
        try waitForQuery(tmux, "")
        try tmux.press("F1")
        try tmux.waitFor(text: "closes this help")
        try tmux.press("Escape")
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("M-p", "M-e", "M-x") // the listening keys type nothing
        try tmux.type("a?")
        try waitForQuery(tmux, "a?")
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    /// A `[pick.keys]` rebinding, an `execute:` that runs with the item's id and gives the
    /// screen back in working order, and a `become:` that replaces mixtape.
    @Test func configBindingsExecuteAndBecome() throws {
        let all = try ids()
        let executed = mixtape.folder + "/executed.txt"
        let became = mixtape.folder + "/became.txt"
        _ = try writeConfig("""
            [pick.keys]
            "ctrl-a" = "select-all"
            "f5" = "execute:echo {id} >> '\(executed)'"
            "f6" = "become:printf '%s|%s' {id} {location} > '\(became)'"
            """)
        let location = try #require(mixtape.run(["search", "--json"]).records.first?["location"] as? String)
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("C-a")
        try tmux.waitFor(text: "59/59 · 59 selected")
        try tmux.press("F1")
        try tmux.waitFor(text: "closes this help")
        try tmux.press("NPage") // the listing is a row longer than the screen now: scroll
        try tmux.waitFor(text: "ctrl-a, alt-a")
        try tmux.press("F1")
        try tmux.waitFor(text: "59/59 · 59 selected")
        try tmux.press("Down", "F5")
        try tmux.waitFor("the execute: command's output") { _ in
            (try? String(contentsOfFile: executed, encoding: .utf8)) == all[1] + "\n"
        }
        try tmux.waitFor(text: "59/59 · 59 selected")
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "1", "the mouse is back on after execute")
        try tmux.type("lantern")
        try tmux.waitFor(text: "\(try ids("lantern").count)/59 · 59 selected")
        try tmux.press("C-u")
        try tmux.waitFor(text: "59/59 · 59 selected")
        try tmux.press("C-Home", "F6")
        let ended = try tmux.finish()
        #expect(ended.status == 0 && ended.sttyRestored)
        #expect(try String(contentsOfFile: became, encoding: .utf8) == all[0] + "|" + location)
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "0")
        #expect(try selection().isEmpty, "become leaves the saved selection alone")
    }

    /// Issue 30: a tag holding `$(…)`, quotes and backquotes reaches an `execute:` or `become:`
    /// command as text, even where the template puts the placeholder inside quotes, and runs
    /// nothing; `doctor` points such placeholders out.
    @Test func aTagInACommandTemplateRunsNothing() throws {
        let folder = mixtape.folder + "/Hostile"
        let marker = mixtape.folder + "/pwned"
        let title = "Hostile $(touch \(marker)) `touch \(marker)` \"q\" 'x' $HOME"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try MixtapeProcess.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "1",
                                           "-metadata", "title=" + title, folder + "/song.flac"])
        try #require(try mixtape.run(["index", folder]).status == 0)
        let executed = mixtape.folder + "/executed.txt"
        let became = mixtape.folder + "/became.txt"
        let path = try writeConfig("""
            [pick.keys]
            "f5" = '''execute:printf '%s|%s\\n' "Now: {title}" {title} > '\(executed)' '''
            "f6" = '''become:sh -c 'printf "%s" {title}' > '\(became)' '''
            """)
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "hostile"])
        try tmux.waitFor(text: "Hostile")
        try tmux.press("F5")
        try tmux.waitFor("the execute: command's output") { _ in
            (try? String(contentsOfFile: executed, encoding: .utf8)) == "Now: \(title)|\(title)\n"
        }
        try tmux.waitFor(text: "Hostile")
        try tmux.press("F6")
        #expect(try tmux.finish().status == 0)
        #expect(try String(contentsOfFile: became, encoding: .utf8) == title)
        #expect(!FileManager.default.fileExists(atPath: marker), "the title ran as a command")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.stdout.contains(#"[pick.keys] "f5": {title} is written inside double quotes"#), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(#"[pick.keys] "f6": {title} is written inside single quotes"#), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(path), "\(doctor.stdout)")
    }

    /// A bad key name or action stops `pick` with the config file's line (exit 2) and is a
    /// problem for `doctor`.
    @Test func aBadBindingIsAConfigError() throws {
        let path = try writeConfig("[pick.keys]\n\"ctrl-a\" = \"select-all\"\n\"ctrl-z\" = \"selectall\"\n")
        let pick = try mixtape.run(["pick"])
        #expect(pick.status == 2)
        #expect(pick.stderr.contains("\(path):3: [pick.keys] \"selectall\" is not an action"), "\(pick.stderr)")
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("\(path):3:"), "\(doctor.stdout)")
        _ = try writeConfig("[pick.keys]\n\"ctl-a\" = \"accept\"\n")
        let badKey = try mixtape.run(["pick"])
        #expect(badKey.status == 2 && badKey.stderr.contains("\(path):2: [pick.keys] \"ctl-a\" is not a key name"),
                "\(badKey.stderr)")
    }
}
