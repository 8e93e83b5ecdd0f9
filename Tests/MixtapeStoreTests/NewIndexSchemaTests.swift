import Foundation
import GRDB
@testable import MixtapeStore
import Testing

/// A new index is made from one script instead of the migrations run one by one: the two
/// must leave the same database, or a new index would differ from an upgraded one.
@Suite("NewIndexSchema: a new index made at once is the migrations' index")
struct NewIndexSchemaTests {
    @Test("the script leaves every table, index and recorded migration as the migrations do")
    func sameAsMigrations() throws {
        let migrated = try DatabaseQueue()
        try Schema.migrator.migrate(migrated)
        let created = try DatabaseQueue()
        try NewIndexSchema.createIfNew(created)
        try Schema.migrator.migrate(created)
        #expect(try Self.schema(of: created) == Self.schema(of: migrated))
        #expect(try Self.migrations(of: created) == Self.migrations(of: migrated))
        // Every migration the script stands for is one the migrator has, in its order.
        #expect(Array(Schema.migrator.migrations.prefix(NewIndexSchema.migrations.count)) == NewIndexSchema.migrations)
    }

    @Test("an index that holds anything is left to the migrations")
    func onlyWhenNew() throws {
        let database = try DatabaseQueue()
        try database.write { try $0.execute(sql: "CREATE TABLE other (x)") }
        try NewIndexSchema.createIfNew(database)
        let tables = try database.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["other"])
    }

    @Test("a new index at a path is made this way and holds the current schema")
    func storeOnNewFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("new-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try LibraryStore(path: folder.appendingPathComponent("index.sqlite").path)
        let applied = try store.pool.read { try Schema.migrator.appliedIdentifiers($0) }
        #expect(applied == Set(Schema.migrator.migrations))
        let migrated = try DatabaseQueue()
        try Schema.migrator.migrate(migrated)
        #expect(try Self.schema(of: store.pool) == Self.schema(of: migrated))
    }

    /// Each schema object's type, name, table and SQL, the SQL with its spacing and quotes
    /// left out (a column added by `ALTER TABLE` is spelled a little differently), in the
    /// order they were made.
    private static func schema(of reader: any DatabaseReader) throws -> [String] {
        try reader.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").map { row in
                let sql = (row["sql"] as String?)?.filter { !$0.isWhitespace && $0 != "\"" } ?? "-"
                return [row["type"] as String, row["name"], row["tbl_name"], sql].joined(separator: " ")
            }
        }
    }

    private static func migrations(of reader: any DatabaseReader) throws -> [String] {
        try reader.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }
}
