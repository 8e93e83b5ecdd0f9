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
        guard !search.query.groups.contains(where: { !$0.filters.isEmpty && !$0.textTerms.isEmpty }) else { return nil }
        let readsRows = !search.query.filterGroups.isEmpty || search.sort != nil || !search.outputFields.isEmpty
        let rowIDs = readsRows ? try read.lineSnapshotRowIDs(template: search.template.text) : nil
        // The snapshot lives only inside `found`, so it is let go before the records are built
        // (45 MB of ids and lines at 500,000 items; held on, `--json year:1990..1999` took 162 MB).
        guard let (answer, order) = try found(read, rowIDs: rowIDs) else { return nil }
        var result = answer
        if !search.outputFields.isEmpty {
            let rowIDsOfResult = rowIDs.map { rowIDs in order.map { rowIDs.rowID(ofLine: $0) } }
            guard let records = try records(of: result.idBytes, rowIDs: rowIDsOfResult, rowCount: result.total, read)
            else { return nil }
            result.jsonLines = records
        }
        return result
    }

    /// What the search finds from the snapshot: ranked, sorted and cut, with each one's place
    /// in the snapshot; its lines only when they are printed (not for `--json`).
    private func found(_ read: IndexRead, rowIDs: SnapshotRowIDs?) throws -> (Result, order: [Int])? {
        // Without text to match, no line is read until the printed ones are known.
        let template = search.template.text
        let matchesText = !QueryPlan(search.query).textQuery.isEmpty
        guard let snapshot = matchesText ? try read.lineSnapshot(template: template)
                : try read.lineSnapshotIDs(template: template).map({ (ids: $0, lines: PackedStrings()) })
        else { return nil }
        let filters = search.query.filterGroups
        let sortFields = search.sort?.fields ?? []
        // Text sorted without filters is ranked first, so the scan reads the sort's values
        // only for the lines that matched (`--sort year- love`: 17,178 of 100,000 rows).
        let rankedFirst = filters.isEmpty && !sortFields.isEmpty && matchesText
            ? try search.rank(lines: snapshot.lines, among: nil) : nil
        var candidates: [Int]?
        var sortValues: [Field: [FieldValue?]] = [:]
        if !filters.isEmpty || !sortFields.isEmpty {
            guard try !read.hasAliases() else { return nil }
            guard let passing = try passing(filters, sortFields: sortFields, lines: snapshot.ids, rowIDs: rowIDs,
                                            only: rankedFirst, read)
            else { return nil }
            sortValues = passing.sortValues
            candidates = filters.isEmpty ? nil : passing.positions
        }
        var order = try rankedFirst ?? (matchesText ? search.rank(lines: snapshot.lines, among: candidates)
                                                    : candidates ?? Array(0..<snapshot.ids.count))
        let matchCount = order.count
        if let sort = search.sort {
            // `--limit 100` of 100,000 sorted rows picks its 100 with a bounded heap (the same
            // rows, in the same order, as the head of the full sort).
            if let limit = search.limit {
                order = sort.orderedPrefix(order, columns: sortValues) { min($0.count, limit) }
            } else {
                order = sort.ordered(order, columns: sortValues)
            }
        }
        order = search.cut(order)
        let lines = !search.outputFields.isEmpty ? PackedStrings()
            : matchesText ? snapshot.lines.picking(order) : try printedLines(order, ids: snapshot.ids, read)
        return (Result(idBytes: snapshot.ids.picking(order), lines: lines, items: [], matchCount: matchCount,
                       total: snapshot.ids.count), order)
    }

    /// The lines at `positions` of the snapshot whose ids are `ids`, for a search without text:
    /// only those, where they are a quarter of the lines or fewer (a filter search of a
    /// million items held every line to print a sixth of them: 150 → 101 MB); the whole
    /// snapshot read once, where most are printed anyway.
    private func printedLines(_ positions: [Int], ids: PackedStrings, _ read: IndexRead) throws -> PackedStrings {
        let template = search.template.text
        if positions.count * 4 <= ids.count, let lines = try read.lineSnapshotLines(template: template, at: positions, ids: ids) {
            return lines
        }
        return try read.lineSnapshot(template: template)?.lines.picking(positions) ?? PackedStrings()
    }

    typealias Passing = (positions: [Int], sortValues: [Field: [FieldValue?]])

    /// The snapshot positions (library order) of the items that pass every filter group, and
    /// the values of the sort's keys by snapshot position; nil when a row of the table has no
    /// line of its own (an id in several sources). Each passing row's line is found from its
    /// rowid where the snapshot keeps them (`SnapshotRowIDs`), else from its id. With `only`
    /// (distinct positions) and no filters, only those lines' values are needed.
    private func passing(_ filters: [QueryGroup], sortFields: Set<Field>, lines ids: PackedStrings,
                         rowIDs: SnapshotRowIDs?, only: [Int]?, _ read: IndexRead) throws -> Passing? {
        if let rowIDs, let found = try passing(filters, sortFields: sortFields, lines: ids, placedBy: rowIDs,
                                               only: filters.isEmpty ? only : nil, read) {
            return found
        }
        return try passingByID(filters, sortFields: sortFields, lines: ids, read)
    }

    /// `passing` with each row's line found from its rowid: one array read per passing row.
    /// The line's id must be the row's, or this gives up (nil) and the ids decide. With `only`,
    /// the rows placed elsewhere are passed over unread, and each of `only` must get its row.
    private func passing(_ filters: [QueryGroup], sortFields: Set<Field>, lines ids: PackedStrings,
                         placedBy rowIDs: SnapshotRowIDs, only: [Int]?, _ read: IndexRead) throws -> Passing? {
        var decision = RowDecision(filters, of: search.query, scanning: sortFields, context: context)
        let keys = Array(sortFields)
        var passes = [Bool](repeating: false, count: ids.count)
        var wanted: [Bool]?
        if let only {
            wanted = [Bool](repeating: false, count: ids.count)
            for position in only { wanted?[position] = true }
        }
        var sortValues = keys.map { _ in [FieldValue?](repeating: nil, count: ids.count) }
        var placed = true, placedWanted = 0
        let rows = try read.scan(fields: decision.scanned) { row in
            guard placed, decision.passes(row) else { return }
            guard let position = rowIDs.position(of: row.rowID) else { placed = false; return }
            if let wanted, !wanted[position] { return }
            guard !passes[position], row.withIDBytes({ ids.hasBytes(position, $0) }) else { placed = false; return }
            passes[position] = true
            placedWanted += 1
            for (key, field) in keys.enumerated() { sortValues[key][position] = row.value(of: field) }
        }
        guard placed, rows == ids.count, only.map({ placedWanted == $0.count }) ?? true else { return nil }
        let positions = passes.indices.filter { passes[$0] }
        return (positions, Dictionary(uniqueKeysWithValues: zip(keys, sortValues)))
    }

    /// `passing` with each row's line found from its id. The passing rows' ids are kept as
    /// bytes and found in the snapshot's ids from theirs (`PackedStringIndex`): a String made
    /// for every row's id, hashed into a dictionary, was most of a sorted or scoped search.
    private func passingByID(_ filters: [QueryGroup], sortFields: Set<Field>, lines ids: PackedStrings,
                             _ read: IndexRead) throws -> Passing? {
        var decision = RowDecision(filters, of: search.query, scanning: sortFields, context: context)
        let keys = Array(sortFields)
        var passingIDs = PackedStrings()
        var rowValues = keys.map { _ in [FieldValue?]() }
        let rows = try read.scan(fields: decision.scanned) { row in
            guard decision.passes(row) else { return }
            row.withIDBytes { passingIDs.append($0) }
            for (key, field) in keys.enumerated() { rowValues[key].append(row.value(of: field)) }
        }
        guard rows == ids.count else { return nil }
        let passing = PackedStringIndex(passingIDs)
        var positions: [Int] = []
        var sortValues = keys.map { _ in [FieldValue?](repeating: nil, count: ids.count) }
        for position in 0..<ids.count {
            guard let row = ids.withUTF8(position, passing.position(of:)) else { continue }
            positions.append(position)
            for key in keys.indices { sortValues[key][position] = rowValues[key][row] }
        }
        // Fewer lines than passing rows: an id passed twice (in two sources).
        guard positions.count == passingIDs.count else { return nil }
        return (positions, Dictionary(uniqueKeysWithValues: zip(keys, sortValues)))
    }

    /// The JSON line of each of `ids`, in their order, for the printed items only, written
    /// from the rows' columns on two threads (`JSONRecordsBuilder`); nil when an id is in
    /// several sources or has aliases. Rows are sought by the rowids the snapshot keeps
    /// (`rowIDs`, one per id), in file order, each checked against its id; without them, or
    /// when one does not hold, a few ids of a large table are sought through the
    /// `(source_id, id)` index and many are found in one pass over the table (`rowCount` rows).
    private func records(of ids: PackedStrings, rowIDs: [Int64]?, rowCount: Int, _ read: IndexRead) throws -> JSONRecords? {
        guard try !read.hasAliases() else { return nil }
        let fields = Set(Field.allCases)
        if let rowIDs {
            var held = true
            let builder = JSONRecordsBuilder(count: ids.count)
            try read.rows(ofRowIDs: rowIDs, fields: fields) { slot, row in
                guard held, row.withIDBytes({ ids.hasBytes(slot, $0) }) else { return held = false }
                builder.add(row, at: slot)
            }
            let records = builder.finish()
            if held, records.isComplete { return records }
        }
        let builder = JSONRecordsBuilder(count: ids.count)
        let wanted = (0..<ids.count).map { ItemID(rawValue: ids[$0]) }
        // A few records of a large table (a narrow query): each sought by its id, where the
        // index has one source and so no id is in two.
        if ids.count * 8 < rowCount, try read.rows(ofIDs: wanted, fields: fields, { slot, row in builder.add(row, at: slot) }) {
            return builder.finish()
        }
        let slots = PackedStringIndex(ids)
        let rows = try read.scan(fields: fields) { row in
            guard let slot = row.withIDBytes({ slots.position(of: $0) }) else { return }
            builder.add(row, at: slot)
        }
        let records = builder.finish()
        guard rows == rowCount else { return nil }
        return records
    }
}

