import Foundation
import MixtapeCore

/// The line snapshot of an index that holds one source, gathered while that source is written:
/// each item's line is rendered as it goes by, so the snapshot is a sort of what is already in
/// memory instead of a second pass that reads, sorts and renders every row of the items table
/// after the read (a sixth of a 100,000-track first index, with the other core idle).
///
/// It only stands for the snapshot when it is exactly what `LineSnapshot.write` would read
/// back: the index has no other source and no alias, every item of the source went through
/// `add` once, and it stayed within its memory budget. `LibraryStore.sync` checks all of that;
/// otherwise the snapshot is written the general way.
public final class LineSnapshotCollector {
    /// The `--format` template the lines are rendered with.
    public let template: String
    private let render: (MediaItem, inout [UInt8]) -> Void
    /// Bytes past which collecting stops and what was kept is let go: a 500,000-track read
    /// must not hold its lines on top of everything else.
    private let budget: Int
    /// Each item's sort key followed by its (id, line) pair as `LineSnapshot` stores it, in
    /// blocks that never move: a growing array would hold its old and its
    /// doubled storage at once, 50 MB at the moment a 100,000-item read crosses 16 MB.
    private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []
    /// Bytes used in the last block, and held in all of them.
    private var used = 0, held = 0
    private var entries: [Entry] = []
    /// One item's pair and line while they are made, kept between items.
    private var pair: [UInt8] = [], line: [UInt8] = []
    /// Whether every item handed over is still here (not abandoned, not over budget).
    public private(set) var isComplete = true
    /// Set by the sync that filled it when its lines are the whole index's: what
    /// `LibraryStore.storeLineSnapshot` then stores.
    public internal(set) var standsForIndex = false
    /// The path of the source being written, which the index gives each of its items.
    var source: String?
    /// The fields gathered a column each (`gatherColumns`), with each item's id, for the
    /// smart playlists' rules; empty when nothing asks for them.
    private var columnFields: [Field] = []
    private var columnValues: [[FieldValue?]] = []
    private var ids = PackedStrings()
    /// About how many bytes the columns hold, and how many they may: past that (some
    /// 120,000 items of a dozen fields) they are let go and the rules read the index instead.
    private var columnBytes = 0
    private let columnBudget: Int
    /// Whether `entries` are in library order (`sortInLibraryOrder`).
    private var sorted = false
    /// Library order being worked out on another thread (`orderInBackground`): the positions
    /// `sortInLibraryOrder` puts `entries` in, and the snapshot's chunks packed in that order.
    /// It reads a copy of `entries` and the blocks, which are not freed before it is joined
    /// (`joinedOrder`).
    private var pendingOrder: BackgroundTask<Ordered>?
    /// The chunks packed in the background, until the snapshot is stored (`takeAssembledChunks`).
    private var assembled: [LineSnapshot.Chunk]?

    private struct Ordered: Sendable {
        var order: [Int]
        /// Nil unless every item's rowid came with it (otherwise they are looked up as stored).
        var chunks: [LineSnapshot.Chunk]?
    }
    /// Each item's rowid, by its place in the order of `add`, while every item added came with
    /// one (inserted by this sync): the snapshot then needs no lookup of 100,000 ids for them.
    private var rowIDs: [Int64]? = []

    /// Bytes per block (an item larger than that gets a block of its own).
    private let blockSize: Int

    /// Where one item's key and pair are.
    private struct Entry {
        var block: UInt32, start: UInt32
        var keyCount: UInt32, pairCount: UInt32
        /// The item's place in the order of `add` (its row in the gathered columns).
        var position: UInt32
    }

    /// `render` appends an item's line, as UTF-8, to the bytes it is given. 32 MB holds
    /// about 180,000 items' keys and lines; `columnBudget` is the gathered columns' own.
    public init(template: String, render: @escaping (MediaItem, inout [UInt8]) -> Void, budget: Int = defaultBudget,
                columnBudget: Int = 32 << 20, blockSize: Int = 1 << 20) {
        self.template = template
        self.render = render
        self.budget = budget
        self.columnBudget = columnBudget
        self.blockSize = max(blockSize, 1)
    }

    public static let defaultBudget = 32 << 20

    /// Whether the lines of a library file of `size` bytes may fit in `budget`. An item's key
    /// and line take about a tenth of what its track takes in an export (186 of 1,770 bytes in
    /// a generated iTunes one), so a file whose sixteenth is past the budget cannot fit:
    /// gathering lines up to the budget only to let them go was the peak of a 500,000-track
    /// first index (32 MB beside everything else), and the snapshot is written the general
    /// way either way. A file a little below that still tries, and lets go if it must.
    public static func mayHold(linesOfFileSized size: Int64, budget: Int = defaultBudget) -> Bool {
        size / 16 <= Int64(budget)
    }

    deinit { release() }

    /// How many items were added.
    public var count: Int { entries.count }

