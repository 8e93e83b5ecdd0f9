import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mixtape pick` in a real terminal (tmux), driven as a person would: keys in, screen out,
/// exit status and `stty -g` before and after each session.
@Suite("Picker end to end in tmux", .serialized)
struct PickerTests {
    let mixtape = MixtapeProcess()

    init() throws {
        try mixtape.run(["index", MixtapeProcess.sample("Library.xml"), MixtapeProcess.sample("Wide.xml")])
    }

    /// Ids `search` finds for `query`, best first (the picker ranks the same way).
    func ids(_ query: String) throws -> [String] {
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

    /// `n` as the status line writes it: `6,000`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }

    /// The list rows of a screen: everything between the status line and the preview.
    static func rows(_ screen: [String]) -> [String] {
        Array(screen.dropFirst(3).prefix { !$0.hasPrefix("─") && !$0.isEmpty })
    }

    @Test func selectChangeQuerySelectAllSwitchScopeAcceptThenCancel() throws {
        let total = try ids("").count
        let first = try ids("lantern")
        try #require(first.count >= 4)
        let picked = Array(first.prefix(3))
        let title = try #require(mixtape.run(["search", "--json", "--limit", "1", "lantern"]).records.first?["title"] as? String)
        let second = try ids(title)
        let tmux = try terminal()

        // 1. Type a query and Tab three items.
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "\(total)/\(total) · 0 selected")
        try tmux.type("lantern")
        try tmux.waitFor(text: "\(first.count)/\(total) · 0 selected")
        try tmux.press("Tab", "Tab", "Tab")
        var screen = try tmux.waitFor(text: "3 selected")
        #expect(PickerTests.rows(screen).prefix(4).map { $0.hasPrefix(" ▌") || $0.hasPrefix(">▌") } == [true, true, true, false])

        // 2. Change the query: the three still count, and show as selected where they appear.
        try tmux.press("C-u")
        try tmux.type(title)
        screen = try tmux.waitFor(text: "\(second.count)/\(total) · 3 selected")
        let marked = PickerTests.rows(screen).filter { $0.dropFirst().hasPrefix("▌") }
        #expect(marked.count == second.filter(picked.contains).count)
        #expect(marked.contains { $0.contains(title) })

        // 3. Alt-A, and switch scopes.
        let expected = picked + second.filter { !picked.contains($0) }
        try tmux.press("M-a")
        try tmux.waitFor(text: "· \(expected.count) selected")
        try tmux.press("C-t")
        try tmux.waitFor(text: "[Music]")

        // 4. Enter exits 0; the selection is in the order the items were picked.
        try tmux.press("Enter")
        let accepted = try tmux.finish()
        #expect(accepted.status == 0)
        #expect(accepted.sttyRestored, "stty -g differs after Enter")
        #expect(try selection() == expected)

        // 5. A second session opens where the first left off; Tab then Esc changes nothing.
        try tmux.start(MixtapeProcess.binary, ["pick"])
        screen = try tmux.waitFor("the restored list") { screen in
            screen.count > 3 && screen[2].contains("\(expected.count) selected") && !PickerTests.rows(screen).isEmpty
        }
        #expect(screen.first == "> " + title)
        #expect(screen.count > 1 && screen[1].contains("[Music]"))
        try tmux.press("Tab")
        try tmux.waitFor { !$0.contains { $0.contains("· \(expected.count) selected") } }
        try tmux.press("Escape")
        let cancelled = try tmux.finish()
        #expect(cancelled.status == 130)
        #expect(cancelled.sttyRestored, "stty -g differs after Esc")
        #expect(try selection() == expected)
    }

    /// The picker's caches (a query typed on searches the last matches, a word added scores
    /// only the new word) must never change what is shown: after each key the count and the
    /// rows are `search`'s, on 6,000 generated tracks, through words added, `!` negation, an
    /// `|` group and Backspace. (The first page ranked from bounds is checked against full
    /// rankings in MatchEngineTests: here the frame compared is the complete list's.)
    @Test func typingShowsWhatSearchRanksAfterEveryKey() throws {
        let big = MixtapeProcess()
        try big.run(["index", big.generateLibrary(tracks: 6_000, seed: 7)])
        let total = try big.run(["search"]).lines.count
        let tmux = try TmuxTerminal(folder: big.folder, width: 80, height: 24,
                                    environment: ["MIXTAPE_LIBRARY": big.library, "NO_COLOR": "1", "LANG": "C.UTF-8",
                                                  "XDG_CONFIG_HOME": big.configHome])
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: PickerTests.grouped(total) + "/")
        var query = ""
        let backspaces = [String](repeating: "BSpace", count: 4)
        var keys: [String] = "the beat !li".map { String($0) }
        keys += backspaces
        keys += " | love".map { String($0) }
        keys += backspaces.prefix(2)
        for key in keys {
            if key == "BSpace" {
                query.removeLast()
                try tmux.press("BSpace")
            } else {
                query += key
                try tmux.type(key)
            }
            let lines = try big.run(["search", query]).lines
            let count = PickerTests.grouped(lines.count)
            let screen = try tmux.waitFor("\(count) matches for `\(query)`") { screen in
                // tmux drops trailing blanks: `the ` shows as `> the`.
                screen.count > 3 && screen[0] == ("> " + query).replacingOccurrences(of: " +$", with: "", options: .regularExpression) && screen[2].trimmingCharacters(in: .whitespaces).hasPrefix("\(count)/")
                    && !screen[2].contains("selected …")  // the list is this query's, complete
            }
            // The cursor stays on its item, so the rows are a window of the ranking around it.
            let rows = PickerTests.rows(screen).map { String($0.dropFirst(3)) }
            let start = try #require(lines.firstIndex { rows.first?.hasPrefix($0.prefix(40)) ?? false },
                                     "`\(query)`: \(rows.first ?? "no rows") is not in search's answer")
            #expect(rows.count == min(lines.count - start, 21), "`\(query)`")
            for (row, line) in zip(rows, lines[start...]) {
                #expect(row.hasPrefix(line.prefix(40)), "`\(query)`: \(row) is not \(line)")
            }
        }
        try tmux.press("Escape")
        _ = try tmux.finish()
    }

    @Test(arguments: [("TERM", SIGTERM), ("INT", SIGINT), ("HUP", SIGHUP)])
    func aSignalRestoresTheTerminalAndExits130(_ name: String, _ signal: Int32) throws {
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "--library", mixtape.library])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.press("Tab")
        try tmux.waitFor(text: "1 selected")
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "1")
        let found = try MixtapeProcess.execute("/usr/bin/pgrep", ["-f", "pick --no-restore --library \(mixtape.library)"])
        let binary = URL(fileURLWithPath: MixtapeProcess.binary).resolvingSymlinksInPath().path
        let pids = found.stdout.split(separator: "\n").compactMap { Int32($0) }.filter { pid in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == binary
        }
        let pid = try #require(pids.first, "no picker process among \(found.stdout)")
        kill(pid, signal)
        let ended = try tmux.finish()
        #expect(ended.status == 130, "SIG\(name)")
        #expect(ended.sttyRestored, "stty -g differs after SIG\(name)")
        #expect(try tmux.paneFlag("mouse_sgr_flag") == "0", "mouse reporting still on after SIG\(name)")
        #expect(try selection().isEmpty)
    }

    /// The config file's `[pick] scope` is where the picker opens; `--scope` wins over it.
    @Test func theConfigFileSetsTheScopeAndTheFlagWins() throws {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try "[pick]\nscope = \"podcasts\"\n".write(toFile: mixtape.configHome + "/mixtape/config.toml", atomically: true, encoding: .utf8)
        let podcasts = try mixtape.run(["search", "--scope", "podcasts"]).lines.count
        let total = try ids("").count
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick"])
        var screen = try tmux.waitFor(text: "\(podcasts)/\(total) · ")
        #expect(screen.contains { $0.contains("[Podcasts]") })
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
        try tmux.start(MixtapeProcess.binary, ["pick", "--scope", "movies"])
        screen = try tmux.waitFor(text: "[Movies]")
        #expect(!screen.contains { $0.contains("[Podcasts]") })
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    @Test func wideAndCombiningCharactersLineUp() throws {
        setlocale(LC_ALL, "C.UTF-8")
        let tmux = try terminal()
        let query = "Party | 坂本 | 久石 | 宇多田 | 아이유 | 王菲 | 全角 | Zalgo | Sigur"
        let count = try ids(query).count
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", query])
        let screen = try tmux.waitFor("\(count) rows") { PickerTests.rows($0).count == count }
        for row in PickerTests.rows(screen) {
            let time = try #require(row.split(separator: " ").last, "row without a duration: \(row)")
            #expect(time.wholeMatch(of: /\d+(:\d\d)+/) != nil, "duration cut off: \(row)")
            // glibc draws a ZWJ sequence as its parts and ❤️ narrow; tmux joins the first and
            // we draw the second wide so no terminal wraps it (docs/guide.md: wide characters).
            guard PickerTests.glibcAgrees(row) else { continue }
            #expect(PickerTests.columns(row) == 80, "row does not end at column 80: \(row)")
        }
        #expect(screen.contains { $0.contains("ＦＵＬＬＷＩＤＴＨ") && $0.contains("…") }, "long row not cut with …")
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    @Test func eightyByTwentyFourShowsEverythingTheSpecLists() throws {
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore", "坂本"])
        try tmux.waitFor(text: "1/59 · 0 selected")
        try tmux.press("Tab", "C-o")
        let screen = try tmux.waitFor(text: "Playlists")
        #expect(screen[0].hasPrefix("> 坂本"))
        for scope in ["All", "Music", "Podcasts", "Audiobooks", "Movies", "TV", "Videos"] {
            #expect(screen[1].contains(scope))
        }
        #expect(screen[2].contains("1/59 · 1 selected"))
        #expect(screen[3].hasPrefix(">▌") && screen[3].hasSuffix("4:43"))
        let preview = screen.drop { !$0.contains("preview") }.joined(separator: "\n")
        for fact in ["戦場のメリークリスマス", "坂本龍一", "Merry Christmas Mr. Lawrence", "2000", "music",
                     "/Users/mei/Music", "世界の音楽 🌏"] {
            #expect(preview.contains(fact), "preview lacks \(fact)")
        }
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    @Test func enterPrintsTheIdsAndWritesThePlaylist() throws {
        let picked = Array(try ids("harbour").prefix(2))
        try #require(picked.count == 2)
        let playlist = mixtape.folder + "/picked.m3u8"
        let output = mixtape.folder + "/printed.txt"
        let tmux = try terminal()
        try tmux.start("/bin/sh", ["-c", "\"$0\" pick --no-restore --print-ids --export \"$1\" harbour > \"$2\"",
                                   MixtapeProcess.binary, playlist, output])
        try tmux.waitFor(text: "\(try ids("harbour").count)/59 · 0 selected")
        try tmux.press("Tab", "Tab")
        try tmux.waitFor(text: "2 selected")
        try tmux.press("Enter")
        #expect(try tmux.finish().status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == picked.joined(separator: "\n") + "\n")
        let lines = try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "#EXTM3U")
        #expect(lines.filter { !$0.hasPrefix("#") }.count == 2)
    }

    /// `pick --print` prints the files, as a pipeline wants them (`mixtape pick --print | xargs
    /// mpv`), mapped by `--map-prefix`; `--no-restore` starts with none of the saved selection,
    /// and Enter replaces it.
    @Test func enterPrintsTheFilesAndNoRestoreStartsWithNothingSelected() throws {
        let first = try #require(try ids("harbour").first)
        try #require(try mixtape.run(["select", "add", "--id", first]).status == 0)
        let gulls = try #require(try ids("'Gulls").first)
        try #require(gulls != first)
        let location = try #require(try mixtape.run(["search", "--format", "{location}", "'Gulls"]).lines.first)
        let output = mixtape.folder + "/printed.txt"
        let tmux = try terminal()
        try tmux.start("/bin/sh", ["-c", "\"$0\" pick --no-restore --print --map-prefix /Users/sam=/srv/sam \"'Gulls\" > \"$1\"",
                                   MixtapeProcess.binary, output])
        try tmux.waitFor(text: "1/59 · 0 selected")
        try tmux.press("Tab")
        try tmux.waitFor(text: "1 selected")
        try tmux.press("Enter")
        #expect(try tmux.finish().status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8)
                == location.replacingOccurrences(of: "/Users/sam/", with: "/srv/sam/") + "\n")
        #expect(try selection() == [gulls], "Enter replaced the saved selection")
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let tmux = try terminal()
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "59/59 · 0 selected")
        try tmux.resize(width: 100, height: 40)
        let screen = try tmux.waitFor("37 rows at 100 columns") { screen in
            let rows = PickerTests.rows(screen)
            return rows.count == 37 && rows.filter(PickerTests.glibcAgrees).allSatisfy { PickerTests.columns($0) == 100 }
        }
        #expect(screen[2].contains("59/59 · 0 selected"))
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }

    @Test func withoutATerminalItPointsToSearch() throws {
        let result = try mixtape.run(["pick"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("mixtape search"))
        let printing = try mixtape.run(["pick", "--print"])
        #expect(printing.status == 2, "no controlling terminal at all: still exit 2")
    }

    /// False for rows holding a ZWJ sequence or an emoji with U+FE0F, whose width glibc and
    /// terminals disagree on (see `columns`).
    static func glibcAgrees(_ row: String) -> Bool {
        !row.unicodeScalars.contains { $0 == "\u{200D}" || $0 == "\u{FE0F}" }
    }

    /// Display columns as the C library counts them (an independent width table).
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + max(0, Int(libcWidth(Int32(bitPattern: $1.value)))) }
    }
}

/// `wcwidth(3)`, which the Glibc module does not export.
@_silgen_name("wcwidth")
private func libcWidth(_ character: Int32) -> Int32
