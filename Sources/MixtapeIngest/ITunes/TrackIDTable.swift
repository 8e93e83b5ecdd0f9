import MixtapeCore

/// Track ID → item id for one export, to resolve playlist entries: an open-addressing table of
/// plain numbers. An id that is `itunes:` and 16 upper-case hex digits (every real Persistent
/// ID) is kept as its 64-bit value and written back as bytes when a playlist is packed, so the
/// table holds no strings: at 500,000 tracks that is 17 bytes a slot instead of 25 plus a
/// 64-byte heap string per track. Other ids (derived, odd Persistent IDs) are kept aside.
/// Open addressing with a multiplicative hash rather than a `Dictionary`: a large library does
/// ~100,000 inserts and ~350,000 lookups, where the seeded SipHash showed up in profiles.
struct TrackIDTable {
    private var keys: [Int64]
    /// The hex value, or an index into `others`, by `kinds`.
    private var codes: [UInt64]
    private var kinds: [Kind]
    private var others: [ItemID] = []
    private var count = 0
    private var mask: Int

    private enum Kind: UInt8 { case empty, hex, other }

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        codes = Array(repeating: 0, count: size)
        kinds = Array(repeating: .empty, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(for key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    /// The slot holding `key`, if any.
    private func find(_ key: Int64) -> Int? {
        var index = slot(for: key)
        while kinds[index] != .empty {
            if keys[index] == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records the item of Track ID `key`; `hex` is the value of its Persistent ID when the
    /// id is exactly `ItemID.itunes(persistentID:)` of 16 hex digits. A later item replaces.
    mutating func set(_ id: ItemID, hex: UInt64?, for key: Int64) {
        if (count + 1) * 2 > keys.count { grow() }
        var index = slot(for: key)
        while kinds[index] != .empty, keys[index] != key { index = (index + 1) & mask }
        if kinds[index] == .empty { count += 1 }
        keys[index] = key
        if let hex {
            kinds[index] = .hex
            codes[index] = hex
        } else {
            kinds[index] = .other
            codes[index] = UInt64(others.count)
            others.append(id)
        }
    }

    /// The item id of Track ID `key` (made again from its number for a hex id).
    subscript(key: Int64) -> ItemID? {
        guard let index = find(key) else { return nil }
        switch kinds[index] {
        case .hex: return TrackIDTable.withHexID(codes[index]) { ItemID(rawValue: String(decoding: $0, as: UTF8.self)) }
        case .other: return others[Int(codes[index])]
        case .empty: return nil
        }
    }

    /// Appends the item id of Track ID `key` to `packed` without making a string; false when
    /// the export has no such track.
    func appendID(of key: Int64, to packed: inout PackedItemIDs) -> Bool {
        guard let index = find(key) else { return false }
        switch kinds[index] {
        case .hex: TrackIDTable.withHexID(codes[index]) { packed.append(utf8: $0) }
        case .other: packed.append(others[Int(codes[index])])
        case .empty: return false
        }
        return true
    }

    private static let prefix = Array("itunes:".utf8)
    private static let digits = Array("0123456789ABCDEF".utf8)

    /// The UTF-8 of `ItemID.itunes(persistentID:)` for a 16-digit Persistent ID of this value.
    @inline(__always)
    private static func withHexID<Result>(_ value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 23) { buffer in
            for (index, byte) in prefix.enumerated() { buffer[index] = byte }
            for digit in 0..<16 {
                buffer[7 + digit] = digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * digit)) & 0xf]
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    private mutating func grow() {
        var bigger = TrackIDTable(capacity: keys.count)
        bigger.others = others
        for index in keys.indices where kinds[index] != .empty {
            var slot = bigger.slot(for: keys[index])
            while bigger.kinds[slot] != .empty { slot = (slot + 1) & bigger.mask }
            bigger.keys[slot] = keys[index]
            bigger.codes[slot] = codes[index]
            bigger.kinds[slot] = kinds[index]
            bigger.count += 1
        }
        self = bigger
    }
}
