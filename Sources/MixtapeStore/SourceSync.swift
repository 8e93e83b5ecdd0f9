import Foundation
import GRDB
import MixtapeCore

/// Brings one source's rows to exactly the content of a fresh read, inside the caller's
/// transaction: items are compared by fingerprint, so only real changes are written, and
/// whatever the read did not deliver is removed at `finish`.
///
/// Memory stays small whatever the library size: items are tracked by a 64-bit hash of their
/// id rather than the id string (two of 100,000 ids colliding has odds near 1 in 10⁹).
///
/// Created by `LibraryStore.sync`; not usable outside that transaction.
public final class SourceSync {
    /// What the index held for an item before this read.
    private struct Previous {
        var fingerprint: Int64
        var trackID: Int64?
    }

    private let db: Database
    private let sourceID: Int64
    private let upsert: Statement
    private let renumber: Statement
    /// The source's items before this read; entries are removed as the read delivers them,
    /// so what is left at the end was deleted from the source.
    private var previous: [UInt64: Previous] = [:]
    /// Ids delivered in this read, to count an id repeated within one file once.
    private var seen: Set<UInt64> = []
    public private(set) var counts = SyncCounts()

    init(db: Database, sourceID: Int64) throws {
        self.db = db
        self.sourceID = sourceID
        upsert = try db.makeStatement(sql: ItemRow.upsertSQL)
        renumber = try db.makeStatement(sql: "UPDATE items SET track_id = ? WHERE source_id = ? AND id = ?")
        let rows = try Row.fetchCursor(db, sql: "SELECT id, fingerprint, track_id FROM items WHERE source_id = ?",
                                       arguments: [sourceID])
        while let row = try rows.next() {
            previous[SourceSync.key(row[0])] = Previous(fingerprint: row[1], trackID: row[2])
        }
    }

    /// Records items read from the source, in order; a later item with the same id replaces an
    /// earlier one.
    public func put(_ items: [MediaItem]) throws {
        for item in items {
            let key = SourceSync.key(item.id.rawValue)
            let fingerprint = item.fingerprint
            guard seen.insert(key).inserted else {
                try ItemRow.upsert(item, fingerprint: fingerprint, sourceID: sourceID, with: upsert)
                continue
            }
            switch previous.removeValue(forKey: key) {
            case nil:
                counts.added += 1
            case let old? where old.fingerprint == fingerprint:
                counts.unchanged += 1
                if old.trackID != item.trackID {
                    try renumber.execute(arguments: [item.trackID, sourceID, item.id.rawValue])
                }
                continue
            default:
                counts.updated += 1
            }
            try ItemRow.upsert(item, fingerprint: fingerprint, sourceID: sourceID, with: upsert)
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

    /// Deletes the items the read did not deliver. Their ids are found by one more scan of the
    /// source's rows, done only when something was deleted.
    func finish() throws {
        counts.removed = previous.count
        guard !previous.isEmpty else { return }
        var gone: [String] = []
        let ids = try String.fetchCursor(db, sql: "SELECT id FROM items WHERE source_id = ?", arguments: [sourceID])
        while let id = try ids.next() {
            if previous[SourceSync.key(id)] != nil { gone.append(id) }
        }
        let delete = try db.makeStatement(sql: "DELETE FROM items WHERE source_id = ? AND id = ?")
        for id in gone { try delete.execute(arguments: [sourceID, id]) }
        previous = [:]
    }

    private static func key(_ id: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(id)
        return hash.value
    }
}
