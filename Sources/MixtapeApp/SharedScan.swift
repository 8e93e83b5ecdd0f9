import MixtapeCore
import MixtapeStore

/// One pass over the items table for every export of a run: the saved exports after an
/// `index`, or one `export-playlist`. Every query's field filters are decided on each row as
/// it goes by, and the items that any export lists (a query's matches, a playlist's or the
/// selection's entries) are built in the same pass, with only the fields their formats write.
/// Five saved exports were five searches (a line snapshot read and a scan each) and five more
/// scans building every field of their items: about a second at 100,000 items.
///
/// Queries are answered the way `SnapshotSearch` answers them (library order and lines from the
/// line snapshot, the same `filtersMatch`, the same matcher), and only where that gives exactly
/// what `SearchItems.run` would: no alias rows, no id in several sources (rows counted against
/// the snapshot), no `--sort`, no group mixing text and filters. Any other query is left to
/// `SearchItems` (nil in `found`); any other index gives nil, and the caller reads as before.
struct SharedScan {
    /// The queries to decide, each with what its filters ask beyond the item (`context`).
    var searches: [(search: SearchItems, context: QueryContext)]
    /// Items wanted by id (playlist entries, the selection), in any order, repeats allowed.
    var wanted: [ItemID]
    /// The fields the built items need (the formats'); filters' fields are read too.
    var fields: Set<Field>

    /// What the pass found.
    struct Found {
        /// Each search's ids in order, or nil for one left to `SearchItems`.
        var ids: [[ItemID]?]
        /// The items of every id found and wanted, each once.
        var items: [MediaItem]
    }

    /// The pass over one state of the index, or nil when it cannot answer exactly (see above).
    func run(_ read: IndexRead) throws -> Found? {
        guard try !read.hasAliases() else { return nil }
        let answered = searches.map { Self.answers($0.search) }
        var snapshot: (ids: PackedStrings, lines: PackedStrings)?
        var inSnapshot: PackedStringIndex?
        if answered.contains(true) {
            guard let lines = try read.lineSnapshot(template: FormatTemplate.standard.text) else { return nil }
            (snapshot, inSnapshot) = (lines, PackedStringIndex(lines.ids))
        }
        var distinct: Set<ItemID> = []
        let wantedIDs = PackedStringIndex(PackedStrings(wanted.filter { distinct.insert($0).inserted }.map(\.rawValue)))
        var queries = try answered.indices.map { index -> Decision? in
            guard answered[index], let snapshot else { return nil }
            return try Decision(searches[index].search, context: searches[index].context, lines: snapshot.lines)
        }
        // Rows the text-only queries ranked are kept as they go by; so are rows a query's
        // filters pass and wanted ids.
        var keep = [Bool](repeating: false, count: snapshot?.ids.count ?? 0)
        for query in queries.compactMap({ $0 }) { for position in query.ranked ?? [] { keep[position] = true } }
        var seen = [Bool](repeating: false, count: wantedIDs.count)
        let filterFields = queries.reduce(into: Set<Field>()) { $0.formUnion($1?.search.query.filterFields ?? []) }
        let scanned = fields.union(filterFields)
        let filterColumns = IndexRead.columnOffsets(of: filterFields, scanning: scanned)
        let needsID = queries.contains { $0?.needsID ?? false }
        var probe = MediaItem(id: ItemID(rawValue: ""))
        var items: [MediaItem] = [], consistent = true
        // Room for every row: pages never written are never touched, and growing by doubling
        // copied what was read so far each time.
        items.reserveCapacity(snapshot?.ids.count ?? wantedIDs.count)
        let rows = try read.scan(fields: scanned) { row in
            guard consistent else { return }
            var wantedHere = false
            let position: Int? = row.withIDBytes { bytes in
                let hash = PackedStringIndex.hash(bytes)
                if let index = wantedIDs.position(of: bytes, hash: hash) {
                    // An id in several sources is merged by `LibraryQueries.items`, not here.
                    if seen[index] { consistent = false }
                    (seen[index], wantedHere) = (true, true)
                }
                return inSnapshot?.position(of: bytes, hash: hash)
            }
            if inSnapshot != nil, position == nil { consistent = false }
            guard let position else { if wantedHere { items.append(row.item) }; return }
            if !filterColumns.isEmpty || needsID {
                row.fill(&probe, only: filterColumns)
                if needsID { probe.id = row.id }
            }
            var kept = keep[position] || wantedHere
            for index in queries.indices where queries[index]?.filters(&probe, at: position) == true { kept = true }
            if kept { items.append(row.item) }
        }
        guard consistent else { return nil }
        guard let snapshot else { return Found(ids: searches.map { _ in nil }, items: items) }
        guard rows == snapshot.ids.count else { return nil }
        let ids = try queries.map { query in
            try query.map { try $0.order(lines: snapshot.lines).map { ItemID(rawValue: snapshot.ids[$0]) } }
        }
        return Found(ids: ids, items: items)
    }

    /// Whether the pass answers `search` exactly as `SearchItems.run` would.
    private static func answers(_ search: SearchItems) -> Bool {
        search.sort == nil && !search.query.groups.contains { !$0.filters.isEmpty && !$0.textTerms.isEmpty }
    }
}

/// One query as the pass decides it: text ranked before the pass when it has no filter, else
/// its filters decided row by row and the text ranked among what passed, after.
private struct Decision {
    let search: SearchItems
    let context: QueryContext
    /// The filter groups, which every passing row satisfies.
    private let groups: [QueryGroup]
    /// Snapshot positions ranked by the text terms, when the query has no filter (before the
    /// pass, so its rows are kept as they go by).
    let ranked: [Int]?
    /// Positions of the rows that passed the filters, in scan order.
    private var passed: [Int] = []
    /// Whether the filters read the id (`selected:`, `playlist:`, `id:`), not a scanned column.
    let needsID: Bool

    init(_ search: SearchItems, context: QueryContext, lines: PackedStrings) throws {
        self.search = search
        self.context = context
        groups = search.query.filterGroups
        let plan = QueryPlan(search.query)
        needsID = plan.filtersReadID
        ranked = groups.isEmpty ? try search.rank(lines: lines, among: nil) : nil
    }

    /// Decides the row at `position` (`item` holds its filtered fields); true when it passed
    /// and is to be kept.
    mutating func filters(_ item: inout MediaItem, at position: Int) -> Bool {
        guard ranked == nil else { return false }
        // Plain loop, no closure per row.
        for group in groups where !group.filtersMatch(item, in: context) { return false }
        passed.append(position)
        return true
    }

    /// The query's snapshot positions in order, cut to its limit.
    func order(lines: PackedStrings) throws -> [Int] {
        if let ranked { return search.cut(ranked) }
        let candidates = passed.sorted()
        return search.cut(try search.rank(lines: lines, among: candidates))
    }
}
