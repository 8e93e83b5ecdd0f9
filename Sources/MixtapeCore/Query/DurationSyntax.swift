/// The value syntax of durations over `duration_ms`: `1h`, `5m`, `90s`, `2m30s`, `1h5m`,
/// `3:00` (m:ss), `1:02:03` (h:mm:ss), or a bare number of seconds (`200`), each inside the
/// comparison forms (`>5m`, `3:00..4:30`, `<90s`).
///
/// Durations compare in whole seconds, the precision `m:ss` displays: `duration:3:00` matches
/// 3:00.000–3:00.999, `3:00..4:30` includes a 4:30.6 track, `>5m` starts at 5:01. The `m`
/// here is minutes; dates own their own syntax, where `m` is months.
public enum DurationSyntax {
    /// What an error message says the field expects.
    public static let expectation =
        "a duration like 3:30, 4m, 90s or 1h5m, a range like 3:00..4:30 or a comparison like >5m"

    /// The milliseconds a written value accepts.
    public static func bounds(_ value: Substring) throws(FilterValueError) -> IntegerBounds {
        try Comparison.parse(value) { (text: Substring) throws(FilterValueError) -> Span in
            guard let seconds = DurationSyntax.seconds(text), let span = Span(count: seconds, scale: 1000) else {
                throw .malformed
            }
            return span
        }.bounds()
    }

    /// The whole seconds a duration denotes; nil when it is not one.
    static func seconds(_ text: Substring) -> Int64? {
        if text.contains(":") { return clockSeconds(text) }
        if let seconds = NumberSyntax.integer(text) { return seconds <= maximum ? seconds : nil }
        return unitSeconds(text)
    }

    /// Beyond a million hours nothing is a duration, and this keeps every sum far from overflow.
    private static let maximum: Int64 = 3_600_000_000

    /// `m:ss` or `h:mm:ss`: the leading part any width, the others two digits below 60.
    private static func clockSeconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let first = NumberSyntax.integer(parts[0]),
              first <= maximum / 3600 else { return nil }
        var total = first
        for part in parts.dropFirst() {
            guard part.count == 2, let value = NumberSyntax.integer(part), value < 60 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// `1h30m`, `2m30s`, `90s`: numbers with units h, m, s, each at most once and in that order.
    private static func unitSeconds(_ text: Substring) -> Int64? {
        let units: [(Character, Int64)] = [("h", 3600), ("m", 60), ("s", 1)]
        var rest = text
        var total: Int64 = 0
        var nextUnit = 0
        while !rest.isEmpty {
            guard let end = rest.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
                  let count = NumberSyntax.integer(rest[..<end]), count <= maximum,
                  let unit = units[nextUnit...].firstIndex(where: { $0.0 == rest[end] })
            else { return nil }
            total += count * units[unit].1
            guard total <= maximum else { return nil }
            nextUnit = unit + 1
            rest = rest[rest.index(after: end)...]
        }
        return nextUnit > 0 ? total : nil
    }
}
