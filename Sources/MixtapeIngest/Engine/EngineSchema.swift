import MixtapeCore

/// Which of the three layouts an Engine `m.db` is in, told apart by its tables and columns
/// (not by `Information`'s version numbers, which a reader cannot check against a list of every
/// firmware ever shipped). Surveyed from the databases of about 60 Engine versions:
///
/// | family | versions (schema) | track fields | lists |
/// |---|---|---|---|
/// | `crateTables` | Engine Prime / SC5000 firmware 1.0 (schema 1.6, 1.7) | `MetaData` (text by type) and `MetaDataInteger` rows keyed by track id | `Crate` + `CrateParentList` + `CrateTrackList`, `Playlist` + `PlaylistTrackList`, `Historylist` + `HistorylistTrackList` |
/// | `listTable` | Engine Prime 1.1–1.6, firmware 1.2–1.6 (schema 1.9–1.18) | as above | one `List` table (`type` 1 playlist, 2 history, 3 prepare, 4 crate) + `ListParentList` + `ListTrackList`; the old names are views onto it |
/// | `playlistEntities` | Engine DJ 2.0 to 4.x desktop and firmware (schema 2.18 and later) | `Track` columns (`title`, `artist`, `key`, `rating`, `dateAdded` …) | `Playlist` (a tree by `parentListId`) + `PlaylistEntity` (a linked list by `nextEntityId`); no crates |
///
/// Only real tables are read (never the views), so a view or trigger in a hostile file never runs.
struct EngineSchema {
    enum Family: String {
        case crateTables, listTable, playlistEntities
    }

    let family: Family
    /// The columns of each table the reader reads, as the file has them.
    let columns: [String: Set<String>]

    /// The tables and columns each family must have; a missing one is a located error naming it.
    static let required: [Family: [(table: String, columns: [String])]] = [
        .crateTables: metaData + [
            ("Crate", ["id", "title"]), ("CrateParentList", ["crateOriginId", "crateParentId"]),
            ("CrateTrackList", ["crateId", "trackId"]), ("Playlist", ["id", "title"]),
            ("PlaylistTrackList", ["playlistId", "trackId", "trackNumber"]), ("Historylist", ["id", "title"]),
            ("HistorylistTrackList", ["historylistId", "trackId"]),
        ],
        .listTable: metaData + [
            ("List", ["id", "type", "title"]),
            ("ListParentList", ["listOriginId", "listOriginType", "listParentId", "listParentType"]),
            ("ListTrackList", ["listId", "listType", "trackId", "trackNumber"]),
        ],
        .playlistEntities: [
            information, ("Track", ["id", "path"]),
            ("Playlist", ["id", "title", "parentListId"]), ("PlaylistEntity", ["id", "listId", "trackId", "nextEntityId"]),
        ],
    ]
    private static let information = (table: "Information", columns: ["uuid"])
    private static let metaData: [(table: String, columns: [String])] = [
        information, ("Track", ["id", "path"]),
        ("MetaData", ["id", "type", "text"]), ("MetaDataInteger", ["id", "type", "value"]),
    ]

    /// Reads the schema of `database` and tells its family. Throws a `MalformedSourceError`
    /// naming the table (or column) that is missing.
    static func read(_ database: ForeignDatabase) throws -> EngineSchema {
        let tables = try database.tables()
        let trackColumns = tables.contains("Track") ? try database.columns(of: "Track") : []
        let family: Family
        if trackColumns.contains("title") {
            family = .playlistEntities
        } else if tables.contains("List") {
            family = .listTable
        } else if tables.contains("Crate") {
            family = .crateTables
        } else if !tables.contains("MetaData") || !tables.contains("Track") {
            throw error(database, "table \(tables.contains("Track") ? "MetaData" : "Track") is missing: not an Engine library of any known version")
        } else {
            throw error(database, "table List (or Crate) is missing: not an Engine library of any known version")
        }
        var columns: [String: Set<String>] = [:]
        for (table, wanted) in required[family] ?? [] {
            guard tables.contains(table) else { throw error(database, "table \(table) is missing") }
            let found = table == "Track" ? trackColumns : try database.columns(of: table)
            if let absent = wanted.first(where: { !found.contains($0) }) {
                throw error(database, "table \(table) has no column \(absent)")
            }
            columns[table] = found
        }
        return EngineSchema(family: family, columns: columns)
    }

    /// `name` when `table` has that column, else `NULL`: the select lists of the readers name
    /// every column some version has, and a version without one reads it as absent.
    func column(_ name: String, of table: String, as alias: String? = nil) -> String {
        let prefix = alias.map { $0 + "." } ?? ""
        return columns[table]?.contains(name) == true ? prefix + "\"\(name)\"" : "NULL"
    }

    static func error(_ database: ForeignDatabase, _ reason: String) -> MalformedSourceError {
        MalformedSourceError(position: SourcePosition(file: database.path, line: 0, column: 0), reason: reason)
    }
}
