/// The conditions of a smart playlist that Mixtape evaluates itself (a Rhythmbox automatic
/// playlist, spec/sources.md): a query of the query language, then an optional order and limit
/// as the source program applies them. Kept as values, so the playlist's items can be computed
/// again on the index whenever it changes, exactly as `mixtape search` would find them.
public struct SmartRule: Hashable, Sendable {
    /// A query of spec/query.md (`rating:>=80 plays:>5`); empty matches every item. Nil when a
    /// condition has no translation: the playlist then has no items (`"query": null`), and the
    /// reader warns naming the condition.
    public var query: String?
    /// An `--sort` specification (`play_count-,title`) applied before the limit; nil keeps
    /// library order.
    public var sort: String?
    /// How many of the sorted matches the playlist keeps; nil keeps all.
    public var limit: SmartLimit?

    /// A rule; `sort` and `limit` as the source program's playlist says.
    public init(query: String?, sort: String? = nil, limit: SmartLimit? = nil) {
        self.query = query
        self.sort = sort
        self.limit = limit
    }
}

/// How a smart playlist's matches are cut: Rhythmbox's limit by count, by total duration or by
/// total size, each applied to the sorted matches in order.
public enum SmartLimit: Hashable, Sendable {
    /// At most this many items.
    case items(Int)
    /// Items while their durations add up to at most this many milliseconds.
    case durationMs(Int64)
    /// Items while their sizes add up to at most this many bytes.
    case bytes(Int64)

    /// How many of the leading `items` this limit keeps (for a count, the count itself, which
    /// may be more than there are: take a `prefix` of it).
    public func keptCount(of items: some Sequence<MediaItem>) -> Int {
        keptCount(of: items, durationMs: \.durationMs, size: \.size)
    }

    /// `keptCount` of rows that are not items, each with its duration and size.
    public func keptCount<Rows: Sequence>(of rows: Rows, durationMs: (Rows.Element) -> Int64?,
                                          size: (Rows.Element) -> Int64?) -> Int {
        switch self {
        case .items(let count): return max(0, count)
        case .durationMs(let budget): return Self.count(rows, budget: budget) { durationMs($0) ?? 0 }
        case .bytes(let budget): return Self.count(rows, budget: budget) { size($0) ?? 0 }
        }
    }

    /// The fields `keptCount` reads (none for a count of items).
    public var fields: Set<Field> {
        switch self {
        case .items: []
        case .durationMs: [.durationMs]
        case .bytes: [.size]
        }
    }

    private static func count<Rows: Sequence>(_ items: Rows, budget: Int64, cost: (Rows.Element) -> Int64) -> Int {
        var total: Int64 = 0, kept = 0
        for item in items {
            total += cost(item)
            if total > budget { break }
            kept += 1
        }
        return kept
    }

    /// The limit as stored and shown: `items:25`, `duration_ms:3600000`, `bytes:700000000`.
    public var text: String {
        switch self {
        case .items(let count): "items:\(count)"
        case .durationMs(let ms): "duration_ms:\(ms)"
        case .bytes(let bytes): "bytes:\(bytes)"
        }
    }

    /// Reads `text` back; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let number = Int64(parts[1]) else { return nil }
        switch parts[0] {
        case "items": self = .items(Int(number))
        case "duration_ms": self = .durationMs(number)
        case "bytes": self = .bytes(number)
        default: return nil
        }
    }
}
