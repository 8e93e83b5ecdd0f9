import MixtapeCore

/// Track ID → item id for resolving playlist entries: an open-addressing table with a
/// multiplicative hash. Track IDs are small export-local integers, and a large library does
/// ~100,000 inserts and ~350,000 lookups, where `Dictionary`'s seeded SipHash showed up in
/// profiles. Later inserts of the same Track ID replace earlier ones.
struct TrackIDTable {
    private var keys: [Int64]
    private var values: [ItemID?]
    private var used = [Bool]()
    private var count = 0
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        used = Array(repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(for key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    subscript(key: Int64) -> ItemID? {
        get {
            var index = slot(for: key)
            while used[index] {
                if keys[index] == key { return values[index] }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }  // entries are never removed
            if (count + 1) * 2 > keys.count { grow() }
            var index = slot(for: key)
            while used[index], keys[index] != key { index = (index + 1) & mask }
            if !used[index] {
                used[index] = true
                keys[index] = key
                count += 1
            }
            values[index] = newValue
        }
    }

    private mutating func grow() {
        var bigger = TrackIDTable(capacity: keys.count)
        for index in keys.indices where used[index] { bigger[keys[index]] = values[index] }
        self = bigger
    }
}