    /// About how many items are coming (a guess from the file's size), so the item list and
    /// the gathered columns are sized once instead of doubling as they fill: growing them
    /// copied each a dozen times and was a third of a Rhythmbox index's page faults. Room
    /// reserved and never filled costs address space, not memory.
    public func expect(_ count: Int) {
        expected = min(max(count, 0), Self.mostExpected)
        entries.reserveCapacity(expected)
        rowIDs?.reserveCapacity(expected)
        reserveColumns()
    }

    /// More than this is never reserved: the budgets give up before it.
    private static let mostExpected = 250_000
    private var expected = 0

    private func reserveColumns() {
        guard expected > 0, !columnFields.isEmpty else { return }
        for position in columnValues.indices { columnValues[position].reserveCapacity(expected) }
        ids.reserve(bytes: expected * 24, count: expected)
    }

    /// Also gathers the values of `fields` (columns of the items table: not `id` or
    /// `source`) of every item added from now on, and their ids: the columns the smart
    /// playlists' rules read (`columns()`), known before the items when the reader can tell
    /// (Rhythmbox's playlists file is read first), so deciding them needs no second read of
    /// what was just written (0.11 s of a 100,000-track Rhythmbox index).
    public func gatherColumns(_ fields: Set<Field>) {
        guard entries.isEmpty else { return }  // too late: some items went by
        columnFields = Schema.itemColumns.filter(fields.contains)
        columnValues = columnFields.map { _ in [] }
        reserveColumns()
    }

    /// Records `item`, whose sort key is `sortKey` (`LibraryOrder.sortKey(for:)`) and whose
    /// row is `rowID` when the caller knows it.
    func add(_ item: MediaItem, sortKey: UnsafeBufferPointer<UInt8>, rowID: Int64?) {
        guard isComplete else { return }
        if let rowID { rowIDs?.append(rowID) } else { rowIDs = nil }
        if !columnFields.isEmpty { gatherColumns(of: item) }
        line.removeAll(keepingCapacity: true)
        if item.source == source { render(item, &line) } else { render(Self.item(item, from: source), &line) }
        pair.removeAll(keepingCapacity: true)
        StringListCodec.append(item.id.rawValue, to: &pair)
        line.withUnsafeBufferPointer { LengthPrefixedList.append($0, to: &pair) }
        let size = sortKey.count + pair.count
        if blocks.isEmpty || blocks[blocks.count - 1].count - used < size {
            guard held + max(size, blockSize) <= budget else { return abandon() }
            blocks.append(.allocate(capacity: max(size, blockSize)))
            held += blocks[blocks.count - 1].count
            used = 0
        }
        let block = blocks[blocks.count - 1]
        _ = UnsafeMutableBufferPointer(rebasing: block[used...]).initialize(from: sortKey)
        pair.withUnsafeBufferPointer {
            _ = UnsafeMutableBufferPointer(rebasing: block[(used + sortKey.count)...]).initialize(from: $0)
        }
        entries.append(Entry(block: UInt32(blocks.count - 1), start: UInt32(used),
                             keyCount: UInt32(sortKey.count), pairCount: UInt32(pair.count),
                             position: UInt32(entries.count)))
        used += size
    }

    private func gatherColumns(of item: MediaItem) {
        let id = item.id.rawValue
        columnBytes += id.utf8.count + 8 + columnFields.count * MemoryLayout<FieldValue?>.stride
        guard columnBytes <= columnBudget else {
            columnFields = []
            columnValues = []
            ids = PackedStrings()
            return
        }
        ids.append(id)
        for (position, field) in columnFields.enumerated() { columnValues[position].append(field.value(of: item)) }
    }

    /// `item` as the index hands it back: with the path of the source it is written to.
    private static func item(_ item: MediaItem, from source: String?) -> MediaItem {
        var copy = item
        copy.source = source
        return copy
    }

    /// Records `item`, computing its sort key (for items the sync did not write again).
    func add(_ item: MediaItem) {
        guard isComplete else { return }
        LibraryOrder.sortKey(for: item).withUnsafeBufferPointer { add(item, sortKey: $0, rowID: nil) }
    }

    /// Gives up: some item will not be seen, so the snapshot must be written the general way.
    func abandon() {
        isComplete = false
        standsForIndex = false
        release()
    }

    private func release() {
        _ = joinedOrder()  // it reads the blocks
        for block in blocks { block.deallocate() }
        blocks = []
        entries = []
        rowIDs = nil
        assembled = nil
        columnValues = columnValues.map { _ in [] }
        ids = PackedStrings()
        used = 0
        held = 0
    }

    /// Puts the items in library order (the sort keys' byte order, as SQLite orders the
    /// `sort_key` BLOBs), once.
    public func sortInLibraryOrder() {
        guard !sorted else { return }
        sorted = true
        let worked = joinedOrder().flatMap { $0.order.count == entries.count ? $0 : nil }
        entries.permute(to: worked?.order ?? Self.libraryOrder(of: entries, in: KeyBlocks(blocks)))
        assembled = worked?.chunks
    }

