@testable import MixtapeTerminal
import Testing

@Suite("Picker key map: fzf names, defaults, [pick.keys] bindings, the help listing")
struct PickerKeyMapTests {
    @Test(arguments: [
        ("ctrl-a", Key.ctrl("a")), ("CTRL-A", .ctrl("a")), ("ctrl-space", .ctrl(" ")),
        ("ctrl-i", .tab), ("ctrl-m", .enter), ("ctrl-h", .backspace), ("ctrl-/", .ctrl("_")),
        ("alt-a", .alt("a")), ("alt-A", .alt("A")), ("alt-space", .alt(" ")), ("alt--", .alt("-")),
        ("alt-bspace", .modified(.backspace, .alt)), ("alt-bs", .modified(.backspace, .alt)),
        ("alt-enter", .modified(.enter, .alt)), ("ctrl-alt-x", .modified(.ctrl("x"), .alt)),
        ("alt-up", .modified(.up, .alt)), ("shift-up", .modified(.up, .shift)),
        ("shift-left", .modified(.left, .shift)), ("ctrl-home", .modified(.home, .ctrl)),
        ("shift-ctrl-t", .modified(.ctrl("t"), .shift)), ("ctrl-shift-t", .modified(.ctrl("t"), .shift)),
        ("f1", .function(1)), ("F12", .function(12)), ("up", .up), ("down", .down), ("left", .left),
        ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp), ("page-up", .pageUp),
        ("pgdn", .pageDown), ("page-down", .pageDown), ("tab", .tab), ("btab", .backTab),
        ("shift-tab", .backTab), ("enter", .enter), ("return", .enter), ("esc", .escape),
        ("bspace", .backspace), ("bs", .backspace), ("del", .delete), ("insert", .insert),
        ("space", .character(" ")), ("?", .character("?")), ("a", .character("a")), ("-", .character("-")),
    ])
    func keyNames(_ name: String, _ key: Key) {
        #expect(Key(name: name) == key)
    }

    @Test(arguments: ["", "ctrl-", "alt-", "hyper-a", "f13", "f0", "ctrl-up-down", "double-click", "ab"])
    func notKeyNames(_ name: String) {
        #expect(Key(name: name) == nil)
    }

    /// Every key of the default map writes a name that reads back as the same key.
    @Test func namesRoundTrip() {
        for binding in PickerKeyMap.standard.bindings {
            #expect(Key(name: binding.key.name) == binding.key, "\(binding.key.name)")
        }
    }

    @Test func fzfDefaultsWinOverOurs() {
        let map = PickerKeyMap.standard
        #expect(map.actions(for: .alt("d")) == [.killWord])
        #expect(map.actions(for: .alt("u")) == [.deselectAll])
        #expect(map.actions(for: .home) == [.beginningOfLine])
        #expect(map.actions(for: .end) == [.endOfLine])
        #expect(map.actions(for: .modified(.home, .ctrl)) == [.first])
        #expect(map.actions(for: .ctrl("q")) == [.abort])
        #expect(map.actions(for: .alt("p")) == [.play])
        #expect(map.actions(for: .alt("e")) == [.enqueue])
        #expect(map.actions(for: .alt("x")) == [.stop])
        for binding in PickerKeyMap.fzf.bindings {
            #expect(map.actions(for: binding.key) == binding.actions, "\(binding.key.name) keeps fzf's action")
        }
    }

    @Test(arguments: PickerAction.named.map(\.name) + ["toggle-down", "execute:echo {id}", "become:vi {location}"])
    func actionNamesRoundTrip(_ name: String) throws {
        let action = try #require(PickerAction(name: name))
        #expect(PickerAction(name: action.name) == action)
    }

    @Test(arguments: [
        ("select-all", [PickerAction.selectAll]),
        ("select-all+accept", [.selectAll, .accept]),
        ("toggle+down", [.toggleDown]),
        ("toggle+down+accept", [.toggleDown, .accept]),
        ("toggle+up", [.toggleUp]),
        ("toggle-down", [.toggleDown]),
        ("execute:echo a+b", [.execute("echo a+b")]),
        ("execute(echo a+b)+accept", [.execute("echo a+b"), .accept]),
        ("execute[ls]", [.execute("ls")]),
        ("play+down", [.play, .down]),
        ("become:mpv {location}", [.become("mpv {location}")]),
    ])
    func actionChains(_ text: String, _ actions: [PickerAction]) throws {
        #expect(try PickerKeyMap.actions(text) == actions)
    }

    @Test(arguments: [
        ("ctrl-a", "selectall", KeyBindingError.unknownAction("selectall")),
        ("ctrl-a", "accept+", .emptyAction("accept+")),
        ("ctrl-a", "", .emptyAction("")),
        ("ctrl-a", "execute:", .unknownAction("execute:")),
        ("ctrl-a", "accept+bogus", .unknownAction("bogus")),
        ("ctl-a", "accept", .unknownKey("ctl-a")),
        ("paste", "accept", .unknownKey("paste")),
    ])
    func badBindings(_ key: String, _ action: String, _ error: KeyBindingError) {
        #expect(throws: error) { try PickerKeyMap.binding(key: key, actions: action) }
    }

    @Test func helpListsEveryBoundKeyByAction() {
        let entries = PickerHelp.entries(for: .standard)
        func keys(_ action: String) -> String? { entries.first { $0.action == action }?.keys }
        #expect(keys("beginning-of-line") == "ctrl-a, home")
        #expect(keys("abort") == "esc, ctrl-c, ctrl-g, ctrl-q")
        #expect(keys("deselect-all") == "alt-u")
        #expect(keys("kill-word") == "alt-d")
        #expect(keys("previous-scope") == "shift-ctrl-t, alt-s")
        #expect(keys("play") == "alt-p")
        #expect(keys("show-help") == "?, f1")
        #expect(keys("clear-query") == nil, "unbound actions are left out")
        #expect(entries.contains { $0.keys == "double-click" && $0.action == "accept" })
        let listed = Set(entries.flatMap { $0.keys.split(separator: ", ").map(String.init) })
        for binding in PickerKeyMap.standard.bindings {
            #expect(listed.contains(binding.key.name), "\(binding.key.name) is listed")
        }
    }

    @Test func helpShowsRebindings() throws {
        let map = PickerKeyMap.standard.applying([
            try PickerKeyMap.binding(key: "ctrl-a", actions: "select-all"),
            try PickerKeyMap.binding(key: "f5", actions: "execute:echo {id}"),
            try PickerKeyMap.binding(key: "alt-d", actions: "deselect-all"),
            try PickerKeyMap.binding(key: "f7", actions: "become:mpv --no-video --shuffle {location}"),
        ])
        let entries = PickerHelp.entries(for: map)
        #expect(entries.contains { $0.keys == "ctrl-a, alt-a" && $0.action == "select-all" })
        #expect(entries.contains { $0.keys == "home" && $0.action == "beginning-of-line" })
        #expect(entries.contains { $0.keys == "alt-d, alt-u" && $0.action == "deselect-all" })
        #expect(!entries.contains { $0.action == "kill-word" })
        #expect(entries.contains { $0.keys == "f5" && $0.action == "execute:echo {id}" })
        #expect(entries.contains { $0.keys == "f7" && $0.action == "become:mpv --no-video -…" },
                "a long command is cut so the listing keeps its columns")
    }

    @Test(arguments: [(80, 24), (120, 40), (200, 50), (40, 12)])
    func helpLayoutFitsTheWidth(width: Int, height: Int) {
        let lines = PickerHelp.lines(for: .standard, width: width, pageHeight: height - 2)
        let entries = PickerHelp.entries(for: .standard)
        if width >= 80 { #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }) }
        let text = lines.joined(separator: "\n")
        for entry in entries { #expect(text.contains(entry.action), "\(entry.action)") }
        if width >= 120 { #expect(lines.count <= height - 2, "fits one page at \(width)×\(height)") }
    }

    @Test func helpScreenIsDrawnInsteadOfTheList() {
        var picker = PickerHarness()
        picker.deliver(items(0..<3))
        picker.type("?")
        let lines = render(picker.state).lines.map(plain)
        #expect(lines[0].hasPrefix("  Keys"))
        #expect(lines.contains { $0.contains("alt-p") && $0.contains("play") })
        #expect(lines[23].contains("closes this help"))
    }
}
