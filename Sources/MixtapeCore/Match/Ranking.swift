/// One matching line: its index in the corpus (input order) and its fzf score.
public struct RankedMatch: Hashable, Sendable {
    public var index: Int
    public var score: Int

    /// A match of line `index` with `score`.
    public init(index: Int, score: Int) {
        self.index = index
        self.score = score
    }
}

/// The outcome of one search: the best lines, ranked, and how many lines matched in all.
public struct MatchResult: Hashable, Sendable {
    /// Best first (or in input order for a query without positive terms); at most the limit
    /// asked for.
    public var ranked: [RankedMatch]
    /// The number of matching lines, whatever the limit.
    public var matchCount: Int

    /// A result from its parts.
    public init(ranked: [RankedMatch], matchCount: Int) {
        self.ranked = ranked
        self.matchCount = matchCount
    }
}

/// fzf's default order (`--tiebreak=length`, then input order): score descending, then the
/// line's length without surrounding white space ascending, then index. Each match packs into
/// one integer key, as fzf's `points` do (both values saturate at 65 535, as in fzf).
enum Ranking {
    static func key(score: Int32, trimLength: UInt16, index: Int32) -> UInt64 {
        let inverted = UInt64(65_535 - min(max(Int(score), 0), 65_535))
        return inverted << 48 | UInt64(trimLength) << 32 | UInt64(UInt32(bitPattern: index))
    }

    static func index(of key: UInt64) -> Int { Int(UInt32(truncatingIfNeeded: key)) }

    static func score(of key: UInt64) -> Int { 65_535 - Int(key >> 48) }

    /// The `limit` smallest keys in ascending order; equal to a full sort's first `limit`.
    static func smallest(_ keys: [UInt64], limit: Int) -> [UInt64] {
        guard limit < keys.count / 4 else { return Array(keys.sorted().prefix(limit)) }
        guard limit > 0 else { return [] }
        var heap = MaxHeap(capacity: limit)
        for key in keys { heap.offer(key) }
        return heap.sortedAscending()
    }
}

/// A bounded max-heap keeping the smallest keys seen.
struct MaxHeap {
    private var items: [UInt64] = []
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    mutating func offer(_ key: UInt64) {
        if items.count < capacity {
            items.append(key)
            siftUp(items.count - 1)
        } else if key < items[0] {
            items[0] = key
            siftDown(0)
        }
    }

    func sortedAscending() -> [UInt64] { items.sorted() }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] > items[parent] else { return }
            items.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < items.count && items[left] > items[largest] { largest = left }
            if right < items.count && items[right] > items[largest] { largest = right }
            if largest == parent { return }
            items.swapAt(parent, largest)
            parent = largest
        }
    }
}
