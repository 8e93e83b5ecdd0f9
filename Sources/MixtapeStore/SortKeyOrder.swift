import Foundation

/// Library order worked out in memory from sort keys seen in any order: the items table has no
/// index on `sort_key` (keeping one would slow every write), so `ORDER BY sort_key` makes
/// SQLite copy every selected column of every row into a sorter, more than half the cost of
/// loading 100,000 items. Reading the rows as they lie and sorting just their keys here is
/// cheaper.
///
/// Keys compare as SQLite compares BLOBs: bytes, then length.
struct SortKeyOrder {
    /// Every key, one after another.
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// Where one key is; `prefix` is its first eight bytes, so most comparisons of the sort
    /// never reach the bytes.
    private struct Entry {
        var prefix: UInt64
        var start: UInt32, count: UInt32
        var position: UInt32
    }

    init(expectedCount: Int = 0) {
        entries.reserveCapacity(expectedCount)
    }

    /// Records the key of the next position (0, 1, 2, … in the order of the calls).
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        entries.append(Entry(prefix: Self.prefix(of: key), start: UInt32(bytes.count), count: UInt32(key.count),
                             position: UInt32(entries.count)))
        bytes.append(contentsOf: key)
    }

    /// The positions in key order: element `i` is the position of the `i`-th smallest key.
    /// Equal keys keep no particular order.
    func order() -> [Int] {
        var entries = entries
        bytes.withUnsafeBufferPointer { keys in
            let base = keys.baseAddress
            entries.sort { a, b in
                Self.precedes(a.prefix, base! + Int(a.start), Int(a.count), b.prefix, base! + Int(b.start), Int(b.count))
            }
        }
        return entries.map { Int($0.position) }
    }

    /// Whether key `a` comes before key `b`, each given with its `prefix(of:)`: the prefixes
    /// decide most comparisons, the bytes and then the lengths the rest.
    @inline(__always)
    static func precedes(_ aPrefix: UInt64, _ a: UnsafePointer<UInt8>, _ aCount: Int,
                         _ bPrefix: UInt64, _ b: UnsafePointer<UInt8>, _ bCount: Int) -> Bool {
        if aPrefix != bPrefix { return aPrefix < bPrefix }
        let order = memcmp(a, b, min(aCount, bCount))
        return order != 0 ? order < 0 : aCount < bCount
    }

    /// The first eight bytes, big-endian, zero-padded: integer order agrees with byte order,
    /// and ties (short keys included) go on to the bytes.
    static func prefix(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(index < key.count ? key[index] : 0) }
        return value
    }
}

extension Array {
    /// Rearranges the elements in place so that element `i` is the one that was at `order[i]`
    /// (`order` a permutation of the indices), without a second array: each element moves
    /// once along its cycle, its bytes moved as they are (no retain or release), so 100,000
    /// items of 568 bytes need no 57 MB copy beside them.
    mutating func permute(to order: [Int]) {
        precondition(order.count == count, "an order of every element")
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in buffer.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var current = start
                while order[current] != start {
                    let next = order[current]
                    (base + current).moveInitialize(from: base + next, count: 1)
                    placed[next] = true
                    current = next
                }
                (base + current).initialize(to: held)
            }
        }
    }
}
