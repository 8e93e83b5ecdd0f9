/// The item id of an iTunes track with a real Persistent ID, `itunes:` and 16 upper-case hex
/// digits (`ItemID.itunes(persistentID:)`), as the 64-bit value of its digits and back.
public enum ITunesHexID {
    private static let prefix = Array("itunes:".utf8)
    private static let digits = Array("0123456789ABCDEF".utf8)
    /// The id's length: 7 bytes of prefix and 16 digits.
    static let length = 23
    /// Its length in a `LengthPrefixedList`: one length byte more.
    static let packedCount = length + 1

    /// The value of the digits when `utf8` is exactly such an id (upper case, as the id is
    /// written back upper case: anything else is kept as it is).
    public static func value(of utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard utf8.count == length, prefix.indices.allSatisfy({ utf8[$0] == prefix[$0] }) else { return nil }
        var value: UInt64 = 0
        for byte in utf8[prefix.count...] {
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt64(byte - 0x30)
            case 0x41...0x46: value = value << 4 | UInt64(byte - 0x41 + 10)
            default: return nil
            }
        }
        return value
    }

    /// Appends the id of `value` with its `LengthPrefixedList` length.
    @inline(__always)
    static func appendPacked(_ value: UInt64, to out: inout [UInt8]) {
        out.append(UInt8(length))
        out.append(contentsOf: prefix)
        for digit in 0..<16 {
            out.append(digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * digit)) & 0xf])
        }
    }

    /// The id of `value`.
    public static func id(_ value: UInt64) -> ItemID {
        var packed: [UInt8] = []
        appendPacked(value, to: &packed)
        return ItemID(rawValue: String(decoding: packed[1...], as: UTF8.self))
    }
}
