/// Track ID → the item's place in reading order (its row of `TrackIDTable`).
///
/// Exports list their tracks by rising Track ID, a few numbers apart (iTunes numbers playlists
/// from the same count). Then a bit per number up to the largest, with a running count of the
/// set bits every 64, finds a row in two reads at under a byte a track (a generated million-track
/// export: 0.7 MB), where a hash table of the numbers took 17 bytes a slot at most half full.
/// The bits count from the first Track ID, wherever the numbering starts. The first Track ID
/// that does not fit (not above the last, negative, far past the count of tracks, or a track
/// with none) moves every number to a hash table, which takes any.
struct TrackIDIndex {
    /// Bit `n % 64` of word `n / 64` is set when Track ID `first + n` is recorded.
    private var bits: [UInt64] = []
    /// Per word of `bits`, how many bits are set in the words before it: a row.
    private var ranks: [UInt32] = []
    private var count = 0
    private var first: Int64 = 0, last: Int64 = -1
    /// Every number, once the bits could not take one; nil until then.
    private var hashed: HashedTrackIDs?

    /// Records that Track ID `trackID` is row `row`; a later row replaces an earlier one.
    mutating func insert(_ trackID: Int64, row: Int) {
        if count == 0, trackID >= 0 { first = trackID }
        if hashed == nil, row == count, trackID > last, (trackID - first) >> 6 <= count / 2 + 1024 {
            let word = Int((trackID - first) >> 6)
            while bits.count <= word {
                bits.append(0)
                ranks.append(UInt32(count))
            }
            bits[word] |= 1 << UInt64((trackID - first) & 63)
            count += 1
            last = trackID
            return
        }
        if hashed == nil { moveToHashTable() }
        hashed!.insert(trackID, row: row)
    }

    /// The row of Track ID `trackID`, if recorded.
    func row(of trackID: Int64) -> Int? {
        if let hashed { return hashed.row(of: trackID) }
        guard trackID >= first, (trackID - first) >> 6 < bits.count else { return nil }
        let word = Int((trackID - first) >> 6), bit: UInt64 = 1 << UInt64((trackID - first) & 63)
        guard bits[word] & bit != 0 else { return nil }
        return Int(ranks[word]) + (bits[word] & (bit - 1)).nonzeroBitCount
    }

    /// Whether the numbers left the bits for a hash table (for tests).
    var isHashed: Bool { hashed != nil }

    private mutating func moveToHashTable() {
        var table = HashedTrackIDs(capacity: count)
        for (word, value) in bits.enumerated() where value != 0 {
            var rest = value, row = Int(ranks[word])
            while rest != 0 {
                table.insert(first + Int64(word << 6 + rest.trailingZeroBitCount), row: row)
                rest &= rest - 1
                row += 1
            }
        }
        hashed = table
        bits = []
        ranks = []
    }
}

/// Track ID → row for Track IDs in any order: open addressing with a multiplicative hash rather
/// than a `Dictionary`, whose seeded SipHash showed up in profiles of ~350,000 lookups.
struct HashedTrackIDs {
    private var keys: [Int64]
    /// The row of the key beside it, or `empty`.
    private var rows: [UInt32]
    private var count = 0
    private var mask: Int
    private static let empty = UInt32.max

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        rows = Array(repeating: Self.empty, count: size)
        mask = size - 1
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(for key: Int64) -> Int {
        var index = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
        while rows[index] != Self.empty, keys[index] != key { index = (index + 1) & mask }
        return index
    }

    mutating func insert(_ key: Int64, row: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        let index = slot(for: key)
        if rows[index] == Self.empty { count += 1 }
        keys[index] = key
        rows[index] = UInt32(row)
    }

    func row(of key: Int64) -> Int? {
        let index = slot(for: key)
        return rows[index] == Self.empty ? nil : Int(rows[index])
    }

    private mutating func grow() {
        var bigger = HashedTrackIDs(capacity: keys.count)
        for index in keys.indices where rows[index] != Self.empty { bigger.insert(keys[index], row: Int(rows[index])) }
        self = bigger
    }
}
