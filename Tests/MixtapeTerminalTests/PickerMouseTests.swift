import MixtapeCore
@testable import MixtapeTerminal
import Testing

@Suite("Picker mouse: where a click lands, and what it does")
struct PickerMouseTests {
    func picker(_ count: Int = 40, query: String = "", preview: Bool = false, selected: [ItemID] = []) -> PickerHarness {
        var picker = PickerHarness(PickerState(query: query, selection: PickerSelection(selected), previewVisible: preview))
        picker.deliver(items(0..<count))
        return picker
    }

    func click(_ row: Int, _ column: Int, _ button: MouseEvent.Button = .left,
               modifiers: KeyModifiers = [], double: Bool = false) -> Key {
        .mouse(MouseEvent(button: button, column: column, row: row, modifiers: modifiers, isDoubleClick: double))
    }

    @Test func hitsOnAStandardScreen() {
        let state = picker(40, query: "abc", preview: true).state
        #expect(state.hit(row: 0, column: 0) == .query(cursor: 0))
        #expect(state.hit(row: 0, column: 3) == .query(cursor: 1))
        #expect(state.hit(row: 0, column: 70) == .query(cursor: 3))
        // " All  Music  Podcasts …" with All current: "[All]" at columns 1–5.
        #expect(state.hit(row: 1, column: 2) == .scope(.all))
        #expect(state.hit(row: 1, column: 7) == .scope(.music))
        #expect(state.hit(row: 1, column: 12) == .scope(.music))
        #expect(state.hit(row: 1, column: 13) == .scope(.podcasts))
        #expect(state.hit(row: 1, column: 0) == .nothing)
        #expect(state.hit(row: 1, column: 79) == .nothing, "the hint is no scope")
        #expect(state.hit(row: 2, column: 5) == .nothing)
        #expect(state.hit(row: 3, column: 5) == .listRow(0))
        #expect(state.hit(row: 15, column: 5) == .listRow(12))
        // 24 rows: 3 chrome, 13 list rows, 8 preview rows.
        #expect(state.hit(row: 16, column: 5) == .preview)
        #expect(state.hit(row: 23, column: 5) == .preview)
        #expect(state.hit(row: 24, column: 5) == .nothing)
    }

    @Test func aClickInAWideQueryCountsColumns() {
        let state = PickerState(query: "坂本x")
        #expect(state.hit(row: 0, column: 2) == .query(cursor: 0))
        #expect(state.hit(row: 0, column: 3) == .query(cursor: 0))
        #expect(state.hit(row: 0, column: 4) == .query(cursor: 1))
        #expect(state.hit(row: 0, column: 6) == .query(cursor: 2))
    }

    @Test func aClickBelowTheLastRowIsNothing() {
        #expect(picker(2).state.hit(row: 6, column: 1) == .nothing)
    }

    @Test func aClickOnARowMovesTheCursorThere() {
        var picker = picker()
        picker.press(click(7, 10))
        #expect(picker.state.currentItem == item("4"))
        #expect(picker.state.selection.isEmpty)
    }

    @Test func aClickOnAScrolledListCountsFromTheTopRow() {
        var picker = picker()
        picker.type("\(esc)[6~\(esc)[6~")
        let top = picker.state.scrollOffset
        picker.press(click(3, 10))
        #expect(picker.state.currentItem == item(String(top)))
    }

    @Test func aRightClickOrAShiftClickToggles() {
        var picker = picker()
        picker.press(click(4, 10, .right))
        picker.press(click(6, 10, modifiers: .shift))
        #expect(picker.state.selection.ids == [item("1"), item("3")])
        #expect(picker.state.currentItem == item("3"))
        picker.press(click(4, 10, .right))
        #expect(picker.state.selection.ids == [item("3")])
    }

    @Test func aDoubleClickAccepts() {
        var picker = picker(selected: [item("9")])
        picker.press(click(5, 10))
        #expect(picker.press(click(5, 10, double: true)) == [.accept(selection: [item("9")])])
    }

    @Test func theWheelMovesTheCursorOrScrollsThePreview() {
        var picker = picker(preview: true)
        picker.press(.mouse(MouseEvent(button: .wheelDown, column: 5, row: 5)))
        picker.press(.mouse(MouseEvent(button: .wheelDown, column: 5, row: 5)))
        #expect(picker.state.currentItem == item("2"))
        picker.press(.mouse(MouseEvent(button: .wheelUp, column: 5, row: 5)))
        #expect(picker.state.currentItem == item("1"))
        picker.send(.previewLength(20))
        picker.press(.mouse(MouseEvent(button: .wheelDown, column: 5, row: 20)))
        #expect(picker.state.previewScroll == 1 && picker.state.currentItem == item("1"))
    }

    @Test func aClickOnTheScopeBarPicksThatScope() {
        var picker = picker()
        let effects = picker.press(click(1, 14))
        #expect(picker.state.scope == .podcasts)
        #expect(matchedQueries(effects) == [""])
    }

    @Test func aClickInTheQueryMovesTheTextCursor() {
        var picker = picker(query: "hello")
        picker.press(click(0, 4))
        #expect(picker.state.queryCursor == 2)
    }

    @Test func releasesAndDragsDoNothing() {
        var picker = picker()
        #expect(picker.press(.mouse(MouseEvent(button: .left, column: 5, row: 8, isPress: false))).isEmpty)
        #expect(picker.press(.mouse(MouseEvent(button: .left, column: 5, row: 8, isMotion: true))).isEmpty)
        #expect(picker.state.currentItem == item("0"))
    }

    @Test func anyClickClosesTheHelp() {
        var picker = picker()
        picker.type("?")
        picker.press(click(8, 3))
        #expect(!picker.state.helpVisible && picker.state.currentItem == item("0"))
    }

    @Test func clickTrackerTellsDoubleClicks() {
        var tracker = ClickTracker()
        let press = MouseEvent(button: .left, column: 3, row: 5)
        #expect(!tracker.mark(press, atMilliseconds: 1_000).isDoubleClick)
        #expect(tracker.mark(press, atMilliseconds: 1_400).isDoubleClick)
        #expect(!tracker.mark(press, atMilliseconds: 1_450).isDoubleClick, "a third click starts over")
        #expect(!tracker.mark(press, atMilliseconds: 2_000).isDoubleClick, "too slow")
        var other = press
        other.row = 6
        #expect(!tracker.mark(other, atMilliseconds: 2_100).isDoubleClick, "another row")
        var release = press
        release.isPress = false
        #expect(!tracker.mark(release, atMilliseconds: 2_150).isDoubleClick)
        other.column = 40
        #expect(tracker.mark(other, atMilliseconds: 2_200).isDoubleClick, "same row, releases between")
        var right = press
        right.button = .right
        #expect(!tracker.mark(press, atMilliseconds: 3_000).isDoubleClick)
        _ = tracker.mark(right, atMilliseconds: 3_100)
        #expect(!tracker.mark(press, atMilliseconds: 3_200).isDoubleClick, "a right click between breaks it")
    }
}
