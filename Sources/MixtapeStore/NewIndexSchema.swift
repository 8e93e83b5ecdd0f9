import GRDB

/// The schema the migrations v1 to v21 leave, made in one transaction when an index is new.
///
/// Run one by one on a new file, the 21 migrations were 15 ms of every first `index` (a third
/// of indexing an empty folder): each is a transaction of its own, and every table they alter
/// or make again has SQLite parse the whole schema anew. A new index is made from this script
/// instead, and those migrations are recorded as done; the migrator then runs whatever came
/// after them, so a new migration needs nothing here. The migrations stay the truth: a test
/// builds an index both ways and compares every table, index and recorded migration.
enum NewIndexSchema {
    /// How many of the migrator's first migrations `statements` does the work of (v1 to v21).
    static let migrationsCovered = 21

    /// Makes the schema and records the migrations it covers as done, when the database holds
    /// nothing yet. Asked first outside any transaction, so opening an index that exists takes
    /// no write lock (a search or the picker would otherwise wait for an `index` at work); then
    /// again inside one, so two processes opening one new file make it once.
    static func createIfNew(_ writer: any DatabaseWriter) throws {
        try writer.barrierWriteWithoutTransaction { db in
            guard try isEmpty(db) else { return }
            try db.inTransaction(.immediate) {
                guard try isEmpty(db) else { return .commit }
                try db.execute(sql: statements)
                let record = try db.makeStatement(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)")
                for migration in Schema.migrator.migrations.prefix(migrationsCovered) {
                    try record.execute(arguments: [migration])
                }
                return .commit
            }
        }
    }

    private static func isEmpty(_ db: Database) throws -> Bool {
        try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master)") ?? false)
    }

    /// The tables and indexes in the order the migrations leave them (so each gets the same
    /// root page), with the migrator's own table first.
    static let statements = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        CREATE TABLE sources (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            size INTEGER,
            mtime_ns INTEGER,
            fingerprint TEXT,
            indexed_at INTEGER,
            item_count INTEGER NOT NULL DEFAULT 0,
            playlist_count INTEGER NOT NULL DEFAULT 0,
            application_version TEXT,
            library_persistent_id TEXT,
            device INTEGER,
            found INTEGER,
            missing INTEGER,
            ambiguous INTEGER,
            relocations TEXT,
            relocation_note TEXT
        );
        CREATE TABLE playlists (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            parent_id TEXT,
            folder INTEGER NOT NULL,
            smart INTEGER NOT NULL,
            master INTEGER NOT NULL,
            distinguished_kind INTEGER,
            missing INTEGER NOT NULL,
            entries BLOB NOT NULL,
            file TEXT,
            unresolved BLOB,
            rule INTEGER NOT NULL DEFAULT 0,
            query TEXT,
            query_sort TEXT,
            query_limit TEXT,
            UNIQUE (source_id, id)
        );
        CREATE TABLE line_snapshots (
            template TEXT NOT NULL,
            chunk INTEGER NOT NULL,
            data BLOB NOT NULL,
            rowids BLOB,
            PRIMARY KEY (template, chunk)
        );
        CREATE TABLE selection (
            item_id TEXT PRIMARY KEY,
            position INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE picker_state (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 0),
            query TEXT NOT NULL,
            scope TEXT NOT NULL,
            cursor_item TEXT
        );
        CREATE TABLE folder_files (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            item_id TEXT NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            stamp INTEGER NOT NULL,
            gone INTEGER NOT NULL DEFAULT 0,
            first_seen INTEGER,
            PRIMARY KEY (source_id, path)
        );
        CREATE TABLE saved_exports (
            name TEXT PRIMARY KEY,
            source_kind TEXT NOT NULL,
            source TEXT NOT NULL,
            format TEXT NOT NULL,
            output TEXT NOT NULL,
            mapping BLOB NOT NULL,
            missing TEXT NOT NULL,
            relative INTEGER NOT NULL,
            saved_at INTEGER NOT NULL,
            plain_paths INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE playlist_files (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            stamp INTEGER NOT NULL,
            name TEXT NOT NULL,
            folders BLOB NOT NULL,
            entries BLOB NOT NULL,
            identity TEXT,
            position INTEGER,
            PRIMARY KEY (source_id, path)
        );
        CREATE TABLE item_aliases (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            alias TEXT NOT NULL,
            item_source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            item_id TEXT NOT NULL,
            PRIMARY KEY (source_id, alias)
        );
        CREATE INDEX item_aliases_by_item ON item_aliases (item_id);
        CREATE TABLE index_state (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
        CREATE TABLE relocation_rules (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            from_path TEXT NOT NULL,
            to_path TEXT NOT NULL,
            PRIMARY KEY (source_id, position)
        );
        CREATE TABLE ambiguous_entries (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            location TEXT NOT NULL,
            candidates TEXT NOT NULL
        );
        CREATE TABLE saved_syncs (
            name TEXT PRIMARY KEY,
            destination TEXT NOT NULL,
            source_kind TEXT NOT NULL,
            source TEXT NOT NULL,
            settings TEXT NOT NULL,
            pending INTEGER NOT NULL DEFAULT 0,
            saved_at INTEGER NOT NULL
        );
        CREATE TABLE "items" (
            source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            fingerprint INTEGER NOT NULL,
            sort_key BLOB NOT NULL,
            title TEXT, artist TEXT, album_artist TEXT, album TEXT, composer TEXT, genre TEXT, grouping TEXT,
            comments TEXT, year INTEGER, bpm INTEGER, play_count INTEGER, skip_count INTEGER, bit_rate INTEGER,
            sample_rate INTEGER, size INTEGER, track_number INTEGER, track_count INTEGER, disc_number INTEGER,
            disc_count INTEGER, duration_ms INTEGER, rating INTEGER, loved INTEGER NOT NULL DEFAULT 0,
            compilation INTEGER NOT NULL DEFAULT 0, explicit INTEGER NOT NULL DEFAULT 0,
            disabled INTEGER NOT NULL DEFAULT 0, kind TEXT, location TEXT, date_added INTEGER,
            date_modified INTEGER, play_date INTEGER, persistent_id TEXT, track_id INTEGER, start_ms INTEGER,
            end_ms INTEGER, musical_key TEXT, label TEXT, remixer TEXT, path TEXT
        );
        CREATE UNIQUE INDEX items_identity ON items (source_id, id);
        """
}
