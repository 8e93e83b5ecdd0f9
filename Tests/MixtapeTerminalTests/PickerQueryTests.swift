import MixtapeCore
@testable import MixtapeTerminal
import Testing

/// One query-editing scenario: bytes typed into an empty picker, the query and text cursor
/// that result.
struct QueryCase: CustomTestStringConvertible, Sendable {
    let name: String
    let input: String
    let query: String
    let cursor: Int

    var testDescription: String { name }
}

@Suite("Picker query editing")
struct PickerQueryTests {
    static let cases: [QueryCase] = [
        QueryCase(name: "typing", input: "beat", query: "beat", cursor: 4),
        QueryCase(name: "backspace", input: "beat\u{7f}", query: "bea", cursor: 3),
        QueryCase(name: "backspace at start", input: "\u{7f}", query: "", cursor: 0),
        QueryCase(name: "Ctrl-U deletes to start", input: "beat live\u{15}", query: "", cursor: 0),
        QueryCase(name: "Ctrl-U keeps text after cursor", input: "beat live\(esc)[D\(esc)[D\u{15}",
                  query: "ve", cursor: 0),
        QueryCase(name: "Ctrl-W deletes a word", input: "beat live\u{17}", query: "beat ", cursor: 5),
        QueryCase(name: "Ctrl-W takes trailing spaces too", input: "beat live  \u{17}", query: "beat ", cursor: 5),
        QueryCase(name: "Ctrl-W twice", input: "beat live\u{17}\u{17}", query: "", cursor: 0),
        QueryCase(name: "Ctrl-W mid-query", input: "beat live\u{01}\(esc)[C\(esc)[C\(esc)[C\(esc)[C\u{17}",
                  query: " live", cursor: 0),
        QueryCase(name: "Ctrl-A then insert", input: "eat\u{01}b", query: "beat", cursor: 1),
        QueryCase(name: "Ctrl-E after Ctrl-A", input: "bea\u{01}\u{05}t", query: "beat", cursor: 4),
        QueryCase(name: "left, insert", input: "bet\(esc)[Da", query: "beat", cursor: 3),
        QueryCase(name: "right at end stays", input: "ab\(esc)[C", query: "ab", cursor: 2),
        QueryCase(name: "left at start stays", input: "\(esc)[Da", query: "a", cursor: 1),
        QueryCase(name: "paste inserts at cursor", input: "ae\(esc)[D\(esc)[200~b c\nd\(esc)[201~",
                  query: "ab c de", cursor: 6),
        QueryCase(name: "combining character is one", input: "e\u{301}\u{7f}", query: "", cursor: 0),
    ]

    @Test(arguments: cases)
    func editing(_ testCase: QueryCase) {
        var picker = PickerHarness()
        picker.type(testCase.input)
        #expect(picker.state.query == testCase.query)
        #expect(picker.state.queryCursor == testCase.cursor)
    }

    @Test func everyQueryChangeStartsAMatch() {
        var picker = PickerHarness()
        let effects = picker.type("ab\u{7f}\u{01}\u{17}")
        #expect(matchedQueries(effects) == ["a", "ab", "a"])
        #expect(effects.first == .match(query: "a", scope: .all))
    }

    @Test func cursorMovesDoNotMatch() {
        var picker = PickerHarness()
        picker.type("ab")
        let effects = picker.type("\(esc)[D\u{01}")
        #expect(effects == [.render, .render])
    }

    @Test func noOpEditsHaveNoEffects() {
        var picker = PickerHarness()
        #expect(picker.type("\u{7f}\u{15}\u{17}\(esc)[D") == [])
    }

    @Test func startMatchesRestoredQuery() {
        var state = PickerState(query: "beat", scope: .music, cursorItem: item("x"))
        #expect(state.queryCursor == 4)
        #expect(PickerReducer.start(&state) == [.match(query: "beat", scope: .music), .render])
    }
}
