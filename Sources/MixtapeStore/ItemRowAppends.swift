import GRDB
import GRDBSQLite
import MixtapeCore

extension ItemRow {
    /// The rows of a sync into an empty items table, which writes without the identity index
    /// (`SourceSync`, `IdentityIndex`): every id is new, so they go in with plain INSERTs,
    /// `rowsPerStatement` rows to a statement.
    ///
    /// Why several rows to a statement: run once per row, a statement opens its cursor on the
    /// table, finds the table's last row and closes again for every row. Inserting a 100,000-track
    /// Serato index's rows 32 to a statement took SQLite and the binding about 30% less time
    /// than one to a statement (a C program over the same rows), and the writing thread is the
    /// busier of an index run's two.
    ///
    /// The rowids: SQLite gives a row it appends the largest rowid plus one, and 1 in an empty
    /// table, so the rows are numbered 1, 2, 3, … in the order written, and a statement's rows
    /// are the ones ending at the last rowid it inserted. That is checked after every statement,
    /// since the line snapshot and relocation name rows by these numbers.
    final class Appends {
        /// The most rows one statement inserts; fewer are written by statements of powers of two.
        static let rowsPerStatement = 32

        private let db: Database
        private let ownFiles: Bool
        /// The statements of a power of two of rows up to `rowsPerStatement`, by their row
        /// count, prepared when first needed: a batch that ends mid-statement needs a few.
        private var statements: [Int: Statement] = [:]
        private var buffer = RowBuffer()
        /// Where each row of the statement being written has its sort key in `buffer`.
        private var sortKeyPlaces: [Int] = []
        /// The rowid of the next row written.
        private var nextRowID: Int64 = 1

        /// For an items table with no row (the caller checked, in its transaction).
        init(in db: Database, ownFiles: Bool) {
            self.db = db
            self.ownFiles = ownFiles
            sortKeyPlaces.reserveCapacity(Self.rowsPerStatement)
        }

        /// Inserts the items of `items` at `positions`, in order, as new rows of source
        /// `sourceID`, and hands each to `written` with its rowid and sort key once its
        /// statement ran. `prepared`: the batch's fingerprints and sort keys, when worked out.
        func insert(_ items: UnsafeMutableBufferPointer<MediaItem>, _ positions: Range<Int>, sourceID: Int64,
                    prepared: PreparedItems?,
                    written: (inout MediaItem, Int64, UnsafeBufferPointer<UInt8>) -> Void) throws {
            var start = positions.lowerBound
            while start < positions.upperBound {
                let left = positions.upperBound - start
                let count = min(Self.rowsPerStatement, 1 << (Int.bitWidth - 1 - left.leadingZeroBitCount))
                try insertStatement(items, start..<(start + count), sourceID: sourceID, prepared: prepared, written: written)
                start += count
            }
        }

        /// One statement of `rows.count` rows (a power of two).
        private func insertStatement(_ items: UnsafeMutableBufferPointer<MediaItem>, _ rows: Range<Int>, sourceID: Int64,
                                     prepared: PreparedItems?,
                                     written: (inout MediaItem, Int64, UnsafeBufferPointer<UInt8>) -> Void) throws {
            let statement = try self.statement(rows: rows.count)
            let handle = statement.sqliteStatement
            sqlite3_reset(handle)
            buffer.clear()
            sortKeyPlaces.removeAll(keepingCapacity: true)
            for (row, position) in rows.enumerated() {
                let first = Int32(row) * ItemRow.parametersPerRow
                if let prepared {
                    prepared.withSortKey(at: position) { key in
                        bind(&items[position], fingerprint: prepared.fingerprints[position], sortKey: key,
                             after: first, sourceID: sourceID, to: handle)
                    }
                } else {
                    bind(&items[position], fingerprint: items[position].fingerprint, sortKey: nil,
                         after: first, sourceID: sourceID, to: handle)
                }
            }
            try ItemRow.step(statement, binding: buffer)
            let last = sqlite3_last_insert_rowid(sqlite3_db_handle(handle))
            guard last == nextRowID + Int64(rows.count) - 1 else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: """
                    rows appended to an empty items table were numbered up to \(last), not \
                    \(nextRowID + Int64(rows.count) - 1)
                    """, sql: statement.sql)
            }
            for (row, position) in rows.enumerated() {
                buffer.withSpan(at: sortKeyPlaces[row]) { written(&items[position], nextRowID + Int64(row), $0) }
            }
            nextRowID += Int64(rows.count)
        }

        /// Binds one item, lent in place (`inout`: the buffer's element passed by value, or lent
        /// to a closure, was copied, all forty fields, to be lent), and notes where its sort key is.
        private func bind(_ item: inout MediaItem, fingerprint: Int64, sortKey: UnsafeBufferPointer<UInt8>?,
                          after first: Int32, sourceID: Int64, to handle: SQLiteStatement) {
            bind(lent: item, fingerprint: fingerprint, sortKey: sortKey, after: first, sourceID: sourceID, to: handle)
        }

        private func bind(lent item: MediaItem, fingerprint: Int64, sortKey: UnsafeBufferPointer<UInt8>?,
                          after first: Int32, sourceID: Int64, to handle: SQLiteStatement) {
            sortKeyPlaces.append(ItemRow.bind(item, fingerprint: fingerprint, sourceID: sourceID, ownFiles: ownFiles,
                                              sortKey: sortKey, to: handle, after: first, buffer: &buffer))
        }

        private func statement(rows: Int) throws -> Statement {
            if let made = statements[rows] { return made }
            let made = try db.makeStatement(sql: ItemRow.insertSQL(rows: rows))
            statements[rows] = made
            return made
        }
    }
}
