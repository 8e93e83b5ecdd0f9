import MixtapeCore

/// A table of a player's database read in steps of a few thousand rows by `ROWID`, each step
/// its own short statement (`WHERE ROWID > ? ORDER BY ROWID LIMIT ?`), so the player's writes
/// never wait on Mixtape for longer than one step: how `StrawberryLibraryReader` reads `songs`
/// and `StrawberryPlaylists` reads `playlist_items`.
enum StrawberryRowSteps {
    /// Runs `query` (bound to the last `ROWID` read and `step`) until a step comes back short,
    /// handing each row to `each` and calling `afterStep` after every step. The row's `ROWID`
    /// is column `rowIDColumn`; an error names `table` and the last row read.
    static func forEach(_ table: String, in database: ForeignDatabase, query: String, rowIDColumn: Int, step: Int,
                        _ each: (ForeignRow) throws -> Void, afterStep: () throws -> Void = {}) throws {
        var after: Int64 = .min
        var more = true
        while more {
            var count = 0
            try located(table, after: after) {
                try database.rows(query, [after, step]) { row in
                    count += 1
                    after = try advance(after, to: row.integer(rowIDColumn), path: database.path)
                    try each(row)
                }
            }
            more = count == step
            try afterStep()
        }
    }

    /// The `ROWID` of the row just read, which must be past `after`: a damaged b-tree that
    /// hands back a row already read would otherwise make the stepwise read go round forever.
    static func advance(_ after: Int64, to row: Int64?, path: String) throws -> Int64 {
        guard let row, row > after else {
            throw StrawberrySchema.error(path, "rows out of order (ROWID \(row.map(String.init) ?? "NULL") after "
                                         + "\(after)): the database is damaged")
        }
        return row
    }

    /// Runs `body`, naming the table (and the last row read before the failure: `after` is
    /// evaluated then) in an error SQLite reports.
    static func located(_ table: String, after row: @autoclosure () -> Int64?, _ body: () throws -> Void) throws {
        do { try body() } catch let error as MalformedSourceError {
            var place = "table " + table
            if let row = row(), row != .min { place += ", after row \(row)" }
            throw MalformedSourceError(position: error.position, reason: place + ": " + error.reason)
        }
    }
}
