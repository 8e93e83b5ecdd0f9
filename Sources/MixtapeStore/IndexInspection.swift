import Foundation
import GRDB
import GRDBSQLite
import MixtapeCore

/// What `mixtape doctor` learns of an index without changing it: whether it opens, what
/// `PRAGMA integrity_check` says, which schema migrations it carries, its journal mode, the
/// size of its write-ahead log, the writer lock, and its sources.
///
/// The database is opened read-only and never created or migrated (`LibraryStore` would do
/// both), so doctor run on a damaged copy leaves it byte for byte as it was. Every step
/// catches its own failure and records it, so one broken part never hides the others.
public struct IndexInspection: Sendable {
    /// The index path, as given.
    public var path: String
    /// Whether a file (of any kind) is at `path`.
    public var exists = false
    /// Why the database could not be opened or read at all (not SQLite, unreadable, damaged
    /// header); nil when it opened.
    public var openFailure: String?
    /// The lines of `PRAGMA integrity_check` (`["ok"]` when sound), or the error that stopped
    /// it; both empty/nil when the database did not open.
    public var integrity: [String] = []
    public var integrityFailure: String?
    /// Migration identifiers this build knows, in order (their count is the schema version).
    public var knownMigrations: [String] = Schema.migrator.migrations
    /// Migration identifiers the index records; nil when they could not be read.
    public var appliedMigrations: [String]?
    /// `wal` (an index mixtape wrote) or `rollback`, from the file header (bytes 18 and 19 are 2
    /// in WAL mode): an immutable connection's `PRAGMA journal_mode` would say `delete`.
    /// nil when the header cannot be read.
    public var journalMode: String?
    /// Size of the `-wal` file beside the index, nil when there is none.
    public var walBytes: Int64?
    /// Size of the index file itself.
    public var fileBytes: Int64?
    public var lock: WriterLockState = .absent
    /// The recorded sources; nil when they could not be read (`sourcesFailure` says why).
    public var sources: [SourceRecord]?
    public var sourcesFailure: String?
    /// For each folder source (by path), the distinct folders its last walk found media in.
    public var mediaFolders: [String: [String]] = [:]
    /// The saved exports (`export-playlist --save`); nil when they could not be read.
    public var savedExports: [SavedExport]?
    /// The saved syncs (`sync --save`); nil when they could not be read.
    public var savedSyncs: [SavedSync]?
    /// For each library source (export, collection, database; by path), how many of its
    /// items' files are here, when `inspect` was given a way to tell.
    public var filesHere: [String: FilesHere] = [:]
    /// Answers whether a path names a file here (`inspect`'s `checkingFiles`).
    private var fileExists: (@Sendable (String) -> Bool)?

    /// How many problems `integrity_check` is asked for at most: enough to tell, quick on a
    /// badly damaged file.
    public static let integrityLineLimit = 20

    /// Inspects the index at `path`; never throws and never writes.
    ///
    /// A read-only connection to a WAL database still creates the `-wal` and `-shm` files
    /// when they are missing, and cannot delete them again. So when neither is there (no run
    /// has the index open, and the last one folded its log in), the file is opened as
    /// immutable and nothing beside it appears. Should a writer start during those few
    /// moments and the check find damage, it is run again the ordinary way before any
    /// damage is reported.
    ///
    /// With `checkingFiles`, each library source's item locations are checked with it, one
    /// row at a time (`filesHere`): a 500,000-item export costs that many `stat` calls, and
    /// no memory.
    public static func inspect(path: String, checkingFiles: (@Sendable (String) -> Bool)? = nil) -> IndexInspection {
        var inspection = IndexInspection(path: path)
        inspection.fileExists = checkingFiles
        inspection.lock = WriterLock.state(path: path + ".lock")
        guard exists(path) else { return inspection }
        inspection.exists = true
        inspection.walBytes = size(path + "-wal")
        inspection.fileBytes = size(path)
        inspection.journalMode = journalMode(path)
        let quiet = inspection.walBytes == nil && !exists(path + "-shm")
        if quiet, let uri = ReadOnlyIndex.immutableURI(path) {
            var immutable = inspection
            immutable.read(path: uri)
            if immutable.isSound || size(path + "-wal") == nil { return immutable }
        }
        inspection.read(path: path)
        return inspection
    }

    /// Whether the file opened and `integrity_check` said ok.
    var isSound: Bool { openFailure == nil && integrityFailure == nil && integrity == ["ok"] }

    private static func journalMode(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        let bytes = Array(header)
        return bytes[18] == 2 && bytes[19] == 2 ? "wal" : "rollback"
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Opens `location` (a path or URI) read-only and reads everything there is to read.
    private mutating func read(path location: String) {
        let queue: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(5)
            queue = try DatabaseQueue(path: location, configuration: configuration)
            // Opening is lazy about the file's contents: read the header now, so that a file
            // that is not SQLite at all is an open failure, not an integrity one.
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        } catch {
            openFailure = IndexInspection.describe(error)
            return
        }
        read(queue)
    }

    private init(path: String) { self.path = path }

