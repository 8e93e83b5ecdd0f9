import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new index built in a file beside its path and moved there when the run is over: the
/// first `index` of a library. An index in WAL mode writes every page twice (into the WAL,
/// then back into the file) and at the end copies, syncs and deletes a WAL as large as the
/// index; built aside, with no reader to serve, each page is written once, straight into the
/// file: 0.24 s of a 1.37 s first index of 100,000 iTunes tracks, 0.09 s of a Rhythmbox one.
///
/// Nothing is at `path` until the move, so a reader meanwhile finds no index, as it would
/// have before the run; a build that is stopped leaves only its own file, which the next
/// build replaces. Each source is still written in a transaction of its own (its rollback
/// journal held in memory), so a source that fails leaves what the others wrote.
extension LibraryStore {
    /// The file a new index at `path` is built in.
    static func buildingPath(for path: String) -> String { path + ".new" }

    /// What a first index of `path` that was stopped before it was moved into place left
    /// beside it (its path), if anything: no index is at `path` then, and `index` with no
    /// source would build an empty one and say nothing, run after run (a cron job).
    public static func stoppedBuild(at path: String) -> String? {
        exists(at: path) || !exists(at: buildingPath(for: path)) ? nil : buildingPath(for: path)
    }

    /// Starts a new index for `path`, which must not exist yet, in a file beside it; the
    /// caller holds the writer lock (so no other build runs) and ends with
    /// `moveIntoPlace()`, or `discardBuild()` when the run fails.
    public static func building(at path: String) throws -> LibraryStore {
        try createParentFolder(of: path)
        let aside = buildingPath(for: path)
        unlink(aside)  // what a stopped build left
        var configuration = LibraryStore.configuration
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 16384")
            // Rolling back a failed source needs only the pages that existed before it: a
            // journal in memory, never written. Nothing needs syncing before the move, which
            // syncs the whole file once.
            try db.execute(sql: "PRAGMA journal_mode = MEMORY")
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        let queue = try StoreError.translating { try DatabaseQueue(path: aside, configuration: configuration) }
        return try LibraryStore(path: path, filePath: aside, pool: queue, isBeingBuilt: true)
    }

    /// Moves a new index to its path: switched to WAL mode (as every index is, so readers
    /// and a writer work at once), closed, synced to the disk, renamed over nothing. This store
    /// is closed; nothing more is written, so the index is not opened again: opening it makes
    /// a WAL, and closing it syncs and deletes that WAL again (8 syncs, some 20 ms).
    public func moveIntoPlace() throws {
        precondition(isBeingBuilt, "only a new index being built is moved into place")
        writeback?.stop()
        try StoreError.translating {
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            try (pool as? DatabaseQueue)?.close()
        }
        func fail(_ what: String) -> StoreError {
            .cannotMoveIntoPlace(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        guard Self.syncToDisk(filePath) else { throw fail("cannot sync \(filePath)") }
        guard !LibraryStore.exists(at: path) else {
            throw StoreError.cannotMoveIntoPlace(path: path, reason: "another process created an index there meanwhile")
        }
        // A WAL left beside a deleted index would be replayed into this one.
        unlink(path + "-wal")
        unlink(path + "-shm")
        guard rename(filePath, path) == 0 else { throw fail("cannot rename \(filePath)") }
        let folder = (path as NSString).deletingLastPathComponent
        _ = Self.syncToDisk(folder.isEmpty ? "." : folder)  // the rename itself; the data is safe already
    }

    /// Closes and deletes a new index that will not be moved into place (the run failed).
    public func discardBuild() {
        guard isBeingBuilt else { return }
        writeback?.stop()
        try? (pool as? DatabaseQueue)?.close()
        unlink(filePath)
    }

    /// Runs `body`, a write that touches most pages already there, with no rollback journal
    /// while the index is being built. The build's journal is kept in memory, and such a write
    /// (relocation giving a hundred thousand rows their path) would hold a copy of the whole
    /// items table there: 35 MB at 100,000 tracks. A build is discarded whole when any step
    /// fails, so it never needs rolling back; an index in place keeps its WAL.
    func unjournaledWhileBuilt<T>(_ body: () throws -> T) throws -> T {
        guard isBeingBuilt else { return try body() }
        try StoreError.translating { try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = OFF") } }
        defer { try? pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = MEMORY") } }
        return try body()
    }

    /// fsync of a file or folder; false when it fails.
    private static func syncToDisk(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}
