import MixtapeCore

/// How NML attribute text becomes numbers and dates. Traktor writes plain decimals and unpadded
/// `YYYY/M/D` dates; anything else (a `+5`, `nan`, `2010/13/40`) is a value the file does not
/// really have, so it reads as absent rather than as a guess (spec/sources.md).
///
/// Each reads the attribute's bytes as libxml2 lends them, so a number never becomes a String
/// first; the String forms are for tests and other callers.
enum TraktorValues {
    /// A day as written: (year, month, day), whether or not it is a real calendar day.
    typealias DateParts = (year: Int64, month: Int64, day: Int64)

    /// Non-empty text, or nil: Traktor writes `TITLE=""` for a tag it has not got.
    static func text(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// `-?[0-9]+` that fits in 64 bits.
    static func integer(_ value: String?) -> Int64? {
        guard var value else { return nil }
        return value.withUTF8 { integer(bytes: $0) }
    }

    /// `integer` of UTF-8 bytes, read digit by digit.
    static func integer(bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard isDigit(byte) else { return nil }
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - 48))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        // Int64.min's magnitude is one more than Int64.max.
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// `-?[0-9]+(.[0-9]*)?` or `-?.[0-9]+`, finite.
    static func decimal(_ value: String?) -> Double? {
        guard var value else { return nil }
        return value.withUTF8 { decimal(bytes: $0) }
    }

    /// `decimal` of UTF-8 bytes.
    static func decimal(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard isDecimal(bytes), let number = Double(String(decoding: bytes, as: UTF8.self)), number.isFinite else {
            return nil
        }
        return number
    }

    /// Rounds half up (118.5 → 119), or nil when the result does not fit in 64 bits.
    static func halfUp(_ number: Double) -> Int64? {
        let rounded = (number + 0.5).rounded(.down)
        guard rounded >= -9.223372036854775808e18, rounded < 9.223372036854775808e18 else { return nil }
        return Int64(rounded)
    }

    /// The (year, month, day) of `YYYY/M/D` (one to four year digits, one or two for month and
    /// day), whether or not it is a real calendar day.
    static func dateParts(_ value: String?) -> DateParts? {
        guard var value else { return nil }
        return value.withUTF8 { dateParts(bytes: $0) }
    }

    /// `dateParts` of UTF-8 bytes.
    static func dateParts(bytes: UnsafeBufferPointer<UInt8>) -> DateParts? {
        var numbers: (Int64, Int64, Int64) = (0, 0, 0)
        var part = 0, digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                guard digits > 0, part < 2 else { return nil }
                part += 1
                digits = 0
                continue
            }
            guard isDigit(byte), digits < (part == 0 ? 4 : 2) else { return nil }
            digits += 1
            let digit = Int64(byte - 48)
            switch part {
            case 0: numbers.0 = numbers.0 * 10 + digit
            case 1: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
        }
        guard part == 2, digits > 0 else { return nil }
        return numbers
    }

    /// A `YYYY/M/D` day at UTC midnight plus `seconds` (NML dates carry no time zone).
    static func timestamp(_ value: String?, seconds: Int64 = 0) -> Timestamp? {
        timestamp(dateParts(value), seconds: seconds)
    }

    /// A day at UTC midnight plus `seconds`, or nil when the day is not in the calendar.
    static func timestamp(_ day: DateParts?, seconds: Int64 = 0) -> Timestamp? {
        guard let (year, month, day) = day, let midnight = Timestamp(year: year, month: month, day: day) else {
            return nil
        }
        return Timestamp(rawValue: midnight.rawValue + seconds)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var rest = bytes[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        guard let dot = rest.first else { return !whole.isEmpty }
        guard dot == UInt8(ascii: "."), rest.dropFirst().allSatisfy(isDigit) else { return false }
        return !whole.isEmpty || rest.count > 1
    }
}
