import MixtapeCore
@testable import MixtapeTerminal
import Testing

/// fzf 0.38's query keys, each checked against what fzf does with the same text and cursor.
@Suite("Picker actions: the query line as in fzf")
struct PickerQueryActionTests {
    struct EditCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The query, `|` marking the text cursor, before and after.
        let before: String
        let keys: String
        let after: String
        var testDescription: String { name }
    }

    static let cases: [EditCase] = [
        EditCase(name: "Ctrl-B moves left", before: "abc|", keys: "\u{02}", after: "ab|c"),
        EditCase(name: "← moves left", before: "abc|", keys: "\(esc)[D", after: "ab|c"),
        EditCase(name: "Ctrl-F moves right", before: "|abc", keys: "\u{06}", after: "a|bc"),
        EditCase(name: "→ moves right", before: "|abc", keys: "\(esc)[C", after: "a|bc"),
        EditCase(name: "Ctrl-B at the start stays", before: "|abc", keys: "\u{02}", after: "|abc"),
        EditCase(name: "Ctrl-A to the start", before: "ab|c", keys: "\u{01}", after: "|abc"),
        EditCase(name: "Home to the start (fzf: beginning-of-line)", before: "ab|c", keys: "\(esc)[H", after: "|abc"),
        EditCase(name: "Ctrl-E to the end", before: "a|bc", keys: "\u{05}", after: "abc|"),
        EditCase(name: "End to the end (fzf: end-of-line)", before: "a|bc", keys: "\(esc)[4~", after: "abc|"),
        EditCase(name: "Alt-B to the word's start", before: "foo bar|", keys: "\(esc)b", after: "foo |bar"),
        EditCase(name: "Alt-B twice", before: "foo bar|", keys: "\(esc)b\(esc)b", after: "|foo bar"),
        EditCase(name: "Alt-B skips punctuation", before: "a-b.|", keys: "\(esc)b", after: "a-|b."),
        EditCase(name: "Shift-← by word", before: "foo bar|", keys: "\(esc)[1;2D", after: "foo |bar"),
        EditCase(name: "Alt-F past the word's end", before: "|foo bar", keys: "\(esc)f", after: "foo| bar"),
        EditCase(name: "Alt-F from a space", before: "foo| bar baz", keys: "\(esc)f", after: "foo bar| baz"),
        EditCase(name: "Alt-F to the end", before: "foo |bar", keys: "\(esc)f", after: "foo bar|"),
        EditCase(name: "Shift-→ by word", before: "|foo bar", keys: "\(esc)[1;2C", after: "foo| bar"),
        EditCase(name: "words of letters in any script", before: "été 坂本|", keys: "\(esc)b", after: "été |坂本"),
        EditCase(name: "Backspace", before: "abc|", keys: "\u{7f}", after: "ab|"),
        EditCase(name: "Ctrl-H is Backspace", before: "ab|c", keys: "\u{08}", after: "a|c"),
        EditCase(name: "Del deletes under the cursor", before: "a|bc", keys: "\(esc)[3~", after: "a|c"),
        EditCase(name: "Ctrl-D deletes under the cursor", before: "a|bc", keys: "\u{04}", after: "a|c"),
        EditCase(name: "Ctrl-D at the end does nothing", before: "abc|", keys: "\u{04}", after: "abc|"),
        EditCase(name: "Ctrl-U cuts to the start", before: "ab|cd", keys: "\u{15}", after: "|cd"),
        EditCase(name: "Ctrl-W cuts the word before", before: "foo bar  |", keys: "\u{17}", after: "foo |"),
        EditCase(name: "Ctrl-W takes punctuation with it", before: "a foo-bar|", keys: "\u{17}", after: "a |"),
        EditCase(name: "Alt-Backspace cuts letters only", before: "a foo-bar|", keys: "\(esc)\u{7f}", after: "a foo-|"),
        EditCase(name: "Alt-D cuts the word after", before: "|foo bar", keys: "\(esc)d", after: "| bar"),
        EditCase(name: "Alt-D from a space", before: "foo| bar baz", keys: "\(esc)d", after: "foo| baz"),
        EditCase(name: "Ctrl-Y yanks Alt-D's cut", before: "foo |bar", keys: "\(esc)d\u{05}\u{19}", after: "foo bar|"),
        EditCase(name: "Ctrl-Y yanks Ctrl-U's cut twice", before: "ab|", keys: "\u{15}\u{19}\u{19}", after: "abab|"),
        EditCase(name: "Ctrl-Y yanks Ctrl-W's cut", before: "x y|", keys: "\u{17}\u{01}\u{19}", after: "y|x "),
        EditCase(name: "Ctrl-Y yanks Alt-Backspace's cut", before: "ab cd|", keys: "\(esc)\u{7f}\u{01}\u{19}", after: "cd|ab "),
        EditCase(name: "Ctrl-Y with nothing cut", before: "ab|", keys: "\u{19}", after: "ab|"),
        EditCase(name: "Backspace does not fill the yank", before: "ab|", keys: "\u{7f}\u{19}", after: "a|"),
        EditCase(name: "typing inserts at the cursor", before: "ac|", keys: "\u{02}b", after: "ab|c"),
        EditCase(name: "? types into a query", before: "who|", keys: "?", after: "who?|"),
        EditCase(name: "a paste inserts", before: "a|", keys: "\(esc)[200~x\ny\(esc)[201~", after: "ax y|"),
    ]

    @Test(arguments: cases)
    func edits(_ testCase: EditCase) {
        var picker = PickerHarness(Self.state(testCase.before))
        picker.deliver(items("a", "b"))
        picker.type(testCase.keys)
        #expect(Self.marked(picker.state) == testCase.after)
    }

    /// A state whose query is `marked` without its `|`, the text cursor where the `|` was.
    static func state(_ marked: String) -> PickerState {
        var state = PickerState(query: marked.filter { $0 != "|" })
        state.queryCursor = Array(marked).firstIndex(of: "|") ?? 0
        return state
    }

    static func marked(_ state: PickerState) -> String {
        var text = Array(state.query)
        text.insert("|", at: state.queryCursor)
        return String(text)
    }

    @Test func ctrlDOnAnEmptyQueryCancels() {
        var picker = PickerHarness()
        picker.deliver(items("a"))
        #expect(picker.type("\u{04}") == [.cancel])
    }

    @Test func questionMarkOnAnEmptyQueryOpensTheHelp() {
        var picker = PickerHarness()
        picker.deliver(items("a"))
        picker.type("?")
        #expect(picker.state.helpVisible && picker.state.query.isEmpty)
    }
}

