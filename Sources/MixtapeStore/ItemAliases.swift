import GRDB
import GRDBSQLite
import MixtapeCore

/// One file, one item (spec/sources.md): when a library export and a folder source (or two
/// sources of any kind) list the same file, the index keeps both rows, as each source's sync
/// needs, and this table says which row is the item and which rows are other names for it.
///
/// The table is derived data: `refresh` recomputes it from the items in the transaction of
/// every sync, watch patch and source removal (so under the writer lock), and readers use it
/// only when it is not empty, so a library without shared files pays one `SELECT` per read.
///
/// Rows are one file when their `path` is (spec/sources.md, "Where the files are now"): an
/// export's entry counts through the file relocation found for it, whatever its Location says.
///
/// Which row is the item: a library export's row before a folder's (it holds the ratings, play
/// counts and edits a person made), and among those of one kind the source added first. Paths
/// compare by canonical equivalence (Swift's `String` equality), so the NFD name a Mac export
/// writes meets the NFC name of the same file on Linux. A source that lists one file more than
/// once takes no part for that file (which of its rows would be the one is not known): a
/// folder's cue tracks, parts of one file, stay items; an export's duplicate tracks stay items
/// too, and a folder's row for their file is an alias of the first of them.
struct ItemAliases {
    /// One row that is another name for an item: (its source, its id) → (the item's source, id).
    struct Pair: Hashable {
        var aliasSource: Int64
        var alias: ItemID
        var itemSource: Int64
        var item: ItemID
    }

    let pairs: [Pair]

    var isEmpty: Bool { pairs.isEmpty }

    /// Every alias → item id, for resolving an id a selection, playlist or `--id` names.
    var canonical: [ItemID: ItemID] {
        var map: [ItemID: ItemID] = [:]
        for pair in pairs { map[pair.alias] = pair.item }
        return map
    }

    /// The pairs recorded in the index (empty before the first index that found a shared file).
    static func load(in db: Database, item: ItemID? = nil) throws -> ItemAliases {
        let filter = item == nil ? "" : " WHERE item_id = ?"
        let rows = try Row.fetchAll(db, sql: "SELECT source_id, alias, item_source_id, item_id FROM item_aliases\(filter)",
                                    arguments: item.map { [$0.rawValue] } ?? [])
        return ItemAliases(pairs: rows.map {
            Pair(aliasSource: $0[0], alias: ItemID(rawValue: $0[1]), itemSource: $0[2], item: ItemID(rawValue: $0[3]))
        })
    }

    /// Every alias → item id recorded, or an empty map (one `SELECT`) when there is none: for
    /// readers that translate ids a playlist or a scan gives.
    static func canonical(in db: Database) throws -> [ItemID: ItemID] {
        try exist(in: db) ? try load(in: db).canonical : [:]
    }

    /// Whether any alias is recorded: the check every reader makes before taking the slower path.
    static func exist(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM item_aliases LIMIT 1") ?? false
    }

    /// `ids` with every alias replaced by its item's id, repeats after the first dropped.
    static func resolve(_ ids: [ItemID], in db: Database) throws -> [ItemID] {
        guard try exist(in: db) else { return ids }
        let canonical = try load(in: db).canonical
        var seen = Set<ItemID>()
        return ids.map { canonical[$0] ?? $0 }.filter { seen.insert($0).inserted }
    }

