import GRDB
import GRDBSQLite
import MixtapeCore

/// A few fields of every row, a column each, with the rows' ids and library order, and no
/// `MediaItem` per row: what the smart playlists of an index run read (a couple of dozen rules
/// over 100,000 rows decided a column at a time, `FilterColumns`), where loading every item
/// held 57 MB of items beside their strings.
public struct ItemColumns: Sendable {
    /// How many rows.
    public let count: Int
    /// Each row's item id, in row order.
    public internal(set) var ids = PackedStrings()
    /// A column per asked field, one value per row, each as `Field.value(of:)` gives it for
    /// an item read from that row.
    public internal(set) var values: [Field: [FieldValue?]] = [:]
    /// The rows in library order.
    public internal(set) var libraryOrder: [Int] = []

    /// Which fields have a column.
    public var fields: Set<Field> { Set(values.keys) }
}

extension IndexRead {
    /// Every row's values of `fields` (columns of the items table: not `id` or `source`), its
    /// id and its place in library order, read in one scan as the rows lie. Nil unless every
    /// row is an item of its own (one source, no alias: `ItemReader.OneSourcePlan`), since no
    /// row is merged with another source's here.
    public func columns(_ fields: Set<Field>) throws -> ItemColumns? {
        guard let count = try ItemReader.OneSourcePlan(in: db)?.count else { return nil }
        var columns = ItemColumns(count: count)
        columns.ids.reserve(bytes: count * 32, count: count)
        let read = Schema.itemColumns.filter(fields.contains)
        var values = read.map { _ in [FieldValue?]() }
        for position in values.indices { values[position].reserveCapacity(count) }
        var keys = SortKeyOrder(expectedCount: count)
        try scan(fields: fields, sortKeys: true) { row in
            row.withIDBytes { columns.ids.append($0) }
            for (position, field) in read.enumerated() { values[position].append(row.value(position, as: field)) }
            keys.append(row.sortKey)
        }
        precondition(columns.ids.count == count, "the rows counted are the rows read, in one read transaction")
        for (position, field) in read.enumerated() { columns.values[field] = values[position] }
        columns.libraryOrder = keys.order()
        return columns
    }
}

extension ItemScanRow {
    /// The value of the `position`-th scanned column, which is `field`'s, as an item filled
    /// from this row gives it back (`ItemScanRow.fill`, then `Field.value(of:)`): the same
    /// value, but a kind Mixtape does not know reads as `other`, as `Field.set` makes it.
    func value(_ position: Int, as field: Field) -> FieldValue? {
        let value = ItemReader.value(handle, Int32(position + 2), as: field.type)
        guard field == .kind else { return value }
        let name: String? = if case .text(let text)? = value { text } else { nil }
        return .text((name.flatMap(Kind.init(rawValue:)) ?? .other).rawValue)
    }
}
