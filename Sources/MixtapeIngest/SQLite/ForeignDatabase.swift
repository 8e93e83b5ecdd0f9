import Foundation
import GRDBSQLite
import MixtapeCore

/// A database another application wrote and may be writing right now (Engine DJ's `m.db`,
/// Strawberry's `strawberry.db`), opened the only way a reader may open one: read-only, so a
/// running player is never disturbed, and as hostile input, so a crafted or damaged file is a
/// located error (exit 65), never a crash, a hang or unbounded memory.
///
/// What that takes, beyond `SQLITE_OPEN_READONLY`:
/// - no schema code runs: `trusted_schema` off and only real tables are read (`tables`), so a
///   view or trigger planted under a table's name never executes;
/// - defensive mode and cell-size checks, so a corrupt page is `SQLITE_CORRUPT`, not a crash;
/// - one value is at most `valueLimit` bytes (a 2 GB "title" is an error, not an allocation);
/// - a statement that runs longer than `timeLimit` is interrupted (a b-tree that loops).
public final class ForeignDatabase {
    /// The largest single value read (text or blob); artwork blobs in Engine's tables are not
    /// read at all, and no title, path or tag comes near this.
    public static let valueLimit: Int32 = 16 * 1024 * 1024
    /// How long SQLite may work on one statement (its steps, not the caller's work on the rows
    /// between them) before the statement is taken for a loop.
    public static let timeLimit: TimeInterval = 120
    /// How long to wait for an application's write transaction to finish.
    static let busyMilliseconds: Int32 = 5_000

    public let path: String
    private let connection: OpaquePointer
    private var deadline = Date.distantFuture

