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
    /// One line's bytes while it is rendered, kept between items.
    private var line: [UInt8] = []
    /// Bytes of keys and pairs past which collecting stops and what was kept is let go: a
    /// 500,000-track read must not hold its lines on top of everything else.
    private let budget: Int
    /// Each item's sort key, then its (id, line) pair as `LineSnapshot` stores it.
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Whether every item handed over is still here (not abandoned, not over budget).
    public private(set) var isComplete = true
    /// The path of the source being written, which the index gives each of its items.
    var source: String?

    /// Where one item's key and pair are in `bytes`; `prefix` is the key's first eight bytes,
    /// so most comparisons of the sort never reach the bytes.
    private struct Entry {
        var prefix: UInt64
        var keyStart: UInt32, keyCount: UInt32
        var pairStart: UInt32, pairCount: UInt32
    }

    /// `render` appends an item's line, as UTF-8, to the bytes it is given. 32 MB holds
    /// about 180,000 items' keys and lines.
    public init(template: String, render: @escaping (MediaItem, inout [UInt8]) -> Void, budget: Int = 32 << 20) {
        self.template = template
        self.render = render
        self.budget = min(budget, Int(UInt32.max))
    }

    /// How many items were added.
    public var count: Int { entries.count }

    /// Records `item`, whose sort key is `sortKey` (`LibraryOrder.sortKey(for:)`).
    func add(_ item: MediaItem, sortKey: UnsafeBufferPointer<UInt8>) {
        guard isComplete else { return }
        let keyStart = bytes.count
        bytes.append(contentsOf: sortKey)
        let pairStart = bytes.count
        StringListCodec.append(item.id.rawValue, to: &bytes)
        line.removeAll(keepingCapacity: true)
        if item.source == source { render(item, &line) } else { render(Self.item(item, from: source), &line) }
        line.withUnsafeBufferPointer { LengthPrefixedList.append($0, to: &bytes) }
        guard bytes.count <= budget else { return abandon() }
        entries.append(Entry(prefix: Self.prefix(of: sortKey), keyStart: UInt32(keyStart), keyCount: UInt32(sortKey.count),
                             pairStart: UInt32(pairStart), pairCount: UInt32(bytes.count - pairStart)))
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
        LibraryOrder.sortKey(for: item).withUnsafeBufferPointer { add(item, sortKey: $0) }
    }

    /// Gives up: some item will not be seen, so the snapshot must be written the general way.
    func abandon() {
        isComplete = false
        bytes = []
        entries = []
    }

    /// Hands each item's encoded (id, line) pair to `body` in library order (the sort keys'
    /// byte order, as SQLite orders the `sort_key` BLOBs).
    func forEachPairInOrder(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            entries.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let common = Int(min(a.keyCount, b.keyCount))
                let order = memcmp(base + Int(a.keyStart), base + Int(b.keyStart), common)
                return order != 0 ? order < 0 : a.keyCount < b.keyCount
            }
            for entry in entries {
                try body(UnsafeBufferPointer(start: base + Int(entry.pairStart), count: Int(entry.pairCount)))
            }
        }
    }

    /// The first eight bytes, big-endian, zero-padded: integer order agrees with byte order,
    /// and ties (short keys included) go on to the bytes.
    private static func prefix(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(index < key.count ? key[index] : 0) }
        return value
    }
}
