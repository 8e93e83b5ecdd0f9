/// An age such as `30d`, `2w`, `6m` or `1y`, as written after `added:<` or `played:>`.
///
/// Days and weeks are exact multiples of 86,400 seconds. Months and years are calendar steps in
/// UTC: one month before 31 March is 28 or 29 February (the day is clamped to the month), and
/// the time of day is kept, so `<1m` on 15 May at noon reaches back to 15 April at noon.
public struct RelativeAge: Hashable, Sendable {
    /// The letters after the count.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case days = "d", weeks = "w", months = "m", years = "y"
    }

    public var count: Int64
    public var unit: Unit

    public init(count: Int64, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Reads `30d`; nil for anything else. Counts above a million are refused so that every
    /// later step stays far from overflow.
    public init?(_ text: some StringProtocol) {
        guard let last = text.last, let unit = Unit(rawValue: String(last).lowercased()),
              let count = NumberSyntax.integer(Substring(text.dropLast())), count <= 1_000_000
        else { return nil }
        self.init(count: count, unit: unit)
    }

    /// The instant this age before `now`.
    public func before(_ now: Timestamp) -> Timestamp {
        switch unit {
        case .days: Timestamp(rawValue: now.rawValue - count * 86_400)
        case .weeks: Timestamp(rawValue: now.rawValue - count * 7 * 86_400)
        case .months: RelativeAge.monthsBefore(now, count)
        case .years: RelativeAge.monthsBefore(now, count * 12)
        }
    }

    /// The fewest and most days the age can span, whatever `now` is; used to reject ranges
    /// whose ends are certainly reversed (`30d..1d`).
    var dayRange: ClosedRange<Int64> {
        switch unit {
        case .days: count...count
        case .weeks: count * 7...count * 7
        case .months: count * 28...count * 31
        case .years: count * 365...count * 366
        }
    }

    private static func monthsBefore(_ now: Timestamp, _ months: Int64) -> Timestamp {
        let days = now.rawValue >= 0 ? now.rawValue / 86_400 : (now.rawValue - 86_399) / 86_400
        let secondOfDay = now.rawValue - days * 86_400
        let date = Timestamp.civilFromDays(days)
        let total = date.year * 12 + (date.month - 1) - months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        let month = total - year * 12 + 1
        let day = min(date.day, Timestamp.daysInMonth(year: year, month: month))
        return Timestamp(rawValue: Timestamp.daysFromCivil(year: year, month: month, day: day) * 86_400 + secondOfDay)
    }
}
