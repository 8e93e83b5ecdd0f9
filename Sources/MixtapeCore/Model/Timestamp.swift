/// A point in time as whole seconds since 1970-01-01T00:00:00Z.
///
/// iTunes writes dates as `2019-02-12T18:42:02Z` with second precision and the JSON contract
/// prints them the same way, so seconds are exact; the conversion is done here by calendar
/// arithmetic so the core needs no Foundation.
public struct Timestamp: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (also with fractional seconds or a `+HH:MM` offset).
    /// Returns nil for anything else.
    public init?(iso8601 text: some StringProtocol) {
        var parser = DigitScanner(Array(text.utf8))
        guard let year = parser.number(digits: 4), parser.skip("-"),
              let month = parser.number(digits: 2), parser.skip("-"),
              let day = parser.number(digits: 2), parser.skip("T"),
              let hour = parser.number(digits: 2), parser.skip(":"),
              let minute = parser.number(digits: 2), parser.skip(":"),
              let second = parser.number(digits: 2),
              (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        if parser.skip(".") { while parser.number(digits: 1) != nil {} }
        var offset: Int64 = 0
        if parser.skip("Z") {
        } else if let sign = parser.sign(), let oh = parser.number(digits: 2), parser.skip(":"),
                  let om = parser.number(digits: 2) {
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard parser.atEnd else { return nil }
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        rawValue = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// RFC 3339 in UTC, `2019-02-12T18:42:02Z`.
    public var rfc3339: String {
        var bytes: [UInt8] = []
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of `rfc3339`: `search --json` writes three dates per item, and building each
    /// from interpolated, padded Strings was a tenth of its time. A year of four digits (every
    /// real one) is laid out in a buffer on the stack and appended at once, which is a fifth of
    /// the cost of appending byte by byte; any other year is padded as `String` would.
    public func appendRFC3339(to out: inout [UInt8]) {
        let days = rawValue >= 0 ? rawValue / 86_400 : (rawValue - 86_399) / 86_400
        let secondOfDay = rawValue - days * 86_400
        let (y, m, d) = Timestamp.civilFromDays(days)
        guard (0...9999).contains(y) else { return appendPadded(year: y, month: m, day: d, secondOfDay: secondOfDay, to: &out) }
        // YYYY-MM-DDTHH:MM:SSZ
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { bytes in
            func put(_ value: Int64, _ width: Int, at start: Int) {
                var rest = value
                for index in stride(from: start + width - 1, through: start, by: -1) {
                    bytes[index] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                    rest /= 10
                }
            }
            put(y, 4, at: 0); bytes[4] = 0x2d
            put(m, 2, at: 5); bytes[7] = 0x2d
            put(d, 2, at: 8); bytes[10] = 0x54
            put(secondOfDay / 3600, 2, at: 11); bytes[13] = 0x3a
            put(secondOfDay % 3600 / 60, 2, at: 14); bytes[16] = 0x3a
            put(secondOfDay % 60, 2, at: 17); bytes[19] = 0x5a
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<20]))
        }
    }

    /// `appendRFC3339` for a year outside 0...9999: each number is `String(value)` left-padded
    /// with zeros to its width (zeros before a minus sign), then its separator.
    private func appendPadded(year y: Int64, month m: Int64, day d: Int64, secondOfDay: Int64, to out: inout [UInt8]) {
        func pad(_ value: Int64, _ width: Int, then separator: UInt8) {
            let magnitude = value.magnitude
            var count = 1, probe = magnitude
            while probe >= 10 { probe /= 10; count += 1 }
            let length = count + (value < 0 ? 1 : 0)
            if length < width { out.append(contentsOf: repeatElement(0x30, count: width - length)) }
            if value < 0 { out.append(0x2d) }
            var divisor: UInt64 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                out.append(UInt8(magnitude / divisor % 10) + 0x30)
                divisor /= 10
            }
            out.append(separator)
        }
        pad(y, 4, then: 0x2d)
        pad(m, 2, then: 0x2d)
        pad(d, 2, then: 0x54)
        pad(secondOfDay / 3600, 2, then: 0x3a)
        pad(secondOfDay % 3600 / 60, 2, then: 0x3a)
        pad(secondOfDay % 60, 2, then: 0x5a)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.rawValue < b.rawValue }

    /// Midnight UTC of a real calendar day, or nil when there is no such day (month 13, 30
    /// February, year 0): how a reader turns a date-only field (`2019-02-12`, `2019/2/12`) into a
    /// timestamp without inventing one.
    public init?(year: Int64, month: Int64, day: Int64) {
        guard year >= 1, (1...12).contains(month), (1...Timestamp.daysInMonth(year: year, month: month)).contains(day) else {
            return nil
        }
        self.init(rawValue: Timestamp.daysFromCivil(year: year, month: month, day: day) * 86_400)
    }

    /// 28–31, from the proleptic Gregorian calendar.
    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        let next = month == 12 ? (year + 1, Int64(1)) : (year, month + 1)
        return daysFromCivil(year: next.0, month: next.1, day: 1) - daysFromCivil(year: year, month: month, day: 1)
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of `daysFromCivil`.
    public static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Reads fixed-width decimal fields out of ASCII bytes.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
