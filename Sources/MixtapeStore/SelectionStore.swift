import GRDB
import MixtapeCore

/// The saved selection: item ids in the order they were selected (spec/picker.md).
///
/// It holds identities, never rows: an id stays selected when its item is re-read, renumbered
/// or even gone from its source (it is then reported as missing, not dropped). Edits are
/// small single transactions; they do not take the index/watch writer lock, and SQLite's busy
/// timeout lets them wait out an index transaction.
enum SelectionStore {
    static func ids(in db: Database) throws -> [ItemID] {
        try String.fetchAll(db, sql: "SELECT item_id FROM selection ORDER BY position").map(ItemID.init(rawValue:))
    }

    /// Appends the ids not yet selected, in the given order; returns those that were new.
    @discardableResult
    static func add(_ ids: [ItemID], in db: Database) throws -> [ItemID] {
        var next = try Int64.fetchOne(db, sql: "SELECT coalesce(max(position), 0) + 1 FROM selection") ?? 1
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO selection (item_id, position) VALUES (?, ?)")
        var added: [ItemID] = []
        for id in ids {
            try insert.execute(arguments: [id.rawValue, next])
            if db.changesCount > 0 { added.append(id); next += 1 }
        }
        return added
    }

    /// Removes these ids; returns those that were selected.
    static func remove(_ ids: [ItemID], in db: Database) throws -> [ItemID] {
        let delete = try db.makeStatement(sql: "DELETE FROM selection WHERE item_id = ?")
        var removed: [ItemID] = []
        for id in ids {
            try delete.execute(arguments: [id.rawValue])
            if db.changesCount > 0 { removed.append(id) }
        }
        return removed
    }

    static func clear(in db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM selection")
        return db.changesCount
    }

    /// Replaces each selected id `rename` maps to another, in place; an id whose new name is
    /// already selected is dropped, so an item is never selected twice.
    static func rename(_ rename: [ItemID: ItemID], in db: Database) throws {
        guard !rename.isEmpty else { return }
        let ids = try self.ids(in: db)
        guard ids.contains(where: { rename[$0] != nil }) else { return }
        var seen = Set<ItemID>()
        let renamed = ids.map { rename[$0] ?? $0 }.filter { seen.insert($0).inserted }
        _ = try clear(in: db)
        try add(renamed, in: db)
    }
}

/// What an edit of the selection did (or, for a dry run, would do): the ids it added and
/// removed in order, the targets it left alone, and the size of the selection after it.
public struct SelectionChange: Sendable {
    /// Ids newly selected, in the order they were appended.
    public var added: [ItemID] = []
    /// Ids that were selected and no longer are.
    public var removed: [ItemID] = []
    /// `add` targets that were selected already (`toggle` has none: it removes them).
    public var alreadySelected = 0
    /// `remove` targets that were not selected.
    public var notSelected = 0
    /// Selected ids after the edit.
    public var total = 0

    /// No change yet: filled in by `LibraryStore.editSelection`.
    public init() {}
}
