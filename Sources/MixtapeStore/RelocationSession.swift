import Foundation
import GRDB
import GRDBSQLite
import MixtapeCore

/// The index side of one relocation pass (spec/sources.md, "Where the files are now"), inside
/// one write transaction: each library source's entries, the rules a person set for it, the
/// catalog of files here, and the writing of what was found. Created by
/// `LibraryStore.relocating`; not usable outside it.
public final class RelocationSession {
    private let db: Database
    private var catalog: FileCatalog?
    /// Whether a write changed an item's path (so aliases and lines are worked out again).
    private(set) var changedPaths = false

    init(db: Database) {
        self.db = db
    }

    /// A library source whose entries are resolved.
    public struct Source: Sendable {
        public var id: Int64
        public var path: String
        public var kind: SourceKind
    }

    /// One source's entries: each path it names once, with the rows naming it.
    public struct Entries: Sendable, Equatable {
        public var entries: [Relocator.Entry] = []
        /// The rows of each entry: `rowIDs[starts[i]..<starts[i + 1]]`, with a hash of each
        /// row's current path (0 for none), so only rows whose path changes are written.
        var rowIDs: [Int64] = []
        var pathHashes: [Int] = []
        var starts: [Int] = [0]
    }

    /// Every library export and database recorded (not folders, not playlist files).
    public func librarySources() throws -> [Source] {
        try Row.fetchAll(db, sql: "SELECT id, path, kind FROM sources ORDER BY id").compactMap { row in
            guard let kind = SourceKind(rawValue: row[2]), kind.isLibraryFile else { return nil }
            return Source(id: row[0], path: row[1], kind: kind)
        }
    }

    /// The paths a source's items name (URLs and items with no location left out), grouped
    /// (`LocatedRows`). Read through SQLite's own columns, not GRDB rows: a hundred thousand
    /// rows cost half a second through `Row`.
    ///
    /// A source that holds most of the index is read in the table's order: through the
    /// `(source_id, id)` index, whose ids are random, each row is a page read from the file
    /// (100,000 rows: 0.6 s, against 0.2 s for the whole table in order).
    public func entries(of source: Source) throws -> Entries {
        let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE source_id = ?", arguments: [source.id]) ?? 0
        let all = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
        let sourceID = rows * 4 > all ? "+source_id" : "source_id"  // `+`: not through the index
        let statement = try db.makeStatement(sql: """
            SELECT rowid, location, size, duration_ms, path FROM items WHERE \(sourceID) = ? AND location IS NOT NULL
            """)
        try statement.setArguments([source.id])
        let handle = statement.sqliteStatement
        var located = LocatedRows(expectedCount: rows)
        try StatementRows.forEach(handle) {
            located.append(row: sqlite3_column_int64(handle, 0),
                           location: UnsafeBufferPointer(start: sqlite3_column_text(handle, 1), count: Int(sqlite3_column_bytes(handle, 1))),
                           size: ItemReader.integer(handle, 2), durationMs: ItemReader.integer(handle, 3),
                           pathHash: RelocationSession.hash(UnsafeBufferPointer(start: sqlite3_column_text(handle, 4),
                                                                                count: Int(sqlite3_column_bytes(handle, 4)))))
        }
        return located.entries()
    }

    /// `entries(of:)` from the rows a sync gathered as it inserted them (`LocatedRows.Gathering`),
    /// when they are every row of the source, or else read from the index.
    public func entries(of source: Source, gathered: LocatedRows.Gathering?) throws -> Entries {
        if let entries = try gathered?.takeEntries() { return entries }
        return try entries(of: source)
    }

    /// The rules a person set for the source, in order.
    public func userRules(of source: Source) throws -> [RelocationRule] {
        try LibraryStore.relocationRules(in: db)[source.path] ?? []
    }

    /// The catalog of files here, made on first use.
    public func files() throws -> FileCatalog {
        if let catalog { return catalog }
        let made = try FileCatalog(db: db)
        catalog = made
        return made
    }

