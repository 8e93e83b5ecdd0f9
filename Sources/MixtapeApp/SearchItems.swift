import MixtapeCore
import MixtapeStore

/// The `search` use case (spec/query.md): field filters narrow the items, text terms rank what
/// is left like `fzf --filter` does on the formatted lines, and without a text term items keep
/// library order.
public struct SearchItems {
    public var libraryPath: String
    public var query: Query
    /// The line each item is matched and printed as (fzf's `--with-nth`).
    public var template: FormatTemplate = .standard
    public var sort: ItemSort?
    public var limit: Int?
    /// "Now" for relative dates (`added:<30d`); a parameter so the core never reads a clock.
    public var now: Timestamp

    public init(libraryPath: String, query: Query, now: Timestamp) {
        self.libraryPath = libraryPath
        self.query = query
        self.now = now
    }

    /// What a search found, best first, with each item's line.
    public struct Result: Sendable {
        public var items: [MediaItem]
        public var lines: [String]
        /// Matches before `--limit`.
        public var matchCount: Int
        /// Items in the index.
        public var total: Int
    }

    public func run() throws -> Result {
        let store = LibraryQueries(libraryPath: libraryPath)
        let items = try store.items()
        let context = QueryContext(now: now, playlists: try membership(store))
        let lines = items.map(template.render)
        var order = candidates(items, lines: lines, context: context)
        let textQuery = TextQuery(groups: query.groups.compactMap(SearchItems.pureTextGroup))
        if !textQuery.isEmpty {
            var matcher = Matcher(corpus: MatchCorpus(lines: lines))
            order = try matcher.match(textQuery, among: order).ranked.map(\.index)
        }
        let matchCount = order.count
        if let sort { order = sort.ordered(order, of: items) }
        if let limit, order.count > limit { order.removeSubrange(limit...) }
        return Result(items: order.map { items[$0] }, lines: order.map { lines[$0] },
                      matchCount: matchCount, total: items.count)
    }

    /// Indices of the items that pass every group the matcher does not rank: filter-only
    /// groups, and groups mixing filters and text terms (`live | year:1999`), which hold when a
    /// filter holds or a text term is found in the line (without adding to the score).
    private func candidates(_ items: [MediaItem], lines: [String], context: QueryContext) -> [Int] {
        let mixed = query.groups.filter { !$0.filters.isEmpty && !$0.textTerms.isEmpty }
        let corpus = mixed.isEmpty ? nil : MatchCorpus(lines: lines)
        return items.indices.filter { index in
            let item = items[index]
            guard query.matchesFilters(item, in: context) else { return false }
            return mixed.allSatisfy { group in
                group.filtersMatch(item, in: context) || group.textTerms.contains { node in
                    corpus?.score(ofLine: index, for: TextQuery(groups: [[node.term]])) != nil
                }
            }
        }
    }

    /// A group of text terms only, for the matcher; nil for groups with a filter.
    private static func pureTextGroup(_ group: QueryGroup) -> [TextTerm]? {
        guard group.filters.isEmpty, !group.textTerms.isEmpty else { return nil }
        return group.textTerms.map(\.term)
    }

    /// Playlist members, loaded only when the query names a playlist.
    private func membership(_ store: LibraryQueries) throws -> PlaylistMembership {
        let needsPlaylists = query.groups.contains { group in
            group.filters.contains { if case .playlist = $0.condition { true } else { false } }
        }
        guard needsPlaylists else { return PlaylistMembership() }
        return PlaylistMembership(try store.playlists().map(\.playlist))
    }
}
