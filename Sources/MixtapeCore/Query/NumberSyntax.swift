/// The value syntax of integer fields: `1999`, `=1999`, `1990..1999`, `2000..`, `..1979`,
/// `>=80`, `>3`, `<5`, `<=5`. Digits only (no sign, no decimals: every integer field in
/// json.md is a count or a measure that cannot be negative).
///
/// `scale` lets a row count in a unit other than the stored one: `stars:` writes whole stars
/// over `rating` with scale 20, so `stars:3` is ratings 60–79 (rating / 20 rounded down is 3)
/// and `stars:>3` is ratings 80 and up.
public struct NumberSyntax: Hashable, Sendable {
    /// How the message names a value: "a year", "a number of stars".
    public var noun: String
    /// Values for the message's examples: `year` uses 1990...1999.
    public var example: ClosedRange<Int64>
    /// Stored units per written unit (1, or 20 for stars).
    public var scale: Int64
    /// iTunes omits zero play and skip counts, so for those fields a missing value is 0.
    public var missingAsZero: Bool

    public init(noun: String = "a number", example: ClosedRange<Int64>, scale: Int64 = 1,
                missingAsZero: Bool = false) {
        self.noun = noun
        self.example = example
        self.scale = scale
        self.missingAsZero = missingAsZero
    }

    /// What an error message says the field expects.
    public var expectation: String {
        let (low, high) = (example.lowerBound, example.upperBound)
        return "\(noun) like \(high), a range like \(low)..\(high) or a comparison like >=\(high)"
    }

    /// The stored values a written value accepts.
    public func bounds(_ value: Substring) throws(FilterValueError) -> IntegerBounds {
        try Comparison.parse(value) { (text: Substring) throws(FilterValueError) -> Span in
            guard let count = NumberSyntax.integer(text), let span = Span(count: count, scale: scale) else {
                throw .malformed
            }
            return span
        }.bounds()
    }

    /// A run of ASCII digits as a non-negative integer; nil for anything else or on overflow.
    static func integer(_ text: Substring) -> Int64? {
        guard !text.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow, !overflowSum else { return nil }
            value = sum
        }
        return value
    }
}
