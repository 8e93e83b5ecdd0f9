import Foundation
import GRDB
import MixtapeCore

/// The index schema, as versioned GRDB migrations. A migration is never edited once it has
/// shipped: a new version adds a new migration, so old indexes upgrade in place.
enum Schema {
    /// Item fields stored as columns, in a fixed order (everything but `id`, which is part of
    /// the key, and `source`, which comes from the sources table).
    static let itemColumns: [Field] = Field.allCases.filter { $0 != .id && $0 != .source }

    /// The item columns of the v1 migration, frozen: a shipped migration must build the same
    /// table forever, while `itemColumns` grows with the field registry (later columns come
    /// from their own migrations).
    private static let v1ItemColumns: [String] = [
        "title TEXT", "artist TEXT", "album_artist TEXT", "album TEXT", "composer TEXT", "genre TEXT",
        "grouping TEXT", "comments TEXT", "year INTEGER", "bpm INTEGER", "play_count INTEGER",
        "skip_count INTEGER", "bit_rate INTEGER", "sample_rate INTEGER", "size INTEGER",
        "track_number INTEGER", "track_count INTEGER", "disc_number INTEGER", "disc_count INTEGER",
        "duration_ms INTEGER", "rating INTEGER", "loved INTEGER NOT NULL DEFAULT 0",
        "compilation INTEGER NOT NULL DEFAULT 0", "explicit INTEGER NOT NULL DEFAULT 0",
        "disabled INTEGER NOT NULL DEFAULT 0", "kind TEXT", "location TEXT", "date_added INTEGER",
        "date_modified INTEGER", "play_date INTEGER", "persistent_id TEXT", "track_id INTEGER",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: sources, items, playlists") { db in
            try db.execute(sql: """
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
                    library_persistent_id TEXT
                );
                """)
            let columns = v1ItemColumns.joined(separator: ",\n")
            try db.execute(sql: """
                CREATE TABLE items (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    fingerprint INTEGER NOT NULL,
                    sort_key BLOB NOT NULL,
                    \(columns),
                    UNIQUE (source_id, id)
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
                    UNIQUE (source_id, id)
                );
                CREATE TABLE line_snapshots (
                    template TEXT NOT NULL,
                    chunk INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (template, chunk)
                );
                """)
        }
        migrator.registerMigration("v2: selection") { db in
            try db.execute(sql: """
                CREATE TABLE selection (
                    item_id TEXT PRIMARY KEY,
                    position INTEGER NOT NULL UNIQUE
                );
                """)
        }
        migrator.registerMigration("v3: picker state, items by id") { db in
            // One row: what the picker showed when it last closed (spec/picker.md: query,
            // scope and cursor item are restored). The id index serves the preview pane and
            // any lookup by identity, which otherwise scans every item.
            try db.execute(sql: """
                CREATE TABLE picker_state (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 0),
                    query TEXT NOT NULL,
                    scope TEXT NOT NULL,
                    cursor_item TEXT
                );
                CREATE INDEX items_by_id ON items (id);
                """)
        }
        migrator.registerMigration("v4: folder files") { db in
            // What the last walk of each folder source found: a media file's path, its item id,
            // and what tells a move (device, inode, size) and a change (stamp: size, mtime and
            // the sidecars') apart, so unchanged files are not read again.
            try db.execute(sql: """
                CREATE TABLE folder_files (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    path TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    device INTEGER NOT NULL,
                    inode INTEGER NOT NULL,
                    size INTEGER NOT NULL,
                    stamp INTEGER NOT NULL,
                    PRIMARY KEY (source_id, path)
                );
                """)
        }
        migrator.registerMigration("v5: folder files a walk lost") { db in
            // Files the last walk no longer found, kept one walk so that another folder source
            // indexed after this one can recognise them as moved in. A migration of its own:
            // indexes made with v4 exist (this repository's own, at least) and must open.
            try db.execute(sql: "ALTER TABLE folder_files ADD COLUMN gone INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v6: saved exports") { db in
            // `export-playlist --save NAME`: re-run after every index. In the index, not the
            // config file, because they are about this library's items and playlists, and
            // `index` must read them under the writer lock it already holds.
            try db.execute(sql: """
                CREATE TABLE saved_exports (
                    name TEXT PRIMARY KEY,
                    source_kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    format TEXT NOT NULL,
                    output TEXT NOT NULL,
                    mapping BLOB NOT NULL,
                    missing TEXT NOT NULL,
                    relative INTEGER NOT NULL,
                    saved_at INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("v7: cue track ranges") { db in
            // A cue track is a part of its file (sources.md, "CUE sheets"): where it starts
            // and ends in it. Null for every whole file.
            try db.execute(sql: """
                ALTER TABLE items ADD COLUMN start_ms INTEGER;
                ALTER TABLE items ADD COLUMN end_ms INTEGER;
                """)
        }
        migrator.registerMigration("v8: folder files first seen") { db in
            // When each media file was first indexed: its item's date_added, kept across
            // re-index, --full and moves. NULL for files recorded before this column existed:
            // the next walk reads them once and stamps them with that run's time.
            try db.execute(sql: "ALTER TABLE folder_files ADD COLUMN first_seen INTEGER")
        }
        migrator.registerMigration("v9: playlist files") { db in
            // Playlist files (a folder's `.m3u8`/`.pls`/`.xspf`/`.wpl`, or one named as a source)
            // as last read, so their entries are resolved again when items appear or move
            // without re-reading the files; and, on the derived playlist rows, the file and the
            // entries that named no item (kept in place for export).
            try db.execute(sql: """
                CREATE TABLE playlist_files (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    path TEXT NOT NULL,
                    stamp INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    folders BLOB NOT NULL,
                    entries BLOB NOT NULL,
                    PRIMARY KEY (source_id, path)
                );
                ALTER TABLE playlists ADD COLUMN file TEXT;
                ALTER TABLE playlists ADD COLUMN unresolved BLOB;
                """)
        }
        migrator.registerMigration("v10: one file one item") { db in
            // Rows of different sources that are one file (an export's track and the folder's
            // file): which row is the item and which rows are aliases of it (ItemAliases).
            // Derived from the items after every sync, so an index made before this migration
            // gets its aliases at its next index run.
            try db.execute(sql: """
                CREATE TABLE item_aliases (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    alias TEXT NOT NULL,
                    item_source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    item_id TEXT NOT NULL,
                    PRIMARY KEY (source_id, alias)
                );
                CREATE INDEX item_aliases_by_item ON item_aliases (item_id);
                """)
        }
        migrator.registerMigration("v11: saved exports with plain paths") { db in
            // `export-playlist --plain-paths --save`: the flag is part of what runs again.
            try db.execute(sql: "ALTER TABLE saved_exports ADD COLUMN plain_paths INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v12: DJ collections and smart rules") { db in
            // Fields DJ collections carry (rekordbox, Traktor: sources.md), and the rule of a
            // smart playlist Mixtape evaluates itself (Rhythmbox's automatic playlists): its
            // items are computed again on the index after every run that changed something.
            // `rule` is 1 for such a playlist; `query` null then means "no translation".
            try db.execute(sql: """
                ALTER TABLE items ADD COLUMN musical_key TEXT;
                ALTER TABLE items ADD COLUMN label TEXT;
                ALTER TABLE items ADD COLUMN remixer TEXT;
                ALTER TABLE playlists ADD COLUMN rule INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE playlists ADD COLUMN query TEXT;
                ALTER TABLE playlists ADD COLUMN query_sort TEXT;
                ALTER TABLE playlists ADD COLUMN query_limit TEXT;
                """)
        }
        migrator.registerMigration("v13: no index on the item id alone") { db in
            // Every new item was inserted into two B-trees ordered by its (random) id: the
            // (source_id, id) unique index and this one. Lookups by identity are few (the
            // picker's preview, `--id`, alias bookkeeping) and seek the unique index once per
            // source instead; the second tree cost a quarter of a 100,000-track import.
            try db.execute(sql: "DROP INDEX IF EXISTS items_by_id")
        }
        migrator.registerMigration("v14: library order folds Vietnamese letters") { db in
            // fzf's table, and so `LatinFolding`, folds the 60 Vietnamese letters with two
            // diacritics (Ầ, Ế, Ố, Ự, …): `Trần` sorts as `Tran` now. Items keep their stored
            // key until they change, so the keys holding one of those letters are made again,
            // and the line snapshots (in library order) are dropped.
            try rekeyVietnamese(in: db)
        }
        migrator.registerMigration("v15: index state") { db in
            // Marks that outlive a run (`DerivedData`): what a killed run left to redo.
            try db.execute(sql: "CREATE TABLE index_state (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL)")
        }
        migrator.registerMigration("v16: line snapshots keep rowids") { db in
            // The rowid of each pair's item (`SnapshotRowIDs`): a filtered search places the
            // rows it reads in storage order without hashing ids. Snapshots written before
            // have none and are searched by id until the next one is written.
            try db.execute(sql: "ALTER TABLE line_snapshots ADD COLUMN rowids BLOB")
        }
        migrator.registerMigration("v17: folder roots' devices") { db in
            // The file system a folder source's root was on when it was last walked
            // (`SourceRecord.device`): an unmounted disk leaves its mount point an empty folder
            // on another device, which must not read as "every file deleted".
            try db.execute(sql: "ALTER TABLE sources ADD COLUMN device INTEGER")
        }
        migrator.registerMigration("v18: where the files are now") { db in
            // Relocation (spec/sources.md, "Where the files are now"): each item's file on this
            // machine (`path`; a folder's items are their own files), what each library source's
            // entries came to (found, missing, ambiguous, the rules used), the rules a person
            // set (`sources relocate`) and the ambiguous entries with their candidates, which
            // `doctor` lists. The next index resolves what was indexed before.
            try db.execute(sql: """
                ALTER TABLE items ADD COLUMN path TEXT;
                UPDATE items SET path = location WHERE source_id IN (SELECT id FROM sources WHERE kind = 'folder');
                ALTER TABLE sources ADD COLUMN found INTEGER;
                ALTER TABLE sources ADD COLUMN missing INTEGER;
                ALTER TABLE sources ADD COLUMN ambiguous INTEGER;
                ALTER TABLE sources ADD COLUMN relocations TEXT;
                ALTER TABLE sources ADD COLUMN relocation_note TEXT;
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
                """)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM items LIMIT 1") ?? false { try DerivedData.markPending(in: db) }
        }
        migrator.registerMigration("v19: saved syncs") { db in
            // `sync DEST --save NAME`: run again after an index that changed something, when
            // DEST is mounted. The settings are one JSON object (`SavedSyncStore`): read and
            // written whole, never queried. `pending` marks one that has not run since the
            // index last changed (DEST was not there, or the run failed), so the next index
            // runs it even if nothing changed then.
            try db.execute(sql: """
                CREATE TABLE saved_syncs (
                    name TEXT PRIMARY KEY,
                    destination TEXT NOT NULL,
                    source_kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    settings TEXT NOT NULL,
                    pending INTEGER NOT NULL DEFAULT 0,
                    saved_at INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("v20: playlist files' identity and order") { db in
            // A source that keeps several playlists in files of its own (foobar2000's playlist
            // folders): what each playlist's id derives from when the file's path is not stable
            // (foobar2000 1.x writes a playlist to a new file at every save), and the
            // playlists' order (foobar2000's tabs). Null for playlist files, as before.
            try db.execute(sql: """
                ALTER TABLE playlist_files ADD COLUMN identity TEXT;
                ALTER TABLE playlist_files ADD COLUMN position INTEGER;
                """)
        }
        migrator.registerMigration("v21: the items' identity as an index of its own") { db in
            // So that a sync into an empty index can write its rows without it and make it at
            // the end (`IdentityIndex`). The items table is copied once, row for row.
            try IdentityIndex.separate(in: db)
        }
        return migrator
    }

    /// The v14 migration. Only artist, album, disc, track and title enter a sort key, and only
    /// rows with one of the 60 letters in a text field can have a different key now.
    private static func rekeyVietnamese(in db: Database) throws {
        let ranges: [ClosedRange<UInt32>] = [0x1EA4...0x1EB7, 0x1EBE...0x1EC7, 0x1ED0...0x1EE3, 0x1EE8...0x1EF1]
        let letters = ranges.joined().compactMap(Unicode.Scalar.init).map(String.init).joined()
        let rows = try Row.fetchAll(db, sql: """
            SELECT source_id, id, artist, album, disc_number, track_number, title FROM items
            WHERE artist GLOB ?1 OR album GLOB ?1 OR title GLOB ?1
            """, arguments: ["*[\(letters)]*"])
        guard !rows.isEmpty else { return }
        let update = try db.makeStatement(sql: "UPDATE items SET sort_key = ? WHERE source_id = ? AND id = ?")
        for row in rows {
            var item = MediaItem(id: ItemID(rawValue: row["id"]))
            item.artist = row["artist"]
            item.album = row["album"]
            item.discNumber = row["disc_number"]
            item.trackNumber = row["track_number"]
            item.title = row["title"]
            let sourceID: Int64 = row["source_id"]
            try update.execute(arguments: [Data(LibraryOrder.sortKey(for: item)), sourceID, item.id.rawValue])
        }
        try LineSnapshot.invalidate(in: db)
    }
}