@Suite("Picker actions: list, selection, leaving, listening")
struct PickerListActionTests {
    func picker(_ count: Int = 5, selected: [ItemID] = []) -> PickerHarness {
        var picker = PickerHarness(PickerState(selection: PickerSelection(selected)))
        picker.deliver(items(0..<count))
        return picker
    }

    @Test func ctrlQAbortsLikeEsc() {
        var picker = picker()
        #expect(picker.type("\u{11}") == [.cancel])
        #expect(picker.type("\u{07}") == [.cancel])
        #expect(picker.type("\u{03}") == [.cancel])
        #expect(picker.type("\(esc)", flush: true) == [.cancel])
    }

    @Test func enterAccepts() {
        var picker = picker(selected: [item("3")])
        #expect(picker.type("\r") == [.accept(selection: [item("3")])])
    }

    @Test func ctrlHomeAndCtrlEndGoToFirstAndLast() {
        var picker = picker()
        picker.type("\(esc)[1;5F")
        #expect(picker.state.currentItem == item("4"))
        picker.type("\(esc)[1;5H")
        #expect(picker.state.currentItem == item("0"))
    }

    @Test func altUDeselectsAllAndAltDNoLongerDoes() {
        var picker = picker(selected: [item("1"), item("2")])
        picker.type("\(esc)d")
        #expect(picker.state.selection.ids == [item("1"), item("2")])
        picker.type("\(esc)u")
        #expect(picker.state.selection.isEmpty)
    }

    @Test func shiftUpAndDownScrollThePreview() {
        var picker = picker()
        picker.type("\u{0f}")
        picker.send(.previewLength(12))
        // 80×24: the preview pane is 8 rows, 7 of them text.
        picker.type("\(esc)[1;2B\(esc)[1;2B")
        #expect(picker.state.previewScroll == 2)
        picker.type("\(esc)[1;2A")
        #expect(picker.state.previewScroll == 1)
        picker.type(String(repeating: "\(esc)[1;2B", count: 20))
        #expect(picker.state.previewScroll == 5, "stops with the last line at the bottom")
        picker.type("\(esc)[B")
        #expect(picker.state.previewScroll == 0, "a new item starts at its top")
    }

