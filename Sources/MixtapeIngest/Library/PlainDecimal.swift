/// A number written as plain decimal digits with at most one dot (`120.73`, `128`, `.5`), the
/// way DJ software writes BPMs, lengths and rates, read in one pass over its bytes.
///
/// Why not `Double(text)` for all of them: making the text, checking it and `strtod` for the
/// few numbers of every track were a twelfth of indexing 100,000 Serato tracks. The value is
/// the same as `Double`'s: when the digits make a whole number up to 2⁵³ and there are at most
/// 22 of them after the dot, that number and the power of ten are both exact as doubles, and
/// one division rounds the quotient as `strtod` rounds the decimal (correctly). Longer
/// decimals are left to the caller's `Double`.
enum PlainDecimal {
    /// What a text's bytes are.
    enum Reading: Equatable {
        /// A plain decimal, and its value.
        case exact(Double)
        /// A plain decimal with too many digits to be read exactly here: `Double` reads it.
        case long
        /// Anything else: a sign, blanks, an exponent, a comma, no digit, a second dot.
        case other
    }

    static func read<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Reading {
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var dot = false, exact = true
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                digits += 1
                if dot { fractionDigits += 1 }
                if exact {
                    mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
                    exact = mantissa <= 1 << 53
                }
            case 0x2E:
                guard !dot else { return .other }
                dot = true
            default:
                return .other
            }
        }
        guard digits > 0 else { return .other }
        guard exact, fractionDigits < powersOfTen.count else { return .long }
        return .exact(Double(mantissa) / powersOfTen[fractionDigits])
    }

    /// 10⁰ through 10²², every one exact as a double. Literals, so no lazy initialiser runs on
    /// each read (`SeratoTrack` says what that cost).
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
}
