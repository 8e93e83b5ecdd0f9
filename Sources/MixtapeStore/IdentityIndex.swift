import GRDB

/// The unique index of the items' identity, `(source_id, id)`: what makes one id of a source
/// one row, and what an upsert finds the row it replaces by.
///
/// An index of its own, not a constraint of the table, so that a sync into an empty index can
/// write without it (`SourceSync`): its rows go in with a plain INSERT as they are read, and the
/// index is made once at the end, in one sorted pass. Item ids are random, so each row that goes
/// into the index as it is written lands on a random page of it: on a first import of 100,000
/// Serato tracks that was a fifth of the writing thread's work, and making the index at the
/// end takes some two thirds of that.
enum IdentityIndex {
    static let name = "items_identity"

    /// Makes the index (it is not there: a sync went without it).
    static func create(in db: Database) throws {
        try db.execute(sql: "CREATE UNIQUE INDEX \(name) ON items (source_id, id)")
    }

    /// Drops the index, for a sync that writes every row of an empty items table and makes it
    /// again at its end. Rolled back with the sync's transaction when the sync fails.
    static func drop(in db: Database) throws {
        try db.execute(sql: "DROP INDEX \(name)")
    }

    /// The v21 migration: the items table made again without the `UNIQUE (source_id, id)` of
    /// the v1 migration (SQLite owns the index of such a constraint, and no statement drops
    /// it), and this index in its place. The columns keep their names, types, defaults and
    /// order, and each row its rowid (the line snapshots name rows by it).
    static func separate(in db: Database) throws {
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(items)")
        let names = columns.map { $0["name"] as String }
        let definitions = columns.map { column -> String in
            let name: String = column["name"]
            var definition = "\(name) \(column["type"] as String)"
            if column["notnull"] as Bool { definition += " NOT NULL" }
            if let value = column["dflt_value"] as String? { definition += " DEFAULT \(value)" }
            if name == "source_id" { definition += " REFERENCES sources(id) ON DELETE CASCADE" }
            return definition
        }
        let list = names.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE items_separated (\(definitions.joined(separator: ", ")));
            INSERT INTO items_separated (rowid, \(list)) SELECT rowid, \(list) FROM items;
            DROP TABLE items;
            ALTER TABLE items_separated RENAME TO items;
            """)
        try create(in: db)
    }
}
