import Foundation
import GRDB
import SQLiteThreading
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite index: owns the database connection pool.
///
/// WAL mode, so `search` and `pick` read while `index` or `watch` writes; one source is
/// brought up to date in one transaction, so a reader sees it before or after, never half.
/// Writers are serialised by `WriterLock` (which can name the holder) before they get here;
/// SQLite's busy timeout is only the last line of defence.
public final class LibraryStore: Sendable {
    public let path: String
    /// Where the database file is: `path`, or a file beside it while a new index is built
    /// (`LibraryStore.building(at:)`).
    let filePath: String
    /// A pool of WAL connections; a single connection while a new index is built.
    let pool: any DatabaseWriter
    /// Whether this is a new index being built beside `path`, not moved there yet
    /// (`moveIntoPlace()`).
    public let isBeingBuilt: Bool
    /// A build's pages on their way to the disk while it is written.
    let writeback: BuildWriteback?
    /// Why the index was opened only for reading (its disk is full or read-only): every write
    /// throws this instead of SQLite's "readonly database" (`ReadOnlyIndex`).
    let cannotWriteBecause: StoreError?

    /// Opens (and on first use creates, with its folder) the index at `path`, migrating it to
    /// the current schema.
    public convenience init(path: String) throws {
        try LibraryStore.createParentFolder(of: path)
        var configuration = LibraryStore.configuration
        configuration.prepareDatabase { db in
            // 16 KB pages for a new index (SQLite ignores it for an existing one): a 100,000-
            // track import writes its ~45 MB through the WAL and back into the file with a
            // quarter of the system calls of 4 KB pages, 0.08 s less on this machine.
            try db.execute(sql: "PRAGMA page_size = 16384")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        ReadOnlyIndex.makeLeftoversWritable(beside: path)
        do {
            let pool = try StoreError.translating { try DatabasePool(path: path, configuration: configuration) }
            try self.init(path: path, filePath: path, pool: pool, isBeingBuilt: false)
        } catch let error as StoreError {
            // Opening writes (GRDB makes sure the WAL file exists; a migration writes): on a
            // full or read-only disk, an index that needs neither is still read.
            guard let pool = try ReadOnlyIndex.open(path, configuration: LibraryStore.configuration, after: error) else {
                throw ReadOnlyIndex.explained(error, path: path)
            }
            self.init(path: path, readOnly: pool, because: ReadOnlyIndex.explained(error, path: path))
        }
    }

    /// Migrates the database `pool` holds to the current schema (a new one is made at once,
    /// `NewIndexSchema`) and keeps it.
    init(path: String, filePath: String, pool: any DatabaseWriter, isBeingBuilt: Bool) throws {
        self.path = path
        self.filePath = filePath
        self.pool = pool
        self.isBeingBuilt = isBeingBuilt
        writeback = isBeingBuilt ? BuildWriteback(path: filePath) : nil
        cannotWriteBecause = nil
        try StoreError.translating {
            try NewIndexSchema.createIfNew(pool)
            try Schema.migrator.migrate(pool)
        }
    }

    deinit { writeback?.stop() }

    /// Keeps `pool`, an index of the current schema opened only for reading because of
    /// `reason`.
    private init(path: String, readOnly pool: any DatabaseWriter, because reason: StoreError) {
        self.path = path
        filePath = path
        self.pool = pool
        isBeingBuilt = false
        writeback = nil
        cannotWriteBecause = reason
    }

    /// What every connection to an index is opened with.
    static var configuration: Configuration {
        _ = multiThreadMode
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.foreignKeysEnabled = true
        return configuration
    }

    /// SQLite in multi-thread mode (`mixtape_sqlite_use_multithread_mode`), set once, before
    /// the first connection: GRDB uses each connection on one thread at a time, so the mutex
    /// SQLite's default mode takes in every call guards nothing here. Where SQLite was already
    /// in use (a test that opened a database some other way first), it stays serialized, which
    /// is only slower.
    private static let multiThreadMode: Bool = mixtape_sqlite_use_multithread_mode() == 0

    /// A read transaction whose SQLite errors leave as `StoreError.database`, so no caller
    /// needs to know GRDB to report them.
    func reading<T>(_ body: (Database) throws -> T) throws -> T {
        try StoreError.translating { try pool.read(body) }
    }

    /// A write transaction whose SQLite errors leave as `StoreError.database`.
    func writing<T>(_ body: (Database) throws -> T) throws -> T {
        try checkWritable()
        return try explainingStorage { try StoreError.translating { try pool.write(body) } }
    }

    /// Runs `body`, turning a failure to write into what the user can act on (the disk is
    /// full, a file is read-only: `ReadOnlyIndex.explained`).
    private func explainingStorage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw ReadOnlyIndex.explained(error, path: path)
        }
    }

    /// Throws why the index was opened only for reading, if it was.
    func checkWritable() throws {
        if let cannotWriteBecause { throw cannotWriteBecause }
    }

    /// A folder named as the index (`--library ~/Music`) is a mistake SQLite would only
    /// report as "unable to open database file", naming nothing: say which path and what to do.
    public static func checkNotAFolder(_ path: String) throws {
        var facts = stat()
        if stat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFDIR {
            throw StoreError.isAFolder(path: path)
        }
    }

    /// Whether an index file exists at `path` (so read-only commands need not create one).
    public static func exists(at path: String) -> Bool {
        access(path, F_OK) == 0
    }

    // MARK: sources

    /// Every recorded source, in the order they were first added.
    public func sources() throws -> [SourceRecord] {
        try reading { db in try LibraryStore.sources(in: db) }
    }

    static func sources(in db: Database) throws -> [SourceRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM sources ORDER BY id").map(LibraryStore.sourceRecord)
    }

    /// The recorded source at `path`, if any.
    public func source(at path: String) throws -> SourceRecord? {
        try reading { db in
            try Row.fetchOne(db, sql: "SELECT * FROM sources WHERE path = ?", arguments: [path])
                .map(LibraryStore.sourceRecord)
        }
    }

    /// Whether `lines` are exactly the snapshot `LineSnapshot.write` would read back: every
    /// item of the source once, no other source with items, no alias to merge.
    private static func linesAreWholeIndex(_ lines: LineSnapshotCollector, counts: SyncCounts, sourceID: Int64,
                                           in db: Database) throws -> Bool {
        guard lines.isComplete, lines.count == counts.items else { return false }
        let others = try Bool.fetchOne(db, sql: "SELECT 1 FROM items WHERE source_id != ? LIMIT 1", arguments: [sourceID])
        guard others == nil else { return false }
        return try !ItemAliases.exist(in: db)
    }

    /// Brings one source up to date in a single transaction: `body` feeds a `SourceSync` with a
    /// fresh read of the source and returns what else it read (playlists, fingerprint); on
    /// success the source row records `record`'s stamp and the counts. If `body` throws,
    /// nothing of this source changes.
    ///
    /// With `lines`, each item's line is gathered as it is written; when the source turns out
    /// to be the whole index, `lines.standsForIndex` says so and `storeLineSnapshot` stores
    /// them (otherwise they are let go). With `locatedRows`, what relocation reads of each row
    /// is gathered as it is inserted (`LocatedRows.Gathering`).
    ///
    /// `derive` runs last, inside the same transaction, on what the sync leaves: what is worked
    /// out from the items that must never be seen a step behind them (the playlists of playlist
    /// files, whose entries name items of any source), so that a reader, or a run killed at any
    /// moment, sees the source and those before or after, never a part.
    public func sync(_ record: SourceRecord, lines: LineSnapshotCollector? = nil, locatedRows: LocatedRows.Gathering? = nil,
                     derive: ((any PlaylistFileStore, _ itemsChanged: Bool) throws -> Void)? = nil,
                     body: (SourceSync) throws -> SourceReadout) throws -> SyncCounts {
        try withoutAutomaticCheckpoint {
            try sync(record, lines: lines, locatedRows: locatedRows, in: $0, derive: derive, body: body)
        }
    }

    private func sync(_ record: SourceRecord, lines: LineSnapshotCollector?, locatedRows: LocatedRows.Gathering?, in db: Database,
                      derive: ((any PlaylistFileStore, _ itemsChanged: Bool) throws -> Void)?,
                      body: (SourceSync) throws -> SourceReadout) throws -> SyncCounts {
        var synced = SyncCounts()
        // Item ids are random, so new rows land all over the (source_id, id) index; with
        // SQLite's default 2 MB cache those pages spill to the WAL again and again. 6 MB holds
        // the index of 100,000 items; a larger cache (16 MB before) only held more dirty pages
        // for the commit to write on the writing thread at the end, while the writer has time
        // to spare during an iTunes read: 3% faster at 100,000 tracks (iTunes, Traktor and
        // Rhythmbox alike), 10 MB less at the peak, and no slower at 500,000. The cache is let
        // go after the sync: it would stay, full, beside the smart playlists' work.
        try db.execute(sql: "PRAGMA cache_size = -6144")
        defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
        try db.inTransaction(.immediate) {
            let sourceID = try LibraryStore.sourceID(for: record, in: db)
            let sync = try SourceSync(db: db, sourceID: sourceID)
            try DerivedData.markPending(in: db)
            lines?.source = record.path
            sync.lines = lines
            sync.locatedRows = locatedRows
            let readout = try body(sync)
            if let playlists = readout.playlists { try sync.replacePlaylists(playlists) }
            try sync.finish()
            var counts = sync.counts
            // Only a change to the items changes their lines: a re-read that finds every item as
            // it was keeps the line snapshot (500,000 tracks' lines are not written again).
            let changed = counts.added + counts.updated + counts.removed > 0 || sync.renumbered
            if changed { try LibraryStore.itemsChanged(in: db) }
            try derive?(OpenTransaction(db: db), changed)
            if let lines, try changed || !LineSnapshot.exists(template: lines.template, in: db),
               try LibraryStore.linesAreWholeIndex(lines, counts: counts, sourceID: sourceID, in: db) {
                // Stored by `storeLineSnapshot` once this commits, while the smart playlists
                // are evaluated; the old snapshot is gone from here on.
                lines.standsForIndex = true
            } else {
                lines?.abandon()  // let the memory go now, whoever still holds the collector
            }
            if readout.playlists == nil {
                counts.playlists = try Int.fetchOne(db, sql: "SELECT count(*) FROM playlists WHERE source_id = ?",
                                                    arguments: [sourceID]) ?? 0
            }
            try db.execute(sql: """
                UPDATE sources SET kind = ?, size = ?, mtime_ns = ?, fingerprint = ?, indexed_at = ?,
                    item_count = ?, playlist_count = ?, application_version = ?, device = ? WHERE id = ?
                """, arguments: [record.kind.rawValue, record.stamp?.size, record.stamp?.modificationTimeNs,
                                 readout.contentFingerprint, record.indexedAt?.rawValue, counts.items,
                                 counts.playlists, readout.applicationVersion,
                                 record.device.map { Int64(bitPattern: $0) }, sourceID])
            synced = counts
            return .commit
        }
        return synced
    }

    /// What a transaction that changed a source's items does before it commits: the line
    /// snapshot goes, aliases are worked out again, and what else is worked out from the items
    /// is marked pending.
    private static func itemsChanged(in db: Database) throws {
        try LineSnapshot.invalidate(in: db)
        try ItemAliases.refresh(in: db)
        try DerivedData.markPending(in: db)
    }

    /// Stores the lines a sync gathered as the line snapshot, in a transaction of its own (the
    /// items are already committed: a reader meanwhile finds no snapshot and reads the items).
    /// False, storing nothing, when they no longer stand for the whole index: another source
    /// was synced since, or they were let go.
    @discardableResult
    public func storeLineSnapshot(_ lines: LineSnapshotCollector) throws -> Bool {
        defer { lines.abandon() }
        guard lines.standsForIndex else { return false }  // `abandon` clears it
        return try writing { db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
            guard count == lines.count, try !ItemAliases.exist(in: db) else { return false }
            try LineSnapshot.write(lines, in: db)
            return true
        }
    }

    /// Runs a write transaction whose commit does not copy the WAL back into the database
    /// file, as SQLite does at a commit that leaves more than 1,000 pages in it: after a
    /// large source that is the whole index again (45 MB for 100,000 tracks), on the writing
    /// thread. `checkpointInBackground` does it while the index goes on reading; otherwise
    /// the next commit does it, as before.
    private func withoutAutomaticCheckpoint<T>(_ body: (Database) throws -> T) throws -> T {
        try checkWritable()
        return try explainingStorage { try StoreError.translating {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
                defer { try? db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") }
                return try body(db)
            }
        } }
    }

    /// Starts copying the WAL back into the database file on a connection of its own, beside
    /// reads and writes that go on meanwhile (a passive checkpoint never blocks them): the
    /// work a large sync left out of its commit. `BackgroundCheckpoint.wait` before the
    /// process ends. A new index being built has no WAL: its written pages start going to
    /// the disk instead.
    public func checkpointInBackground() -> BackgroundCheckpoint {
        isBeingBuilt ? BackgroundCheckpoint(flushing: filePath) : BackgroundCheckpoint(path: path)
    }

    /// Changes part of a folder source in a single transaction (a `watch` batch): `body`
    /// writes the items read again, removes those gone and replaces the folder records it
    /// covered; the rest of the source is left as it is. If `body` throws, nothing changes.
    /// `derive` as for `sync`.
    public func patch(_ record: SourceRecord, derive: ((any PlaylistFileStore, _ itemsChanged: Bool) throws -> Void)? = nil,
                      body: (SourcePatch) throws -> Void) throws -> SyncCounts {
        try writing { db in
            let sourceID = try LibraryStore.sourceID(for: record, in: db)
            let patch = try SourcePatch(db: db, sourceID: sourceID)
            try body(patch)
            try patch.finish()
            let counts = patch.counts
            let changed = counts.added + counts.updated + counts.removed > 0
            if changed { try LibraryStore.itemsChanged(in: db) }
            try derive?(OpenTransaction(db: db), changed)
            try db.execute(sql: "UPDATE sources SET indexed_at = ?, item_count = ?, device = coalesce(?, device) WHERE id = ?",
                           arguments: [record.indexedAt?.rawValue, counts.items,
                                       record.device.map { Int64(bitPattern: $0) }, sourceID])
            return counts
        }
    }

    /// What the last walk of the folder source at `path` recorded of the files directly in
    /// `folders` and anywhere below `trees`.
    public func folderFiles(ofSource path: String, folders: [String], trees: [String]) throws -> [FolderFileRecord] {
        try reading { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else {
                return []
            }
            return try FolderFileRecord.within(folders: folders, trees: trees, sourceID: id, in: db)
        }
    }

    /// What the last walk of the folder source at `path` recorded; empty for a new source.
    public func folderFiles(ofSource path: String) throws -> [FolderFileRecord] {
        try reading { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else {
                return []
            }
            return try FolderFileRecord.all(sourceID: id, in: db)
        }
    }

    /// What the last walks of every other folder source recorded, for telling a file moved
    /// from one folder source into another.
    public func folderFiles(ofSourcesOtherThan path: String) throws -> [FolderFileRecord] {
        try reading { db in
            let others = try Int64.fetchAll(db, sql: "SELECT id FROM sources WHERE path <> ? AND kind = ?",
                                            arguments: [path, SourceKind.folder.rawValue])
            return try others.flatMap { try FolderFileRecord.all(sourceID: $0, in: db) }
        }
    }

    /// Forgets a source and everything read from it; an item it shared with another source
    /// (`ItemAliases`) stays as that source's, and the selection follows it. Returns the
    /// number of items removed, or nil when no such source was recorded.
    public func removeSource(at path: String) throws -> Int? {
        try writing { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?",
                                              arguments: [path]) else { return nil }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE source_id = ?",
                                         arguments: [id]) ?? 0
            let aliases = try ItemAliases.load(in: db)
            try db.execute(sql: "DELETE FROM sources WHERE id = ?", arguments: [id])
            try LineSnapshot.invalidate(in: db)
            try DerivedData.markPending(in: db)
            try ItemAliases.refresh(in: db, previous: aliases)
            return count
        }
    }

    /// Whether a run that changed the index stopped before writing again what is worked out
    /// from its items (`DerivedData`).
    public func derivedDataPending() throws -> Bool {
        try reading { db in try DerivedData.isPending(in: db) }
    }

    /// Records that what is worked out from the items has been written for the items as they
    /// are now.
    public func clearDerivedDataPending() throws {
        try writing { db in try DerivedData.clear(in: db) }
    }

    // MARK: helpers

    private static func sourceID(for record: SourceRecord, in db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [record.path]) {
            return id
        }
        try db.execute(sql: "INSERT INTO sources (path, kind) VALUES (?, ?)",
                       arguments: [record.path, record.kind.rawValue])
        return db.lastInsertedRowID
    }

    private static func sourceRecord(_ row: Row) -> SourceRecord {
        let size: Int64? = row["size"]
        let mtime: Int64? = row["mtime_ns"]
        return SourceRecord(
            path: row["path"],
            kind: SourceKind(rawValue: row["kind"]) ?? .itunesLibrary,
            stamp: size.flatMap { size in mtime.map { SourceStamp(size: size, modificationTimeNs: $0) } },
            indexedAt: (row["indexed_at"] as Int64?).map(Timestamp.init(rawValue:)),
            itemCount: row["item_count"],
            playlistCount: row["playlist_count"],
            applicationVersion: row["application_version"],
            contentFingerprint: row["fingerprint"],
            device: (row["device"] as Int64?).map { UInt64(bitPattern: $0) },
            relocation: RelocationSummary(row))
    }

    /// Creates the folder the index (and its lock file) lives in, as on first write, after
    /// checking that the index path is not itself a folder.
    public static func createParentFolder(of path: String) throws {
        try checkNotAFolder(path)
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateFolder(path: folder, reason: "\(error.localizedDescription)")
        }
    }
}

