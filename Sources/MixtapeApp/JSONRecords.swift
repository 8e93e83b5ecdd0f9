import MixtapeStore

/// The JSON records of a search's printed items (`SnapshotSearch`), written in whatever order
/// their rows are read and lent in the items' order. They are kept in blocks of a megabyte
/// that never move: one array grown by doubling held its old and new storage at once, 157 MB
/// for the 80,000 records (55 MB) of `--json year:1990..1999` at 500,000 items.
public struct JSONRecords: Sendable {
    private var blocks: [[UInt8]] = []
    /// Where each slot's record lies: its block, start and end; nil until written.
    private var places: [(block: Int32, start: Int32, end: Int32)?]
    private var written = 0
    private static let blockSize = 1 << 20

    init(count: Int) { places = Array(repeating: nil, count: count) }

    /// How many records there are room for (one per printed item).
    public var count: Int { places.count }

    /// Whether every slot has its record.
    var isComplete: Bool { written == places.count }

    /// The record of one row's `values` (`ItemScanRow.appendValues` by `plan`) for `slot`,
    /// unless that slot has one (an id read twice keeps its first), at the end of the last
    /// block (a new one when it is full).
    mutating func write(values: UnsafeRawBufferPointer, plan: RowJSONPlan, at slot: Int) {
        guard places[slot] == nil else { return }
        if blocks.isEmpty || blocks[blocks.count - 1].count >= Self.blockSize {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(Self.blockSize + (64 << 10))
        }
        let block = blocks.count - 1
        let start = blocks[block].count
        plan.appendJSON(values: values, to: &blocks[block])
        places[slot] = (Int32(block), Int32(start), Int32(blocks[block].count))
        written += 1
    }

    /// Runs `body` with a way to lend any slot's record (empty when it was never written), all
    /// of them valid until `body` returns: the output hands them to `writev` where they lie.
    public func withEveryRecord<R>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pinning(from: 0, []) { blocks in
            try body { slot in
                guard let place = places[slot] else { return UnsafeBufferPointer(start: nil, count: 0) }
                return UnsafeBufferPointer(rebasing: blocks[Int(place.block)][Int(place.start)..<Int(place.end)])
            }
        }
    }

    /// Runs `body` with the storage of every block from `block` on after `pinned`, each lent
    /// by its own `withUnsafeBufferPointer` around the next (one level a megabyte).
    private func pinning<R>(from block: Int, _ pinned: [UnsafeBufferPointer<UInt8>],
                            _ body: ([UnsafeBufferPointer<UInt8>]) throws -> R) rethrows -> R {
        guard block < blocks.count else { return try body(pinned) }
        return try blocks[block].withUnsafeBufferPointer { try pinning(from: block + 1, pinned + [$0], body) }
    }
}
