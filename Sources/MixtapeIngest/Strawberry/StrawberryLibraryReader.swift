import MixtapeCore

/// Reads a Strawberry (`strawberry.db`) or Clementine (`clementine.db`) database into items and
/// playlists (spec/sources.md). One reader for both: Strawberry is a fork of Clementine and the
/// two differ in a few column names (`StrawberryDialect`) and in which columns a schema version
/// has (`StrawberrySchema`, which asks the file).
///
/// The database is the player's own, maybe open in the player right now: `ForeignDatabase`
/// opens it read-only (nothing is ever written, no journal is rolled back), and songs and
/// playlist entries are read in steps of a few thousand rows by `ROWID`, each step its own short
/// statement, so the player's writes never wait on Mixtape for longer than one step (in
/// rollback-journal mode a reader's shared lock holds a writer's commit back; in WAL mode
/// nothing does). Items reach the caller in batches as they are read: memory holds one batch
/// and one 64-bit hash per song, not the library.
///
/// A database SQLite reports as damaged, a table or column missing, a value too large: a
/// `MalformedSourceError` naming the file and the table (and the last row read), and the caller
/// keeps nothing. Fields and ids: `StrawberrySong`; playlists: `StrawberryPlaylists`.
public struct StrawberryLibraryReader: Sendable {
    /// Songs per `onUnmapped` call, and per statement.
    static let batchSize = 1024

    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String
    public let dialect: StrawberryDialect

    /// A reader for the database at `path` (nothing is opened until `read`).
    public init(path: String, dialect: StrawberryDialect) {
        self.path = path
        self.dialect = dialect
    }

    /// Reads the database, handing items to `onItems` in batches in `ROWID` order.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its songs are mapped to items, so the
    /// caller maps them on a thread of its choosing.
    public func read(onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let database = try ForeignDatabase(path: path)
        let schema = try StrawberrySchema(database, dialect: dialect)
        var known: Set<UInt64> = []
        var warnings: [IndexWarning] = []
        var pending: [(song: StrawberrySong, id: ItemID)] = []
        try StrawberryRowSteps.forEach("songs", in: database, query: schema.songsQuery, rowIDColumn: 0, step: Self.batchSize) { row in
            take(row, schema, into: &pending, known: &known, warnings: &warnings)
        } afterStep: {
            if !pending.isEmpty { try onUnmapped(Self.take(&pending, source: path)) }
        }
        let playlists = try StrawberryPlaylists(dialect: dialect, schema: schema, source: path)
            .read(database, knowing: known)
        let version = dialect.application + (schema.version.map { " (schema \($0))" } ?? "")
        return LibraryReadSummary(playlists: playlists, warnings: warnings, trackCount: known.count,
                                  applicationVersion: version)
    }

    /// One row of `songs`: a song with its id, unless it has no file or repeats one.
    private func take(_ row: ForeignRow, _ schema: StrawberrySchema, into pending: inout [(song: StrawberrySong, id: ItemID)],
                      known: inout Set<UInt64>, warnings: inout [IndexWarning]) {
        let place = SourcePosition(file: path, line: 0, column: 0)
        guard let song = StrawberrySong(row, lengthsInSeconds: schema.lengthsInSeconds) else {
            let rowID = row.integer(0).map(String.init) ?? "?"
            return warnings.append(IndexWarning(position: place, message: "table songs, row \(rowID): a song with no "
                                                + "\(dialect.songLocation) is skipped"))
        }
        let (id, hash) = song.identity(in: dialect)
        guard known.insert(hash).inserted else {
            return warnings.append(IndexWarning(position: place, message: "table songs, row \(song.row): "
                                                + "\(song.location) is listed twice; the first song is kept"))
        }
        pending.append((song, id))
    }

    private static func take(_ pending: inout [(song: StrawberrySong, id: ItemID)], source: String) -> UnmappedItems {
        UnmappedItems(taking: &pending) { $0.song.item(source: source, id: $0.id) }
    }

    /// Reads a database file into memory, for tests and fuzzing.
    public static func read(path: String, dialect: StrawberryDialect) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        var items: [MediaItem] = []
        let summary = try StrawberryLibraryReader(path: path, dialect: dialect).read(onItems: { items += $0 })
        return (items, summary)
    }
}
