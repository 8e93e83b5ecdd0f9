/// Collects the bytes of one multi-byte UTF-8 scalar as they trickle in, one read at a time.
///
/// Each continuation byte is checked against the well-formed ranges of Unicode Table 3-7, so
/// overlong forms (`C0 80`, `E0 80 80`), surrogates (`ED A0 80`) and values past U+10FFFF are
/// caught at the first byte that makes them wrong. The caller turns that into one U+FFFD and
/// then reads the offending byte afresh, which is the "maximal subpart" practice of Unicode
/// §3.9 and what `String(decoding:as:)` does too.
struct UTF8Assembler: Sendable {
    /// What one more byte did to the scalar being assembled.
    enum Step: Equatable, Sendable {
        /// More continuation bytes are needed.
        case pending
        /// The scalar is complete.
        case scalar(Unicode.Scalar)
        /// The byte cannot continue this scalar: the bytes so far are ill-formed.
        case invalid
    }

    private var value: UInt32 = 0
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xbf

    /// Starts a scalar at `lead`; false when `lead` cannot begin a multi-byte scalar
    /// (a stray continuation byte, `C0`/`C1`, or `F5`…`FF`).
    mutating func start(_ lead: UInt8) -> Bool {
        (lower, upper) = (0x80, 0xbf)
        switch lead {
        case 0xc2...0xdf: (remaining, value) = (1, UInt32(lead & 0x1f))
        case 0xe0...0xef: (remaining, value) = (2, UInt32(lead & 0x0f))
        case 0xf0...0xf4: (remaining, value) = (3, UInt32(lead & 0x07))
        default: return false
        }
        switch lead {
        case 0xe0: lower = 0xa0 // no overlong three-byte forms
        case 0xed: upper = 0x9f // no surrogates
        case 0xf0: lower = 0x90 // no overlong four-byte forms
        case 0xf4: upper = 0x8f // nothing above U+10FFFF
        default: break
        }
        return true
    }

    /// Adds a continuation byte.
    mutating func add(_ byte: UInt8) -> Step {
        guard byte >= lower, byte <= upper else { return .invalid }
        value = value << 6 | UInt32(byte & 0x3f)
        (lower, upper) = (0x80, 0xbf)
        remaining -= 1
        guard remaining == 0 else { return .pending }
        // The range checks above leave only valid scalar values.
        return Unicode.Scalar(value).map(Step.scalar) ?? .invalid
    }
}
