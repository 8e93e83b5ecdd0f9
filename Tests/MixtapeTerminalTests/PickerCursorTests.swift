import MixtapeCore
@testable import MixtapeTerminal
import Testing

@Suite("Picker cursor, scroll and results")
struct PickerCursorTests {
    struct MoveCase: CustomTestStringConvertible, Sendable {
        let name: String
        let keys: String
        let row: Int
        let scroll: Int
        var testDescription: String { name }
    }

    // 50 results, 80×24: the list is 21 rows high.
    static let moveCases: [MoveCase] = [
        MoveCase(name: "starts on the best match", keys: "", row: 0, scroll: 0),
        MoveCase(name: "down", keys: "\(esc)[B", row: 1, scroll: 0),
        MoveCase(name: "Ctrl-J and Ctrl-N go down", keys: "\u{0a}\u{0e}", row: 2, scroll: 0),
        MoveCase(name: "Ctrl-K and Ctrl-P go up", keys: "\(esc)[B\(esc)[B\(esc)[B\u{0b}\u{10}", row: 1, scroll: 0),
        MoveCase(name: "up at top stays", keys: "\(esc)[A", row: 0, scroll: 0),
        MoveCase(name: "PgDn moves a list height", keys: "\(esc)[6~", row: 21, scroll: 1),
        MoveCase(name: "PgDn twice", keys: "\(esc)[6~\(esc)[6~", row: 42, scroll: 22),
        MoveCase(name: "PgDn stops at the end", keys: "\(esc)[6~\(esc)[6~\(esc)[6~", row: 49, scroll: 29),
        MoveCase(name: "PgUp back", keys: "\(esc)[6~\(esc)[6~\(esc)[5~", row: 21, scroll: 21),
        MoveCase(name: "PgUp stops at the top", keys: "\(esc)[6~\(esc)[5~\(esc)[5~", row: 0, scroll: 0),
        MoveCase(name: "Ctrl-End", keys: "\(esc)[1;5F", row: 49, scroll: 29),
        MoveCase(name: "Ctrl-End then Ctrl-Home", keys: "\(esc)[1;5F\(esc)[1;5H", row: 0, scroll: 0),
        MoveCase(name: "Ctrl-End then down stays", keys: "\(esc)[1;5F\(esc)[B", row: 49, scroll: 29),
    ]

    @Test(arguments: moveCases)
    func movement(_ testCase: MoveCase) {
        var picker = PickerHarness()
        picker.deliver(items(0..<50))
        picker.type(testCase.keys)
        #expect(picker.state.cursorRow == testCase.row)
        #expect(picker.state.scrollOffset == testCase.scroll)
        #expect(picker.state.visibleRows.count == 21)
        #expect(picker.state.visibleRows.filter(\.isCursor).map(\.id) == [item(String(testCase.row))])
    }

    @Test func cursorFollowsItsItemAcrossResults() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b", "c", "d"))
        picker.type("\(esc)[B\(esc)[B")
        #expect(picker.state.currentItem == item("c"))
        picker.type("x")
        picker.deliver(items("d", "c", "a"))
        #expect(picker.state.currentItem == item("c"))
        #expect(picker.state.cursorRow == 1)
    }

    @Test func cursorFallsBackToRowZeroWhenItsItemVanishes() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b", "c"))
        picker.type("\(esc)[1;5F")
        picker.type("x")
        picker.deliver(items("b", "a"))
        #expect(picker.state.currentItem == item("b"))
        #expect(picker.state.cursorItem == item("b"))
        picker.deliver(items("c", "b"))
        #expect(picker.state.currentItem == item("b"))
    }

    @Test func partialResultsKeepARestoredCursorItem() {
        var picker = PickerHarness(PickerState(query: "q", cursorItem: item("c")))
        picker.deliver(items("a", "b"), final: false)
        #expect(picker.state.cursorRow == 0)
        #expect(picker.state.currentItem == item("a"))
        picker.deliver(items("a", "b", "c"), final: true)
        #expect(picker.state.currentItem == item("c"))
    }

    @Test func emptyResultsHaveNoCurrentItem() {
        var picker = PickerHarness()
        picker.deliver([])
        #expect(picker.state.currentItem == nil)
        #expect(picker.state.visibleRows.isEmpty)
        #expect(picker.type("\(esc)[B\(esc)[6~\(esc)[1;5F") == [])
    }

    @Test func staleResultsAreIgnored() {
        var picker = PickerHarness()
        picker.type("ab")
        let staleQuery = PickerEvent.results(query: "a", scope: .all, ids: ItemIDList(items("x")), total: 9, final: true)
        let staleScope = PickerEvent.results(query: "ab", scope: .music, ids: ItemIDList(items("y")), total: 9, final: true)
        #expect(picker.send(staleQuery) == [])
        #expect(picker.send(staleScope) == [])
        #expect(picker.state.results == [])
        #expect(picker.deliver(items("z")) == [.render])
        #expect(picker.state.results == ItemIDList(items("z")))
    }

    @Test func resizeChangesTheListHeightAndKeepsTheCursorVisible() {
        var picker = PickerHarness()
        picker.deliver(items(0..<50))
        picker.type("\(esc)[6~")
        #expect(picker.send(.resize(width: 100, height: 10)) == [.render])
        #expect(picker.state.listHeight == 7)
        #expect(picker.state.scrollOffset == 15)
        #expect(picker.visible.last == item("21"))
    }

    @Test func previewTakesRowsAndReportsTheCursorItem() {
        var picker = PickerHarness()
        picker.deliver(items("a", "b"))
        #expect(picker.type("\u{0f}") == [.preview(item("a")), .render])
        #expect(picker.state.previewHeight == 8)
        #expect(picker.state.listHeight == 13)
        #expect(picker.type("\(esc)[B") == [.preview(item("b")), .render])
        #expect(picker.type("\u{0f}") == [.render])
        #expect(picker.type("\(esc)[A") == [.render])
    }
}

