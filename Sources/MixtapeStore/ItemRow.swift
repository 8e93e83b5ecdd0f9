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
        // A re-read export names no `path` (relocation works it out after the sync): the row
        // keeps the one it had until then, so an item found here stays found meanwhile.
        let updates = columnNames.dropFirst(2).map {
            $0 == Field.path.key ? "path = coalesce(excluded.path, items.path)" : "\($0) = excluded.\($0)"
        }.joined(separator: ", ")
        return insertSQL() + " ON CONFLICT (source_id, id) DO UPDATE SET \(updates)"
    }()

    /// The same insert of `rows` rows without the conflict clause: for a sync writing without
    /// the identity index (`IdentityIndex`), which knows each id it writes is new
    /// (`ItemRow.Appends`).
    static func insertSQL(rows: Int = 1) -> String {
        let row = "(" + Array(repeating: "?", count: columnNames.count).joined(separator: ",") + ")"
        return "INSERT INTO items (\(columnNames.joined(separator: ","))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ",")
    }

    /// The parameters of one row of either statement.
    static var parametersPerRow: Int32 { Int32(columnNames.count) }

    /// The columns both statements write, in the order of their parameters.
    private static let columnNames = ["source_id", "id", "fingerprint", "sort_key"] + Schema.itemColumns.map(\.key)

    /// Binds one item to a prepared `upsertSQL` statement and runs it.
    ///
    /// Returns the rowid of the row when it was inserted, nil when it replaced the row of its
    /// id: SQLite reports only an insert's (a rowid it assigns is never 0, what it is set to first).
    private static func upsert(_ item: MediaItem, fingerprint: Int64, sourceID: Int64, ownFiles: Bool,
                               sortKey: UnsafeBufferPointer<UInt8>?,
                               with statement: Statement, buffer: inout RowBuffer) throws -> Int64? {
        let handle = statement.sqliteStatement
        let connection = sqlite3_db_handle(handle)
        sqlite3_reset(handle)
        sqlite3_set_last_insert_rowid(connection, 0)
        buffer.clear()
        bind(item, fingerprint: fingerprint, sourceID: sourceID, ownFiles: ownFiles, sortKey: sortKey,
             to: handle, after: 0, buffer: &buffer)
        try step(statement, binding: buffer)
        let inserted = sqlite3_last_insert_rowid(connection)
        return inserted == 0 ? nil : inserted
    }

    /// Binds one item to the parameters of one row of `insertSQL`'s columns, the row's first
    /// parameter being `first + 1` (a statement of several rows has their parameters one row
    /// after another). Values go straight to `sqlite3_bind_*`: on a 100,000-track import,
    /// building GRDB `StatementArguments` per row cost more than SQLite's own work. The row's
    /// texts and sort key are copied into `buffer`, bound from there when it stops growing
    /// (`RowBuffer.bind`), without SQLite copying them again (`SQLITE_STATIC`): a copy and a
    /// free per text was a sixth of the binding. Returns the place of the row's sort key among
    /// the buffer's spans.
    @discardableResult
    static func bind(_ item: MediaItem, fingerprint: Int64, sourceID: Int64, ownFiles: Bool,
                     sortKey: UnsafeBufferPointer<UInt8>?,
                     to handle: SQLiteStatement, after first: Int32, buffer: inout RowBuffer) -> Int {
        buffer.addText(item.id.rawValue, parameter: first + 2)
        let sortKeyPlace = buffer.addBlob(parameter: first + sortKeyParameter) {
            if let sortKey { $0.append(contentsOf: sortKey) } else { LibraryOrder.appendSortKey(for: item, to: &$0) }
        }
        sqlite3_bind_int64(handle, first + 1, sourceID)
        sqlite3_bind_int64(handle, first + 3, fingerprint)
        for (offset, field) in Schema.itemColumns.enumerated() {
            let index = first + Int32(offset + 5)
            // A folder's item is its own file: its path is where it was read.
            let ownPath = ownFiles && field == .path
            if field.type == .text, !ownPath {
                field.withText(of: item) { text in
                    if let text { buffer.addText(text, parameter: index) } else { sqlite3_bind_null(handle, index) }
                }
                continue
            }
            switch ownPath ? (item.path ?? item.location).map(FieldValue.text) : field.value(of: item) {
            case .text(let text): buffer.addText(text, parameter: index)
            case .integer(let int): sqlite3_bind_int64(handle, index, int)
            case .bool(let bool): sqlite3_bind_int64(handle, index, bool ? 1 : 0)
            case .timestamp(let time): sqlite3_bind_int64(handle, index, time.rawValue)
            case nil: sqlite3_bind_null(handle, index)
            }
        }
        return sortKeyPlace
    }

    /// Runs `statement` once with the texts and blobs of `buffer` bound; throws SQLite's error.
    static func step(_ statement: Statement, binding buffer: RowBuffer) throws {
        let handle = statement.sqliteStatement
        let code = buffer.bind(to: handle) { sqlite3_step(handle) }
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// The `sort_key` parameter of `upsertSQL`.
    static let sortKeyParameter: Int32 = 4

    /// The prepared `upsertSQL` of one transaction with its row buffer: what a sync or a patch
    /// writes items through.
    final class Upsert {
        private let statement: Statement
        private var buffer = RowBuffer()
        /// Whether the source's items are its own files (a folder), so their path is their location.
        private let ownFiles: Bool

        /// Prepares the upsert; the identity index must be there (its conflict clause names it).
        init(in db: Database, ownFiles: Bool) throws {
            statement = try db.makeStatement(sql: ItemRow.upsertSQL)
            self.ownFiles = ownFiles
        }

        /// Writes `item` as the row of source `sourceID` (inserted, or replacing the row of its
        /// id); returns the rowid of a row inserted. `sortKey`: the item's, when worked out already.
        @discardableResult
        func run(_ item: MediaItem, fingerprint: Int64, sourceID: Int64, sortKey: UnsafeBufferPointer<UInt8>? = nil) throws -> Int64? {
            try ItemRow.upsert(item, fingerprint: fingerprint, sourceID: sourceID, ownFiles: ownFiles, sortKey: sortKey,
                               with: statement, buffer: &buffer)
        }

        /// Lends the sort key of the row last written, which callers need too.
        func withLastSortKey<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            try buffer.withSpan(parameter: ItemRow.sortKeyParameter, body)
        }
    }

    /// The bytes of one row's texts and blobs, kept between rows so a large import allocates
    /// nothing per row for them.
    struct RowBuffer {
        private var bytes: [UInt8] = []
        private var spans: [(parameter: Int32, start: Int, count: Int, isText: Bool)] = []

        init() {
            bytes.reserveCapacity(4096)
            spans.reserveCapacity(48)
        }

        mutating func clear() {
            bytes.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
        }

        mutating func addText(_ text: String, parameter: Int32) {
            let start = bytes.count
            // Through its bytes: `append(contentsOf:)` takes the text it is given as its own, a
            // retain and a release of each text of each row.
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
            spans.append((parameter, start, bytes.count - start, true))
        }

        /// Adds a blob `write` appends; returns its place among the spans (for `withSpan(at:)`).
        @discardableResult
        mutating func addBlob(parameter: Int32, _ write: (inout [UInt8]) -> Void) -> Int {
            let start = bytes.count
            write(&bytes)
            spans.append((parameter, start, bytes.count - start, false))
            return spans.count - 1
        }

        /// Lends the bytes of the span `addBlob` or `addText` added `place`-th.
        func withSpan<Result>(at place: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBufferPointer { all in
                try body(UnsafeBufferPointer(rebasing: all[spans[place].start..<(spans[place].start + spans[place].count)]))
            }
        }

        /// Lends the bytes bound to `parameter` (empty when none were).
        func withSpan<Result>(parameter: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBufferPointer { all in
                guard let span = spans.first(where: { $0.parameter == parameter }), let base = all.baseAddress else {
                    return try body(UnsafeBufferPointer(start: nil, count: 0))
                }
                return try body(UnsafeBufferPointer(start: base + span.start, count: span.count))
            }
        }

        /// Binds every span in place and runs `body` (the step) while the bytes stay put;
        /// the statement must be reset before the buffer changes again.
        func bind(to handle: SQLiteStatement, _ body: () -> Int32) -> Int32 {
            bytes.withUnsafeBufferPointer { all in
                for span in spans {
                    // An empty value may have no address (an empty buffer has none); SQLite reads
                    // no byte of it, but a blob bound from NULL would be NULL, not empty.
                    guard span.count > 0, let base = all.baseAddress else {
                        let empty: StaticString = ""  // lives as long as the program: SQLite may keep it
                        _ = span.isText ? sqlite3_bind_text(handle, span.parameter, UnsafeRawPointer(empty.utf8Start)
                                                                .assumingMemoryBound(to: CChar.self), 0, nil)
                                        : sqlite3_bind_zeroblob(handle, span.parameter, 0)
                        continue
                    }
                    let pointer = UnsafeRawPointer(base + span.start)
                    if span.isText {
                        _ = sqlite3_bind_text(handle, span.parameter, pointer.assumingMemoryBound(to: CChar.self),
                                              Int32(span.count), nil)  // nil: SQLITE_STATIC
                    } else {
                        _ = sqlite3_bind_blob(handle, span.parameter, pointer, Int32(span.count), nil)
                    }
                }
                return body()
            }
        }
    }
}
