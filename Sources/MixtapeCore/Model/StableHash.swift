/// 64-bit FNV-1a over UTF-8 bytes with field separators.
///
/// Used where a value must be the same on every machine and in every run (derived ids,
/// change fingerprints stored in the index); Swift's `Hasher` is seeded per process, so it
/// cannot serve here.
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds a string and a separator, so ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ string: String) {
        combine(unseparated: string)
        combine(bytes: CollectionOfOne(0xff))
    }

    /// Adds a string's bytes with no separator: a value hashed in pieces (a Traktor key is
    /// volume, folders and file) hashes as if joined. Not generic, unlike `combine(bytes:)`,
    /// which another module calls through a protocol, byte by byte.
    public mutating func combine(unseparated string: String) {
        let start = value
        // A native string lends its bytes as it is; copying it into a `var` to call the
        // mutating `withUTF8` retained and released it, for every text of every item read.
        if let hashed = string.utf8.withContiguousStorageIfAvailable({ Self.adding($0, to: start) }) {
            value = hashed
        } else {
            var string = string
            value = string.withUTF8 { Self.adding($0, to: start) }
        }
    }

    /// `value` with `bytes` added one at a time. A function of its own, not a closure that
    /// changes a variable it captures: that variable is checked for overlapping access at
    /// every call.
    private static func adding(_ bytes: UnsafeBufferPointer<UInt8>, to value: UInt64) -> UInt64 {
        var value = value
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    public mutating func combine(_ int: Int64?) {
        guard let int else { return combine(bytes: CollectionOfOne(0xfe)) }
        withUnsafeBytes(of: int.littleEndian) { combine(bytes: $0) }
    }

    public mutating func combine(_ bool: Bool) {
        combine(bytes: CollectionOfOne(bool ? 1 : 0))
    }

    public mutating func combine(_ string: String?) {
        guard let string else { return combine(bytes: CollectionOfOne(0xfe)) }
        combine(string)
    }

    /// Adds raw bytes eight at a time, in four lanes: fast enough to fingerprint a 500 MB
    /// export while it is read (a byte-at-a-time FNV would cost a quarter of a second there).
    /// One chain of multiplies waits on the one before for every word; four independent
    /// chains, folded together at the end, let the processor overlap them (about three times
    /// as fast, on the reading thread of every library file). Only source fingerprints are
    /// made this way, never an id.
    public mutating func combine(contentsOf bytes: UnsafeRawBufferPointer) {
        @inline(__always) func mix(_ value: UInt64, _ word: UInt64) -> UInt64 {
            let product = (value ^ word) &* 0x0000_0100_0000_01b3
            return product ^ (product >> 29)
        }
        let blocks = bytes.count / 32
        var a = value, b = value ^ 0x9E37_79B9_7F4A_7C15, c = value ^ 0xC2B2_AE3D_27D4_EB4F, d = value ^ 0x1656_67B1_9E37_79F9
        for block in 0..<blocks {
            let offset = block * 32
            a = mix(a, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            b = mix(b, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            c = mix(c, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            d = mix(d, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
        }
        var value = blocks == 0 ? a : mix(mix(mix(a, b), c), d)
        let words = bytes.count / 8
        for index in (blocks * 4)..<words {
            value = mix(value, bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        }
        self.value = value
        combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[(words * 8)...]))
    }

    /// 16 upper-case hex digits.
    /// Written into one new String: formatting, padding and joining made three for each
    /// item id of a 100,000-entry library.
    public var hexDigest: String {
        String(unsafeUninitializedCapacity: 16) { out in
            writeHex(to: out)
            return 16
        }
    }

    /// `scheme`, a colon and the 16 hex digits, in one allocation: every derived item id is
    /// made this way, a hundred thousand times in a large read.
    public func hexDigest(after scheme: StaticString) -> String {
        let head = scheme.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: head + 17) { out in
            for index in 0..<head { out[index] = scheme.utf8Start[index] }
            out[head] = UInt8(ascii: ":")
            writeHex(to: UnsafeMutableBufferPointer(rebasing: out[(head + 1)...]))
            return head + 17
        }
    }

    private func writeHex(to out: UnsafeMutableBufferPointer<UInt8>) {
        let digits: StaticString = "0123456789ABCDEF"
        for place in 0..<16 {
            out[place] = digits.utf8Start[Int((value >> UInt64(60 - 4 * place)) & 0xF)]
        }
    }
}
