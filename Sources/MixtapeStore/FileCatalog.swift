import GRDB
import MixtapeCore

/// The files relocation may choose from (spec/sources.md, "Where the files are now", steps 2
/// and 3): those under the index's folder sources, as their last walk recorded them, and
/// those an export's own tree holds (`add`). Kept in a temporary table of the writing
/// connection with their folded name and tail (`FoldedPath`) indexed, so a lookup is a seek
/// whatever the number of files, and memory does not grow with them.
///
/// Built only when some entry was not found as written: an export of exact paths never pays
/// for it.
public final class FileCatalog {
    private let db: Database
    private let insert: Statement
    private let byTail: Statement
    private let byName: Statement
    private let byNameAndSize: Statement
    /// How many files it holds.
    public private(set) var count = 0

    init(db: Database) throws {
        self.db = db
        try db.execute(sql: """
            DROP TABLE IF EXISTS temp.files_here;
            CREATE TEMP TABLE files_here (
                path TEXT PRIMARY KEY,
                name_key TEXT NOT NULL,
                tail_key TEXT NOT NULL,
                size INTEGER,
                duration_ms INTEGER
            );
            CREATE INDEX temp.files_here_by_tail ON files_here (tail_key);
            CREATE INDEX temp.files_here_by_name ON files_here (name_key, size);
            """)
        insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO files_here VALUES (?, ?, ?, ?, ?)")
        byTail = try db.makeStatement(sql: "SELECT path FROM files_here WHERE tail_key = ? LIMIT ?")
        byName = try db.makeStatement(sql: "SELECT path, size, duration_ms FROM files_here WHERE name_key = ? LIMIT ?")
        byNameAndSize = try db.makeStatement(sql: """
            SELECT path, size, duration_ms FROM files_here WHERE name_key = ? AND size = ? LIMIT ?
            """)
        // The folder sources' files, with the duration their items' tags gave.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT f.path, f.size, i.duration_ms FROM folder_files f
            LEFT JOIN items i ON i.source_id = f.source_id AND i.id = f.item_id
            WHERE f.gone = 0
            """)
        while let row = try rows.next() { try add(LocalFile(path: row[0], size: row[1], durationMs: row[2])) }
    }

    /// Adds a file found by a walk (a file already held is kept once).
    public func add(_ file: LocalFile) throws {
        let keys = FoldedPath.keys(file.path)
        try insert.execute(arguments: [file.path, keys.name, keys.tail, file.size, file.durationMs])
        count += db.changesCount
    }

    /// Files whose last two components fold to `path`'s.
    public func sharingTail(with path: String, limit: Int) -> [String] {
        (try? String.fetchAll(byTail, arguments: [FoldedPath.tail(path), limit])) ?? []
    }

    /// Files whose name folds to `path`'s, of this size when given.
    public func named(like path: String, size: Int64?, limit: Int) -> [LocalFile] {
        let name = FoldedPath.name(path)
        let rows = size.map { try? Row.fetchAll(byNameAndSize, arguments: [name, $0, limit]) }
            ?? (try? Row.fetchAll(byName, arguments: [name, limit]))
        return (rows ?? []).map { LocalFile(path: $0[0], size: $0[1], durationMs: $0[2]) }
    }

    /// Drops the table.
    func close() throws {
        try db.execute(sql: "DROP TABLE IF EXISTS temp.files_here")
    }
}
