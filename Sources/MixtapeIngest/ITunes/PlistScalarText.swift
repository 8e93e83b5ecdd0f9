import MixtapeCore

/// Parses the text of `<integer>`, `<real>` and `<date>` straight from the bytes libxml2 hands
/// over. Each parser tells "malformed" (the file is not a valid plist) apart from "valid but not
/// representable" (the field is left unknown).
enum PlistScalarText {
    /// The outcome of reading a number.
    enum Number: Equatable {
        case value(Int64)
        /// Well-formed, but outside Int64 (or not finite, for a real).
        case unrepresentable
        case malformed
    }

    /// Decimal with an optional sign, or `0x` hex as plistlib accepts; surrounding whitespace
    /// is allowed. Values up to UInt64.max are valid plist integers.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Number {
        // Fast path for what iTunes writes: 1 to 18 plain digits cannot overflow.
        if text.count > 0, text.count <= 18 {
            var value: Int64 = 0
            var index = 0
            while index < text.count {
                let digit = text[index] &- 0x30
                if digit > 9 { break }
                value = value &* 10 &+ Int64(digit)
                index += 1
            }
            if index == text.count { return .value(value) }
        }
        var slice = trimmed(text)
        guard !slice.isEmpty else { return .malformed }
        var negative = false
        if slice.first == 0x2D || slice.first == 0x2B {
            negative = slice.first == 0x2D
            slice = slice.dropFirst()
        }
        var radix: UInt64 = 10
        if slice.count > 2, slice.first == 0x30, slice[slice.startIndex + 1] | 0x20 == 0x78 {
            radix = 16
            slice = slice.dropFirst(2)
        }
        guard !slice.isEmpty else { return .malformed }
        var magnitude: UInt64 = 0
        var overflow = false
        for byte in slice {
            guard let digit = digitValue(byte), digit < radix else { return .malformed }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (added, o2) = shifted.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            magnitude = added
        }
        if overflow { return .unrepresentable }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .unrepresentable }
            return .value(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .unrepresentable }
        return .value(Int64(magnitude))
    }

    /// A decimal floating-point number (`3.5`, `-1e3`, `.5`, `inf`, `nan`), truncated toward
    /// zero as Python's `int()` does, because a `<real>` may stand where an integer is expected.
    static func real(_ text: UnsafeBufferPointer<UInt8>) -> Number {
        let slice = trimmed(text)
        let string = String(decoding: slice, as: UTF8.self)
        guard isDecimalReal(slice) || isSpecialReal(string) else { return .malformed }
        guard let double = Double(string) else { return .malformed }
        guard double.isFinite, double >= -9.223372036854775808e18, double < 9.223372036854775808e18
        else { return .unrepresentable }
        return .value(Int64(double))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` as iTunes writes it, parsed without a String; other ISO 8601
    /// spellings go through `Timestamp(iso8601:)`. Nil when malformed.
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        let slice = trimmed(text)
        if slice.count == 20, let fast = compactDate(slice) { return fast }
        return Timestamp(iso8601: String(decoding: slice, as: UTF8.self))
    }

    /// Whether the bytes are only XML whitespace (space, tab, CR, LF).
    static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !isSpace(byte) { return false }
        return true
    }

    private static func compactDate(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Timestamp? {
        let b = s.startIndex
        guard s[b + 4] == 0x2D, s[b + 7] == 0x2D, s[b + 10] == 0x54, s[b + 13] == 0x3A,
              s[b + 16] == 0x3A, s[b + 19] == 0x5A else { return nil }
        func number(_ from: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in b + from..<b + from + count {
                let byte = s[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        return Timestamp(rawValue: days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    private static func isDecimalReal(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = s.startIndex
        func digits() -> Int {
            let start = index
            while index < s.endIndex, s[index] >= 0x30, s[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < s.endIndex, s[index] == 0x2B || s[index] == 0x2D { index += 1 }
        var mantissa = digits()
        if index < s.endIndex, s[index] == 0x2E {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < s.endIndex, s[index] | 0x20 == 0x65 {
            index += 1
            if index < s.endIndex, s[index] == 0x2B || s[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == s.endIndex
    }

    private static func isSpecialReal(_ text: String) -> Bool {
        var body = Substring(text.lowercased())
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        return body == "inf" || body == "infinity" || body == "nan"
    }

    private static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        return text[start..<end]
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func digitValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case 0x30...0x39: UInt64(byte - 0x30)
        case 0x41...0x46: UInt64(byte - 0x41 + 10)
        case 0x61...0x66: UInt64(byte - 0x61 + 10)
        default: nil
        }
    }
}
