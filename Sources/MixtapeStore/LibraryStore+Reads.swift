import Foundation
import GRDB
import SQLiteThreading
import MixtapeCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reads of the index: items, lines, playlist files and the entries worked out from them.
extension LibraryStore {
    /// How many rows of the sources at `paths` are, under another id, an item of another of
    /// them (`ItemAliases`): what counting their rows counts twice. One indexed lookup per
    /// source, whatever the library's size.
    public func aliasCount(among paths: Set<String>) throws -> Int {
        guard paths.count > 1 else { return 0 }
        return try reading { db in
            guard try db.tableExists("item_aliases") else { return 0 }
            let placeholders = Array(repeating: "?", count: paths.count).joined(separator: ",")
            let sql = """
                SELECT COUNT(*) FROM item_aliases
                WHERE source_id IN (SELECT id FROM sources WHERE path IN (\(placeholders)))
                  AND item_source_id IN (SELECT id FROM sources WHERE path IN (\(placeholders)))
                """
            let arguments = StatementArguments(Array(paths) + Array(paths))
            return try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
        }
    }

    /// Every item in library order (`LibraryOrder`: artist, album, disc, track, title, id;
    /// unknown values last), with only `fields` filled besides `id` and `source` (all by
    /// default). An id found in several sources is listed once, from the source added first.
    public func items(fields: Set<Field> = Set(Field.allCases)) throws -> [MediaItem] {
        try reading { db in try ItemReader.items(fields: fields, in: db) }
    }

    /// Hands each item to `body` in library order, with only `fields` filled besides `id` and
    /// `source`, without holding them all: for callers that keep a column or two of 100,000
    /// items rather than the items themselves.
    public func forEachItem(fields: Set<Field>, _ body: (MediaItem) throws -> Void) throws {
        try reading { db in try ItemReader.forEach(fields: fields, in: db, body) }
    }

    /// Every item's kind and duration in milliseconds, unordered; an id in several sources
    /// comes once per source, with the source's id (the lowest is the one `forEachItem` keeps),
    /// and an alias row (`ItemAliases`) under its own id, which `forEachItem` never hands over.
    public func forEachKindAndDuration(_ body: (ItemID, Kind, Int64?, _ sourceID: Int64) throws -> Void) throws {
        try reading { db in try ItemReader.forEachKindAndDuration(in: db, body) }
    }

    /// Every item's id, location, artist, title and cue start (a cue track's), unordered; an id
    /// in several sources comes once per source, and an alias under its item's id.
    public func forEachLocation(_ body: (ItemID, _ location: String?, _ artist: String?, _ title: String?,
                                         _ startMs: Int64?) throws -> Void) throws {
        try reading { db in try ItemReader.forEachLocation(in: db, body) }
    }

    /// The item with this id or alias (from the source added first when several have it), with
    /// every field, or nil when no source has it.
    public func item(_ id: ItemID) throws -> MediaItem? {
        try reading { db in try ItemReader.item(id, in: db) }
    }

    /// Renders every item's line with `render` (which reads `fields`) and keeps the (id, line)
    /// pairs in library order under `template`, so a search with that template reads one value
    /// instead of scanning and sorting the items table. Any later sync drops it.
    public func writeLineSnapshot(template: String, fields: Set<Field>, render: (MediaItem) -> String) throws {
        try writing { db in try LineSnapshot.write(template: template, fields: fields, render: render, in: db) }
    }

    /// Stores the (id, line) pairs of every item of the index, in library order, rendered by
    /// the caller from items it already holds.
    public func writeLineSnapshot(template: String, ids: [ItemID], lines: [String]) throws {
        try writing { db in try LineSnapshot.write(template: template, pairs: zip(ids, lines), in: db) }
    }

    /// Whether (id, line) pairs are kept for `template`. Kept pairs are always current: every
    /// sync, patch that changed something, or removal drops them.
    public func hasLineSnapshot(template: String) throws -> Bool {
        try reading { db in try LineSnapshot.exists(template: template, in: db) }
    }

