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
        guard var text else { return nil }
        // What Rhythmbox writes, digits only, read straight from the bytes: trimming and
        // `Int64(_:)` made new Strings for each of the ten numbers of 100,000 entries.
        if let digits = text.withUTF8(wholeNumber) { return digits > 0 ? digits : nil }
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
        guard var text else { return nil }
        // Without blanks around it or a decimal comma, the text is its own `decimalNumber`
        // input: parsed as it is, no trimmed or replaced copy made.
        let plain = text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, !isBlank(first), !isBlank(last) else { return false }
            return !bytes.contains(UInt8(ascii: ","))
        }
        let parsed = plain ? Double(text).flatMap { $0.isFinite ? $0 : nil } : text.decimalNumber
        guard let value = parsed, value > 0, value * factor < 9.2e18 else { return nil }
        let scaled = Int64((value * factor + 0.5).rounded(.down))
        return scaled > 0 ? scaled : nil
    }

    /// The value of text made only of decimal digits (at least one), as `Int64(_:)` reads it;
    /// nil for anything else, an overflow included, which `count` then reads the slow way.
    static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    /// The blanks `String.trimmingBlanks` trims.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Unix seconds as a timestamp.
    static func time(_ text: String?) -> Timestamp? {
        time(count: count(text))
    }

    /// `time` of a text already read by `count`.
    static func time(count seconds: Int64?) -> Timestamp? {
        guard let seconds, seconds <= latestSecond else { return nil }
        return Timestamp(rawValue: seconds)
    }

    /// The year of a GLib Julian day (day 1 is 1 January of year 1).
    static func year(julianDay text: String?) -> Int64? {
        year(julianDayCount: count(text))
    }

    /// `year(julianDay:)` of a text already read by `count`.
    static func year(julianDayCount day: Int64?) -> Int64? {
        guard let day, day <= latestJulianDay else { return nil }
        return Timestamp.civilFromDays(day - julianDayOfEpoch).year
    }
}
