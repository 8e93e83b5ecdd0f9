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

    public init(_ items: [MediaItem]) {
        fingerprints = items.map(\.fingerprint)
        var bytes: [UInt8] = [], ends: [Int] = []
        bytes.reserveCapacity(items.count * 64)
        ends.reserveCapacity(items.count)
        for item in items {
            LibraryOrder.appendSortKey(for: item, to: &bytes)
            ends.append(bytes.count)
        }
        keyBytes = bytes
        keyEnds = ends
    }

    /// How many items were prepared.
    var count: Int { fingerprints.count }

    /// Lends item `position`'s sort key.
    func withSortKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = position == 0 ? 0 : keyEnds[position - 1]
        return try keyBytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<keyEnds[position]])) }
    }
}
