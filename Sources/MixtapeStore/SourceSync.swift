import Foundation
import GRDB
import MixtapeCore

/// Brings one source's rows to exactly the content of a fresh read, inside the caller's
/// transaction: items are compared by fingerprint, so only real changes are written, and
/// whatever the read did not deliver is removed at `finish`.
///
/// Created by `LibraryStore.sync`; not usable outside that transaction.
public final class SourceSync {
    private let db: Database
    private let sourceID: Int64
    private let upsert: Statement
    /// Fingerprints of the items the source had before this read; entries are removed as the
    /// read delivers them, so what is left at the end was deleted from the source.
    private var previous: [String: Int64]
    /// Ids delivered in this read, to count an id repeated within one file once.
    private var seen: Set<String> = []
    public private(set) var counts = SyncCounts()

    init(db: Database, sourceID: Int64) throws {
        self.db = db
        self.sourceID = sourceID
        upsert = try db.makeStatement(sql: ItemRow.upsertSQL)
        previous = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, fingerprint FROM items WHERE source_id = ?",
                                       arguments: [sourceID])
        while let row = try rows.next() {
            previous[row[0]] = row[1]
        }
        previous.reserveCapacity(previous.count)
    }

    /// Records items read from the source, in order; a later item with the same id replaces an
    /// earlier one.
    public func put(_ items: [MediaItem]) throws {
        for item in items {
            let key = item.id.rawValue
            let fingerprint = item.fingerprint
            if !seen.insert(key).inserted {
                try upsert.execute(arguments: ItemRow.arguments(for: item, sourceID: sourceID))
                continue
            }
            switch previous.removeValue(forKey: key) {
            case nil:
                counts.added += 1
            case fingerprint?:
                counts.unchanged += 1
                continue
            default:
                counts.updated += 1
            }
            try upsert.execute(arguments: ItemRow.arguments(for: item, sourceID: sourceID))
        }
    }

    /// Replaces the source's playlists with these, in this order.
    public func replacePlaylists(_ playlists: [Playlist]) throws {
        try db.execute(sql: "DELETE FROM playlists WHERE source_id = ?", arguments: [sourceID])
        let insert = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO playlists (source_id, id, position, name, parent_id, folder, smart,
                master, distinguished_kind, missing, entries) VALUES (?,?,?,?,?,?,?,?,?,?,?)
            """)
        for (position, playlist) in playlists.enumerated() {
            try insert.execute(arguments: [
                sourceID, playlist.id.rawValue, position, playlist.name, playlist.parentID?.rawValue,
                playlist.isFolder, playlist.isSmart, playlist.isMaster, playlist.distinguishedKind,
                playlist.missing, Data(EntryListCodec.encode(playlist.items)),
            ])
        }
        counts.playlists = playlists.count
    }

    /// Deletes the items the read did not deliver.
    func finish() throws {
        let delete = try db.makeStatement(sql: "DELETE FROM items WHERE source_id = ? AND id = ?")
        for id in previous.keys {
            try delete.execute(arguments: [sourceID, id])
        }
        counts.removed = previous.count
        previous = [:]
    }
}
