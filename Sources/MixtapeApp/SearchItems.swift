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
    /// Fields the caller prints beyond the template (all of them for `--json`).
    public var outputFields: Set<Field> = []

    public init(libraryPath: String, query: Query, now: Timestamp) {
        self.libraryPath = libraryPath
        self.query = query
        self.now = now
    }

    /// What a search found, best first.
    public struct Result: Sendable {
        /// The ids found, best first (or in library order), cut to `limit`.
        public var ids: [ItemID]
        /// Each one's line, as matched and printed.
        public var lines: [String]
        /// The items themselves, with `outputFields` filled; empty on the snapshot path, which
        /// is taken only when the caller prints lines.
        public var items: [MediaItem]
        /// Matches before `--limit`.
        public var matchCount: Int
        /// Items in the index.
        public var total: Int
    }

    public func run() throws -> Result {
        let store = LibraryQueries(libraryPath: libraryPath)
        if let snapshot = try snapshot(store) {
            let order = try rank({ MatchCorpus(lines: snapshot.lines) }, count: snapshot.lines.count, among: nil)
            return Result(ids: cut(order).map { ItemID(rawValue: snapshot.ids[$0]) },
                          lines: cut(order).map { snapshot.lines[$0] },
                          items: [], matchCount: order.count, total: snapshot.ids.count)
        }
        let fields = template.fields.union(query.filterFields).union(sort?.fields ?? []).union(outputFields)
        let items = try store.items(fields: fields)
        let context = QueryContext(now: now, selection: try selection(store), playlists: try membership(store))
        let lines = items.map(template.render)
        var order = try rank({ MatchCorpus(lines: lines) }, count: lines.count,
                             among: candidates(items, lines: lines, context: context))
        let matchCount = order.count
        if let sort { order = sort.ordered(order, of: items) }
        order = cut(order)
        return Result(ids: order.map { items[$0].id }, lines: order.map { lines[$0] },
                      items: order.map { items[$0] }, matchCount: matchCount, total: items.count)
    }

    /// The ready (id, line) pairs of the index, when this search needs nothing else: only text
    /// terms, no `--sort`, lines printed.
    private func snapshot(_ store: LibraryQueries) throws -> (ids: PackedStrings, lines: PackedStrings)? {
        let onlyText = query.groups.allSatisfy { $0.filters.isEmpty }
        guard onlyText, sort == nil, outputFields.isEmpty else { return nil }
        return try store.lineSnapshot(template: template.text)
    }

    /// Line indices best first when the query has text terms, else `candidates` (or every
    /// line) in library order. The corpus is only built when there is text to match.
    private func rank(_ corpus: () -> MatchCorpus, count: Int, among candidates: [Int]?) throws -> [Int] {
        let textQuery = TextQuery(groups: query.groups.compactMap(SearchItems.pureTextGroup))
        guard !textQuery.isEmpty else { return candidates ?? Array(0..<count) }
        var matcher = Matcher(corpus: corpus())
        return try matcher.match(textQuery, among: candidates).ranked.map(\.index)
    }

    private func cut(_ order: [Int]) -> [Int] {
        guard let limit, order.count > limit else { return order }
        return Array(order.prefix(limit))
    }

    /// Indices of the items that pass every group the matcher does not rank: filter-only
    /// groups, and groups mixing filters and text terms (`live | year:1999`), which hold when a
    /// filter holds or a text term is found in the line (without adding to the score).
    private func candidates(_ items: [MediaItem], lines: [String], context: QueryContext) -> [Int] {
        let filterOnly = Query(groups: query.filterGroups)
        let mixed = query.groups.filter { !$0.filters.isEmpty && !$0.textTerms.isEmpty }
        guard !filterOnly.groups.isEmpty || !mixed.isEmpty else { return Array(items.indices) }
        let corpus = mixed.isEmpty ? nil : MatchCorpus(lines: lines)
        return items.indices.filter { index in
            let item = items[index]
            guard filterOnly.groups.allSatisfy({ $0.filtersMatch(item, in: context) }) else { return false }
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

    /// The saved selection, loaded only when the query says `selected:`.
    private func selection(_ store: LibraryQueries) throws -> Set<ItemID> {
        let needsSelection = query.groups.contains { group in
            group.filters.contains { if case .selected = $0.condition { true } else { false } }
        }
        return needsSelection ? Set(try store.selection()) : []
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
