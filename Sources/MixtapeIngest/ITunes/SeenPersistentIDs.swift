/// The Persistent IDs of the tracks read so far, to warn about one that appears again, kept as
/// rows of `TrackIDTable` whose values it compares: 4 bytes a slot at most half full, where a
/// `Set<UInt64>` kept the values themselves (16.8 MB at a million tracks, 25 MB while it grew).
struct SeenPersistentIDs {
    /// Row + 1 of each value recorded, 0 for an empty slot.
    private var slots = [UInt32](repeating: 0, count: 1024)
    private var count = 0

    /// Records `value`, the Persistent ID of row `row`; false when a row before held it.
    /// `values` are the table's values by row.
    mutating func insert(_ value: UInt64, row: Int, values: [UInt64]) -> Bool {
        if (count + 1) * 2 > slots.count { grow(values: values) }
        let mask = slots.count - 1
        var index = Self.hash(value) & mask
        while slots[index] != 0 {
            if values[Int(slots[index]) - 1] == value { return false }
            index = (index + 1) & mask
        }
        slots[index] = UInt32(row + 1)
        count += 1
        return true
    }

    @inline(__always)
    private static func hash(_ value: UInt64) -> Int {
        Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }

    private mutating func grow(values: [UInt64]) {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for slot in slots where slot != 0 {
            var index = Self.hash(values[Int(slot) - 1]) & mask
            while bigger[index] != 0 { index = (index + 1) & mask }
            bigger[index] = slot
        }
        slots = bigger
    }
}
