import Foundation
import GRDB
import GRDBSQLite
import MixtapeCore

/// Brings one source's rows to exactly the content of a fresh read, inside the caller's
/// transaction: items are compared by fingerprint, so only real changes are written, and
/// whatever the read did not deliver is removed at `finish`.
///
/// Memory stays small whatever the library size: what the index held is kept as flat arrays
/// sorted by a 64-bit hash of each id (24 bytes and a bit per item, against ~120 for a
/// dictionary of id strings); two of 100,000 ids colliding has odds near 1 in 10⁹.
///
/// Created by `LibraryStore.sync`; not usable outside that transaction.
public final class SourceSync {
    private let db: Database
    private let sourceID: Int64
    /// The upsert of an item, prepared when first needed: its conflict clause names the
    /// identity index, which a sync into an empty index makes only when it needs it.
    private var preparedUpsert: ItemRow.Upsert?
    private let ownFiles: Bool
    /// While the sync writes without the identity index (into an empty items table, see
    /// `IdentityIndex`): what writes the rows, several to a statement, and the keys of the ids
    /// written so far. An id written twice (or two whose keys collide) makes the index there
    /// and then, and the rest of the sync upserts as usual.
    private var appending: (rows: ItemRow.Appends, written: HashKeySet)?
    private let renumber: Statement
    /// The source's items before this read, sorted by id hash, with their fingerprints and
    /// Track IDs (`Int64.min` for none) at the same index.
    private let previousKeys: [UInt64]
    private let previousFingerprints: [Int64]
    private let previousTrackIDs: [Int64]
    /// Which of the previous items this read delivered; the rest were deleted from the source.
    private var delivered: [Bool]
    /// Indices of the previous items that are parts of a file (cue tracks, `file:…#3`), by
    /// the key of the file's id: keeping a file keeps its tracks.
    private let parts: [UInt64: [Int]]
    public private(set) var counts = SyncCounts()
    /// Whether an unchanged item got a new Track ID (which a `--format` line may show).
    private(set) var renumbered = false
    /// Gathers the line snapshot while items go by, when the caller asked for it.
    var lines: LineSnapshotCollector?
    /// Gathers the rows relocation reads as they are inserted, when the caller asked for it.
    var locatedRows: LocatedRows.Gathering?

