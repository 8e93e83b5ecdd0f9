import GRDB
import MixtapeCore

/// Changes part of one folder source inside the caller's transaction: what a `watch` batch
/// does when a few files of a large folder changed. Unlike `SourceSync`, which brings a whole
/// source to the content of a fresh read (and so touches every row it holds), a patch touches
/// only the items and folder records it is given, so a one-file change costs one file's rows
/// whatever the size of the source.
///
/// Created by `LibraryStore.patch`; not usable outside that transaction.
public final class SourcePatch {
    private let db: Database
    private let sourceID: Int64
    private let upsert: ItemRow.Upsert
    private let lookup: Statement
    private let delete: Statement
    public private(set) var counts = SyncCounts()

    init(db: Database, sourceID: Int64) throws {
        self.db = db
        self.sourceID = sourceID
        upsert = try ItemRow.Upsert(in: db, ownFiles: true)  // a watch patch is of a folder
        lookup = try db.makeStatement(sql: "SELECT fingerprint FROM items WHERE source_id = ? AND id = ?")
        delete = try db.makeStatement(sql: "DELETE FROM items WHERE source_id = ? AND id = ?")
    }

    /// Writes items read again (or for the first time); one whose content is unchanged is
    /// counted and left alone.
    public func put(_ items: [MediaItem]) throws {
        for item in items {
            let fingerprint = item.fingerprint
            let previous = try Int64.fetchOne(lookup, arguments: [sourceID, item.id.rawValue])
            if previous == fingerprint { continue }
            if previous == nil { counts.added += 1 } else { counts.updated += 1 }
            try upsert.run(item, fingerprint: fingerprint, sourceID: sourceID)
        }
    }

    /// Removes items the source no longer has.
    public func remove(_ ids: [ItemID]) throws {
        for id in ids {
            try delete.execute(arguments: [sourceID, id.rawValue])
            counts.removed += db.changesCount
        }
    }

    /// Removes the items of files read again or gone, `ids` (a file's id), that the read did
    /// not deliver: the file itself and its cue tracks (`file:…#n`). A file that a sheet now
    /// splits loses its whole item; one whose sheet is gone, its tracks.
    public func removeUndelivered(of ids: [ItemID], delivered: Set<ItemID>) throws {
        let parts = try db.makeStatement(sql: "SELECT id FROM items WHERE source_id = ? AND id > ? AND id < ?")
        for id in ids {
            var candidates = [id.rawValue]
            // Every track id `id#…` (CueSplit.trackID) sorts between `id#` and `id$` (`$` follows `#`).
            candidates += try String.fetchAll(parts, arguments: [sourceID, id.rawValue + CueSplit.partSeparator, id.rawValue + "$"])
            for candidate in candidates where !delivered.contains(ItemID(rawValue: candidate)) {
                try delete.execute(arguments: [sourceID, candidate])
                counts.removed += db.changesCount
            }
        }
    }

    /// Replaces the folder records at `paths` (what the walk covered) with `records`.
    public func replaceFolderFiles(at paths: [String], with records: [FolderFileRecord]) throws {
        try FolderFileRecord.replace(at: paths, with: records, sourceID: sourceID, in: db)
    }

    /// Writes the playlist files read again (or first) and forgets those at `removed`.
    public func writePlaylistFiles(_ records: [PlaylistFileRecord], removing removed: [String]) throws {
        try PlaylistFileRows.write(records, removing: removed, sourceID: sourceID, in: db)
    }

    /// Completes the counts: the source's other items are unchanged.
    func finish() throws {
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE source_id = ?", arguments: [sourceID]) ?? 0
        counts.unchanged = total - counts.added - counts.updated
    }
}
