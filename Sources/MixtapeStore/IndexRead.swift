import GRDB
import GRDBSQLite
import MixtapeCore

/// Several reads of one state of the index, in one read transaction: a search that takes its
/// lines from the line snapshot and decides its filters from the items table must see both as
/// they were at one instant, or an `index` committing in between would pair old lines with new
/// values.
public struct IndexRead {
    /// The connection, inside its read transaction.
    let db: Database

    /// The (id, line) pairs kept for `template`, in library order, or nil when none are kept.
    public func lineSnapshot(template: String) throws -> (ids: PackedStrings, lines: PackedStrings)? {
        try LineSnapshot.read(template: template, in: db)
    }

    /// The ids of the snapshot for `template` alone, in library order; nil when none is kept.
    public func lineSnapshotIDs(template: String) throws -> PackedStrings? {
        try LineSnapshot.readIDs(template: template, in: db)
    }

    /// The lines of the snapshot for `template` at `positions`, in that order, reading only
    /// the chunks that hold them; nil when a picked pair's id is not the one `ids` (the
    /// snapshot's, `lineSnapshotIDs`) has at its position.
    public func lineSnapshotLines(template: String, at positions: [Int], ids: PackedStrings) throws -> PackedStrings? {
        try LineSnapshot.lines(template: template, at: positions, ids: ids, in: db)
    }

    /// Where each row of the items table has its line in the snapshot for `template`, by
    /// rowid; nil when that snapshot keeps no rowids.
    public func lineSnapshotRowIDs(template: String) throws -> SnapshotRowIDs? {
        try SnapshotRowIDs.read(template: template, in: db)
    }

    /// Whether any row is recorded as an alias of another source's item (one file, one item):
    /// a scan in storage order cannot merge those, `LibraryStore.items` can.
    public func hasAliases() throws -> Bool {
        try ItemAliases.exist(in: db)
    }

    /// Hands every row of the items table to `body` in storage order, with no sort and no
    /// deduplication, reading only `fields` (and the id and source on demand); returns the
    /// number of rows. A filter search of 100,000 items reads a column or two this way in a few
    /// milliseconds, where loading them in library order as items took most of a second.
    /// With `sortKeys`, each row's `sortKey` can be read too.
    @discardableResult
    public func scan(fields: Set<Field>, sortKeys: Bool = false, _ body: (ItemScanRow) throws -> Void) throws -> Int {
        let (statement, row) = try rowStatement(fields: fields, sortKeys: sortKeys)
        defer { withExtendedLifetime(statement) {} }
        var count = 0
        try StatementRows.forEach(row.handle) {
            count += 1
            try body(row)
        }
        return count
    }

    /// The rows of `ids`, each found through the `(source_id, id)` index and handed to `body`
    /// with its place in `ids` (an id with no row is passed over), reading only `fields`;
    /// false, having read nothing, unless the index holds one source (with several, an id may
    /// have a row in each, which only a scan of every row tells). One seek for each of a few
    /// thousand printed items instead of stepping through every row of a large table.
    public func rows(ofIDs ids: [ItemID], fields: Set<Field>, _ body: (Int, ItemScanRow) throws -> Void) throws -> Bool {
        let (statement, row) = try rowStatement(fields: fields, filter: " WHERE source_id = ? AND id = ?")
        guard row.sources.count == 1, let sourceID = row.sources.keys.first else { return false }
        for (slot, id) in ids.enumerated() {
            try statement.setArguments([sourceID, id.rawValue])
            try StatementRows.forEach(row.handle) { try body(slot, row) }
        }
        return true
    }

    /// The rows with `rowIDs`, sought in ascending rowid order (each table page read once,
    /// in file order) and handed to `body` with their place in `rowIDs`, reading only
    /// `fields`; a rowid with no row is passed over. The printed items of a query found by
    /// the rowids the line snapshot keeps (`SnapshotRowIDs`).
    ///
    /// They are asked for `rowIDsPerStatement` at a time (`rowid IN (?, ?, …)`): one statement
    /// run per rowid reopened its cursor and ran its whole program each time, a third more.
    public func rows(ofRowIDs rowIDs: [Int64], fields: Set<Field>, _ body: (Int, ItemScanRow) throws -> Void) throws {
        let size = Self.rowIDsPerStatement
        let placeholders = repeatElement("?", count: size).joined(separator: ",")
        let (statement, row) = try rowStatement(fields: fields, filter: " WHERE rowid IN (\(placeholders)) ORDER BY rowid")
        defer { withExtendedLifetime(statement) {} }
        let slots = rowIDs.indices.sorted { rowIDs[$0] < rowIDs[$1] }
        var start = 0
        while start < slots.count {
            let chunk = slots[start..<min(start + size, slots.count)]
            start = chunk.endIndex
            sqlite3_reset(row.handle)
            // A short last chunk repeats its last rowid, which IN counts once.
            for parameter in 0..<size {
                sqlite3_bind_int64(row.handle, Int32(parameter + 1), rowIDs[chunk[min(chunk.startIndex + parameter, chunk.endIndex - 1)]])
            }
            var next = chunk.startIndex
            try StatementRows.forEach(row.handle) {
                let rowID = row.rowID
                while next < chunk.endIndex, rowIDs[chunk[next]] < rowID { next += 1 }
                while next < chunk.endIndex, rowIDs[chunk[next]] == rowID {
                    try body(chunk[next], row)
                    next += 1
                }
            }
        }
    }