    /// Recomputes the table from the items, then keeps the saved selection and the picker's
    /// cursor naming live items: an alias selected (before the export was indexed, say) becomes
    /// its item's id; an item whose row is gone (its export removed) while its alias row stays
    /// becomes the alias's id again. `previous` is the table as it was before the change when the change itself has already
    /// emptied it (a source's removal cascades to its aliases).
    static func refresh(in db: Database, previous: ItemAliases? = nil) throws {
        let old = try previous ?? load(in: db)
        let new = try compute(in: db)
        guard !(old.isEmpty && new.isEmpty) else { return }
        let newSet = Set(new.pairs)
        if Set(old.pairs) != newSet {
            try db.execute(sql: "DELETE FROM item_aliases")
            let insert = try db.makeStatement(sql: """
                INSERT OR REPLACE INTO item_aliases (source_id, alias, item_source_id, item_id) VALUES (?, ?, ?, ?)
                """)
            for pair in new.pairs {
                try insert.execute(arguments: [pair.aliasSource, pair.alias.rawValue, pair.itemSource, pair.item.rawValue])
            }
        }
        var rename: [ItemID: ItemID] = [:]
        let itemExists = try db.makeStatement(sql: "SELECT 1 FROM items WHERE source_id IN (SELECT id FROM sources) AND id = ? LIMIT 1")
        func exists(_ id: ItemID) throws -> Bool { try Bool.fetchOne(itemExists, arguments: [id.rawValue]) ?? false }
        for pair in old.pairs where !newSet.contains(pair) {
            if try !exists(pair.item), try exists(pair.alias) { rename[pair.item] = pair.alias }
        }
        for (alias, item) in new.canonical { rename[alias] = item }
        // An item gone whose alias is now another item's alias (a second export took over):
        // the selection goes straight to the new item.
        for (from, to) in rename { if let next = rename[to], next != from { rename[from] = next } }
        try SelectionStore.rename(rename, in: db)
        try PickerMemory.renameCursor(rename, in: db)
    }

    /// The pairs the items call for now.
    private static func compute(in db: Database) throws -> ItemAliases {
        var sourceIsFolder: [Int64: Bool] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, kind FROM sources") {
            sourceIsFolder[row[0]] = (row[1] as String) == SourceKind.folder.rawValue
        }
        guard sourceIsFolder.count > 1 else { return ItemAliases(pairs: []) }
        var byFile: [String: [(source: Int64, id: String)]] = [:]
        let byRowID = try db.makeStatement(sql: "SELECT source_id, id, path FROM items WHERE rowid = ?")
        for rowID in try rowsSharingAFile(in: db) {
            guard let row = try Row.fetchOne(byRowID, arguments: [rowID]) else { continue }
            byFile[row[2], default: []].append((row[0], row[1]))
        }
        func rank(_ source: Int64) -> Int { sourceIsFolder[source] == false ? 0 : 1 }
        var pairs: [Pair] = []
        for rows in byFile.values where rows.count > 1 {
            var perSource: [Int64: Int] = [:]
            for row in rows { perSource[row.source, default: 0] += 1 }
            let candidates = rows.filter { perSource[$0.source] == 1 }
                .sorted { (rank($0.source), $0.source) < (rank($1.source), $1.source) }
            // An export that lists the file twice (a duplicate track in iTunes) keeps both
            // rows as items; a folder's row for the file becomes an alias of the first.
            let repeated = rows.filter { perSource[$0.source, default: 0] > 1 && sourceIsFolder[$0.source] == false }
                .min { ($0.source, $0.id) < ($1.source, $1.id) }
            guard let item = candidates.first.flatMap({ rank($0.source) == 0 ? $0 : nil }) ?? repeated ?? candidates.first
            else { continue }
            for other in candidates where other.id != item.id {
                pairs.append(Pair(aliasSource: other.source, alias: ItemID(rawValue: other.id),
                                  itemSource: item.source, item: ItemID(rawValue: item.id)))
            }
        }
        return ItemAliases(pairs: pairs)
    }

    /// The rows whose file here (`path`: a folder's own file, an export's entry where
    /// relocation found it) another row may share: one pass keeping a hash per path, not
    /// the strings, so a 100,000-item library costs no allocation per row beyond reading it. Swift's hash of a `String` is the same for its NFC and
    /// NFD spellings; rows whose hashes merely collide are told apart by the caller.
    private static func rowsSharingAFile(in db: Database) throws -> [Int64] {
        let statement = try db.makeStatement(sql: "SELECT rowid, path FROM items WHERE path IS NOT NULL")
        let handle = statement.sqliteStatement
        var firstRow: [Int: Int64] = [:]
        var shared: Set<Int> = []
        var others: [(hash: Int, rowID: Int64)] = []
        try StatementRows.forEach(handle) {
            let hash = (ItemReader.text(handle, 1) ?? "").hashValue
            let rowID = sqlite3_column_int64(handle, 0)
            if firstRow[hash] == nil {
                firstRow[hash] = rowID
            } else {
                shared.insert(hash)
                others.append((hash, rowID))
            }
        }
        return shared.compactMap { firstRow[$0] } + others.map(\.rowID)
    }
}
