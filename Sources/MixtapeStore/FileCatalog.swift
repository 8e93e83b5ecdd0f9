import GRDB
import MixtapeCore

/// The files relocation may choose from (spec/sources.md, "Where the files are now", steps 2
/// and 3): those under the index's folder sources, as their last walk recorded them, and
/// those an export's own tree holds (`add`). Kept in a temporary table of the writing
/// connection with their folded name and tail (`FoldedPath`) indexed, so a lookup is a seek
/// whatever the number of files, and memory does not grow with them.
///
/// Built only when some entry was not found as written: an export of exact paths never pays
/// for it. A lookup that fails for SQLite's sake finds nothing: an entry left missing, never
/// a wrong file.
public final class FileCatalog {
    private let db: Database
    private let insert: Statement
    private var byTail: Statement?
    private var byName: Statement?
    private var byNameAndSize: Statement?

    init(db: Database) throws {
        self.db = db
        try db.execute(sql: """
            DROP TABLE IF EXISTS temp.files_here;
            CREATE TEMP TABLE files_here (
                path TEXT NOT NULL,
                name_key TEXT NOT NULL,
                tail_key TEXT NOT NULL,
                size INTEGER,
                duration_ms INTEGER
            );
            """)
        insert = try db.makeStatement(sql: "INSERT INTO files_here VALUES (?, ?, ?, ?, ?)")
        // The folder sources' files, with the duration their items' tags gave.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT f.path, f.size, i.duration_ms FROM folder_files f
            LEFT JOIN items i ON i.source_id = f.source_id AND i.id = f.item_id
            WHERE f.gone = 0
            """)
        while let row = try rows.next() { try add(LocalFile(path: row[0], size: row[1], durationMs: row[2])) }
    }

    /// Indexes what was added, once, before the first lookup: building the two indexes over a
    /// hundred thousand rows at once costs a fraction of keeping them up to date row by row.
    /// A file added twice (a walked tree inside a folder source) is found once (`DISTINCT`).
    public func seal() throws {
        guard byTail == nil else { return }
        try db.execute(sql: """
            CREATE INDEX temp.files_here_by_tail ON files_here (tail_key);
            CREATE INDEX temp.files_here_by_name ON files_here (name_key, size);
            """)
        byTail = try db.makeStatement(sql: "SELECT DISTINCT path FROM files_here WHERE tail_key = ? LIMIT ?")
        byName = try db.makeStatement(sql: """
            SELECT path, max(size), max(duration_ms) FROM files_here WHERE name_key = ? GROUP BY path LIMIT ?
            """)
        byNameAndSize = try db.makeStatement(sql: """
            SELECT path, max(size), max(duration_ms) FROM files_here WHERE name_key = ? AND size = ? GROUP BY path LIMIT ?
            """)
    }

    /// Adds a file found by a walk (before the first lookup: `seal`).
    public func add(_ file: LocalFile) throws {
        let keys = FoldedPath.keys(file.path)
        try insert.execute(arguments: [file.path, keys.name, keys.tail, file.size, file.durationMs])
    }

    /// Files whose last two components fold to `path`'s.
    public func sharingTail(with path: String, limit: Int) -> [String] {
        guard (try? seal()) != nil, let byTail else { return [] }
        return (try? String.fetchAll(byTail, arguments: [FoldedPath.tail(path), limit])) ?? []
    }

    /// Files whose name folds to `path`'s, of this size when given.
    public func named(like path: String, size: Int64?, limit: Int) -> [LocalFile] {
        guard (try? seal()) != nil, let byName, let byNameAndSize else { return [] }
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