    /// Opens `path` read-only. Throws `MalformedSourceError` when it is not a database SQLite
    /// can open (the error says what SQLite said).
    public init(path: String) throws(MalformedSourceError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite3_open_v2(Self.readOnlyURI(path), &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw MalformedSourceError(position: SourcePosition(file: path, line: 0, column: 0),
                                       reason: "not a database SQLite can open (\(message))")
        }
        connection = handle
        sqlite3_busy_timeout(handle, Self.busyMilliseconds)
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.valueLimit)
        sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 1 << 20)
        sqlite3_extended_result_codes(handle, 1)
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(handle, 100_000, { context in
            guard let context else { return 0 }
            let database = Unmanaged<ForeignDatabase>.fromOpaque(context).takeUnretainedValue()
            return Date() > database.deadline ? 1 : 0
        }, context)
        do {
            for pragma in ["PRAGMA trusted_schema = OFF", "PRAGMA cell_size_check = ON", "PRAGMA query_only = ON"] {
                try execute(pragma)
            }
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit { sqlite3_close_v2(connection) }

    /// A `file:` URI for `path` with `mode=ro`, so SQLite never creates a journal or a missing
    /// file (a plain path with READONLY still may look for a hot journal to roll back).
    static func readOnlyURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?mode=ro"
    }

    /// The names of the real tables (not views, not virtual-table shadows' views), exactly as
    /// spelled. Reading the schema also proves the file is a database: a file that only starts
    /// like one fails here.
    public func tables() throws -> Set<String> {
        var names: Set<String> = []
        try rows("SELECT name FROM sqlite_master WHERE type = 'table'") { row in names.insert(row.text(0) ?? "") }
        return names
    }

    /// The columns of `table` (which must be one of `tables()`), as spelled in its schema.
    public func columns(of table: String) throws -> Set<String> {
        var names: Set<String> = []
        try rows("SELECT name FROM pragma_table_info(?)", [table]) { row in names.insert(row.text(0) ?? "") }
        return names
    }

    /// Runs `sql` with `arguments` bound in order (text or integers) and hands each row to
    /// `body`, which must not keep the row. Errors become `MalformedSourceError`s naming the
    /// file; `body`'s own errors pass through unchanged.
    public func rows(_ sql: String, _ arguments: [any Sendable] = [],
                     _ body: (ForeignRow) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(while: sql)
        }
        defer { sqlite3_finalize(statement) }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            switch argument {
            case let number as Int: sqlite3_bind_int64(statement, position, Int64(number))
            case let number as Int64: sqlite3_bind_int64(statement, position, number)
            case let text as String: sqlite3_bind_text(statement, position, text, -1, Self.transient)
            default: sqlite3_bind_null(statement, position)
            }
        }
        // The limit is on SQLite's own time: the time `body` takes (a reader handing a batch to
        // a writer that is busy) does not count, or a large library read at a slow writer's
        // pace would be taken for a loop.
        var left = Self.timeLimit
        defer { deadline = .distantFuture }
        while true {
            let started = Date()
            deadline = started.addingTimeInterval(left)
            let status = sqlite3_step(statement)
            left -= Date().timeIntervalSince(started)
            deadline = .distantFuture
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(while: sql) }
            try body(ForeignRow(statement: statement))
        }
    }

    private func execute(_ sql: String) throws(MalformedSourceError) {
        do { try rows(sql) { _ in } } catch let error as MalformedSourceError { throw error } catch {
            throw MalformedSourceError(position: SourcePosition(file: path, line: 0, column: 0), reason: "\(error)")
        }
    }

    /// What SQLite said, as a located error; an interrupted statement says why it was.
    private func failure(while sql: String) -> MalformedSourceError {
        let code = sqlite3_extended_errcode(connection)
        let said = String(cString: sqlite3_errmsg(connection))
        let reason = switch code & 0xFF {
        case SQLITE_INTERRUPT: "reading took longer than \(Int(Self.timeLimit)) s; the database may loop"
        case SQLITE_CORRUPT, SQLITE_NOTADB: "the database is damaged (SQLite: \(said))"
        case SQLITE_TOOBIG: "a value is larger than \(Self.valueLimit >> 20) MB"
        case SQLITE_BUSY, SQLITE_LOCKED: "the database stayed locked by the application writing it (SQLite: \(said)); try again"
        default: "SQLite: \(said)"
        }
        return MalformedSourceError(position: SourcePosition(file: path, line: 0, column: 0), reason: reason)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// One row of a `ForeignDatabase` query, valid only inside the closure it is handed to.
/// Values are read as what the reader expects, whatever type the file stored (SQLite columns
/// are loosely typed, and applications store numbers as text and text as blobs).
public struct ForeignRow {
    let statement: OpaquePointer

    public var count: Int { Int(sqlite3_column_count(statement)) }

    public func isNull(_ column: Int) -> Bool { sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL }

    /// The value as UTF-8 text (invalid bytes repaired), nil when NULL.
    public func text(_ column: Int) -> String? {
        guard !isNull(column), let bytes = sqlite3_column_text(statement, Int32(column)) else { return nil }
        let length = Int(sqlite3_column_bytes(statement, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The value as an integer, nil when NULL or not a number.
    public func integer(_ column: Int) -> Int64? {
        switch sqlite3_column_type(statement, Int32(column)) {
        case SQLITE_INTEGER: sqlite3_column_int64(statement, Int32(column))
        case SQLITE_FLOAT:
            Self.exactInteger(sqlite3_column_double(statement, Int32(column)))
        case SQLITE_TEXT: text(column).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        default: nil
        }
    }

    /// The value as a number, nil when NULL or not a finite number.
    public func real(_ column: Int) -> Double? {
        switch sqlite3_column_type(statement, Int32(column)) {
        case SQLITE_INTEGER, SQLITE_FLOAT:
            sqlite3_column_double(statement, Int32(column)).nilIfNotFinite
        case SQLITE_TEXT: text(column).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }?.nilIfNotFinite
        default: nil
        }
    }

    /// The value's bytes, nil when NULL.
    public func blob(_ column: Int) -> [UInt8]? {
        guard !isNull(column) else { return nil }
        let length = Int(sqlite3_column_bytes(statement, Int32(column)))
        guard length > 0, let bytes = sqlite3_column_blob(statement, Int32(column)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    private static func exactInteger(_ value: Double) -> Int64? {
        guard value.isFinite, value.rounded() == value, abs(value) < 9.2e18 else { return nil }
        return Int64(value)
    }
}

private extension Double {
    var nilIfNotFinite: Double? { isFinite ? self : nil }
}
