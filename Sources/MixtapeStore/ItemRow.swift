import GRDB
import GRDBSQLite
import MixtapeCore

/// The one place where a `MediaItem` becomes SQLite values (`ItemReader` turns them back),
/// driven by the field registry so a new field needs no code here.
enum ItemRow {
    /// An upsert of one item of one source: the later of two tracks that share an id within a
    /// file wins, as spec/json.md asks. `ON CONFLICT … DO UPDATE` rather than `INSERT OR
    /// REPLACE`: a REPLACE may delete a row, so SQLite keeps a statement journal for every row,
    /// and with 16 KB pages that journal outgrows memory and is written to a temporary file
    /// (430,000 extra writes on a 100,000-track import).
    static let upsertSQL: String = {
        let names = ["source_id", "id", "fingerprint", "sort_key"] + Schema.itemColumns.map(\.key)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ",")
        let updates = names.dropFirst(2).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO items (\(names.joined(separator: ","))) VALUES (\(marks)) "
            + "ON CONFLICT (source_id, id) DO UPDATE SET \(updates)"
    }()

    /// Binds one item to a prepared `upsertSQL` statement and runs it. Values go straight to
    /// `sqlite3_bind_*`: on a 100,000-track import, building GRDB `StatementArguments` per row
    /// cost more than SQLite's own work.
    static func upsert(_ item: MediaItem, fingerprint: Int64, sourceID: Int64, with statement: Statement) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, sourceID)
        bindText(item.id.rawValue, at: 2, in: handle)
        sqlite3_bind_int64(handle, 3, fingerprint)
        let sortKey = LibraryOrder.sortKey(for: item)
        sortKey.withUnsafeBytes { _ = sqlite3_bind_blob(handle, 4, $0.baseAddress, Int32($0.count), sqliteTransient) }
        for (offset, field) in Schema.itemColumns.enumerated() {
            let index = Int32(offset + 5)
            switch field.value(of: item) {
            case .text(let text): bindText(text, at: index, in: handle)
            case .integer(let int): sqlite3_bind_int64(handle, index, int)
            case .bool(let bool): sqlite3_bind_int64(handle, index, bool ? 1 : 0)
            case .timestamp(let time): sqlite3_bind_int64(handle, index, time.rawValue)
            case nil: sqlite3_bind_null(handle, index)
            }
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: upsertSQL)
        }
    }

    private static func bindText(_ text: String, at index: Int32, in handle: SQLiteStatement) {
        var text = text
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    _ = sqlite3_bind_text(handle, index, base, Int32(chars.count), sqliteTransient)
                } else {
                    _ = sqlite3_bind_text(handle, index, "", 0, nil)
                }
            }
        }
    }

    /// SQLite's "copy the bytes now" destructor, which Swift cannot spell as a constant.
    private static let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
