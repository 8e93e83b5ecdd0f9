/// Where each string of a `PackedStrings` lies, found from its bytes: an open-addressed table
/// of positions keyed by a hash of the bytes, each hit checked byte for byte. A search that
/// reads rows of the index in storage order finds each row's place in the line snapshot
/// (library order) from the id's bytes where SQLite holds them: a String made for every
/// row's id, hashed into a dictionary, was most of a sorted or scoped search of 100,000 items.
public struct PackedStringIndex: Sendable {
    private let strings: PackedStrings
    /// Position + 1 of the string in each slot; 0 for an empty slot.
    private var slots: [Int32]
    /// The high half of each slot's hash: most misses end here, without comparing bytes.
    private var tags: [UInt32]
    private let mask: Int

    /// How many strings are indexed.
    public var count: Int { strings.count }
    /// Whether some string is listed more than once (found at its first position only).
    public private(set) var hasRepeats = false

    /// The index of `strings`; a string listed twice is found at its first position.
    public init(_ strings: PackedStrings) {
        self.strings = strings
        var size = 16
        while size < strings.count * 2 { size <<= 1 }
        mask = size - 1
        slots = [Int32](repeating: 0, count: size)
        tags = [UInt32](repeating: 0, count: size)
        for position in 0..<strings.count {
            let found = strings.withUTF8(position) { bytes in
                let hash = Self.hash(bytes)
                return (lookup(bytes, hash: hash), hash)
            }
            guard found.0.position == nil else {
                hasRepeats = true
                continue
            }
            slots[found.0.slot] = Int32(position + 1)
            tags[found.0.slot] = UInt32(truncatingIfNeeded: found.1 >> 32)
        }
    }

    /// The position of the string whose UTF-8 is `bytes`, or nil when none is.
    public func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        lookup(bytes, hash: Self.hash(bytes)).position
    }

    /// `position(of:)` with the bytes' `hash` (`PackedStringIndex.hash`) worked out already:
    /// for a caller asking several indexes about one row.
    public func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        lookup(bytes, hash: hash).position
    }

    /// The position of `bytes` if indexed, and the slot where the search for it ended.
    private func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (position: Int?, slot: Int) {
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while case let stored = slots[slot], stored != 0 {
            let position = Int(stored) - 1
            if tags[slot] == tag, strings.withUTF8(position, { Self.equal($0, bytes) }) { return (position, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// A 64-bit hash of the bytes, eight at a time, finished with MurmurHash3's mixer so the
    /// low bits the table uses depend on every byte. Also a good key for other tables of
    /// byte strings (paths).
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
            offset += 1
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        // Eight bytes at a time: ids are 20-odd bytes, compared once per placed row.
        let x = UnsafeRawBufferPointer(a), y = UnsafeRawBufferPointer(b)
        var offset = 0
        while offset + 8 <= x.count {
            guard x.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < x.count {
            guard x[offset] == y[offset] else { return false }
            offset += 1
        }
        return true
    }
}
