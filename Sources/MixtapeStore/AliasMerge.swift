import GRDB
import GRDBSQLite
import MixtapeCore

/// How `ItemReader` makes one item of the rows `ItemAliases` pairs: the alias rows are read
/// first (a few, against the whole library), then the scan skips them and completes each item
/// that has some. Built only when the index records an alias.
struct AliasMerge {
    private struct RowKey: Hashable {
        var sourceID: Int64
        var id: ItemID
    }

    /// The alias rows, which the scan skips, and their sources: a row of another source (an
    /// export's hundred thousand) is passed by one integer lookup, not a hash of its id.
    private var aliasRows: Set<RowKey> = []
    private var aliasSources: Set<Int64> = []
    /// Each item's alias rows, with the scan's fields, sources added first first.
    private var rowsByItem: [ItemID: [MediaItem]] = [:]
    /// The hash values of `rowsByItem`'s keys: a miss (most items) costs one hash and an
    /// integer probe, where the dictionary would compare the id with the strings it holds.
    private var itemHashes: Set<Int> = []
    private let columns: [Field]

    /// Reads the alias rows with `columns`. When the read is of one id (`only`), an alias is
    /// replaced by its item's id, so `item(_:)` of a folder's id finds the item it names.
    init(columns: [Field], sources: [Int64: String], in db: Database, only: inout ItemID?) throws {
        self.columns = columns
        if let id = only {
            only = try ItemAliases.resolve([id], in: db).first ?? id
        }
        let names = (["items.id", "items.source_id"] + columns.map { "items." + $0.key } + ["a.item_id"])
            .joined(separator: ",")
        let filter = only == nil ? "" : " WHERE a.item_id = ?"
        let statement = try db.makeStatement(sql: """
            SELECT \(names) FROM item_aliases a JOIN items ON items.source_id = a.source_id AND items.id = a.alias\(filter)
            ORDER BY a.source_id
            """)
        if let only { try statement.setArguments([only.rawValue]) }
        let handle = statement.sqliteStatement
        try StatementRows.forEach(handle) {
            let row = ItemReader.row(handle, columns: columns, sources: sources)
            aliasRows.insert(RowKey(sourceID: sqlite3_column_int64(handle, 1), id: row.id))
            aliasSources.insert(sqlite3_column_int64(handle, 1))
            let item = ItemID(rawValue: ItemReader.text(handle, Int32(columns.count + 2)) ?? "")
            rowsByItem[item, default: []].append(row)
            itemHashes.insert(item.hashValue)
        }
    }

    /// Whether the row of `id` in source `sourceID` is another name for an item.
    func isAlias(_ sourceID: Int64, _ id: ItemID) -> Bool {
        aliasSources.contains(sourceID) && aliasRows.contains(RowKey(sourceID: sourceID, id: id))
    }

    /// Completes `item` by its alias rows: each field it lacks (nil) from the first alias row
    /// that has it, their ids in `aliases` and their sources in `sources`. Booleans are never
    /// lacking (an export's absent `Loved` is false), so they stay the item's own.
    func merge(into item: inout MediaItem) {
        guard itemHashes.contains(item.id.hashValue), let rows = rowsByItem[item.id] else { return }
        for field in columns where field.value(of: item) == nil {
            if let value = rows.lazy.compactMap({ field.value(of: $0) }).first { field.set(value, on: &item) }
        }
        if item.sources.isEmpty, let source = item.source { item.sources = [source] }
        for row in rows {
            if !item.aliases.contains(row.id) { item.aliases.append(row.id) }
            if let source = row.source, !item.sources.contains(source) { item.sources.append(source) }
        }
    }
}
