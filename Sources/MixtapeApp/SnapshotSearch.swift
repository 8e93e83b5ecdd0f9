import MixtapeCore
import MixtapeStore

/// `search` answered from the line snapshot whatever the query: the snapshot gives the lines in
/// library order, one pass over the items table in storage order (no sort, only the filtered
/// and sorted columns) decides the field filters with the same `filtersMatch` the in-memory
/// evaluation uses, and the matcher ranks what passes. Loading 100,000 items in library order
/// to filter them took 0.6–0.8 s; this reads a column or two and the snapshot.
///
/// It answers only when it gives exactly what the general path would, else nil: a snapshot
/// for the template, no alias rows (whose fields the general path merges) and no id in several
/// sources (checked by counting the rows against the snapshot), and no group mixing text and
/// filters (`live | year:1999`, which needs the line of every item).
struct SnapshotSearch {
    /// The search asked for (query, template, sort, limit, printed fields).
    let search: SearchItems
    /// "Now", the selection and playlists, read before the transaction.
    let context: QueryContext

    typealias Result = SearchItems.Result

    /// The search's result from one state of the index, or nil when this path cannot give
    /// exactly the general path's answer (see the type's comment).
    func run(_ read: IndexRead) throws -> Result? {
        let query = search.query
        guard !query.groups.contains(where: { !$0.filters.isEmpty && !$0.textTerms.isEmpty }),
              let snapshot = try read.lineSnapshot(template: search.template.text) else { return nil }
        let filters = query.filterGroups
        let sortFields = search.sort?.fields ?? []
        // Built at most once, and only when rows of the table are matched to lines.
        var positions: PackedStringIndex?
        func index() -> PackedStringIndex {
            if positions == nil { positions = PackedStringIndex(snapshot.ids) }
            return positions!
        }
        var candidates: [Int]?
        var sortValues: [Field: [FieldValue?]] = [:]
        if !filters.isEmpty || !sortFields.isEmpty {
            guard try !read.hasAliases() else { return nil }
            guard let passing = try passing(filters, sortFields: sortFields, positions: index(), read) else { return nil }
            sortValues = passing.sortValues
            candidates = filters.isEmpty ? nil : passing.passes.indices.filter { passing.passes[$0] }
        }
        var order = try search.rank({ MatchCorpus(lines: snapshot.lines) }, count: snapshot.ids.count, among: candidates)
        let matchCount = order.count
        if let sort = search.sort {
            order = sort.ordered(order, columns: sortValues)
        }
        order = search.cut(order)
        var result = Result(ids: order.map { ItemID(rawValue: snapshot.ids[$0]) }, lines: order.map { snapshot.lines[$0] },
                            items: [], matchCount: matchCount, total: snapshot.ids.count)
        if !search.outputFields.isEmpty {
            guard let records = try records(at: order, positions: index(), read) else { return nil }
            result.jsonLines = records
        }
        return result
    }

    /// Which lines' items pass every filter group, and the values of the sort's keys of
    /// every line, each by its position in the snapshot; nil when a row of the table has no
    /// line of its own (an id in several sources, or not in the snapshot).
    private func passing(_ filters: [QueryGroup], sortFields: Set<Field>, positions: PackedStringIndex,
                         _ read: IndexRead) throws -> (passes: [Bool], sortValues: [Field: [FieldValue?]])? {
        let plan = QueryPlan(search.query)
        let fields = search.query.filterFields.union(sortFields)
        // The id is no column of the scan: read for the rows that need it (an `id:` filter,
        // `--sort id`, the selection, playlists).
        let needsID = plan.needsSelection || plan.needsPlaylists || fields.contains(.id)
        var item = MediaItem(id: ItemID(rawValue: ""))
        let count = positions.count
        var passing = [Bool](repeating: false, count: count)
        var seen = [Bool](repeating: false, count: count)
        let keys = Array(sortFields)
        var sortValues = [[FieldValue?]](repeating: [FieldValue?](repeating: nil, count: count), count: keys.count)
        var unmatched = false
        let rows = try read.scan(fields: fields) { row in
            var found: Int?
            row.withIDBytes { found = positions.position(of: $0) }
            guard let position = found, !seen[position] else { return unmatched = true }
            seen[position] = true
            row.fill(&item)
            if needsID { item.id = row.id }
            guard passes(&item, filters) else { return }
            passing[position] = true
            for (key, field) in keys.enumerated() { sortValues[key][position] = field.value(of: item) }
        }
        guard !unmatched, rows == count else { return nil }
        return (passing, Dictionary(uniqueKeysWithValues: zip(keys, sortValues)))
    }

    /// Whether `item` passes every group. In-out, so the item the scan reuses is read in place:
    /// passed by value from the closure, a forty-field item was copied for every row.
    private func passes(_ item: inout MediaItem, _ filters: [QueryGroup]) -> Bool {
        // Plain loop, no closure per row.
        for group in filters where !group.filtersMatch(item, in: context) { return false }
        return true
    }

    /// The JSON line of the item of each line at `order`, in that order, from one pass over
    /// the items table: only the printed items are built. Nil when an id is in several
    /// sources or has aliases.
    private func records(at order: [Int], positions: PackedStringIndex, _ read: IndexRead) throws -> [String]? {
        guard try !read.hasAliases() else { return nil }
        var slots = [Int32](repeating: -1, count: positions.count)
        for (slot, position) in order.enumerated() { slots[position] = Int32(slot) }
        var records = [String](repeating: "", count: order.count)
        var left = order.count, rows = 0, unmatched = false
        var bytes: [UInt8] = []
        try read.scan(fields: Set(Field.allCases)) { row in
            rows += 1
            guard left > 0 else { return }
            var found: Int?
            row.withIDBytes { found = positions.position(of: $0) }
            guard let position = found else { return unmatched = true }
            let slot = Int(slots[position])
            guard slot >= 0 else { return }
            slots[position] = -1
            left -= 1
            bytes.removeAll(keepingCapacity: true)
            row.item.appendJSON(to: &bytes)
            records[slot] = String(decoding: bytes, as: UTF8.self)
        }
        return !unmatched && rows == positions.count ? records : nil
    }
}
