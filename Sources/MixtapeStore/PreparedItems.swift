import MixtapeCore

/// What writing a batch of items needs of each that the index plays no part in, worked out
/// ahead of the writer on another thread: each item's fingerprint and sort key. An index run's
/// writing thread is the busier of its two for most kinds (all of Serato's), and these were a
/// sixth of its work.
public struct PreparedItems: Sendable {
    /// Each item's `MediaItem.fingerprint`, in the batch's order.
    let fingerprints: [Int64]
    /// Each item's `LibraryOrder.sortKey(for:)`, one after another, item `i`'s ending at `keyEnds[i]`.
    private let keyBytes: [UInt8]
    private let keyEnds: [Int]

    /// Works out what `items` need, each item lent in place (`inout`, as `SourceSync.put` lends
    /// them): mapping over the array, or passing an item by value, copied all forty fields of
    /// each first, a retain and a release per text.
    public init(_ items: inout [MediaItem]) {
        var fingerprints: [Int64] = [], bytes: [UInt8] = [], ends: [Int] = []
        fingerprints.reserveCapacity(items.count)
        bytes.reserveCapacity(items.count * 64)
        ends.reserveCapacity(items.count)
        items.withUnsafeMutableBufferPointer { items in
            for position in items.indices {
                fingerprints.append(Self.prepare(&items[position], appendingKeyTo: &bytes))
                ends.append(bytes.count)
            }
        }
        self.fingerprints = fingerprints
        keyBytes = bytes
        keyEnds = ends
    }

    /// Appends `item`'s sort key to `bytes` and returns its fingerprint.
    private static func prepare(_ item: inout MediaItem, appendingKeyTo bytes: inout [UInt8]) -> Int64 {
        LibraryOrder.appendSortKey(for: item, to: &bytes)
        return item.fingerprint
    }

    /// How many items were prepared.
    var count: Int { fingerprints.count }

    /// Lends item `position`'s sort key.
    func withSortKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = position == 0 ? 0 : keyEnds[position - 1]
        return try keyBytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<keyEnds[position]])) }
    }
}
