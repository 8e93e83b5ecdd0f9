/// The value syntax of date fields (`added:`, `played:`, `modified:`), in UTC:
///
/// - calendar values `2024`, `2024-03`, `2024-03-15` (or a full `2024-03-15T10:00:00Z`), each
///   standing for its whole year, month, day (or second): `added:2024-01..2024-06` runs to the
///   end of June, `added:>2024` starts in 2025, `added:<2024-03-15` ends before the 15th;
/// - relative ages `<30d` (less than 30 days ago), `>1y` (more than a year ago), `<=2w`,
///   `7d..30d` (between 7 and 30 days ago), with units d, w, m (months), y.
///
/// A bare age (`added:30d`) is refused: "added 30 days" could mean within the last 30 days or
/// on the day 30 days ago, and the message shows both spellings instead of guessing. A range
/// takes two calendar values or two ages, not one of each.
public enum DateSyntax {
    /// What an error message says the field expects.
    public static let expectation = "a date like 2024-03-15, 2024-03 or 2024, a range like "
        + "2024-01..2024-06, or an age like <30d or >1y (units d, w, m, y)"

    private enum Endpoint {
        case calendar(Span)
        case age(RelativeAge)
    }

    /// The instants a written value accepts.
    public static func bounds(_ value: Substring) throws(FilterValueError) -> DateBounds {
        let comparison = try Comparison.parse(value) { (text: Substring) throws(FilterValueError) -> Endpoint in
            if let age = RelativeAge(text) { return .age(age) }
            if let span = calendarSpan(text) { return .calendar(span) }
            throw .malformed
        }
        if let calendar = comparison.map({ if case .calendar(let span) = $0 { span } else { nil } }) {
            let bounds = try calendar.bounds()
            return DateBounds(
                lower: bounds.lower.map { DateLimit(.instant(Timestamp(rawValue: $0)), inclusive: true) },
                upper: bounds.upper.map { DateLimit(.instant(Timestamp(rawValue: $0)), inclusive: false) })
        }
        if let ages = comparison.map({ if case .age(let age) = $0 { age } else { nil } }) {
            return try ageBounds(ages)
        }
        throw .invalid(problem: "mixes a calendar date and an age; a range takes two dates or two ages")
    }

    /// Ages are points counted back from now, so the comparison flips: a smaller age is a later
    /// instant. `<30d` is "after 30 days ago", `>1y` "before a year ago".
    private static func ageBounds(_ comparison: Comparison<RelativeAge>) throws(FilterValueError) -> DateBounds {
        func limit(_ age: RelativeAge, _ inclusive: Bool) -> DateLimit { DateLimit(.ago(age), inclusive: inclusive) }
        switch comparison {
        case .below(let age): return DateBounds(lower: limit(age, false), upper: nil)
        case .atMost(let age): return DateBounds(lower: limit(age, true), upper: nil)
        case .above(let age): return DateBounds(lower: nil, upper: limit(age, false))
        case .atLeast(let age): return DateBounds(lower: nil, upper: limit(age, true))
        case .equal(let age):
            let text = "\(age.count)\(age.unit.rawValue)"
            throw .invalid(problem: "is an age without a direction: write <\(text) for less than \(text) ago "
                + "or >\(text) for longer ago")
        case .between(let youngest, let oldest):
            if let youngest, let oldest, youngest.dayRange.lowerBound > oldest.dayRange.upperBound {
                throw .invalid(problem: "is an empty range: write the smaller age first, as in 7d..30d")
            }
            return DateBounds(lower: oldest.map { limit($0, true) }, upper: youngest.map { limit($0, true) })
        }
    }

    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD` as the seconds of that whole year, month or day in UTC,
    /// or an RFC 3339 instant as its one second; nil for anything else (`2015-13`, `2023-02-29`).
    static func calendarSpan(_ text: Substring) -> Span? {
        if text.contains("T"), let time = Timestamp(iso8601: text) {
            return Span(start: time.rawValue, end: time.rawValue + 1)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
              let year = NumberSyntax.integer(parts[0]), year >= 1 else { return nil }
        var numbers: [Int64] = []
        for part in parts.dropFirst() {
            guard (1...2).contains(part.count), let number = NumberSyntax.integer(part) else { return nil }
            numbers.append(number)
        }
        let month = numbers.first ?? 1
        guard (1...12).contains(month) else { return nil }
        if numbers.count == 2 {
            guard (1...Timestamp.daysInMonth(year: year, month: month)).contains(numbers[1]) else { return nil }
        }
        let startDay = Timestamp.daysFromCivil(year: year, month: month, day: numbers.count == 2 ? numbers[1] : 1)
        let endDay: Int64 = switch numbers.count {
        case 0: Timestamp.daysFromCivil(year: year + 1, month: 1, day: 1)
        case 1: startDay + Timestamp.daysInMonth(year: year, month: month)
        default: startDay + 1
        }
        return Span(start: startDay * 86_400, end: endDay * 86_400)
    }
}