    @Test func altPPlaysTheItemUnderTheCursor() {
        var picker = picker()
        picker.type("\(esc)[B")
        #expect(picker.type("\(esc)p") == [.play(item("1"))])
    }

    @Test func altEEnqueuesTheSelectionInOrderElseTheCursorItem() {
        var picker = picker()
        picker.type("\(esc)[B")
        #expect(picker.type("\(esc)e") == [.enqueue([item("1")])])
        picker.type("\t\t")
        picker.type("\(esc)[1;5H\t")
        #expect(picker.type("\(esc)e") == [.enqueue([item("1"), item("2"), item("0")])])
    }

    @Test func altXStops() {
        var picker = picker()
        #expect(picker.type("\(esc)x") == [.stopPlayback])
    }

    @Test func playOnAnEmptyListDoesNothing() {
        var picker = PickerHarness()
        picker.deliver([])
        #expect(picker.type("\(esc)p\(esc)e").isEmpty)
    }

    @Test func thePlayerStatusTakesOneLineAtTheBottom() {
        var picker = picker(30)
        #expect(picker.state.listHeight == 21)
        picker.send(.playerStatus("playing:\nHelp!"))
        #expect(picker.state.playerStatus == "playing: Help!")
        #expect(picker.state.listHeight == 20)
        let lines = render(picker.state).lines.map(plain)
        #expect(lines[23] == "  ♪ playing: Help!")
        picker.send(.playerStatus(nil))
        #expect(picker.state.listHeight == 21)
    }

    @Test func ctrlLRepaintsEverything() {
        var picker = picker()
        #expect(picker.type("\u{0c}") == [.clearScreen])
    }

    @Test func reboundKeysFollowTheMap() throws {
        let map = PickerKeyMap.standard.applying([
            try PickerKeyMap.binding(key: "ctrl-a", actions: "select-all+accept"),
            try PickerKeyMap.binding(key: "f5", actions: "execute:echo {id}"),
            try PickerKeyMap.binding(key: "f6", actions: "become(vi {location})"),
            try PickerKeyMap.binding(key: "ctrl-t", actions: "ignore"),
        ])
        var picker = PickerHarness(PickerState(keyMap: map))
        picker.deliver(items(0..<3))
        #expect(picker.type("\u{14}").isEmpty)
        #expect(picker.type("\(esc)[15~") == [.execute(command: "echo {id}", item: item("0"))])
        #expect(picker.type("\u{01}") == [.accept(selection: items(0..<3))])
        #expect(picker.type("\(esc)[17~") == [.become(command: "vi {location}", item: item("0"))])
    }

    @Test func aChainWaitsForTheFinalListWithItsRest() throws {
        let map = PickerKeyMap.standard.applying([try PickerKeyMap.binding(key: "ctrl-a", actions: "select-all+accept")])
        var picker = PickerHarness(PickerState(keyMap: map))
        picker.deliver(items(0..<2), final: false)
        #expect(picker.type("\u{01}") == [.render], "waits: the list is not final")
        #expect(picker.deliver(items(0..<4)) == [.accept(selection: items(0..<4))])
    }

    @Test func theHelpClosesOnAnyKeyAndScrollsWhenLong() {
        var picker = picker()
        picker.type("\(esc)OP")
        #expect(picker.state.helpVisible)
        #expect(picker.type("x").isEmpty == false)
        #expect(!picker.state.helpVisible && picker.state.query.isEmpty, "the closing key does nothing else")
        var small = PickerHarness(PickerState(width: 80, height: 10))
        small.deliver(items(0..<3))
        small.type("?")
        small.type("\(esc)[B\(esc)[B")
        #expect(small.state.helpVisible && small.state.helpScroll == 2)
        small.type("\(esc)[A")
        #expect(small.state.helpScroll == 1)
        small.type("q")
        #expect(!small.state.helpVisible && small.state.query.isEmpty)
    }
}
