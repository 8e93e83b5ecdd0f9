import GRDB
import GRDBSQLite
import MixtapeCore

/// Reads items in library order straight from SQLite's column API, filling only the fields a
/// caller asks for. A search of 100,000 items that shows `{artist} - {title} - {album}` reads
/// three text columns instead of thirty-five, and skips GRDB's per-row `Row` values, which
/// were most of the cost of a search.
enum ItemReader {
    /// Every item in library order. The array is sized from the row count first: an item is
    /// 568 bytes, and grown by doubling, 100,000 of them held the old 28 MB beside the new
    /// 57 MB at the last step (the peak of a Traktor or Rhythmbox index, whose smart lists
    /// load every item).
    static func items(fields: Set<Field>, in db: Database) throws -> [MediaItem] {
        if let plan = try OneSourcePlan(in: db) {
            var rows = try Rows(fields: fields, plan: plan, in: db)
            return rows.inLibraryOrder()
        }
        var items: [MediaItem] = []
        items.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0)
        try forEach(fields: fields, in: db) { items.append($0) }
        return items
    }

    /// What reading an index with one source and no alias needs: there no two rows share an
    /// id and none merges into another, so rows can be read as they lie and ordered in memory
    /// (`Rows`). Nil for any other index.
    struct OneSourcePlan {
        /// How many rows (items) there are.
        let count: Int

        init?(in db: Database) throws {
            guard try ItemReader.sourcePaths(in: db).count <= 1, try !ItemAliases.exist(in: db) else { return nil }
            count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
        }
    }

    /// Rows of a one-source index read as they lie, each with its sort key, and then put in
    /// library order in memory (`SortKeyOrder`) instead of SQLite sorting every selected column
    /// (0.15 s of a 100,000-item load, the smart playlists' evaluation after every Rhythmbox or
    /// Traktor index).
    struct Rows {
        private(set) var items: [MediaItem]
        private var keys: SortKeyOrder

        /// Every row (`IndexRead.scan` with the sort keys), the array sized for all of them first.
        init(fields: Set<Field>, plan: OneSourcePlan, in db: Database) throws {
            var items: [MediaItem] = []
            items.reserveCapacity(plan.count)
            items.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { LargeBuffer.preferHugePages(base, bytes: plan.count * MemoryLayout<MediaItem>.stride) }
            }
            var keys = SortKeyOrder(expectedCount: plan.count)
            try IndexRead(db: db).scan(fields: fields, sortKeys: true) { row in
                // Filled where it lies in the array: a 568-byte item is not copied there after.
                items.append(MediaItem(id: row.id))
                row.fill(&items[items.count - 1])
                keys.append(row.sortKey)
            }
            self.items = items
            self.keys = keys
        }

        /// The items in library order (and none left here).
        mutating func inLibraryOrder() -> [MediaItem] {
            var ordered = items
            items = []
            ordered.permute(to: keys.order())
            return ordered
        }
    }

    /// Hands each item to `body` in library order without holding them all: the line snapshot
    /// of a 100,000-item library is written in one pass with flat memory. An id found in
    /// several sources is handed over once, from the source added first (rows of one id are
    /// adjacent: the sort key ends with the id). A row that is an alias of another source's
    /// item (`ItemAliases`) is not handed over: its item takes from it the fields it lacks, and
    /// lists its id in `aliases` and its source in `sources`. With no alias recorded, which is
    /// the common case, the scan does no work per row for them.
    static func forEach(fields: Set<Field>, in db: Database, only id: ItemID? = nil,
                        _ body: (MediaItem) throws -> Void) throws {
        try forEachWithRowID(fields: fields, in: db, only: id) { item, _ in try body(item) }
    }

    /// `forEach`, handing each item with the rowid of its row, or nil when the item stands for
    /// several rows (an id in several sources, or one with aliases).
    static func forEachWithRowID(fields: Set<Field>, in db: Database, only id: ItemID? = nil,
                                 _ body: (MediaItem, Int64?) throws -> Void) throws {
        let sources = try sourcePaths(in: db)
        let columns = Schema.itemColumns.filter(fields.contains)
        var only = id
        let merge = try ItemAliases.exist(in: db) ? try AliasMerge(columns: columns, sources: sources, in: db, only: &only)
                                                  : nil
        let names = (["id", "source_id"] + columns.map(\.key) + ["rowid"]).joined(separator: ",")
        let rowIDColumn = Int32(columns.count + 2)
        // By identity: one seek per source in the (source_id, id) index (there is no index on
        // the id alone: keeping one cost a quarter of every large import).
        let filter = only == nil ? "" : " WHERE source_id IN (SELECT id FROM sources) AND id = ?"
        let statement = try db.makeStatement(sql: "SELECT \(names) FROM items\(filter) ORDER BY sort_key")
        if let only { try statement.setArguments([only.rawValue]) }
        let handle = statement.sqliteStatement
        var pending: (item: MediaItem, sourceID: Int64, rowID: Int64)?
        // The other sources of the pending id, filled only when one id is in several sources.
        var alsoIn: [(sourceID: Int64, path: String)] = []
        // Completes the pending item in place (no copy of a forty-field value per item).
        func emit(_ held: inout (item: MediaItem, sourceID: Int64, rowID: Int64)) throws {
            var rowID: Int64? = held.rowID
            if !alsoIn.isEmpty {
                held.item.sources = ([(held.sourceID, held.item.source ?? "")] + alsoIn).sorted { $0.0 < $1.0 }.map(\.1)
                alsoIn.removeAll()
                rowID = nil
            }
            if let merge {
                merge.merge(into: &held.item)
                rowID = nil
            }
            try body(held.item, rowID)
        }
        try StatementRows.forEach(handle) {
            let item = row(handle, columns: columns, sources: sources)
            let sourceID = sqlite3_column_int64(handle, 1)
            let rowID = sqlite3_column_int64(handle, rowIDColumn)
            if let held = pending, held.item.id == item.id {
                guard merge?.isAlias(sourceID, item.id) != true else { return }
                if sourceID < held.sourceID {
                    alsoIn.append((held.sourceID, held.item.source ?? ""))
                    pending = (item, sourceID, rowID)
                } else {
                    alsoIn.append((sourceID, item.source ?? ""))
                }
            } else if merge?.isAlias(sourceID, item.id) != true {
                if pending != nil { try emit(&pending!) }
                pending = (item, sourceID, rowID)
            }
        }
        if pending != nil { try emit(&pending!) }
    }

    /// Source paths by source id, for the rows' `source`.
    static func sourcePaths(in db: Database) throws -> [Int64: String] {
        var sources: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, path FROM sources") { sources[row[0]] = row[1] }
        return sources
    }

    /// The item of the current row of `handle` (columns: id, source_id, then `columns`).
    static func row(_ handle: SQLiteStatement, columns: [Field], sources: [Int64: String]) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: text(handle, 0) ?? ""))
        fill(&item, from: handle, columns: columns, sources: sources)
        return item
    }

    /// Sets the source and `columns` of `item` from the current row of `handle`, in place: an
    /// item filled where it lies in an array is not copied there afterwards.
    static func fill(_ item: inout MediaItem, from handle: SQLiteStatement, columns: [Field], sources: [Int64: String]) {
        item.source = sources[sqlite3_column_int64(handle, 1)]
        for (offset, field) in columns.enumerated() {
            field.set(value(handle, Int32(offset + 2), as: field.type), on: &item)
        }
    }

    /// Every item's kind and duration (nil: unknown), in table order, for callers that keep
    /// these two columns of every item: the picker's scope bar and right-hand column. Much
    /// cheaper than `forEach`, which sorts and builds a `MediaItem` per row. An id found in
    /// several sources comes once per source, with the source's id: the lowest is the one
    /// `forEach` keeps.
    static func forEachKindAndDuration(in db: Database,
                                       _ body: (ItemID, Kind, Int64?, _ sourceID: Int64) throws -> Void) throws {
        let statement = try db.makeStatement(sql: "SELECT id, kind, duration_ms, source_id FROM items")
        let handle = statement.sqliteStatement
        var kinds: [String: Kind] = [:]
        try StatementRows.forEach(handle) {
            let kindName = text(handle, 1) ?? ""
            let kind = kinds[kindName] ?? Kind(rawValue: kindName) ?? .other
            kinds[kindName] = kind
            let duration = integer(handle, 2)
            try body(ItemID(rawValue: text(handle, 0) ?? ""), kind, duration, sqlite3_column_int64(handle, 3))
        }
    }

    /// Every item's id, location, artist, title and cue start, in table order and not
    /// deduplicated (an id in two sources comes twice): what resolving playlist-file entries
    /// needs, at the cost of one scan, with no sort. A row that is an alias (one file, one
    /// item) comes under its item's id, so a file an export and a folder both list is one item.
    /// An export's item whose file relocation found elsewhere comes a second time, under that
    /// file's path (with no artist or title), so a playlist naming the file here finds it too.
    static func forEachLocation(in db: Database,
                                _ body: (ItemID, _ location: String?, _ artist: String?, _ title: String?,
                                         _ startMs: Int64?) throws -> Void) throws {
        let statement = try db.makeStatement(sql: "SELECT id, location, artist, title, start_ms, path FROM items")
        let handle = statement.sqliteStatement
        let canonical = try ItemAliases.canonical(in: db)
        try StatementRows.forEach(handle) {
            let start = integer(handle, 4)
            let id = ItemID(rawValue: text(handle, 0) ?? "")
            let location = text(handle, 1)
            try body(canonical[id] ?? id, location, text(handle, 2), text(handle, 3), start)
            if let path = text(handle, 5), path != location { try body(canonical[id] ?? id, path, nil, nil, start) }
        }
    }

    /// Every item with a file here (`path`: a folder's own, or where relocation found an
    /// export's), with its size, length and cue start, under its item's id like
    /// `forEachLocation`: the files a playlist file's entries may be relocated to.
    static func forEachFileHere(in db: Database,
                                _ body: (ItemID, _ path: String, _ size: Int64?, _ durationMs: Int64?,
                                         _ startMs: Int64?) throws -> Void) throws {
        let statement = try db.makeStatement(sql: "SELECT id, path, size, duration_ms, start_ms FROM items WHERE path IS NOT NULL")
        let handle = statement.sqliteStatement
        let canonical = try ItemAliases.canonical(in: db)
        try StatementRows.forEach(handle) {
            let id = ItemID(rawValue: text(handle, 0) ?? "")
            try body(canonical[id] ?? id, text(handle, 1) ?? "", integer(handle, 2), integer(handle, 3), integer(handle, 4))
        }
    }

    /// One item by id (or by one of its aliases), every field filled, deduplicated like `forEach`.
    static func item(_ id: ItemID, in db: Database) throws -> MediaItem? {
        var found: MediaItem?
        try forEach(fields: Set(Field.allCases), in: db, only: id) { found = $0 }
        return found
    }

    static func value(_ handle: SQLiteStatement, _ index: Int32, as type: FieldType) -> FieldValue? {
        if type == .bool { return .bool(sqlite3_column_int64(handle, index) != 0) }
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        switch type {
        case .text: return text(handle, index).map(FieldValue.text)
        case .integer: return .integer(sqlite3_column_int64(handle, index))
        case .timestamp: return .timestamp(Timestamp(rawValue: sqlite3_column_int64(handle, index)))
        case .bool: return nil
        }
    }

    /// The integer in column `index`, nil for NULL.
    static func integer(_ handle: SQLiteStatement, _ index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    static func text(_ handle: SQLiteStatement, _ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
