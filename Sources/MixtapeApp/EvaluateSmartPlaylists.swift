import MixtapeCore
import MixtapeStore

/// Computes the items of the smart playlists Mixtape evaluates itself (Rhythmbox's automatic
/// playlists, each a `SmartRule`) on the whole index, exactly as `mixtape search` with that
/// query, order and limit would find them. Run at the end of every `index` or `watch` batch
/// that changed something and after `sources remove`, under the writer lock; costs nothing
/// when no source has such a playlist.
struct EvaluateSmartPlaylists: Sendable {
    let store: LibraryStore
    let libraryPath: String
    /// "Now" for relative dates (`played:<30d`).
    let now: Timestamp

    /// What `evaluate` found, for `write`: each ruled playlist's items, and with
    /// `keepingLines` the loaded items' lines. Handed once from the thread that evaluated to
    /// the one that writes, never shared.
    struct Found: @unchecked Sendable {
        var entries: [(source: String, id: PlaylistID, items: [ItemID])]
        var lines: RenderedLines?
        /// Every item the evaluation loaded, held until the holder of this value lets it go
        /// (`IndexSources` does on another thread: freeing 100,000 items took 40 ms); nil when
        /// the rules were decided from columns.
        var loaded: RenderedLines?
    }

    /// Evaluates every rule and writes the playlists' items. With `keepingLines`, the load
    /// also reads the fields of the standard template and the loaded items' lines are
    /// returned, so the line snapshot written next needs no second pass over the index (0.2 s
    /// of 100,000 items); nil when no playlist has a rule.
    @discardableResult
    func run(keepingLines: Bool = false) throws -> RenderedLines? {
        guard let found = try evaluate(keepingLines: keepingLines) else { return nil }
        return try write(found)
    }

    /// Writes what `evaluate` found; returns its lines.
    @discardableResult
    func write(_ found: Found) throws -> RenderedLines? {
        try store.updateEntries(ofRuledPlaylists: found.entries)
        return found.lines
    }

    /// Evaluates every rule, only reading the index (so it can run beside a write); nil when
    /// no playlist has a rule.
    func evaluate(keepingLines: Bool = false) throws -> Found? {
        let ruled = try store.ruledPlaylists()
        guard !ruled.isEmpty else { return nil }
        // Parsed once each; a rule this version no longer parses (or sorts) finds nothing.
        let searches = ruled.map { search(for: $0.rule) }
        if !keepingLines, let entries = try entriesFromColumns(ruled, searches) {
            return Found(entries: entries, lines: nil, loaded: nil)
        }
        var fields: Set<Field> = [.durationMs, .size]
        for search in searches.compactMap({ $0 }) {
            fields.formUnion(search.query.filterFields.union(search.sort?.fields ?? []))
            // The line's fields only for a rule with text to match: fewer strings per item.
            if search.query.groups.contains(where: { !$0.textTerms.isEmpty }) { fields.formUnion(search.template.fields) }
        }
        if keepingLines { fields.formUnion(FormatTemplate.standard.fields) }
        let items = try store.items(fields: fields)
        let queries = LibraryQueries(libraryPath: libraryPath)
        let shared = RenderedLines(items: items, template: .standard)
        // Every rule's filters decided together (each distinct one once), then each rule ranked
        // or sorted.
        let live = searches.compactMap { $0 }
        let candidates = QueryPlan.candidates(of: live.map { QueryPlan($0.query) }, in: items,
                                              corpus: { shared.corpus }, contexts: try live.map { try $0.context(queries) })
        var next = candidates.makeIterator()
        let found = try zip(ruled, searches).map { playlist, search in
            guard let search, let candidates = next.next() else { return (playlist.source, playlist.id, [ItemID]()) }
            var order = try search.order(over: items, rendered: shared, candidates: candidates).order
            if let limit = playlist.rule.limit { order = Array(order.prefix(limit.keptCount(of: order.lazy.map { items[$0] }))) }
            return (playlist.source, playlist.id, order.map { items[$0].id })
        }
        return Found(entries: found, lines: keepingLines ? shared : nil, loaded: shared)
    }

    /// Every rule's items worked out from the columns its filters, sorts and limits read, one
    /// scan of the rows with no `MediaItem` per row (loading every item, 57 MB of them at
    /// 100,000, was the peak of a Traktor or Rhythmbox index), each distinct filter decided a
    /// column at a time (`FilterColumns`). The same items in the same order as loading them
    /// all: the same filters on the same values, then library order, the rule's sort and its
    /// limit. Nil when a rule has text to match (that needs the items' lines) or asks about
    /// ids (`selected:`, `playlist:`), or when the index has rows that are not items of their
    /// own (several sources, aliases).
    private func entriesFromColumns(_ ruled: [(source: String, id: PlaylistID, rule: SmartRule)],
                                    _ searches: [SearchItems?]) throws -> [(source: String, id: PlaylistID, items: [ItemID])]? {
        let live = searches.compactMap { $0 }
        guard live.allSatisfy({ $0.query.textGroups.isEmpty && FilterColumns.canDecide($0.query.groups) }) else { return nil }
        var fields = Set(live.flatMap { $0.query.filterFields.union($0.sort?.fields ?? []) })
        for playlist in ruled { fields.formUnion(playlist.rule.limit?.fields ?? []) }
        guard fields.isDisjoint(with: [.id, .source]) else { return nil }
        let queries = LibraryQueries(libraryPath: libraryPath)
        let contexts = try live.map { try $0.context(queries) }
        guard let rows = try store.read({ try $0.columns(fields) }) else { return nil }
        var filters = FilterColumns(count: rows.count, columns: rows.values)
        filters.decide(zip(live, contexts).map { ($0.query.filterGroups, $1) })
        var plan = 0
        return zip(ruled, searches).map { playlist, search in
            guard let search else { return (playlist.source, playlist.id, []) }
            defer { plan += 1 }
            let passes = filters.passing(search.query.filterGroups, context: contexts[plan], plan: plan)
            var order = rows.libraryOrder.filter { passes[$0] }
            if let sort = search.sort { order = sort.ordered(order, columns: rows.values) }
            order = search.cut(order)
            if let limit = playlist.rule.limit {
                let durations = rows.values[.durationMs], sizes = rows.values[.size]
                func integer(_ value: FieldValue??) -> Int64? { if case .integer(let int)?? = value { int } else { nil } }
                order = Array(order.prefix(limit.keptCount(of: order, durationMs: { integer(durations?[$0]) },
                                                           size: { integer(sizes?[$0]) })))
            }
            return (playlist.source, playlist.id, order.map { ItemID(rawValue: rows.ids[$0]) })
        }
    }

    private func search(for rule: SmartRule) -> SearchItems? {
        guard let text = rule.query, let query = try? Query(parsing: text) else { return nil }
        var search = SearchItems(libraryPath: libraryPath, query: query, now: now)
        if let sort = rule.sort {
            guard let order = try? ItemSort(sort) else { return nil }
            search.sort = order
        }
        return search
    }
}
