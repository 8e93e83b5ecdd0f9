import GRDB
import GRDBSQLite

/// Steps a prepared statement through its rows with SQLite's C API, for the scans that read
/// columns in place (100,000 rows, no GRDB `Row` per row), and turns a failed step into the
/// `DatabaseError` GRDB would have thrown: one loop, so no scan forgets the check.
enum StatementRows {
    /// Calls `body` once per row, with `handle` stepped to it; throws when a step fails.
    @inline(__always)
    static func forEach(_ handle: SQLiteStatement, _ body: () throws -> Void) throws {
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW {
            try body()
            code = sqlite3_step(handle)
        }
        try expectDone(code, of: handle)
    }

    /// Throws the `DatabaseError` GRDB would have thrown unless `code`, what the last step (or
    /// a bind before it) of `handle` returned, is `SQLITE_DONE`: the check of every statement
    /// stepped by hand (an insert or update bound through SQLite's own calls, too).
    @inline(__always)
    static func expectDone(_ code: Int32, of handle: SQLiteStatement) throws {
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }

    /// The bytes of BLOB column `column` of the current row, where SQLite holds them (valid
    /// until the next step); empty for NULL.
    @inline(__always)
    static func blob(_ handle: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_blob(handle, column)?.assumingMemoryBound(to: UInt8.self),
                            count: Int(sqlite3_column_bytes(handle, column)))
    }
}