    /// Each step in a read of its own, so a failure of one leaves the rest to run.
    private mutating func read(_ queue: DatabaseQueue) {
        do {
            // Rows may hold several lines each, under a `*** in database main ***` heading.
            integrity = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(\(IndexInspection.integrityLineLimit))") }
                .flatMap { $0.split(separator: "\n").map(String.init) }
                .filter { !$0.hasPrefix("*** in database") }
        } catch {
            integrityFailure = IndexInspection.describe(error)
        }
        appliedMigrations = try? queue.read { db in
            guard try db.tableExists("grdb_migrations") else { return [] }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        do {
            let sources = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM sources ORDER BY id").map(IndexInspection.sourceRecord)
            }
            self.sources = sources
            mediaFolders = try queue.read { db in try IndexInspection.mediaFolders(in: db) }
        } catch {
            sourcesFailure = IndexInspection.describe(error)
        }
        savedExports = try? queue.read { db in
            try db.tableExists("saved_exports") ? SavedExportStore.all(in: db) : []
        }
        savedSyncs = try? queue.read { db in
            try db.tableExists("saved_syncs") ? SavedSyncStore.all(in: db) : []
        }
        if let fileExists {
            filesHere = (try? queue.read { db in try IndexInspection.filesHere(in: db, exists: fileExists) }) ?? [:]
        }
    }

    /// `FilesHere` of every source but a folder (its walk finds its files): an export's
    /// streamed from the items table, a playlist file's from what relocation kept of it.
    private static func filesHere(in db: Database, exists: (String) -> Bool) throws -> [String: FilesHere] {
        var counts: [String: FilesHere] = [:]
        // An item's file is where relocation found it; an index from before relocation has
        // only the Location.
        let file = try db.columns(in: "items").contains { $0.name == "path" } ? "coalesce(items.path, items.location)" : "items.location"
        let rows = try Row.fetchCursor(db, sql: """
            SELECT sources.path, \(file) FROM items JOIN sources ON sources.id = items.source_id
            WHERE sources.kind NOT IN ('folder', 'playlist-file') AND items.location IS NOT NULL
            """)
        while let row = try rows.next() {
            let source = try row.decode(String.self, atIndex: 0)
            counts[source, default: FilesHere()].count(try row.decode(String.self, atIndex: 1), exists: exists)
        }
        if try db.columns(in: "sources").contains(where: { $0.name == "found" }) {
            // A playlist file (or foobar2000's playlists) has no items: what relocation found is
            // its kept summary, and the entries it left are its playlists' unresolved ones.
            let playlists = try Row.fetchCursor(db, sql: """
                SELECT sources.path, sources.found, sources.missing, sources.ambiguous, playlists.unresolved
                FROM sources LEFT JOIN playlists ON playlists.source_id = sources.id AND playlists.folder = 0
                WHERE sources.kind IN (?, ?) AND sources.found IS NOT NULL
                """, arguments: [SourceKind.playlistFile.rawValue, SourceKind.foobar2000.rawValue])
            while let row = try playlists.next() {
                let source = try row.decode(String.self, atIndex: 0)
                var files = counts[source] ?? FilesHere(here: row[1], missing: (row[2] as Int? ?? 0) + (row[3] as Int? ?? 0))
                for entry in (row[4] as Data?).map({ UnresolvedEntryCodec.decode(Array($0)) }) ?? [] {
                    files.listMissing(entry.location)
                }
                counts[source] = files
            }
        }
        if try db.tableExists("ambiguous_entries") {
            let ambiguous = try Row.fetchCursor(db, sql: """
                SELECT sources.path, location, candidates FROM ambiguous_entries JOIN sources ON sources.id = source_id
                ORDER BY sources.path, location
                """)
            while let row = try ambiguous.next() {
                let source = try row.decode(String.self, atIndex: 0)
                counts[source, default: FilesHere()].addAmbiguous(try row.decode(String.self, atIndex: 1),
                                                                  candidates: try row.decode(String.self, atIndex: 2))
            }
        }
        return counts
    }

    /// The folders holding media of each folder source: the distinct parents of its recorded
    /// files (`rtrim` with every character but `/` strips the file name), one index scan.
    private static func mediaFolders(in db: Database) throws -> [String: [String]] {
        guard try db.tableExists("folder_files") else { return [:] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT DISTINCT sources.path, rtrim(folder_files.path, replace(folder_files.path, '/', ''))
            FROM folder_files JOIN sources ON sources.id = folder_files.source_id
            WHERE folder_files.gone = 0
            """)
        var folders: [String: [String]] = [:]
        for row in rows {
            let source = try row.decode(String.self, atIndex: 0)
            var folder = try row.decode(String.self, atIndex: 1)
            if folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            folders[source, default: []].append(folder)
        }
        return folders
    }

    /// A source from a row of the sources table, decoded with throwing calls: a damaged
    /// index may hold a value of the wrong type, on which `LibraryStore`'s subscripts trap.
    private static func sourceRecord(_ row: Row) throws -> SourceRecord {
        let size = try row.decode(Int64?.self, forColumn: "size")
        let mtime = try row.decode(Int64?.self, forColumn: "mtime_ns")
        return SourceRecord(
            path: try row.decode(String.self, forColumn: "path"),
            kind: SourceKind(rawValue: try row.decode(String.self, forColumn: "kind")) ?? .itunesLibrary,
            stamp: size.flatMap { size in mtime.map { SourceStamp(size: size, modificationTimeNs: $0) } },
            indexedAt: try row.decode(Int64?.self, forColumn: "indexed_at").map(Timestamp.init(rawValue:)),
            itemCount: try row.decode(Int.self, forColumn: "item_count"),
            playlistCount: try row.decode(Int.self, forColumn: "playlist_count"),
            applicationVersion: try row.decode(String?.self, forColumn: "application_version"),
            contentFingerprint: try row.decode(String?.self, forColumn: "fingerprint"),
            relocation: RelocationSummary(row))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return (error.message ?? "\(error)") + " (SQLite code \(error.resultCode.rawValue))"
        }
        return "\(error)"
    }
}
