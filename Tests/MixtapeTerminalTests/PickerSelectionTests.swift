import MixtapeCore
@testable import MixtapeTerminal
import Testing

@Suite("Picker selection")
struct PickerSelectionTests {
    static let tab = "\t"
    static let backTab = "\(esc)[Z"

    /// The scenario from the brief: select three, change the query, only some come back.
    @Test func selectionSurvivesANewQuery() {
        var picker = PickerHarness()
        picker.type("be")
        picker.deliver(items("a", "b", "c", "d", "e"))
        picker.type(Self.tab + Self.tab + "\(esc)[B" + Self.tab)
        #expect(picker.state.selection.ids == items("a", "b", "d"))
        #expect(picker.state.currentItem == item("e"))

        let effects = picker.type("a")
        #expect(matchedQueries(effects) == ["bea"])
        picker.deliver(items("d", "x", "a"))
        #expect(picker.state.selection.ids == items("a", "b", "d"))
        #expect(picker.visibleSelected == items("d", "a"))
        #expect(picker.state.statusText == "3/1,000 · 3 selected")
        #expect(picker.press(.enter) == [.accept(selection: items("a", "b", "d"))])
    }

    @Test func toggleOffRemovesAndReselectAppends() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b", "c"))
        picker.type(Self.tab + Self.tab + Self.backTab + Self.backTab)
        // Tab a, Tab b, then Shift-Tab on c selects c, Shift-Tab on b deselects b.
        #expect(picker.state.selection.ids == items("a", "c"))
        #expect(picker.state.currentItem == item("a"))
        picker.type(Self.tab + Self.tab)
        #expect(picker.state.selection.ids == items("c", "b"))
    }

    @Test func tabOnLastRowStays() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b"))
        picker.type("\(esc)[1;5F" + Self.tab + Self.tab)
        #expect(picker.state.selection.ids == [])
        #expect(picker.state.currentItem == item("b"))
    }

    @Test func tabOnEmptyListDoesNothing() {
        var picker = PickerHarness()
        #expect(picker.type(Self.tab) == [])
    }

    struct BulkCase: CustomTestStringConvertible, Sendable {
        let name: String
        let before: [String]
        let keys: String
        let after: [String]
        var testDescription: String { name }
    }

    static let bulkCases: [BulkCase] = [
        BulkCase(name: "Alt-A appends unselected in list order", before: ["z", "c"], keys: "\(esc)a",
                 after: ["z", "c", "a", "b", "d"]),
        BulkCase(name: "Alt-U removes only matches", before: ["z", "c", "a"], keys: "\(esc)u", after: ["z"]),
        BulkCase(name: "Alt-T toggles each match", before: ["z", "c"], keys: "\(esc)t",
                 after: ["z", "a", "b", "d"]),
        BulkCase(name: "Alt-T twice", before: ["c"], keys: "\(esc)t\(esc)t", after: ["c"]),
        BulkCase(name: "Alt-A then Alt-U", before: ["z"], keys: "\(esc)a\(esc)u", after: ["z"]),
    ]

    @Test(arguments: bulkCases)
    func bulkSelection(_ testCase: BulkCase) {
        var picker = PickerHarness(PickerState(selection: PickerSelection(testCase.before.map(item))))
        picker.deliver(items("a", "b", "c", "d"))
        picker.type(testCase.keys)
        #expect(picker.state.selection.ids == testCase.after.map(item))
    }

    @Test func showSelectedOnlyListsTheSelectionInOrder() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b", "c", "d"))
        picker.type("\(esc)[1;5F" + Self.backTab + "\u{01}" + "\(esc)[A\(esc)[A" + Self.tab)
        #expect(picker.state.selection.ids == items("d", "a"))
        picker.type("\u{13}")
        #expect(picker.state.showSelectedOnly)
        #expect(picker.visible == items("d", "a"))
        #expect(picker.visibleSelected == items("d", "a"))
        // Tab on d deselects it; the cursor lands on a, which moved into d's place.
        picker.type("\u{01}\(esc)[1;5H" + Self.tab)
        #expect(picker.visible == items("a"))
        #expect(picker.state.currentItem == item("a"))
        picker.type("\u{13}")
        #expect(picker.visible == items("a", "b", "c", "d"))
        #expect(picker.state.currentItem == item("a"))
    }

    @Test func statusTextGroupsThousands() {
        var picker = PickerHarness(PickerState(selection: PickerSelection(items(0..<12))))
        picker.deliver(items(0..<2_340), total: 104_118)
        #expect(picker.state.statusText == "2,340/104,118 · 12 selected")
    }

    @Test func statusCountsMatchesBeyondTheFirstPage() {
        var picker = PickerHarness()
        picker.deliver(items(0..<500), total: 104_118, final: false, matches: 88_595)
        #expect(picker.state.statusText == "88,595/104,118 · 0 selected")
    }

    @Test func bulkKeysWaitForTheFinalListOfTheNewQuery() {
        var picker = PickerHarness()
        picker.type("a")
        picker.deliver(items("x", "y"))
        picker.type("b\(esc)a")
        #expect(picker.state.selection.isEmpty, "Alt-A must not act on the previous query's matches")
        picker.deliver(items("p", "q"), final: false, matches: 3)
        #expect(picker.state.selection.isEmpty, "nor on the first page alone")
        picker.deliver(items("p", "q", "r"))
        #expect(picker.state.selection.ids == items("p", "q", "r"))
        #expect(picker.state.deferredActions.isEmpty)
    }

    @Test func endWaitsForTheWholeList() {
        var picker = PickerHarness()
        picker.type("a")
        picker.deliver(items(0..<5), final: false, matches: 9)
        picker.type("\(esc)[1;5F")
        #expect(picker.state.currentItem == item("0"))
        picker.deliver(items(0..<9))
        #expect(picker.state.currentItem == item("8"))
    }

    @Test func aQueryProblemDropsWaitingBulkKeys() {
        var picker = PickerHarness()
        picker.type("year:x\(esc)a")
        picker.send(.queryProblem(query: "year:x", scope: .all, message: "bad"))
        picker.type("\u{15}")
        picker.deliver(items("a"))
        #expect(picker.state.selection.isEmpty)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"),
                      (1_234_567, "1,234,567"), (-1_234, "-1,234")])
    func grouped(_ n: Int, _ text: String) {
        #expect(PickerState.grouped(n) == text)
    }
}