@Suite("Picker scope and exit")
struct PickerScopeTests {
    @Test func scopeOrderIsTheEnumOrder() {
        #expect(Scope.allCases == [.all, .music, .podcasts, .audiobooks, .movies, .tv, .videos])
    }

    @Test(arguments: [
        ("\u{14}", Scope.music),
        ("\u{14}\u{14}\u{14}\u{14}\u{14}\u{14}", .videos),
        ("\u{14}\u{14}\u{14}\u{14}\u{14}\u{14}\u{14}", .all),
        ("\(esc)s", .videos),
        ("\(esc)[116;6u", .videos),
        ("\u{14}\u{14}\(esc)s", .music),
        ("\(esc)[27;6;84~\(esc)[27;6;84~", .tv),
    ])
    func scopeCycling(_ keys: String, _ scope: Scope) {
        var picker = PickerHarness()
        picker.type(keys)
        #expect(picker.state.scope == scope)
    }

    @Test func scopeChangeStartsAMatchAndMakesOldResultsStale() {
        var picker = PickerHarness()
        picker.type("be")
        #expect(picker.type("\u{14}") == [.match(query: "be", scope: .music), .render])
        let old = PickerEvent.results(query: "be", scope: .all, ids: ItemIDList(items("a")), total: 1, final: true)
        #expect(picker.send(old) == [])
    }

    @Test func editingTheQueryOrScopeMarksTheResultsAsPending() {
        var picker = PickerHarness()
        picker.type("a")
        picker.deliver(items("x", "y"))
        #expect(picker.state.resultsFinal)
        picker.type("b")
        #expect(!picker.state.resultsFinal)
        #expect(!picker.state.resultsAreCurrent)
        #expect(picker.visible == items("x", "y"))
        picker.deliver(items("y"), final: false, matches: 2)
        #expect(picker.state.resultsAreCurrent && !picker.state.resultsFinal)
        picker.deliver(items("y"))
        picker.type("\u{14}")
        #expect(!picker.state.resultsFinal)
        picker.type("\u{1B}[B")
        #expect(!picker.state.resultsFinal)
    }

    @Test func queryProblemEmptiesTheListUntilResultsForTheQueryArrive() {
        var picker = PickerHarness()
        picker.type("yaer:1")
        picker.deliver(items("a", "b"))
        let problem = PickerEvent.queryProblem(query: "yaer:1", scope: .all, message: "unknown field yaer")
        #expect(picker.send(problem) == [.render])
        #expect(picker.state.queryProblem == "unknown field yaer")
        #expect(picker.visible.isEmpty)
        #expect(picker.send(.queryProblem(query: "old", scope: .all, message: "stale")) == [])
        picker.deliver(items("c"))
        #expect(picker.state.queryProblem == nil)
        #expect(picker.visible == items("c"))
    }

    @Test(arguments: ["\r", "\u{03}", "\u{07}"])
    func exitKeys(_ key: String) {
        var picker = PickerHarness()
        picker.deliver(items("a", "b"))
        picker.type("\t")
        let expected: PickerEffect = key == "\r" ? .accept(selection: items("a")) : .cancel
        #expect(picker.type(key) == [expected])
    }

    @Test func escapeCancels() {
        var picker = PickerHarness()
        #expect(picker.type(esc, flush: true) == [.cancel])
    }

    @Test func unboundKeysDoNothing() {
        var picker = PickerHarness()
        #expect(picker.type("\(esc)OQ\(esc)[2~") == [])
    }

    /// The cursor's row is remembered (`cursorIndex`), not searched for on every read: after
    /// any mix of keys, partial and final lists, selecting and showing only the selection, it
    /// is still where the item is in the list shown.
    @Test func rememberedCursorRowIsAlwaysWhereTheItemIs() {
        var picker = PickerHarness()
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let keys = ["\(esc)[B", "\(esc)[A", "\t", "\(esc)[Z", "\u{13}", "x", "\u{7f}", "\(esc)[6~", "\(esc)[1;5F"]
        for step in 0..<400 {
            if next(3) == 0 {
                let start = next(30)
                let list = items(start..<(start + next(40)))
                picker.deliver(next(2) == 0 ? list : list.reversed(), final: next(2) == 0)
            } else {
                picker.type(keys[next(keys.count)])
            }
            let state = picker.state
            let expected = state.cursorItem.flatMap { state.listIDs.firstIndex(of: $0) }
            #expect(state.cursorIndex == expected, "step \(step)")
            #expect(state.cursorRow == (expected ?? 0), "step \(step)")
        }
    }
}
