import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// Answers the picker's queries against a loaded catalog, keeping what one keystroke's answer
/// can lend the next: the matcher's result cache (so `th` → `the` scans only the matches of
/// `th`), the rows of each scope, and the items read for field filters.
///
/// Runs on the matching thread only; it is a value so that thread owns it outright.
struct PickSearch {
    let catalog: PickCatalog
    let store: LibraryStore
    let now: Timestamp
    private var matcher: Matcher
    private var scopeRows: [Scope: [Int]] = [:]
    /// Items with at least `fields` filled, row for row with the catalog, read on the first
    /// query that filters on a field and re-read only when a query needs more fields.
    private var filterItems: (fields: Set<Field>, items: [MediaItem])?
    private var membership: (references: Set<String>, members: PlaylistMembership)?
    private var allPlaylists: [Playlist]?

    init(catalog: PickCatalog, store: LibraryStore, now: Timestamp) {
        self.catalog = catalog
        self.store = store
        self.now = now
        self.matcher = Matcher(corpus: catalog.corpus)
    }

    /// How many of the best matches the first answer to a query ranks: a few screens' worth,
    /// so the frame a keystroke asks for need not wait for 90,000 matches to be sorted.
    static let firstPage = 500

    /// The picker event that answers `text` in `scope`: its results, best first, or the
    /// reason it cannot be parsed. `selection` is the picker's own, for `selected:`. With a
    /// `limit`, only the best `limit` matches are ranked and the event is final only if that
    /// is all of them; asking again without one reuses the scan (the matcher's cache).
    mutating func answer(_ text: String, in scope: Scope, selection: Set<ItemID>, limit: Int? = nil,
                         isCancelled: @escaping @Sendable () -> Bool) throws -> PickerEvent {
        let query: Query
        do {
            query = try Query(parsing: text)
        } catch {
            return .queryProblem(query: text, scope: scope,
                                 message: "column \(error.range.lowerBound + 1): \(error.message)")
        }
        let plan = QueryPlan(query)
        let note = query.fieldLikeText.first?.message
        var candidates = rows(in: scope)
        if plan.hasFilters {
            candidates = try filtered(by: plan, within: candidates, selection: selection)
        }
        let textQuery = plan.textQuery
        guard !textQuery.isEmpty else {
            let rows = candidates?.map(Int32.init) ?? Array(0..<Int32(catalog.count))
            return .results(query: text, scope: scope, ids: ItemIDList(rows: rows, of: catalog.ids),
                            total: catalog.count, final: true, note: note)
        }
        let found = try matcher.match(textQuery, among: candidates, limit: limit, isCancelled: isCancelled)
        return .results(query: text, scope: scope, ids: ItemIDList(rows: found.ranked.map { Int32($0.index) }, of: catalog.ids),
                        total: catalog.count, final: found.ranked.count == found.matchCount,
                        matches: found.matchCount, note: note)
    }

    /// The rows of `scope`, worked out once per scope (and the same array each time, which
    /// the matcher's cache compares cheaply).
    private mutating func rows(in scope: Scope) -> [Int]? {
        guard scope != .all else { return nil }
        if let rows = scopeRows[scope] { return rows }
        let rows = catalog.rows(in: scope)
        scopeRows[scope] = rows
        return rows
    }

    /// The rows among `candidates` (all when nil) that pass the plan's filters.
    private mutating func filtered(by plan: QueryPlan, within candidates: [Int]?,
                                   selection: Set<ItemID>) throws -> [Int] {
        let items = try items(with: plan.query.filterFields)
        let context = QueryContext(now: now, selection: plan.needsSelection ? selection : [],
                                   playlists: plan.needsPlaylists ? try playlists(plan.playlistReferences) : PlaylistMembership())
        let passing = plan.candidates(items, corpus: { catalog.corpus }, context: context)
        guard let candidates else { return passing }
        let allowed = Set(candidates)
        return passing.filter(allowed.contains)
    }

    private mutating func items(with fields: Set<Field>) throws -> [MediaItem] {
        if let held = filterItems, held.fields.isSuperset(of: fields) { return held.items }
        let wanted = fields.union(filterItems?.fields ?? [])
        var items = catalog.ids.map { MediaItem(id: $0) }
        try store.forEachItem(fields: wanted) { item in
            if let row = catalog.rowByID[item.id] { items[row] = item }
        }
        filterItems = (wanted, items)
        return items
    }

    /// The members of the playlists `references` name, gathered for them alone: every
    /// reference of every playlist (each folder's path, each folder's members) is quadratic
    /// in a deep chain of folders. The playlists are read once; the members kept while the
    /// query names the same playlists.
    private mutating func playlists(_ references: Set<String>) throws -> PlaylistMembership {
        if let membership, membership.references == references { return membership.members }
        let all = try allPlaylists ?? store.playlists()
        allPlaylists = all
        let members = PlaylistMembership(all, only: references)
        membership = (references, members)
        return members
    }
}