    /// The (id, line) pairs kept for `template`, in library order, or nil when there are none
    /// (never written, or dropped by a sync since).
    public func lineSnapshot(template: String) throws -> (ids: PackedStrings, lines: PackedStrings)? {
        try reading { db in try LineSnapshot.read(template: template, in: db) }
    }

    /// The stamps of the playlist files last read from the source at `path`, by file path.
    public func playlistFileStamps(ofSource path: String) throws -> [String: Int64] {
        try reading { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else {
                return [:]
            }
            return try PlaylistFileRows.stamps(sourceID: id, in: db)
        }
    }

    /// Every playlist file of every source, with its source's path.
    public func playlistFiles() throws -> [(source: String, record: PlaylistFileRecord)] {
        try reading { db in try PlaylistFileRows.all(in: db) }
    }

    /// The playlist files at `paths` (those still recorded), with their sources' paths.
    public func playlistFiles(at paths: Set<String>) throws -> [(source: String, record: PlaylistFileRecord)] {
        try reading { db in try PlaylistFileRows.all(in: db, paths: paths) }
    }

    /// The names and places of the playlists derived from the playlist files at `paths`, by file.
    public func playlistPlaces(ofFiles paths: Set<String>) throws -> [String: PlaylistPlace] {
        try reading { db in try LibraryStore.playlistPlaces(ofFiles: paths, in: db) }
    }

    static func playlistPlaces(ofFiles paths: Set<String>, in db: Database) throws -> [String: PlaylistPlace] {
        var places: [String: PlaylistPlace] = [:]
        for path in paths {
            if let row = try Row.fetchOne(db, sql: "SELECT name, position FROM playlists WHERE file = ? AND folder = 0",
                                          arguments: [path]) {
                places[path] = PlaylistPlace(name: row[0], position: row[1])
            }
        }
        return places
    }

    /// Writes the items of smart playlists Mixtape evaluated, found by source path and id, in
    /// one transaction.
    public func updateEntries(ofRuledPlaylists found: [(source: String, id: PlaylistID, items: [ItemID])]) throws {
        try writing { db in
            let update = try db.makeStatement(sql: """
                UPDATE playlists SET entries = ?
                WHERE source_id = (SELECT id FROM sources WHERE path = ?) AND id = ? AND rule = 1
                """)
            for playlist in found {
                try update.execute(arguments: [Data(StringListCodec.encode(playlist.items)), playlist.source,
                                               playlist.id.rawValue])
            }
        }
    }

    /// Rewrites the entries (`items`, `unresolved`, `missing`) of playlists derived from
    /// playlist files, found by `file`, in one transaction: a saved playlist file whose name and
    /// place did not change, without touching the source's other playlists.
    public func updateEntries(ofPlaylistsFromFiles playlists: [Playlist]) throws {
        try writing { db in try LibraryStore.updateEntries(ofPlaylistsFromFiles: playlists, in: db) }
    }

    static func updateEntries(ofPlaylistsFromFiles playlists: [Playlist], in db: Database) throws {
        let update = try db.makeStatement(sql: """
            UPDATE playlists SET entries = ?, unresolved = ?, missing = ? WHERE file = ? AND folder = 0
            """)
        for playlist in playlists {
            try update.execute(arguments: [
                Data(StringListCodec.encode(playlist.items)),
                playlist.unresolved.isEmpty ? nil : Data(UnresolvedEntryCodec.encode(playlist.unresolved)),
                playlist.missing, playlist.file,
            ])
        }
    }

    /// Replaces the playlists of each source named in `bySource` (folder and playlist-file
    /// sources, whose playlists are derived from their files) in one transaction, and records
    /// their counts. Sources no longer recorded are skipped.
    public func replacePlaylists(fromFiles bySource: [String: [Playlist]]) throws {
        try writing { db in try LibraryStore.replacePlaylists(fromFiles: bySource, in: db) }
    }

    static func replacePlaylists(fromFiles bySource: [String: [Playlist]], in db: Database) throws {
        for (path, playlists) in bySource {
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else {
                continue
            }
            let count = try SourceSync.replacePlaylists(playlists, sourceID: id, in: db)
            try db.execute(sql: "UPDATE sources SET playlist_count = ? WHERE id = ?", arguments: [count, id])
        }
    }
}
