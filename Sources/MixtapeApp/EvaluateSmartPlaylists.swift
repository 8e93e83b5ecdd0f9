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
        /// (`IndexSources` does on another thread: freeing 100,000 items took 40 ms).
        var loaded: RenderedLines
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
