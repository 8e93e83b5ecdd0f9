import Foundation
import GRDB
import MixtapeCore

/// Reading playlists back: every playlist with its entries, their names alone (a Tab
/// completion, a lookup by name), or one playlist's entries once a lookup has found it.
extension LibraryStore {
    /// Every playlist of every source, sources in the order added, playlists in file order;
    /// without `entries`, their item lists are left empty (not read), for listing names.
    public func playlists(entries: Bool = true) throws -> [Playlist] {
        let columns = entries ? "playlists.*" : ["id", "name", "parent_id", "folder", "smart", "master", "distinguished_kind",
                                                 "missing", "file", "rule", "query", "query_sort", "query_limit"].map { "playlists." + $0 }.joined(separator: ", ")
        return try reading { db in
            // A playlist file in a folder names the folder's ids; an alias resolves to its item.
            let canonical = entries ? try ItemAliases.canonical(in: db) : [:]
            return try Row.fetchAll(db, sql: """
                SELECT \(columns), sources.path AS source_path FROM playlists
                JOIN sources ON sources.id = playlists.source_id
                ORDER BY playlists.source_id, playlists.position
                """).map { row in
                var playlist = Playlist(id: PlaylistID(rawValue: row["id"]), name: row["name"])
                playlist.parentID = (row["parent_id"] as String?).map(PlaylistID.init(rawValue:))
                playlist.isFolder = row["folder"]
                playlist.isSmart = row["smart"]
                playlist.isMaster = row["master"]
                playlist.distinguishedKind = row["distinguished_kind"]
                playlist.missing = row["missing"]
                if entries { (playlist.items, playlist.unresolved) = LibraryStore.entries(of: row, canonical: canonical) }
                playlist.source = row["source_path"]
                playlist.file = row["file"]
                if row["rule"] as Bool { playlist.rule = LibraryStore.smartRule(row) }
                return playlist
            }
        }
    }

    /// The entries of `playlist`, one of `playlists(entries: false)` (found by its source and
    /// id), as `playlists()` gives them: an export of one playlist need not decode the members
    /// of every other (a library's own playlist lists all 100,000 items).
    public func entries(of playlist: Playlist) throws -> (items: [ItemID], unresolved: [UnresolvedEntry]) {
        try entries(of: [playlist])[0]
    }

    /// `entries(of:)` of each of `playlists`, in one read of the index (a `playlist:` filter
    /// naming a folder reads every playlist below it).
    public func entries(of playlists: [Playlist]) throws -> [(items: [ItemID], unresolved: [UnresolvedEntry])] {
        try reading { db in
            let canonical = try ItemAliases.canonical(in: db)
            let statement = try db.makeStatement(sql: """
                SELECT entries, unresolved FROM playlists JOIN sources ON sources.id = playlists.source_id
                WHERE sources.path IS ? AND playlists.id = ?
                """)
            return try playlists.map { playlist in
                guard let row = try Row.fetchOne(statement, arguments: [playlist.source, playlist.id.rawValue])
                else { return ([], []) }
                return LibraryStore.entries(of: row, canonical: canonical)
            }
        }
    }

    /// A row's `entries` (aliases resolved to their items) and `unresolved` columns, decoded.
    private static func entries(of row: Row, canonical: [ItemID: ItemID]) -> (items: [ItemID], unresolved: [UnresolvedEntry]) {
        (StringListCodec.decodeIDs(Array(row["entries"] as Data)).map { canonical[$0] ?? $0 },
         (row["unresolved"] as Data?).map { UnresolvedEntryCodec.decode(Array($0)) } ?? [])
    }

    /// The smart playlists Mixtape evaluates itself (`Playlist.rule`), with their sources'
    /// paths, in source and file order.
    public func ruledPlaylists() throws -> [(source: String, id: PlaylistID, rule: SmartRule)] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT sources.path AS source_path, playlists.id, query, query_sort, query_limit FROM playlists
                JOIN sources ON sources.id = playlists.source_id
                WHERE playlists.rule = 1 ORDER BY playlists.source_id, playlists.position
                """).map { row in
                (row["source_path"], PlaylistID(rawValue: row["id"]), LibraryStore.smartRule(row))
            }
        }
    }

    /// The rule of a playlist row whose `rule` is set, from its `query` columns.
    static func smartRule(_ row: Row) -> SmartRule {
        SmartRule(query: row["query"], sort: row["query_sort"],
                  limit: (row["query_limit"] as String?).flatMap(SmartLimit.init(text:)))
    }
}
