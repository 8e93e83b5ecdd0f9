import GRDB
import MixtapeCore

/// The rows a scan kept, with only what their caller reads after the scan: their ids, the
/// values of a few fields, and their library order. The smart playlists of an index run filter
/// 100,000 rows this way, holding a few columns of the rows some rule keeps instead of every
/// item (`IndexRead.keep`).
public struct KeptRows {
    /// Each kept row's item id, in the order the rows were kept.
    public internal(set) var ids: [ItemID] = []
    /// The values of the asked fields, a column per field, a value per kept row.
    public internal(set) var values: [Field: [FieldValue?]] = [:]
    /// The kept rows (positions in `ids`) in library order.
    public internal(set) var libraryOrder: [Int] = []
}

extension IndexRead {
    /// Scans every row in storage order into one reused item holding `fields` (and its id when
    /// `ids`), hands it to `keep`, and returns the rows it kept, with the values of `values`
    /// and their library order. Only for an index whose rows are items (`rowsAreItems`): a
    /// row here is never merged with another source's.
    ///
    /// `keep` gets the item `inout` only so that it is lent, never copied (a copy of a
    /// 568-byte item, its strings retained, for every row cost more than deciding it); it
    /// must leave the item as it is.
    public func keep(fields: Set<Field>, values kept: Set<Field>, ids: Bool,
                     _ keep: (inout MediaItem) throws -> Bool) throws -> KeptRows {
        // Room for every row at once: the columns grown by doubling were copied again and
        // again (pages never touched stay unused).
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
        var rows = KeptRows()
        rows.ids.reserveCapacity(count)
        let keptFields = Array(kept)
        var columns = keptFields.map { _ in [FieldValue?]() }
        for position in columns.indices { columns[position].reserveCapacity(count) }
        var keys = SortKeyOrder(expectedCount: count)
        /// Keeps the values of a kept row; the item comes `inout` so it is read where it lies.
        func record(_ item: inout MediaItem) {
            for (position, field) in keptFields.enumerated() { columns[position].append(field.value(of: item)) }
        }
        var reused = MediaItem(id: ItemID(rawValue: ""))
        // Reached through a pointer and handed on `inout`: a variable the row closure captured
        // was copied, all of its 568 bytes and strings, each time it was handed on.
        try withUnsafeMutablePointer(to: &reused) { item in
            try scan(fields: fields.union(kept), sortKeys: true) { row in
                row.fill(&item.pointee)
                if ids { item.pointee.id = row.id }
                guard try keep(&item.pointee) else { return }
                rows.ids.append(ids ? item.pointee.id : row.id)
                record(&item.pointee)
                keys.append(row.sortKey)
            }
        }
        for (position, field) in keptFields.enumerated() { rows.values[field] = columns[position] }
        rows.libraryOrder = keys.order()
        return rows
    }
}
