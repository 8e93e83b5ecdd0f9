import Foundation
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
    /// no playlist has a rule. `gathered`: the columns of every item of the index, gathered as
    /// they were written (`LineSnapshotCollector.columns()`), read instead of the index when
    /// they hold every field the rules read. `ruled`: the playlists with rules, when the
    /// caller read them already (so deciding gathered columns reads nothing of the index and
    /// never waits for a write on the same connection).
    func evaluate(keepingLines: Bool = false, gathered: ItemColumns? = nil,
                  ruled: [(source: String, id: PlaylistID, rule: SmartRule)]? = nil) throws -> Found? {
        let ruled = try ruled ?? store.ruledPlaylists()
        guard !ruled.isEmpty else { return nil }
        // Parsed once each; a rule this version no longer parses (or sorts) finds nothing.
        let searches = ruled.map { search(for: $0.rule) }
        if !keepingLines, let entries = try entriesFromColumns(ruled, searches, gathered: gathered) {
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
        let queries = LibraryQueries(store: store)
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
                                    _ searches: [SearchItems?],
                                    gathered: ItemColumns?) throws -> [(source: String, id: PlaylistID, items: [ItemID])]? {
        let live = searches.compactMap { $0 }
        guard let fields = Self.columnFields(of: live, limits: ruled.map(\.rule.limit)) else { return nil }
        let queries = LibraryQueries(store: store)
        let contexts = try live.map { try $0.context(queries) }
        let rows: ItemColumns
        if let gathered, fields.isSubset(of: gathered.fields) {
            rows = gathered
        } else {
            guard let read = try store.read({ try $0.columns(fields) }) else { return nil }
            rows = read
        }
        let limits = zip(ruled, searches).filter { $0.1 != nil }.map(\.0.rule.limit)
        let rules = zip(live, zip(limits, contexts)).map { ColumnRule(search: $0, limit: $1.0, context: $1.1) }
        // The rules handed out a bundle at a time to this thread and a second one (the line
        // snapshot is stored meanwhile): a few large sorts would leave one of two fixed halves
        // working alone. Each thread decides the filters of its own rules; the few both meet,
        // such as `kind:music`, are decided twice.
        let next = RuleBundles(rules)
        let second = BackgroundTask { Self.items(of: rules, in: rows, takingFrom: next) }
        var found = [[ItemID]](repeating: [], count: rules.count)
        for (rule, items) in Self.items(of: rules, in: rows, takingFrom: next) + (try second.value()) {
            found[rule] = items
        }
        var each = found.makeIterator()
        return zip(ruled, searches).map { playlist, search in
            (playlist.source, playlist.id, search == nil ? [] : each.next() ?? [])
        }
    }

    /// Hands out rule numbers in bundles, each once, to whichever thread asks. The rules that
    /// match text in one field make one bundle, handed out first, so that field's values are
    /// folded by one thread only (folding 100,000 artists took 16–20 ms, and both threads
    /// did it when its rules went to both); every other rule is a bundle of its own.
    private final class RuleBundles: @unchecked Sendable {
        private let lock = NSLock()
        /// What is left to hand out, the next bundle last.
        private var bundles: [[Int]]

        init(_ rules: [ColumnRule]) {
            var byField: [Field: [Int]] = [:], alone: [[Int]] = []
            for (number, rule) in rules.enumerated() {
                if let field = rule.textField { byField[field, default: []].append(number) } else { alone.append([number]) }
            }
            let texts = byField.values.sorted { ($0.count, -$0[0]) > ($1.count, -$1[0]) }
            bundles = (texts + alone).reversed()
        }

        func take() -> [Int]? {
            lock.lock()
            defer { lock.unlock() }
            return bundles.popLast()
        }
    }

    /// A rule decided on columns: its search and limit, and the context of its query.
    private struct ColumnRule: Sendable {
        let search: SearchItems
        let limit: SmartLimit?
        let context: QueryContext

        /// The first field whose text the rule's filters match (folded before they can).
        var textField: Field? {
            for group in search.query.filterGroups {
                for filter in group.filters { if case .text(let field, _) = filter.condition { return field } }
            }
            return nil
        }
    }

    /// The items of each rule this thread takes from `bundles`, decided on `rows`: its
    /// filters decided (each distinct one once, `FilterColumns`), then its rows in library
    /// order, its sort and its limit.
    private static func items(of rules: [ColumnRule], in rows: ItemColumns,
                              takingFrom bundles: RuleBundles) -> [(rule: Int, items: [ItemID])] {
        var filters = FilterColumns(count: rows.count, columns: rows.values)
        var found: [(rule: Int, items: [ItemID])] = []
        while let bundle = bundles.take() {
            for number in bundle { found.append((number, items(of: rules[number], in: rows, filters: &filters))) }
        }
        return found
    }

    /// One rule's items, its filters decided in `filters` (which keeps what it decided and
    /// folded for the thread's next rules).
    private static func items(of rule: ColumnRule, in rows: ItemColumns, filters: inout FilterColumns) -> [ItemID] {
        filters.decide(rule.search.query.filterGroups, context: rule.context)
        let passes = filters.passing(rule.search.query.filterGroups, context: rule.context, plan: 0)
        var order = rows.libraryOrder.filter { passes[$0] }
        // The order's length: the search's own cut, then the rule's limit spent from the front.
        let durations = rows.values[.durationMs], sizes = rows.values[.size]
        func integer(_ value: FieldValue??) -> Int64? { if case .integer(let int)?? = value { int } else { nil } }
        func keptCount(_ order: [Int]) -> Int {
            let cut = rule.search.cut(order)
            guard let limit = rule.limit else { return cut.count }
            return min(cut.count, limit.keptCount(of: cut, durationMs: { integer(durations?[$0]) },
                                                  size: { integer(sizes?[$0]) }))
        }
        if let sort = rule.search.sort {
            order = rule.limit == nil && rule.search.limit == nil
                ? sort.ordered(order, columns: rows.values)
                : sort.orderedPrefix(order, columns: rows.values, keptCount: keptCount)
        } else {
            order = Array(order.prefix(keptCount(order)))
        }
        return order.map { ItemID(rawValue: rows.ids[$0]) }
    }

    /// The fields `rules` read (filters, sorts, limits), which a scan or a writer gathers a
    /// column each; nil when they cannot be decided on columns (text to match, ids asked
    /// about).
    static func columnFields(of rules: [SmartRule]) -> Set<Field>? {
        // Which fields a rule reads depends neither on the index nor on the time.
        let searches = rules.compactMap { search(for: $0, libraryPath: "", now: Timestamp(rawValue: 0)) }
        return columnFields(of: searches, limits: rules.map(\.limit))
    }

    private static func columnFields(of searches: [SearchItems], limits: [SmartLimit?]) -> Set<Field>? {
        guard searches.allSatisfy({ $0.query.textGroups.isEmpty && FilterColumns.canDecide($0.query.groups) }) else {
            return nil
        }
        var fields = Set(searches.flatMap { $0.query.filterFields.union($0.sort?.fields ?? []) })
        for limit in limits { fields.formUnion(limit?.fields ?? []) }
        return fields.isDisjoint(with: [.id, .source]) ? fields : nil
    }

    private func search(for rule: SmartRule) -> SearchItems? {
        Self.search(for: rule, libraryPath: libraryPath, now: now)
    }

    private static func search(for rule: SmartRule, libraryPath: String, now: Timestamp) -> SearchItems? {
        guard let text = rule.query, let query = try? Query(parsing: text) else { return nil }
        var search = SearchItems(libraryPath: libraryPath, query: query, now: now)
        if let sort = rule.sort {
            guard let order = try? ItemSort(sort) else { return nil }
            search.sort = order
        }
        return search
    }
}
