import GRDB
import GRDBSQLite
import MixtapeCore

/// The items table's rowid of each line of a line snapshot, kept beside the snapshot's chunks
/// (`line_snapshots.rowids`, 8 bytes little-endian per pair).
///
/// A filtered, sorted or scoped search reads the table in storage order and must find each
/// passing row's line, which is in library order. By id that meant hashing every row's id and
/// every line's id (a fifth of such a search at 100,000 items); by rowid it is one array read.
/// The rowids are current exactly when the snapshot is: both are only written together, and
/// every change to an item drops both in its own transaction. A reader still checks each row
/// it places against the line's id (a `VACUUM` by another tool may renumber rows), and goes
/// back to ids on any difference.
public struct SnapshotRowIDs: Sendable {
    /// Line position + 1 by rowid; 0 where no line has that rowid.
    private let positions: [Int32]
    /// The rowid of each line.
    private let rowIDs: [Int64]

    /// The places of `rowIDs` (line by line); nil when they are too sparse for an array by
    /// rowid (more than four slots per line), or a rowid is negative or listed twice.
    init?(_ rowIDs: [Int64]) {
        guard let largest = rowIDs.max(), largest < 4 * Int64(rowIDs.count) + 1024, largest < Int64(Int32.max) else { return nil }
        var positions = [Int32](repeating: 0, count: Int(largest) + 1)
        for (position, rowID) in rowIDs.enumerated() {
            guard rowID >= 0, positions[Int(rowID)] == 0 else { return nil }
            positions[Int(rowID)] = Int32(position + 1)
        }
        self.positions = positions
        self.rowIDs = rowIDs
    }

    /// The rowid of the item on line `position`.
    public func rowID(ofLine position: Int) -> Int64 { rowIDs[position] }

    /// The line of the row with `rowID`, if any.
    @inline(__always)
    public func position(of rowID: Int64) -> Int? {
        guard rowID >= 0, rowID < Int64(positions.count) else { return nil }
        let slot = positions[Int(rowID)]
        return slot == 0 ? nil : Int(slot) - 1
    }

    /// The snapshot's rowids for `template`, placed; nil when a chunk has none (written before
    /// they were kept) or they cannot be placed.
    static func read(template: String, in db: Database) throws -> SnapshotRowIDs? {
        let statement = try db.makeStatement(sql: "SELECT rowids FROM line_snapshots WHERE template = ? ORDER BY chunk")
        try statement.setArguments([template])
        let handle = statement.sqliteStatement
        var rowIDs: [Int64] = []
        var complete = true
        try StatementRows.forEach(handle) {
            guard complete, sqlite3_column_type(handle, 0) != SQLITE_NULL else { complete = false; return }
            let raw = UnsafeRawBufferPointer(StatementRows.blob(handle, 0))
            for offset in stride(from: 0, to: raw.count - 7, by: 8) {
                rowIDs.append(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
            }
        }
        guard complete, !rowIDs.isEmpty else { return nil }
        return SnapshotRowIDs(rowIDs)
    }
}

/// Each item's rowid by its id, from the `(source_id, id)` index (no table page is read), for
/// writing a snapshot's rowids. Nil when an id is in two sources: a line then stands for two
/// rows, and the snapshot's search is not taken anyway.
struct RowIDsByID {
    private let ids: PackedStringIndex
    private let rowIDs: [Int64]

    init?(in db: Database) throws {
        let statement = try db.makeStatement(sql: "SELECT rowid, id FROM items")
        let handle = statement.sqliteStatement
        var ids = PackedStrings()
        var rowIDs: [Int64] = []
        try StatementRows.forEach(handle) {
            rowIDs.append(sqlite3_column_int64(handle, 0))
            ids.append(UnsafeBufferPointer(start: sqlite3_column_text(handle, 1), count: Int(sqlite3_column_bytes(handle, 1))))
        }
        let index = PackedStringIndex(ids)
        guard !index.hasRepeats else { return nil }
        self.ids = index
        self.rowIDs = rowIDs
    }

    func rowID(of id: UnsafeBufferPointer<UInt8>) -> Int64? {
        ids.position(of: id).map { rowIDs[$0] }
    }
}
