/// XXH64 (seed 0) of a file's bytes, fed in chunks: what `sync` knows a source file by
/// (spec/cli.md, `sync`: written again only when its content changed). A content hash, not an
/// mtime, because mtimes drift on FAT and network disks and a tagger may put one back. XXH64
/// reads several gigabytes a second, four 8-byte lanes at a time, so hashing costs little next
/// to reading the file, and its values are the published algorithm's (the tests hold its
/// reference vectors), so another tool can check a manifest. Not cryptographic: it tells
/// changed content from unchanged, nothing more.
public struct ContentDigest: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
    /// Bytes not yet a whole 32-byte stripe.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    /// Adds the next bytes of the file.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let taken = min(32 - pending.count, rest.count)
            pending += rest.prefix(taken)
            rest = rest.dropFirst(taken)
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { stripes(UnsafeRawBufferPointer(rebasing: $0[...])) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count / 32 * 32
        stripes(UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
        pending += rest.dropFirst(whole)
    }

    /// Adds `bytes` (tests, short inputs).
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added, as 16 hex digits.
    public var hexDigest: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The 64-bit digest of everything added.
    public var value: UInt64 {
        var hash: UInt64
        if length >= 32 {
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                hash = (hash ^ Self.round(0, lane)) &* Self.prime1 &+ Self.prime4
            }
        } else {
            hash = Self.prime5
        }
        hash &+= length
        pending.withUnsafeBytes { tail in
            var offset = 0
            while offset + 8 <= tail.count {
                hash ^= Self.round(0, UInt64(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                hash = rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= tail.count {
                hash ^= UInt64(UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* Self.prime1
                hash = rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < tail.count {
                hash ^= UInt64(tail[offset]) &* Self.prime5
                hash = rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    /// Folds whole 32-byte stripes into the four lanes.
    private mutating func stripes(_ bytes: UnsafeRawBufferPointer) {
        var (a, b, c, d) = lanes
        var offset = 0
        while offset + 32 <= bytes.count {
            a = Self.round(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            b = Self.round(b, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            c = Self.round(c, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            d = Self.round(d, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += 32
        }
        lanes = (a, b, c, d)
    }

    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
        rotate(lane &+ input &* prime2, 31) &* prime1
    }
}

private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
}