/// Failures of the index itself (as opposed to its sources), in the store's own terms: the
/// layers above report them without importing GRDB.
public enum StoreError: Error, Sendable {
    case cannotCreateFolder(path: String, reason: String)
    /// The index path names a folder, not a database file.
    case isAFolder(path: String)
    /// SQLite failed (damaged file, disk full, busy past the timeout): its message and
    /// result code, as the index at `path` reported them.
    case database(message: String, sqliteCode: Int32)
    /// A new index, built beside `path`, could not be moved there.
    case cannotMoveIntoPlace(path: String, reason: String)
    /// The disk holding the index at `path` is full (`freeBytes` left) or cannot be written
    /// (read-only mount, folder or file), so the index cannot change; reading it still works.
    case cannotWrite(path: String, reason: String, freeBytes: Int64?)

    /// There is no index at `path`, only what a first index that was stopped (killed, the
    /// machine off) left beside it, and the run names no source to build it again from.
    case firstIndexStopped(path: String, leftover: String)

    /// Whether the index's disk or files, not its contents, failed: full, read-only, not
    /// writable. Every source of a run fails alike then, so the run stops (exit 74).
    public var isStorageFailure: Bool {
        if case .cannotWrite = self { return true }
        return sqlitePrimaryCode.map(ReadOnlyIndex.storageCodes.contains) ?? false
    }

    /// SQLite's primary result code (the low byte of an extended one) of a `.database` error.
    public var sqlitePrimaryCode: Int32? {
        if case .database(_, let code) = self { return code & 0xff }
        return nil
    }

    /// Runs `body`, turning GRDB's `DatabaseError` into `.database`; other errors (a reader's
    /// `SourceFailure` thrown inside a transaction) pass through unchanged.
    static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError.database(message: error.message ?? "\(error)", sqliteCode: error.resultCode.rawValue)
        }
    }
}
