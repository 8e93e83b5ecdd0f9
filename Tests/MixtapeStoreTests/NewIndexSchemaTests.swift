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
        // The script stands for the migrator's migrations up to v21, and no later one.
        #expect(Schema.migrator.migrations.prefix(NewIndexSchema.migrationsCovered).last
                == "v21: the items' identity as an index of its own")
    }

    @Test("an index that holds anything is left to the migrations")
    func onlyWhenNew() throws {
        let database = try DatabaseQueue()
        try database.write { try $0.execute(sql: "CREATE TABLE other (x)") }
        try NewIndexSchema.createIfNew(database)
        let tables = try database.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["other"])
    }

    @Test("opening an index that exists takes no write lock: a writer at work elsewhere does not hold it up")
    func existingIndexNotLocked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("new-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("index.sqlite").path
        let writer = try DatabasePool(path: path)
        try Schema.migrator.migrate(writer)
        var impatient = Configuration()
        impatient.busyMode = .immediateError
        let opening = try DatabasePool(path: path, configuration: impatient)
        // Another connection in the middle of a write, as `index` is for most of a run.
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            #expect(throws: Never.self) { try NewIndexSchema.createIfNew(opening) }
        }
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
