import MixtapeCore

/// Tells which application wrote an SQLite database, by its tables and columns: the second
/// look `SourceSniffer` takes at a file whose head says "SQLite format 3" (a head cannot say
/// more; the schema may span pages). A registry like `SourceSniffer`'s, tried in order.
enum DatabaseSniffer {
    /// What the sniffer knows of a database: its real tables, and a table's columns on demand.
    struct Schema {
        let tables: Set<String>
        let columns: (String) -> Set<String>

        func has(_ names: String...) -> Bool { names.allSatisfy(tables.contains) }
    }

    /// One kind and how to recognise its schema.
    struct Row: Sendable {
        let kind: ContentKind
        let recognise: @Sendable (Schema) -> Bool
    }

    static let rows: [Row] = [
        // Engine DJ and Engine Prime, every schema (1.x: MetaData tables; 2.x and 3.x: Track columns).
        Row(kind: .engine) { $0.has("Information", "Track") },
        // Engine's other databases beside m.db: performance data (p.db, sp.db: beat grids, cues).
        Row(kind: .other("engine-performance", "an Engine DJ performance database (p.db)",
                         advice: engineAdvice)) { $0.has("Information", "PerformanceData") },
        // Strawberry, a fork of Clementine, names a song by `url` and says where it came from.
        // Both are told by `songs` (and the `schema_version` every schema of theirs has), not
        // by their playlist tables: a database that lacks one is read by its reader, which
        // names the missing table (exit 65), rather than refused as of no known application.
        Row(kind: .strawberry) { $0.has("songs", "schema_version") && $0.columns("songs").isSuperset(of: ["url", "source"]) },
        Row(kind: .clementine) { $0.has("songs", "schema_version") && $0.columns("songs").contains("filename") },
        Row(kind: .other("mixtape-index", "a mixtape index",
                         advice: "index the libraries it was made from")) { $0.has("sources", "items", "playlists", "selection") },
    ]

    /// The kind of the database at `path`; a database of no known kind, or one SQLite cannot
    /// open, is `sqlite` with what SQLite said.
    static func recognise(path: String) -> ContentKind {
        let schema: Schema
        do {
            let database = try ForeignDatabase(path: path)
            let tables = try database.tables()
            schema = Schema(tables: tables) { (try? database.columns(of: $0)) ?? [] }
            return rows.first { $0.recognise(schema) }?.kind ?? unknown
        } catch let error as MalformedSourceError {
            return .other("sqlite", "an SQLite database mixtape cannot read: \(error.reason)", advice: unreadableAdvice)
        } catch {
            return .other("sqlite", "an SQLite database mixtape cannot read: \(error)", advice: unreadableAdvice)
        }
    }

    /// Where the library of an Engine database that is not one lives.
    static let engineAdvice = "index the m.db beside it (Engine Library/m.db; Engine DJ 2 and later: "
        + "Engine Library/Database2/m.db), which holds the tracks, crates and playlists"

    static let unknown = ContentKind.other("sqlite", "an SQLite database of no application mixtape reads")

    /// What to do about a database whose schema SQLite could not read (damaged, cut short, or
    /// locked by the application writing it): the application's own copy is usually sound.
    static let unreadableAdvice = "if it is an application's library (Engine DJ, Strawberry, Clementine), "
        + "index the application's own copy, or index it again once the application has finished writing"
}
