import GRDB
import MixtapeCore

/// One media file of a folder source as the last walk recorded it: which item it is, and the
/// facts that tell the next walk whether it is unchanged (same path and `stamp`), moved (its
/// device, inode and size found under another path) or new.
public struct FolderFileRecord: Hashable, Sendable {
    public var path: String
    public var itemID: ItemID
    /// Device and inode numbers, stored as SQLite's signed 64-bit integers (bit for bit).
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// A hash of the file's and its sidecars' sizes and modification times.
    public var stamp: Int64
    /// True for a file the walk no longer found: kept for one walk so that another folder
    /// source can recognise it as moved in (its item is already gone from this source).
    public var isGone: Bool
    /// When the file was first indexed (its item's `date_added`), carried along when it moves;
    /// nil for a file recorded before the index kept it.
    public var firstSeen: Timestamp?

    public init(path: String, itemID: ItemID, device: UInt64, inode: UInt64, size: Int64, stamp: Int64,
                isGone: Bool = false, firstSeen: Timestamp? = nil) {
        self.path = path
        self.itemID = itemID
        self.device = device
        self.inode = inode
        self.size = size
        self.stamp = stamp
        self.isGone = isGone
        self.firstSeen = firstSeen
    }

    static func all(sourceID: Int64, in db: Database) throws -> [FolderFileRecord] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM folder_files WHERE source_id = ?",
                         arguments: [sourceID]).map(FolderFileRecord.init)
    }

    /// The columns `init(_ row:)` reads, in its order.
    private static let columns = "path, item_id, device, inode, size, stamp, gone, first_seen"

    /// A record from a row of `columns`.
    private init(_ row: Row) {
        let firstSeen: Int64? = row[7]
        self.init(path: row[0], itemID: ItemID(rawValue: row[1]), device: UInt64(bitPattern: row[2]),
                  inode: UInt64(bitPattern: row[3]), size: row[4], stamp: row[5], isGone: row[6],
                  firstSeen: firstSeen.map(Timestamp.init(rawValue:)))
    }

    /// The records of files directly in `folders` and anywhere below `trees`, through the
    /// (source_id, path) key: every path below `/a` sorts between `/a/` and `/a0` (`0` follows
    /// `/` in byte order), so each folder is one range scan, however large the source.
    static func within(folders: [String], trees: [String], sourceID: Int64, in db: Database) throws -> [FolderFileRecord] {
        let select = try db.makeStatement(sql: """
            SELECT \(columns) FROM folder_files
            WHERE source_id = ? AND path > ? AND path < ?
            """)
        var found: [FolderFileRecord] = []
        for (folder, deep) in folders.map({ ($0, false) }) + trees.map({ ($0, true) }) {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            let rows = try Row.fetchAll(select, arguments: [sourceID, prefix, String(prefix.dropLast()) + "0"])
            for row in rows {
                let record = FolderFileRecord(row)
                if deep || !record.path.utf8.dropFirst(prefix.utf8.count).contains(UInt8(ascii: "/")) {
                    found.append(record)
                }
            }
        }
        return found
    }

    /// Deletes the records at `paths`, then writes `records`.
    static func replace(at paths: [String], with records: [FolderFileRecord], sourceID: Int64, in db: Database) throws {
        let delete = try db.makeStatement(sql: "DELETE FROM folder_files WHERE source_id = ? AND path = ?")
        for path in paths { try delete.execute(arguments: [sourceID, path]) }
        try insert(records, sourceID: sourceID, in: db)
    }

    static func replaceAll(_ records: [FolderFileRecord], sourceID: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM folder_files WHERE source_id = ?", arguments: [sourceID])
        try insert(records, sourceID: sourceID, in: db)
    }

    private static func insert(_ records: [FolderFileRecord], sourceID: Int64, in db: Database) throws {
        let insert = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO folder_files (source_id, \(columns))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for record in records {
            try insert.execute(arguments: [sourceID, record.path, record.itemID.rawValue,
                                           Int64(bitPattern: record.device), Int64(bitPattern: record.inode),
                                           record.size, record.stamp, record.isGone, record.firstSeen?.rawValue])
        }
    }
}
