@testable import MixtapeIngest
import Testing

/// "n/total" positions as taggers write them: either half alone, padded, or nonsense.
@Suite("Embedded tags: number/total positions")
struct NumberAndTotalTests {
    @Test(arguments: [
        ("3/12", NumberAndTotal(number: 3, total: 12)),
        ("3", NumberAndTotal(number: 3)),
        ("03", NumberAndTotal(number: 3)),
        (" 1 / 2 ", NumberAndTotal(number: 1, total: 2)),
        ("/12", NumberAndTotal(total: 12)),
        ("3/", NumberAndTotal(number: 3)),
        ("0/0", NumberAndTotal()),
        ("0/12", NumberAndTotal(total: 12)),
        ("", NumberAndTotal()),
        ("A/B", NumberAndTotal()),
        ("+3/-12", NumberAndTotal()),
        ("3/12/5", NumberAndTotal(number: 3)),
        ("99999999999999999999", NumberAndTotal()),
        ("١٢", NumberAndTotal()),
    ])
    func parses(text: String, expected: NumberAndTotal) {
        #expect(NumberAndTotal(parsing: text) == expected)
    }
}
