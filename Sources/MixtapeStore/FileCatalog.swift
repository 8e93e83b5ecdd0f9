import GRDB
import GRDBSQLite
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
///
/// A walked file may come without its size (the walk reads folders, not each file's
/// attributes): it is measured the first time a lookup by name and size reaches its name,
/// so a hundred thousand files cost a `stat` only for the few names step 3 asks about.
public final class FileCatalog {
    private let db: Database
    private let insert: Statement
    private var byTail: Statement?
    private var byName: Statement?
    private var byNameAndSize: Statement?
    private var unmeasured: Statement?
    private var setSize: Statement?
    /// Whether no file was added: every lookup then finds nothing without asking SQLite (an
    /// export indexed before any folder, whose hundred thousand entries each asked twice).
    private var isEmpty = false

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
        isEmpty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM files_here)") ?? false
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
        unmeasured = try db.makeStatement(sql: "SELECT rowid, path FROM files_here WHERE name_key = ? AND size IS NULL")
        setSize = try db.makeStatement(sql: "UPDATE files_here SET size = ? WHERE rowid = ?")
    }

    /// A file with the keys it is looked up by, which may be worked out on another thread.
    public struct Listed: Sendable {
        public var file: LocalFile
        public var name: String
        public var tail: String

        public init(_ file: LocalFile) {
            self.file = file
            (name, tail) = FoldedPath.keys(file.path)
        }

        /// A file whose keys were worked out already (`FoldedPath.keys`).
        public init(_ file: LocalFile, name: String, tail: String) {
            (self.file, self.name, self.tail) = (file, name, tail)
        }
    }

    /// Adds a file found by a walk (before the first lookup: `seal`); its size may come later
    /// (`named`).
    public func add(_ file: LocalFile) throws {
        try add(Listed(file))
    }

    /// Adds a file and its keys. Bound through SQLite's own calls: GRDB's arguments cost as
    /// much as the rest of the walk.
    public func add(_ listed: Listed) throws {
        let handle = insert.sqliteStatement
        sqlite3_reset(handle)
        for (index, text) in [listed.file.path, listed.name, listed.tail].enumerated() {
            var text = text
            let bound = text.withUTF8 { bytes in
                // An empty text still needs an address: a null one would bind NULL.
                let start = bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(FileCatalog.empty.utf8Start)
                return sqlite3_bind_text(handle, Int32(index + 1), start.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                         FileCatalog.transient)
            }
            guard bound == SQLITE_OK else { return try StatementRows.expectDone(bound, of: handle) }
        }
        for (index, number) in [listed.file.size, listed.file.durationMs].enumerated() {
            if let number { sqlite3_bind_int64(handle, Int32(index + 4), number) } else { sqlite3_bind_null(handle, Int32(index + 4)) }
        }
        try StatementRows.expectDone(sqlite3_step(handle), of: handle)
        isEmpty = false
    }

    /// SQLite copies the bytes it is given (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private static let empty: StaticString = ""

    /// Files whose last two components fold to `path`'s.
    public func sharingTail(with path: String, limit: Int) -> [String] {
        guard (try? seal()) != nil, !isEmpty, let byTail else { return [] }
        return (try? String.fetchAll(byTail, arguments: [FoldedPath.tail(path), limit])) ?? []
    }

    /// Files whose name folds to `path`'s, of this size when given; `measure` gives the size
    /// of a walked file not measured yet (nil: it is gone, or no longer a file).
    public func named(like path: String, size: Int64?, limit: Int, measure: (String) -> Int64?) -> [LocalFile] {
        guard (try? seal()) != nil, !isEmpty, let byName, let byNameAndSize else { return [] }
        let name = FoldedPath.name(path)
        if size != nil { self.measure(named: name, with: measure) }
        let rows = size.map { try? Row.fetchAll(byNameAndSize, arguments: [name, $0, limit]) }
            ?? (try? Row.fetchAll(byName, arguments: [name, limit]))
        return (rows ?? []).map { LocalFile(path: $0[0], size: $0[1], durationMs: $0[2]) }
    }

    /// Gives every file of the folded `name` whose size is not known yet its size; one that is
    /// gone leaves the catalog.
    private func measure(named name: String, with measure: (String) -> Int64?) {
        guard let unmeasured, let setSize, let rows = try? Row.fetchAll(unmeasured, arguments: [name]) else { return }
        for row in rows {
            let id: Int64 = row[0]
            if let size = measure(row[1]) {
                try? setSize.execute(arguments: [size, id])
            } else {
                try? db.execute(sql: "DELETE FROM files_here WHERE rowid = ?", arguments: [id])
            }
        }
    }

    /// Drops the table.
    func close() throws {
        try db.execute(sql: "DROP TABLE IF EXISTS temp.files_here")
    }
}
