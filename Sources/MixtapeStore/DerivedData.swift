import GRDB

/// Whether what an index run works out from the items after writing them (smart playlists'
/// entries, playlist files' entries, saved exports, the line snapshot) may be behind them.
///
/// Those are written after a source's transaction, so a run killed in between leaves the items
/// of the new state with the derived data of the old; and the next run, finding the source
/// unchanged, would not work them out again. Every transaction that changes a source sets the
/// mark; a run clears it once everything derived is written again, and a run that finds it
/// set redoes that work even when no source changed.
enum DerivedData {
    static func markPending(in db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO index_state (key, value) VALUES ('derived_pending', 1)")
    }

    static func isPending(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT value FROM index_state WHERE key = 'derived_pending'") ?? false
    }

    static func clear(in db: Database) throws {
        try db.execute(sql: "DELETE FROM index_state WHERE key = 'derived_pending'")
    }
}
