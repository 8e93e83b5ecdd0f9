import MixtapeCore

/// Rhythmbox's number texts as json.md values. Every number in rhythmdb.xml defaults to 0,
/// which means "not set", so 0 (and anything that is not a positive number) is nil here.
enum RhythmboxValue {
    /// Unix seconds beyond 9999-12-31 are not a date anyone meant.
    static let latestSecond: Int64 = 253_402_300_799
    /// The GLib Julian day of 9999-12-31.
    static let latestJulianDay: Int64 = 3_652_059
    /// Days from 0001-01-01 (Julian day 1) to 1970-01-01.
    static let julianDayOfEpoch: Int64 = 719_163

    /// A whole number as Rhythmbox writes one (`294`); a decimal (`4.5`) is cut to its whole
    /// part as Rhythmbox's own `strtoull` would. Nil for 0, negatives and anything else.
    static func count(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let trimmed = text.trimmingBlanks
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let value = Int64(trimmed), value > 0 else { return nil }
            return value
        }
        guard let value = trimmed.decimalNumber, value >= 1, value < 9.2e18 else { return nil }
        return Int64(value)
    }

    /// A decimal times `factor`, rounded half up (2.5 stars → 50, 120.5 BPM → 121); nil for 0.
    static func scaled(_ text: String?, by factor: Double) -> Int64? {
        guard let text, let value = text.decimalNumber, value > 0, value * factor < 9.2e18 else { return nil }
        let scaled = Int64((value * factor + 0.5).rounded(.down))
        return scaled > 0 ? scaled : nil
    }

    /// Unix seconds as a timestamp.
    static func time(_ text: String?) -> Timestamp? {
        guard let seconds = count(text), seconds <= latestSecond else { return nil }
        return Timestamp(rawValue: seconds)
    }

    /// The year of a GLib Julian day (day 1 is 1 January of year 1).
    static func year(julianDay text: String?) -> Int64? {
        guard let day = count(text), day <= latestJulianDay else { return nil }
        return Timestamp.civilFromDays(day - julianDayOfEpoch).year
    }
}
