/// The few info.json values that need reading rather than copying: durations and dates.
/// youtube-dl and yt-dlp changed their forms over the years (an early youtube-dl wrote
/// `"duration": "15"`, yt-dlp writes `582` or `401.0` plus `"duration_string": "9:42"`), and a
/// hand-edited or foreign file may hold anything, so each reader returns nil rather than guess.
enum InfoJSONScalars {
    /// Durations past this (about 292 million years in ms) do not fit an Int64 of ms.
    private static let maxSeconds = 9.2e15

    /// A duration in whole milliseconds, rounded to nearest: seconds as a number (possibly
    /// fractional) or as text (`"225"`, `"225.5"`, `"3:45"`, `"1:02:03"`). Zero, negative, not
    /// finite or absurdly large durations are nil: extractors write 0 for "unknown".
    static func milliseconds(_ value: JSONValue) -> Int64? {
        let seconds: Double?
        switch value {
        case .integer(let whole): seconds = Double(whole)
        case .real(let real): seconds = real
        case .string: seconds = value.text.flatMap(clockSeconds)
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, seconds > 0, seconds < maxSeconds else { return nil }
        let milliseconds = (seconds * 1000).rounded()
        return milliseconds >= 1 ? Int64(milliseconds) : nil
    }

    /// Seconds from `s`, `m:ss` or `h:mm:ss`, each part ASCII digits and the last optionally
    /// with a decimal fraction; minutes and seconds after the first part must be below 60.
    static func clockSeconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (position, part) in parts.enumerated() {
            let isLast = position == parts.count - 1
            guard let value = decimal(part, allowFraction: isLast) else { return nil }
            if position > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// `digits` or, when allowed, `digits.digits`; nothing else (no sign, exponent or spaces).
    private static func decimal(_ text: Substring, allowFraction: Bool) -> Double? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 1 || (allowFraction && pieces.count == 2) else { return nil }
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.count <= 16,
                  piece.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        }
        return Double(text)
    }

    /// The year of a date written `YYYYMMDD` (yt-dlp's form) or `YYYY-MM-DD`, when the month
    /// and day are possible ones; nil otherwise.
    static func year(fromDate value: JSONValue) -> Int64? {
        guard let text = value.text else { return nil }
        var digits = Array(text.utf8)
        if digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") {
            digits.remove(at: 7)
            digits.remove(at: 4)
        }
        guard digits.count == 8, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func number(_ range: Range<Int>) -> Int64 {
            digits[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
        }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        guard year >= 1, (1...12).contains(month), (1...31).contains(day) else { return nil }
        return year
    }

    /// A year given as a number (`release_year`), within 1...9999.
    static func yearNumber(_ value: JSONValue) -> Int64? {
        guard let year = value.wholeNumber, (1...9999).contains(year) else { return nil }
        return year
    }

    /// A track or disc number: a whole number of at least 1.
    static func ordinal(_ value: JSONValue) -> Int64? {
        guard let number = value.wholeNumber, number >= 1 else { return nil }
        return number
    }
}
