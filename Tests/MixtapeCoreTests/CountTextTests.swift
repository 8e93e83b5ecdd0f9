import MixtapeCore
import Testing

/// Counts in messages: grouped digits, and the noun in agreement with the number.
@Suite("Counts in messages")
struct CountTextTests {
    @Test(arguments: [
        (0, "file", nil, "0 files"), (1, "file", nil, "1 file"), (2, "file", nil, "2 files"),
        (1, "entry", "entries", "1 entry"), (12_345, "entry", "entries", "12,345 entries"),
        (-1, "file", nil, "-1 files"), (1_000_000, "item", nil, "1,000,000 items"),
    ] as [(Int, String, String?, String)])
    func counted(_ count: Int, _ singular: String, _ plural: String?, _ expected: String) {
        #expect(count.counted(singular, plural) == expected)
    }

    @Test func grouped() {
        #expect(0.grouped == "0")
        #expect(999.grouped == "999")
        #expect(1000.grouped == "1,000")
        #expect((-1_234_567).grouped == "-1,234,567")
    }
}
