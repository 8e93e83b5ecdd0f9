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
    /// Where each key is in `bytes`, by position.
    private var spans: [(start: UInt32, count: UInt32)] = []

    /// `expectedBytes`: about how many bytes the keys take in all, reserved with the spans.
    init(expectedCount: Int = 0, expectedBytes: Int = 0) {
        spans.reserveCapacity(expectedCount)
        bytes.reserveCapacity(expectedBytes)
    }

    /// Records the key of the next position (0, 1, 2, … in the order of the calls).
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        spans.append((UInt32(bytes.count), UInt32(key.count)))
        bytes.append(contentsOf: key)
    }

    /// The positions in key order: element `i` is the position of the `i`-th smallest key.
    /// Equal keys keep the order they were appended in.
    func order() -> [Int] {
        bytes.withUnsafeBufferPointer { keys in
            ByteStringOrder.order(count: spans.count) { UnsafeBufferPointer(rebasing: keys[range(of: $0)]) }
        }
    }

    /// Lends the key appended at `position`.
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(of: position)])) }
    }

    /// Whether the keys appended at `a` and `b` are the same bytes.
    func sameKey(_ a: Int, _ b: Int) -> Bool {
        let (first, second) = (spans[a], spans[b])
        guard first.count == second.count else { return false }
        return bytes.withUnsafeBufferPointer {
            memcmp($0.baseAddress! + Int(first.start), $0.baseAddress! + Int(second.start), Int(first.count)) == 0
        }
    }

    private func range(of position: Int) -> Range<Int> {
        let span = spans[position]
        return Int(span.start)..<Int(span.start + span.count)
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
