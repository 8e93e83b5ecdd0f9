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
        var candidates: [Int]?
        var sortValues: [String: [FieldValue?]] = [:]
        if !filters.isEmpty || !sortFields.isEmpty {
            guard try !read.hasAliases() else { return nil }
            guard let passing = try passing(filters, sortFields: sortFields, snapshotCount: snapshot.ids.count, read)
            else { return nil }
            sortValues = passing
            candidates = filters.isEmpty ? nil : positions(of: passing, in: snapshot.ids)
        }
        var order = try search.rank({ MatchCorpus(lines: snapshot.lines) }, count: snapshot.ids.count, among: candidates)
        let matchCount = order.count
        if let sort = search.sort {
            order = sort.ordered(order) { sortValues[snapshot.ids[$0]] ?? [] }
        }
        order = search.cut(order)
        var result = Result(ids: order.map { ItemID(rawValue: snapshot.ids[$0]) }, lines: order.map { snapshot.lines[$0] },
                            items: [], matchCount: matchCount, total: snapshot.ids.count)
        if !search.outputFields.isEmpty {
            guard let records = try records(of: result.ids, read, snapshotCount: snapshot.ids.count) else { return nil }
            result.jsonLines = records
        }
        return result
    }

    /// The ids of the items that pass every filter group, each with its values of the sort's
    /// keys (none without `--sort`: no allocation); nil when the table has more rows than the
    /// snapshot has lines (an id in several sources).
    private func passing(_ filters: [QueryGroup], sortFields: Set<Field>, snapshotCount: Int,
                         _ read: IndexRead) throws -> [String: [FieldValue?]]? {
        let plan = QueryPlan(search.query)
        let fields = search.query.filterFields.union(sortFields)
        // The id is no column of the scan: read for the rows that need it (an `id:` filter,
        // `--sort id`, the selection, playlists).
        let needsID = plan.needsSelection || plan.needsPlaylists || fields.contains(.id)
        var item = MediaItem(id: ItemID(rawValue: ""))
        var passing: [String: [FieldValue?]] = [:]
        let keys = search.sort?.keys.map(\.field) ?? []
        let rows = try read.scan(fields: fields) { row in
            row.fill(&item)
            if needsID { item.id = row.id }
            guard passes(&item, filters) else { return }
            passing[needsID ? item.id.rawValue : row.id.rawValue] = keys.map { $0.value(of: item) }
        }
        return rows == snapshotCount ? passing : nil
    }

    /// Whether `item` passes every group. In-out, so the item the scan reuses is read in place:
    /// passed by value from the closure, a forty-field item was copied for every row.
    private func passes(_ item: inout MediaItem, _ filters: [QueryGroup]) -> Bool {
        // Plain loop, no closure per row.
        for group in filters where !group.filtersMatch(item, in: context) { return false }
        return true
    }

    /// The snapshot positions of the ids in `passing`, in library order. Each snapshot id is
    /// hashed from its bytes where it lies (FNV-1a), and only a hash that a passing id has too
    /// is made a String and looked up: a String for each of 100,000 ids was a tenth of a
    /// filter search.
    private func positions(of passing: [String: [FieldValue?]], in ids: PackedStrings) -> [Int] {
        guard !passing.isEmpty else { return [] }
        var hashes = Set<UInt64>(minimumCapacity: passing.count)
        for var id in passing.keys { id.withUTF8 { hashes.insert(IDLookup.hash($0)) } }
        var found: [Int] = []
        found.reserveCapacity(passing.count)
        for position in 0..<ids.count where hashes.contains(ids.withUTF8(position, IDLookup.hash)) {
            if passing[ids[position]] != nil { found.append(position) }
        }
        return found
    }

    /// The JSON line of each of `ids`, in their order, from one pass over the items table:
    /// only the printed items are built. Nil when an id is in several sources or has aliases.
    private func records(of ids: [ItemID], _ read: IndexRead, snapshotCount: Int) throws -> [String]? {
        guard try !read.hasAliases() else { return nil }
        var slots: [String: Int] = [:]
        slots.reserveCapacity(ids.count)
        for (slot, id) in ids.enumerated() { slots[id.rawValue] = slot }
        var records = [String](repeating: "", count: ids.count)
        let rows = try read.scan(fields: Set(Field.allCases)) { row in
            guard !slots.isEmpty, let slot = slots[row.id.rawValue] else { return }
            var bytes: [UInt8] = []
            row.item.appendJSON(to: &bytes)
            records[slot] = String(decoding: bytes, as: UTF8.self)
        }
        return rows == snapshotCount ? records : nil
    }
}
