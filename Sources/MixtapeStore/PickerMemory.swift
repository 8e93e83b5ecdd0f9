import GRDB
import MixtapeCore

/// What the picker showed when it last closed: the query, the scope and the item under the
/// cursor, so the next `pick` opens where the last one left off (spec/picker.md). The cursor is
/// kept as an identity, like the selection, so it finds its item after a re-index.
public struct PickerMemory: Hashable, Sendable {
    public var query: String
    public var scope: Scope
    public var cursorItem: ItemID?

    public init(query: String = "", scope: Scope = .all, cursorItem: ItemID? = nil) {
        self.query = query
        self.scope = scope
        self.cursorItem = cursorItem
    }

    /// The remembered state, or nil when the picker never closed on this index. A scope name
    /// this version does not know reads as `all`.
    static func read(in db: Database) throws -> PickerMemory? {
        guard let row = try Row.fetchOne(db, sql: "SELECT query, scope, cursor_item FROM picker_state") else {
            return nil
        }
        return PickerMemory(query: row["query"], scope: Scope(rawValue: row["scope"]) ?? .all,
                            cursorItem: (row["cursor_item"] as String?).map(ItemID.init(rawValue:)))
    }

    func write(in db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO picker_state (singleton, query, scope, cursor_item) VALUES (0, ?, ?, ?)
            """, arguments: [query, scope.rawValue, cursorItem?.rawValue])
    }

    /// Points the cursor at the item `rename` maps its id to (an alias becoming its item).
    static func renameCursor(_ rename: [ItemID: ItemID], in db: Database) throws {
        guard !rename.isEmpty, var memory = try read(in: db), let cursor = memory.cursorItem,
              let renamed = rename[cursor] else { return }
        memory.cursorItem = renamed
        try memory.write(in: db)
    }
}