    init(db: Database, sourceID: Int64) throws {
        self.db = db
        self.sourceID = sourceID
        let kind = try String.fetchOne(db, sql: "SELECT kind FROM sources WHERE id = ?", arguments: [sourceID])
        ownFiles = kind == SourceKind.folder.rawValue
        // Into an empty index (a first `index`), every row is new: written without the
        // identity index, which is made once at `finish`.
        let empty = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM items)") ?? false)
        if empty { try IdentityIndex.drop(in: db) }
        appending = empty ? (ItemRow.Appends(in: db, ownFiles: ownFiles), HashKeySet()) : nil
        renumber = try db.makeStatement(sql: "UPDATE items SET track_id = ? WHERE source_id = ? AND id = ?")
        // Read into three arrays sized up front, then put in key order through one permutation:
        // an array of tuples grown by doubling, then mapped, held three times the 24 bytes an
        // item needs at once (72 MB more at a million tracks).
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE source_id = ?", arguments: [sourceID]) ?? 0
        var keys: [UInt64] = [], fingerprints: [Int64] = [], trackIDs: [Int64] = []
        keys.reserveCapacity(count)
        fingerprints.reserveCapacity(count)
        trackIDs.reserveCapacity(count)
        var partIDs: [String] = []
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, fingerprint, track_id FROM items WHERE source_id = ?",
                                         arguments: [sourceID])
        while let row = try cursor.next() {
            let id: String = row[0]
            if id.contains(CueSplit.partSeparator) { partIDs.append(id) }
            keys.append(SourceSync.key(id))
            fingerprints.append(row[1])
            trackIDs.append((row[2] as Int64?) ?? Int64.min)
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        previousKeys = order.map { keys[$0] }
        keys = []
        previousFingerprints = order.map { fingerprints[$0] }
        fingerprints = []
        previousTrackIDs = order.map { trackIDs[$0] }
        trackIDs = []
        delivered = Array(repeating: false, count: order.count)
        var parts: [UInt64: [Int]] = [:]
        for id in partIDs {
            guard let whole = CueSplit.fileID(ofTrack: id) else { continue }
            let key = SourceSync.key(id)
            let low = previousKeys.partitionPoint(key)
            if low < previousKeys.count, previousKeys[low] == key {
                parts[SourceSync.key(whole), default: []].append(low)
            }
        }
        self.parts = parts
    }


    /// Records items read from the source, in order; a later item with the same id replaces an
    /// earlier one.
    ///
    /// `prepared`, when given, holds the items' fingerprints and sort keys, worked out on
    /// another thread: this one, which writes, is the busier of an index run's two.
    public func put(_ items: consuming [MediaItem], prepared: PreparedItems? = nil) throws {
        precondition(prepared.map { $0.count == items.count } ?? true, "one prepared fingerprint and key per item")
        // Each item lent in place as `inout`: `for item in items`, `items[position]` and an
        // unsafe buffer's element all copied the forty-field item to lend it (a retain and a
        // release per text, about 3% of a Rhythmbox index), `borrowing` too. An array the
        // caller hands over (its last use) is not copied to be made mutable.
        try items.withUnsafeMutableBufferPointer { items in
            // Into an empty index, the items go in as new rows up to an id read twice, if any.
            let appended = appending == nil ? items.startIndex : try append(items, prepared: prepared)
            for position in appended..<items.endIndex {
                if let prepared {
                    try prepared.withSortKey(at: position) { key in
                        try put(&items[position], fingerprint: prepared.fingerprints[position], sortKey: key)
                    }
                } else {
                    try put(&items[position], fingerprint: items[position].fingerprint, sortKey: nil)
                }
            }
        }
    }

    /// Writes the items while their ids are new to this sync (into an empty index, each is
    /// new to it), several rows to a statement. Returns where it stopped: the end, or an id
    /// written already, for which the identity index is made now (and the rest is upserted).
    private func append(_ items: UnsafeMutableBufferPointer<MediaItem>, prepared: PreparedItems?) throws -> Int {
        let start = items.startIndex
        var end = start
        while end < items.endIndex, appending?.written.insert(Self.key(of: &items[end])) == true {
            end += 1
        }
        try appending?.rows.insert(items, start..<end, sourceID: sourceID, prepared: prepared) { item, rowID, sortKey in
            locatedRows?.add(item, rowID: rowID)
            lines?.add(item, sortKey: sortKey, rowID: rowID)
        }
        if end < items.endIndex { try makeIdentityIndex() }
        return end
    }

    /// `sortKey`: the item's, when worked out already.
    private func put(_ item: inout MediaItem, fingerprint: Int64, sortKey: UnsafeBufferPointer<UInt8>?) throws {
        let key = SourceSync.key(item.id.rawValue)
        guard let index = previousIndex(of: key) else {
            // New to the index (or repeated within this read): counted at `finish`.
            return try write(item, fingerprint: fingerprint, sortKey: sortKey)
        }
        if delivered[index] {
            // The same id again within one read: the later one wins, counted once.
            return try write(item, fingerprint: fingerprint, sortKey: sortKey)
        }
        delivered[index] = true
        if previousFingerprints[index] == fingerprint {
            counts.unchanged += 1
            locatedRows?.missed()
            if let sortKey { lines?.add(item, sortKey: sortKey, rowID: nil) } else { lines?.add(item) }
            if previousTrackIDs[index] != item.trackID ?? Int64.min {
                renumbered = true
                try renumber.execute(arguments: [item.trackID, sourceID, item.id.rawValue])
            }
        } else {
            counts.updated += 1
            try write(item, fingerprint: fingerprint, sortKey: sortKey)
        }
    }

    /// Upserts one item's row, and hands it to the line collector with the sort key just made.
    private func write(_ item: MediaItem, fingerprint: Int64, sortKey: UnsafeBufferPointer<UInt8>?) throws {
        let upsert = try self.upsert()
        let rowID = try upsert.run(item, fingerprint: fingerprint, sourceID: sourceID, sortKey: sortKey)
        locatedRows?.add(item, rowID: rowID)
        if let lines { upsert.withLastSortKey { lines.add(item, sortKey: $0, rowID: rowID) } }
    }

    /// Records items the source still has but that were not read again because nothing about
    /// them changed (a folder's untouched files): they count as unchanged and are not deleted.
    /// Ids the index does not hold are ignored. A file's cue tracks are kept with it.
    public func keep(_ ids: [ItemID]) {
        // Items kept unread have no line here: the snapshot is read back from the index instead.
        if !ids.isEmpty {
            lines?.abandon()
            locatedRows?.missed()
        }
        for id in ids {
            for index in parts[SourceSync.key(id.rawValue)] ?? [] where !delivered[index] {
                delivered[index] = true
                counts.unchanged += 1
            }
            guard let index = previousIndex(of: SourceSync.key(id.rawValue)), !delivered[index] else { continue }
            delivered[index] = true
            counts.unchanged += 1
        }
    }

    /// Replaces what the folder walk recorded for this source.
    public func replaceFolderFiles(_ records: [FolderFileRecord]) throws {
        try FolderFileRecord.replaceAll(records, sourceID: sourceID, in: db)
    }

    /// Ends writing without the identity index: makes it, and upserts from here on.
    private func makeIdentityIndex() throws {
        guard appending != nil else { return }
        appending = nil
        try IdentityIndex.create(in: db)
    }

    private func upsert() throws -> ItemRow.Upsert {
        if let preparedUpsert { return preparedUpsert }
        let made = try ItemRow.Upsert(in: db, ownFiles: ownFiles)
        preparedUpsert = made
        return made
    }

    private func previousIndex(of key: UInt64) -> Int? {
        let low = previousKeys.partitionPoint(key)
        return low < previousKeys.count && previousKeys[low] == key ? low : nil
    }

    /// Replaces the source's playlists with these, in this order; after `appendPlaylists`,
    /// these follow the ones appended.
    public func replacePlaylists(_ playlists: [Playlist]) throws {
        if nextPlaylistPosition == nil {
            counts.playlists = try SourceSync.replacePlaylists(playlists, sourceID: sourceID, in: db)
        } else {
            try appendPlaylists(playlists)
        }
    }

    /// Where the next appended playlist goes; nil until `appendPlaylists` first cleared the
    /// source's playlists.
    private var nextPlaylistPosition: Int?

    /// Writes playlists a reader completed while still reading, in order: the first call
    /// replaces the source's playlists, later ones (and `replacePlaylists`) add after them.
    /// Each is written and let go at once, so a library's playlists never all sit in memory.
    public func appendPlaylists(_ playlists: [Playlist]) throws {
        var position = try nextPlaylistPosition ?? {
            try db.execute(sql: "DELETE FROM playlists WHERE source_id = ?", arguments: [sourceID])
            return 0
        }()
        let insert = try SourceSync.playlistInsert(in: db)
        for playlist in playlists {
            try SourceSync.insert(playlist, at: position, sourceID: sourceID, with: insert)
            position += 1
        }
        nextPlaylistPosition = position
        counts.playlists = position
    }

    /// Writes the playlist files read again (or first) and forgets those at `removed`; their
    /// playlists are derived afterwards (`LibraryStore.replacePlaylists(fromFiles:)`).
    public func writePlaylistFiles(_ records: [PlaylistFileRecord], removing removed: [String]) throws {
        try PlaylistFileRows.write(records, removing: removed, sourceID: sourceID, in: db)
    }

    /// Replaces the playlists of source `sourceID` with these, in this order; returns how many.
    static func replacePlaylists(_ playlists: [Playlist], sourceID: Int64, in db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM playlists WHERE source_id = ?", arguments: [sourceID])
        let insert = try playlistInsert(in: db)
        for (position, playlist) in playlists.enumerated() {
            try SourceSync.insert(playlist, at: position, sourceID: sourceID, with: insert)
        }
        return playlists.count
    }

    private static func playlistInsert(in db: Database) throws -> Statement {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO playlists (source_id, id, position, name, parent_id, folder, smart,
                master, distinguished_kind, missing, entries, file, unresolved, rule, query, query_sort, query_limit)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
    }

    /// One playlist row. The entries are written in place a megabyte at a time, spelled out
    /// from their compact form (`PackedItemIDs`) as they go: bound whole, SQLite built a record
    /// as large as them (24 MB for a million-track master playlist) beside the list itself.
    private static func insert(_ playlist: Playlist, at position: Int, sourceID: Int64, with insert: Statement) throws {
        let entries = playlist.packedItems ?? PackedItemIDs(playlist.items)
        insert.setUncheckedArguments([
            sourceID, playlist.id.rawValue, position, playlist.name, playlist.parentID?.rawValue,
            playlist.isFolder, playlist.isSmart, playlist.isMaster, playlist.distinguishedKind,
            playlist.missing, nil, playlist.file,
            playlist.unresolved.isEmpty ? nil : Data(UnresolvedEntryCodec.encode(playlist.unresolved)),
            playlist.rule != nil, playlist.rule?.query, playlist.rule?.sort, playlist.rule?.limit?.text,
        ])
        let handle = insert.sqliteStatement
        sqlite3_bind_zeroblob(handle, entriesParameter, Int32(entries.byteCount))
        try insert.execute()
        guard entries.count > 0 else { return }
        let db = sqlite3_db_handle(handle)
        var blob: OpaquePointer?
        guard sqlite3_blob_open(db, "main", "playlists", "entries", sqlite3_last_insert_rowid(db), 1, &blob) == SQLITE_OK else {
            sqlite3_blob_close(blob)
            throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_errcode(db)), message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_blob_close(blob) }
        var offset = 0
        try entries.forEachChunk(of: 1 << 20) { chunk in
            let code = sqlite3_blob_write(blob, chunk.baseAddress!, Int32(chunk.count), Int32(offset))
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db)))
            }
            offset += chunk.count
        }
    }

    /// The `entries` parameter's place in the playlist insert.
    private static let entriesParameter: Int32 = 11

    /// Deletes the items the read did not deliver and completes the counts. Their ids are
    /// found by one more scan of the source's rows, done only when something was deleted.
    func finish() throws {
        if let written = appending?.written {
            // Every row is one this sync inserted, none to delete: what is worked out from the
            // rows starts now, on another core, while the identity index is made.
            counts.added = written.count - counts.updated - counts.unchanged
            locatedRows?.finish(sourceRows: written.count)
            // One after the other: relocation needs the grouped rows first, and a third busy
            // thread on two cores would take time from the index being made.
            if let lines, let locatedRows {
                lines.orderInBackground(after: locatedRows.groupingDone)
            } else {
                lines?.orderInBackground()
            }
            return try makeIdentityIndex()
        }
        let gone = delivered.lazy.filter { !$0 }.count
        if gone > 0 {
            var ids: [String] = []
            let cursor = try String.fetchCursor(db, sql: "SELECT id FROM items WHERE source_id = ?",
                                                arguments: [sourceID])
            while let id = try cursor.next() {
                if let index = previousIndex(of: SourceSync.key(id)), !delivered[index] { ids.append(id) }
            }
            let delete = try db.makeStatement(sql: "DELETE FROM items WHERE source_id = ? AND id = ?")
            for id in ids { try delete.execute(arguments: [sourceID, id]) }
        }
        counts.removed = gone
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE source_id = ?",
                                     arguments: [sourceID]) ?? 0
        counts.added = total - counts.updated - counts.unchanged
        locatedRows?.finish(sourceRows: total)
    }

    /// The key of `item`'s id, the item lent in place.
    private static func key(of item: inout MediaItem) -> UInt64 { key(item.id.rawValue) }

    private static func key(_ id: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(id)
        return hash.value
    }
}

extension [UInt64] {
    /// The first index whose key is not below `key` (the array is sorted).
    fileprivate func partitionPoint(_ key: UInt64) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