    /// How many rowids one run of `rows(ofRowIDs:)`'s statement asks for: well under SQLite's
    /// smallest limit on parameters (999 before 3.32).
    static let rowIDsPerStatement = 512

    /// A statement over the items table (`filter` after its FROM) and the row it reads: the
    /// id, the source, the columns of `fields`, the sort key when asked, then the rowid. The
    /// statement must outlive every use of the row.
    private func rowStatement(fields: Set<Field>, sortKeys: Bool = false, filter: String = "") throws -> (Statement, ItemScanRow) {
        let columns = Schema.itemColumns.filter(fields.contains)
        let names = ["id", "source_id"] + columns.map(\.key) + (sortKeys ? ["sort_key"] : []) + ["rowid"]
        let statement = try db.makeStatement(sql: "SELECT \(names.joined(separator: ",")) FROM items\(filter)")
        return (statement, ItemScanRow(handle: statement.sqliteStatement, columns: columns, sources: try ItemReader.sourcePaths(in: db)))
    }

    /// Where `subset`'s columns lie among those of a scan of `fields`, for
    /// `ItemScanRow.fill(_:only:)`: a scan that decides filters on every row and builds items
    /// only for the rows it keeps reads the rest only for those.
    public static func columnOffsets(of subset: Set<Field>, scanning fields: Set<Field>) -> [Int] {
        Schema.itemColumns.filter(fields.contains).enumerated().compactMap { subset.contains($1) ? $0 : nil }
    }
}

/// The current row of an `IndexRead.scan`: valid only inside the scan's body.
public struct ItemScanRow {
    /// The statement, stepped to this row.
    let handle: SQLiteStatement
    /// The fields read, in column order after `id` and `source_id`.
    let columns: [Field]
    /// Source paths by source id.
    let sources: [Int64: String]
    /// The statement column of each field of `Field.allCases` (by its index there); -1 for a
    /// field not read.
    let columnOfField: [Int32]
    /// How `appendJSON` writes this statement's rows.
    public let jsonPlan: RowJSONPlan

    init(handle: SQLiteStatement, columns: [Field], sources: [Int64: String]) {
        self.handle = handle
        self.columns = columns
        self.sources = sources
        var columnOfField = [Int32](repeating: -1, count: Field.allCases.count)
        for (offset, field) in columns.enumerated() {
            if let index = Field.allCases.firstIndex(of: field) { columnOfField[index] = Int32(offset + 2) }
        }
        self.columnOfField = columnOfField
        jsonPlan = RowJSONPlan(columnOfField: columnOfField)
    }

    /// The value of `field` in this row, as `field.value(of:)` gives it for the row's item;
    /// nil for a field the scan did not read.
    public func value(of field: Field) -> FieldValue? {
        switch field {
        case .id: return .text(id.rawValue)
        case .source: return sources[sqlite3_column_int64(handle, 1)].map(FieldValue.text)
        default:
            guard let index = Field.allCases.firstIndex(of: field), columnOfField[index] >= 0 else { return nil }
            if field == .kind { return .text(kind(at: columnOfField[index]).rawValue) }
            return ItemReader.value(handle, columnOfField[index], as: field.type)
        }
    }

    /// The kind in `column`, as the item keeps it (`Field.set`): a name it does not know is `other`.
    private func kind(at column: Int32) -> Kind {
        ItemReader.text(handle, column).flatMap(Kind.init(rawValue:)) ?? .other
    }

    /// The row's item id (read only when asked: most rows of a filter search never need it).
    public var id: ItemID { ItemID(rawValue: ItemReader.text(handle, 0) ?? "") }

    /// Runs `body` with the bytes of the row's item id (valid only inside it): asking whether
    /// a row is one of a few thousand wanted ids costs no `String` for every other row.
    public func withIDBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let bytes = sqlite3_column_text(handle, 0)
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, 0))))
    }

    /// The row's sort key (its bytes order rows in library order), valid until the next row;
    /// only in a scan asked for `sortKeys`.
    public var sortKey: UnsafeBufferPointer<UInt8> { StatementRows.blob(handle, Int32(columns.count + 2)) }

    /// The row's rowid (`SnapshotRowIDs` places it in the line snapshot).
    public var rowID: Int64 { sqlite3_column_int64(handle, sqlite3_column_count(handle) - 1) }

    /// Sets the scanned fields and the source of `item` from this row, leaving its id alone:
    /// one item reused for every row costs no allocation per row.
    public func fill(_ item: inout MediaItem) {
        if let source = sources[sqlite3_column_int64(handle, 1)] { item.source = source }
        for (offset, field) in columns.enumerated() {
            field.set(ItemReader.value(handle, Int32(offset + 2), as: field.type), on: &item)
        }
    }

    /// Sets only the scanned columns at `offsets` (`IndexRead.columnOffsets`) of `item`,
    /// leaving its id, source and other fields alone.
    public func fill(_ item: inout MediaItem, only offsets: [Int]) {
        for offset in offsets {
            let field = columns[offset]
            field.set(ItemReader.value(handle, Int32(offset + 2), as: field.type), on: &item)
        }
    }

    /// The row as a new item: id, source and the scanned fields.
    public var item: MediaItem { ItemReader.row(handle, columns: columns, sources: sources) }
}

extension LibraryStore {
    /// Runs `body` with reads of one state of the index (one read transaction).
    public func read<T>(_ body: (IndexRead) throws -> T) throws -> T {
        try reading { db in try body(IndexRead(db: db)) }
    }
}
