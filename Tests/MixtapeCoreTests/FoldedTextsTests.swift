@testable import MixtapeCore
import Testing

/// `FoldedTexts` keeps a run of equal values once and answers it once: the answers must still
/// be those of folding and testing each row on its own.
@Suite("FoldedTexts: every row answered as its own folded value")
struct FoldedTextsTests {
    @Test("runs of equal values, rows with no text, values that fold alike, long and CJK values")
    func answersEveryRow() {
        let long = String(repeating: "Ærø ", count: 300)
        let values: [FieldValue?] = [
            .text("Björk"), .text("Björk"), nil, nil, .text("BJORK"), .text("björk"), .integer(3), .text("Sigur Rós"),
            .text("東京事変"), .text("東京事変"), .text(""), .text(""), .text(long), .text(long), .text("Bjork"), nil,
        ]
        var texts = FoldedTexts()
        for value in values { texts.append(value) }
        for condition in [TextCondition(mode: .contains, value: "bjo"), TextCondition(mode: .equals, value: "björk"),
                          TextCondition(mode: .contains, value: "東京"), TextCondition(mode: .contains, value: "aero ae"),
                          TextCondition(mode: .equals, value: "Sigur Ros")] {
            let answers = texts.decide { $0.map(condition.matches(foldedBytes:)) ?? false }
            let expected = values.map { value -> Bool in
                if case .text(let text)? = value { condition.matches(text) } else { false }
            }
            #expect(answers == expected, "\(condition.mode) \(condition.value)")
        }
    }
}