    /// Starts working out library order on another thread, once every item is in, and packing
    /// the snapshot's chunks in it: the sync's last step, making the identity index
    /// (`SourceSync.finish`), keeps the writing thread busy meanwhile, and the chunks are ready
    /// when the snapshot is stored. (Gathering the pairs in library order reads them all over
    /// memory; on the writing thread that was a sixth of the time after the read.) The work
    /// starts once `earlier` returns: other work for the same spare core goes first.
    func orderInBackground(after earlier: @escaping @Sendable () -> Void = {}) {
        guard isComplete, !sorted, pendingOrder == nil, !entries.isEmpty else { return }
        let entries = entries, blocks = KeyBlocks(blocks), rowIDs = hasRowIDs ? rowIDs : nil
        pendingOrder = BackgroundTask {
            earlier()
            let order = Self.libraryOrder(of: entries, in: blocks)
            return Ordered(order: order, chunks: rowIDs.map { Self.chunks(of: entries, in: order, blocks: blocks, rowIDs: $0) })
        }
    }

    /// The order worked out in the background, waited for; nil when none was started.
    private func joinedOrder() -> Ordered? {
        defer { pendingOrder = nil }
        return try? pendingOrder?.value()
    }

    /// The chunks packed in the background, handed over once; nil when there are none (then
    /// `forEachPairInOrder` hands the pairs over).
    func takeAssembledChunks() -> [LineSnapshot.Chunk]? {
        sortInLibraryOrder()
        defer { assembled = nil }
        return assembled
    }

    /// The pairs of `entries` in `order`, each with its item's rowid, packed into chunks.
    private static func chunks(of entries: [Entry], in order: [Int], blocks: KeyBlocks, rowIDs: [Int64]) -> [LineSnapshot.Chunk] {
        var builder = LineSnapshot.ChunkBuilder()
        var chunks: [LineSnapshot.Chunk] = []
        for position in order {
            let entry = entries[position]
            let pair = UnsafeBufferPointer(start: blocks.bases[Int(entry.block)] + Int(entry.start) + Int(entry.keyCount),
                                           count: Int(entry.pairCount))
            if let full = builder.append(encodedPair: pair, rowID: rowIDs[Int(entry.position)]) { chunks.append(full) }
        }
        chunks.append(builder.finish())
        return chunks
    }

    /// The positions of `entries` in the order of their sort keys.
    private static func libraryOrder(of entries: [Entry], in blocks: KeyBlocks) -> [Int] {
        ByteStringOrder.order(count: entries.count) { position in
            let entry = entries[position]
            return UnsafeBufferPointer(start: blocks.bases[Int(entry.block)] + Int(entry.start), count: Int(entry.keyCount))
        }
    }

    /// Where the blocks start, lent to the thread that orders them: their bytes are written
    /// before it starts and freed only after it is joined.
    private struct KeyBlocks: @unchecked Sendable {
        let bases: [UnsafePointer<UInt8>]
        init(_ blocks: [UnsafeMutableBufferPointer<UInt8>]) { bases = blocks.map { UnsafePointer($0.baseAddress!) } }
    }

    /// The gathered columns of every item (`gatherColumns`), ids and library order, as a scan
    /// of the index would read them (`IndexRead.columns`); nil unless they were gathered and
    /// stand for the whole index (`standsForIndex`). Sorts the items first.
    public func columns() -> ItemColumns? {
        guard standsForIndex, !columnFields.isEmpty, ids.count == entries.count else { return nil }
        sortInLibraryOrder()
        var values: [Field: [FieldValue?]] = [:]
        for (position, field) in columnFields.enumerated() { values[field] = columnValues[position] }
        return ItemColumns(count: entries.count, ids: ids, values: values, libraryOrder: entries.map { Int($0.position) })
    }

    /// Whether each item's rowid came with it (`forEachPairInOrder` hands them over).
    var hasRowIDs: Bool { rowIDs?.count == entries.count }

    /// Hands each item's encoded (id, line) pair to `body` in library order, with its rowid
    /// when `hasRowIDs`.
    func forEachPairInOrder(_ body: (UnsafeBufferPointer<UInt8>, _ rowID: Int64?) throws -> Void) rethrows {
        sortInLibraryOrder()
        let bases = blocks.map { UnsafePointer($0.baseAddress!) }
        let rowIDs = hasRowIDs ? rowIDs : nil
        func key(_ entry: Entry) -> UnsafePointer<UInt8> { bases[Int(entry.block)] + Int(entry.start) }
        for entry in entries {
            try body(UnsafeBufferPointer(start: key(entry) + Int(entry.keyCount), count: Int(entry.pairCount)),
                     rowIDs?[Int(entry.position)])
        }
    }
}
