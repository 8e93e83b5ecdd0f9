import MixtapeCore

/// The tables and columns a Strawberry or Clementine database has, and the statements that read
/// it. Both players added columns over many schema versions (Clementine's `rating` at 3,
/// `skipcount` at 18, `cue_path` at 25; Strawberry's `initial_key` late), so the reader asks the
/// file which columns it has and reads a missing one as NULL: the field is then absent. Only the
/// columns without which nothing can be read are required, and a database without one is a
/// located error naming the table (exit 65).
///
/// Every name put into SQL comes from the lists here, never from the file, and is quoted.
struct StrawberrySchema {
    let dialect: StrawberryDialect
    /// The columns of `songs`, `playlists`, `playlist_items`.
    let songs, playlists, entries: Set<String>
    /// `schema_version.version`, when the table has one.
    let version: Int64?

    /// Reads the schema of `database`; throws naming the first required table or column missing.
    init(_ database: ForeignDatabase, dialect: StrawberryDialect) throws {
        self.dialect = dialect
        let tables = try database.tables()
        for table in ["songs", "playlists", "playlist_items"] where !tables.contains(table) {
            throw Self.error(database.path, "table \(table) is missing: not a \(dialect.application) database, or a damaged one")
        }
        songs = try database.columns(of: "songs")
        playlists = try database.columns(of: "playlists")
        entries = try database.columns(of: "playlist_items")
        let required = [("songs", songs, dialect.songLocation), ("playlists", playlists, "name"),
                        ("playlist_items", entries, "playlist")]
        for (table, columns, column) in required where !columns.contains(column) {
            throw Self.error(database.path, "table \(table) has no column \(column)")
        }
        if !entries.contains(dialect.entrySong) && !dialect.entryLocations.contains(where: entries.contains) {
            throw Self.error(database.path, "table playlist_items has neither \(dialect.entrySong) nor "
                             + dialect.entryLocations.joined(separator: " nor "))
        }
        var version: Int64?
        if tables.contains("schema_version"), try database.columns(of: "schema_version").contains("version") {
            try database.rows("SELECT version FROM schema_version LIMIT 1") { version = $0.integer(0) }
        }
        self.version = version
    }

    static func error(_ path: String, _ reason: String) -> MalformedSourceError {
        MalformedSourceError(position: SourcePosition(file: path, line: 0, column: 0), reason: reason)
    }

    var lengthsInSeconds: Bool { dialect.lengthsInSeconds(schemaVersion: version) }

    /// `"name"`, or NULL when the table lacks it; the first present of several names.
    private static func column(_ names: [String], in columns: Set<String>, table: String = "") -> String {
        guard let name = names.first(where: columns.contains) else { return "NULL" }
        return table + "\"" + name + "\""
    }

    /// Up to `limit` songs after `ROWID` `after`, in `ROWID` order: `ROWID`, then the columns of
    /// `StrawberrySong.Column` in order. Read in steps, so no statement (and no lock the
    /// player's writes would wait for) lasts longer than one batch.
    var songsQuery: String {
        let list = StrawberrySong.Column.allCases.map { Self.column($0.names(in: dialect), in: songs) }
        return "SELECT ROWID, " + list.joined(separator: ", ") + " FROM songs WHERE ROWID > ? ORDER BY ROWID LIMIT ?"
    }

    /// Every playlist: `ROWID`, `name`, `ui_path`, the dynamic playlist's data, in the order of
    /// the player's tabs (`ui_order`; a closed saved playlist has -1 and comes after the open
    /// ones), then by `ROWID`.
    var playlistsQuery: String {
        let order = playlists.contains("ui_order") ? "\"ui_order\" < 0, \"ui_order\", " : ""
        return "SELECT ROWID, \"name\", " + Self.column(["ui_path"], in: playlists) + ", "
            + Self.column(["dynamic_playlist_data"], in: playlists) + " FROM playlists ORDER BY " + order + "ROWID"
    }

    /// Up to `limit` playlist entries after `ROWID` `after`, in `ROWID` order (the players
    /// delete a playlist's entries and insert them again in order each time they save it, and
    /// read them back in `ROWID` order): `playlist`, `ROWID`, the song's location, start and cue
    /// sheet when the entry names a row of `songs`, then the entry's own location, start, cue
    /// sheet, title, artist and length.
    var entriesQuery: String {
        let songColumns: String
        if entries.contains(dialect.entrySong) {
            songColumns = ["s.\"\(dialect.songLocation)\"", Self.column(["beginning"], in: songs, table: "s."),
                           Self.column(["cue_path"], in: songs, table: "s.")].joined(separator: ", ")
        } else {
            songColumns = "NULL, NULL, NULL"
        }
        // Clementine from schema 29 keeps a file in `filename` and may leave a stream in `url`.
        let locations = dialect.entryLocations.filter(entries.contains).map { "NULLIF(i.\"\($0)\", '')" }
        let location = locations.isEmpty ? "NULL" : locations.count == 1 ? locations[0]
            : "COALESCE(" + locations.joined(separator: ", ") + ")"
        let own = [location, Self.column(["beginning"], in: entries, table: "i."),
                   Self.column(["cue_path"], in: entries, table: "i."), Self.column(["title"], in: entries, table: "i."),
                   Self.column(["artist"], in: entries, table: "i."), Self.column(["length"], in: entries, table: "i.")]
        let join = entries.contains(dialect.entrySong)
            ? " LEFT JOIN songs AS s ON s.ROWID = i.\"\(dialect.entrySong)\"" : ""
        return "SELECT i.\"playlist\", i.ROWID, " + songColumns + ", " + own.joined(separator: ", ")
            + " FROM playlist_items AS i" + join + " WHERE i.ROWID > ? ORDER BY i.ROWID LIMIT ?"
    }
}