    /// What a write changed.
    public struct Written: Sendable {
        /// Whether the summary's counts or rules differ from the last run's (what `index` reports).
        public var summaryChanged: Bool
        /// Whether an item's path changed.
        public var pathsChanged: Bool
    }

    /// Writes each entry's file here and the source's summary.
    public func write(_ placements: [Placement], of entries: Entries, relocation: Relocation, source: Source) throws -> Written {
        var pathsChanged = false
        // Most entries are found where they say (an export of this machine): their rows get
        // their location in one statement, and only the others one at a time.
        let exact = Set(placements.indices.filter { index in
            if case .asWritten(let path) = placements[index] { return path.utf8.elementsEqual(entries.entries[index].path.utf8) }
            return false
        })
        let exactRows = exact.reduce(0) { $0 + entries.starts[$1 + 1] - entries.starts[$1] }
        var settled = Set<Int>()
        if exactRows > entries.rowIDs.count / 2 {
            // Every absolute location (no URL starts with `/`); the entries placed elsewhere
            // are written again below.
            try db.execute(sql: """
                UPDATE items SET path = location WHERE source_id = ? AND path IS NOT location AND substr(location, 1, 1) = '/'
                """, arguments: [source.id])
            pathsChanged = db.changesCount > 0
            settled = exact
        }
        // After that statement the other rows may hold their location: each is written again,
        // unless it changed none (every row still holds what `entries` read).
        let rewriteAll = pathsChanged
        var changes: [(row: Int64, entry: Int32)] = []
        for (index, placement) in placements.enumerated() where !settled.contains(index) {
            let hash = RelocationSession.hash(placement.path)
            for row in entries.starts[index]..<entries.starts[index + 1] where rewriteAll || entries.pathHashes[row] != hash {
                changes.append((entries.rowIDs[row], Int32(index)))
            }
        }
        // In the table's order: entries come sorted by location, and a hundred thousand rows
        // written in that order touch pages at random, three times slower.
        changes.sort { $0.row < $1.row }
        let update = try db.makeStatement(sql: "UPDATE items SET path = ? WHERE rowid = ?")
        for change in changes {
            try RelocationSession.set(placements[Int(change.entry)].path, row: change.row, with: update.sqliteStatement)
        }
        if !changes.isEmpty { pathsChanged = true }
        let ambiguous = placements.indices.compactMap { index -> (path: String, candidates: [String])? in
            guard case .ambiguous(let candidates) = placements[index] else { return nil }
            return (entries.entries[index].path, candidates)
        }
        let summaryChanged = try RelocationSummary.write(relocation, ambiguous: ambiguous, ofSource: source.id, in: db)
        if pathsChanged { changedPaths = true }
        return Written(summaryChanged: summaryChanged, pathsChanged: pathsChanged)
    }

    /// Runs the prepared `UPDATE items SET path = ? WHERE rowid = ?` with SQLite's own binding.
    private static func set(_ path: String?, row: Int64, with handle: SQLiteStatement) throws {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 2, row)
        let code: Int32
        if var path, !path.isEmpty {
            code = path.withUTF8 { bytes in
                // nil: SQLITE_STATIC, so the bytes are not copied; the step runs while they live.
                let bound = sqlite3_bind_text(handle, 1, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                                              Int32(bytes.count), nil)
                return bound == SQLITE_OK ? sqlite3_step(handle) : bound
            }
        } else {
            sqlite3_bind_null(handle, 1)
            code = sqlite3_step(handle)
        }
        try StatementRows.expectDone(code, of: handle)
    }

    /// A hash of a path's bytes (Swift's own would make an NFC path equal its NFD spelling,
    /// and the file is opened by its bytes).
    static func hash(_ path: String?) -> Int {
        guard var path else { return 0 }
        return path.withUTF8 { hash($0) }
    }

    /// `hash(_:)` of a path's UTF-8 where SQLite holds it (no address: NULL, 0).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.baseAddress != nil else { return 0 }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize() | 1
    }

    func close() throws {
        try catalog?.close()
    }
}