/// Decides the rows of a scan against a search's filter groups with the same `filtersMatch`
/// the in-memory evaluation uses, on one item reused for every row. Only the filters' columns
/// are put into it (and the id and source when a filter reads them): a sort's columns are read
/// from the row for the rows that pass (`--sort artist rating:>=80` made 100,000 artists'
/// Strings for 7,000 rows).
private struct RowDecision {
    let filters: [QueryGroup]
    let context: QueryContext
    /// The fields the scan reads: the filters' and the sort's.
    let scanned: Set<Field>
    private let filterColumns: [Int]
    private let fillsSource: Bool
    private let readsID: Bool
    private var item = MediaItem(id: ItemID(rawValue: ""))

    init(_ filters: [QueryGroup], of query: Query, scanning sortFields: Set<Field>, context: QueryContext) {
        self.filters = filters
        self.context = context
        scanned = query.filterFields.union(sortFields)
        filterColumns = IndexRead.columnOffsets(of: query.filterFields, scanning: scanned)
        fillsSource = query.filterFields.contains(.source)
        // The id is no column of the scan: read for the rows that need it (an `id:` filter,
        // the selection, playlists).
        readsID = QueryPlan(query).filtersReadID
    }

    /// Whether `row` passes every group. The item is filled in place and tested in a plain
    /// loop: passed by value, a forty-field item was copied for every row.
    mutating func passes(_ row: ItemScanRow) -> Bool {
        guard !filters.isEmpty else { return true }
        if fillsSource { row.fill(&item) } else { row.fill(&item, only: filterColumns) }
        if readsID { item.id = row.id }
        for group in filters where !group.filtersMatch(item, in: context) { return false }
        return true
    }
}
