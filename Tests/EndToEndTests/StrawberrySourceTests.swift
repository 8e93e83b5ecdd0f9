import Foundation
import Testing

/// Strawberry and Clementine databases through the built `mixtape`: databases built here from
/// SQL (Strawberry's schema 21 layout, Clementine's 51, and a Clementine of schema 20 that counts
/// lengths in seconds and stores bare paths) map their fields as docs/sources.md says and equal
/// the independent Python reading (scripts/read_strawberry.py), items and playlists with every
/// entry in order; a re-scan that renumbers every song keeps every id; a missing table is a
/// located error with the index unchanged; a database held open by a writer is read, or refused
/// clearly, and never changed; and every real database in ../shared/data/real/{strawberry,
/// clementine} indexes and equals the Python reading.
@Suite("Strawberry and Clementine sources end to end")
struct StrawberrySourceTests {
    static let script = MixtapeProcess.packageRoot + "/scripts/read_strawberry.py"
    static let python: Bool = (try? MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", "import sqlite3"]).status) == 0
    /// The keys the reading maps (json.md); a key absent on one side must be absent or null on the other.
    static let itemKeys = ["id", "title", "artist", "album", "album_artist", "composer", "genre", "grouping", "comments",
                           "musical_key", "year", "track_number", "disc_number", "duration_ms", "start_ms", "end_ms",
                           "bit_rate", "sample_rate", "size", "play_count", "skip_count", "rating", "bpm", "compilation",
                           "disabled", "date_added", "date_modified", "play_date", "location", "kind", "source"]
    static let playlistKeys = ["id", "name", "parent_id", "folder", "smart", "items", "missing", "source"]

    static func realFiles(_ kind: String) -> [String] {
        guard let folder = MixtapeProcess.shared.map({ $0 + "/data/real/" + kind }) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".db") }.sorted().map { folder + "/" + $0 }
    }

    static var realDatabases: [String] { realFiles("strawberry") + realFiles("clementine") }

    // MARK: - Databases built from SQL

    /// Strawberry's tables as schema 21 has them, trimmed to the columns read (and a few not).
    static let strawberrySchema = """
        CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version VALUES (21);
        CREATE TABLE directories (path TEXT NOT NULL, subdirs INTEGER NOT NULL);
        CREATE TABLE songs (title TEXT, album TEXT, artist TEXT, albumartist TEXT, track INTEGER NOT NULL DEFAULT -1,
          disc INTEGER NOT NULL DEFAULT -1, year INTEGER NOT NULL DEFAULT -1, genre TEXT, composer TEXT, grouping TEXT,
          comment TEXT, beginning INTEGER NOT NULL DEFAULT 0, length INTEGER NOT NULL DEFAULT 0,
          bitrate INTEGER NOT NULL DEFAULT -1, samplerate INTEGER NOT NULL DEFAULT -1, source INTEGER NOT NULL DEFAULT 0,
          directory_id INTEGER NOT NULL DEFAULT -1, url TEXT NOT NULL, filesize INTEGER NOT NULL DEFAULT -1,
          mtime INTEGER NOT NULL DEFAULT -1, ctime INTEGER NOT NULL DEFAULT -1, unavailable INTEGER DEFAULT 0,
          playcount INTEGER NOT NULL DEFAULT 0, skipcount INTEGER NOT NULL DEFAULT 0, lastplayed INTEGER NOT NULL DEFAULT -1,
          compilation_effective INTEGER NOT NULL DEFAULT 0, cue_path TEXT, rating INTEGER DEFAULT -1, bpm REAL,
          initial_key TEXT, lyrics TEXT);
        CREATE TABLE playlists (name TEXT NOT NULL, last_played INTEGER NOT NULL DEFAULT -1,
          ui_order INTEGER NOT NULL DEFAULT 0, special_type TEXT, ui_path TEXT, is_favorite INTEGER NOT NULL DEFAULT 0,
          dynamic_playlist_type INTEGER, dynamic_playlist_backend TEXT, dynamic_playlist_data BLOB);
        CREATE TABLE playlist_items (playlist INTEGER NOT NULL, type INTEGER NOT NULL DEFAULT 0, collection_id INTEGER,
          playlist_url TEXT, title TEXT, artist TEXT, beginning INTEGER, length INTEGER, url TEXT NOT NULL, cue_path TEXT);

        """

    /// The songs, in the order given (a re-scan test inserts them in another): a fully tagged
    /// one, an unrated one the scanner no longer finds, two tracks of one cue sheet, a stream,
    /// a row with no url and a row repeating the first one's file.
    static func strawberrySongs(firstRating: String = "0.800000011920929", reversed: Bool = false) -> String {
        var rows = [
            """
            INSERT INTO songs (title, album, artist, albumartist, track, disc, year, genre, composer, grouping, comment,
              length, bitrate, samplerate, source, url, filesize, mtime, ctime, playcount, skipcount, lastplayed,
              compilation_effective, rating, bpm, initial_key)
            VALUES ('Neon Coast', 'Night Drive', 'The Fictional Band', 'Various', 3, 1, 2014, 'Synthwave', 'A. Writer',
              'Warm-up', 'Great & loud', 215512000000, 320, 44100, 2,
              'file:///home/sam/Music/Night%20Drive/03%20Neon%20Coast.mp3', 8421376, 1592776000, 1592776233, 7, 2,
              1595881139, 1, \(firstRating), 128.4, 'Am');
            """,
            """
            INSERT INTO songs (title, artist, url, source, unavailable, length)
            VALUES ('Zoé Song', 'Zoé', 'file:///home/sam/Music/Zo%C3%A9%20-%20Song.flac', 2, 1, -1);
            """,
            """
            INSERT INTO songs (title, url, source, cue_path, beginning, length)
            VALUES ('Cue One', 'file:///home/sam/Music/album.flac', 2, '/home/sam/Music/album.cue', 0, 180000000000);
            """,
            """
            INSERT INTO songs (title, url, source, cue_path, beginning, length)
            VALUES ('Cue Two', 'file:///home/sam/Music/album.flac', 2, '/home/sam/Music/album.cue', 180000000000, 200000000000);
            """,
            "INSERT INTO songs (title, url, source) VALUES ('A Stream', 'http://radio.example/stream', 5);",
            "INSERT INTO songs (title, url, source) VALUES ('No File', '', 2);",
            "INSERT INTO songs (title, url, source) VALUES ('Again', 'file:///home/sam/Music/Night%20Drive/03%20Neon%20Coast.mp3', 2);",
        ]
        if reversed { rows = Array(rows.prefix(5).reversed()) + rows.suffix(2) }
        return rows.joined(separator: "\n")
    }

    /// Playlists: a tab in a folder with a repeat, an entry from outside the collection (kept
    /// as missing), one naming a song gone from `songs` and one whose own url is a collection
    /// song's; a dynamic one; a closed saved one; and an entry of a playlist that is not there.
    /// `rowOf` gives a song's ROWID by its title.
    static func strawberryPlaylists(rowOf: (String) -> Int) -> String {
        """
        INSERT INTO playlists (ROWID, name, ui_order, ui_path) VALUES (5, 'Road Trip', 1, 'Trips/Summer');
        INSERT INTO playlists (ROWID, name, ui_order, dynamic_playlist_type, dynamic_playlist_data) VALUES (6, 'Dynamic', 0, 1, X'0102');
        INSERT INTO playlists (ROWID, name, ui_order, is_favorite) VALUES (7, 'Closed', -1, 1);
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (5, 2, \(rowOf("Neon Coast")), '');
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (5, 2, \(rowOf("Cue Two")), '');
        INSERT INTO playlist_items (playlist, type, url, title, artist, length)
          VALUES (5, 1, 'file:///elsewhere/Gone%20Song.mp3', 'Gone', 'Nobody', 61000000000);
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (5, 2, \(rowOf("Neon Coast")), '');
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (5, 2, 999, '');
        INSERT INTO playlist_items (playlist, type, url) VALUES (5, 1, 'file:///home/sam/Music/Zo%C3%A9%20-%20Song.flac');
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (6, 2, \(rowOf("Zoé Song")), '');
        INSERT INTO playlist_items (playlist, type, collection_id, url) VALUES (42, 2, \(rowOf("Neon Coast")), '');

        """
    }

    static func strawberrySQL(firstRating: String = "0.800000011920929", reversed: Bool = false) -> String {
        let titles = ["Neon Coast", "Zoé Song", "Cue One", "Cue Two", "A Stream"]
        let order = reversed ? Array(titles.reversed()) : titles
        return strawberrySchema + strawberrySongs(firstRating: firstRating, reversed: reversed)
            + strawberryPlaylists { (order.firstIndex(of: $0) ?? 0) + 1 }
    }

    /// Clementine's schema 51 layout: `filename` as a blob, typed playlist entries.
    static let clementineSQL = """
        CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version VALUES (51);
        CREATE TABLE songs (title TEXT, album TEXT, artist TEXT, albumartist TEXT, composer TEXT, track INTEGER,
          disc INTEGER, bpm REAL, year INTEGER, genre TEXT, comment TEXT, compilation INTEGER, length INTEGER,
          bitrate INTEGER, samplerate INTEGER, directory INTEGER NOT NULL, filename TEXT NOT NULL, mtime INTEGER NOT NULL,
          ctime INTEGER NOT NULL, filesize INTEGER NOT NULL, playcount INTEGER NOT NULL DEFAULT 0, lastplayed INTEGER,
          rating INTEGER, effective_compilation NOT NULL DEFAULT 0, skipcount INTEGER NOT NULL DEFAULT 0,
          beginning INTEGER NOT NULL DEFAULT 0, cue_path TEXT, unavailable INTEGER DEFAULT 0, grouping TEXT);
        CREATE TABLE playlists (name TEXT NOT NULL, last_played INTEGER NOT NULL DEFAULT -1,
          ui_order INTEGER NOT NULL DEFAULT 0, dynamic_playlist_type TEXT, dynamic_playlist_data BLOB,
          dynamic_playlist_backend TEXT DEFAULT "songs", special_type TEXT, ui_path TEXT, is_favorite INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE playlist_items (playlist INTEGER NOT NULL, type TEXT NOT NULL, library_id INTEGER, url TEXT,
          title TEXT, artist TEXT, album TEXT, length INTEGER, radio_service TEXT, beginning INTEGER, cue_path TEXT,
          filename TEXT);
        INSERT INTO songs (title, artist, album, year, genre, length, directory, filename, mtime, ctime, filesize,
          playcount, lastplayed, rating, skipcount, effective_compilation)
          VALUES ('Blob Song', 'Clem Artist', 'Clem Album', 2003, 'Rock', 154000000000, 1,
          CAST('file:///home/vic/Music/Blob%20Song.mp3' AS BLOB), 1581665488, 1583734743, 3000000, 4, 1600000000, 0.6, 1, 0);
        INSERT INTO songs (title, length, directory, filename, mtime, ctime, filesize, rating)
          VALUES ('Unrated', 100000000000, 1, CAST('file:///home/vic/Music/Unrated.ogg' AS BLOB), -1, -1, -1, -1);
        INSERT INTO playlists (name, ui_order) VALUES ('Mix', 0);
        INSERT INTO playlist_items (playlist, type, library_id) VALUES (1, 'Library', 2);
        INSERT INTO playlist_items (playlist, type, filename, title, length)
          VALUES (1, 'File', CAST('file:///home/vic/Downloads/loose.mp3' AS BLOB), 'Loose', 5000000000);
        INSERT INTO playlist_items (playlist, type, url, title, artist) VALUES (1, 'Stream', 'http://radio.example/live', 'Live', 'Radio');
        INSERT INTO playlist_items (playlist, type, library_id) VALUES (1, 'Library', 1);

        """

    /// Clementine before schema 28 counted lengths in seconds, and before 31 stored bare paths.
    static let oldClementineSQL = """
        CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version VALUES (20);
        CREATE TABLE songs (title TEXT, artist TEXT, length INTEGER, directory INTEGER NOT NULL, filename TEXT NOT NULL,
          mtime INTEGER NOT NULL, ctime INTEGER NOT NULL, filesize INTEGER NOT NULL, playcount INTEGER NOT NULL DEFAULT 0,
          lastplayed INTEGER, rating INTEGER);
        CREATE TABLE playlists (name TEXT NOT NULL, last_played INTEGER NOT NULL DEFAULT -1, ui_order INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE playlist_items (playlist INTEGER NOT NULL, type TEXT NOT NULL, library_id INTEGER, url TEXT,
          title TEXT, artist TEXT, album TEXT, length INTEGER, radio_service TEXT);
        INSERT INTO songs VALUES ('Old Song', 'Old Artist', 215, 1, '/home/old/Music/old song.mp3', 1300000000, 1300000000, 10, 3, -1, -1);
        INSERT INTO playlists (name) VALUES ('Old');
        INSERT INTO playlist_items (playlist, type, library_id) VALUES (1, 'Library', 1);
        INSERT INTO playlist_items (playlist, type, url, title, length) VALUES (1, 'Stream', 'http://old.example/s', 'S', 30);

        """

    /// Builds a database at `path` from `sql` with Python's sqlite3.
    static func build(_ path: String, _ sql: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        let made = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
            path, sql])
        try #require(made.status == 0, "\(made.stderr)")
    }

    static func reading(_ path: String, _ what: String) throws -> [[String: Any]] {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, what, path])
        try #require(result.status == 0, "\(result.stderr)")
        return result.records
    }

    static func items(_ scratch: MixtapeProcess) throws -> [String: [String: Any]] {
        try scratch.run(["search", "--json"]).records.reduce(into: [:]) { $0[$1["title"] as? String ?? ""] = $1 }
    }

    /// Indexes `path` and compares items, playlists and every playlist's entries in order (the
    /// m3u8 export with missing entries kept) with the Python reading.
    static func compareWithPython(_ path: String, in scratch: MixtapeProcess) throws {
        TraktorSourceTests.compare(path, try scratch.run(["search", "--json"]).records, try reading(path, "--items"),
                                   keys: itemKeys, what: "item")
        let playlists = try reading(path, "--playlists")
        TraktorSourceTests.compare(path, try scratch.run(["playlists", "--json"]).records, playlists,
                                   keys: playlistKeys, what: "playlist")
        let locations = try reading(path, "--items").reduce(into: [String: String]()) {
            $0[$1["id"] as? String ?? ""] = $1["location"] as? String
        }
        for playlist in playlists where playlist["folder"] as? Bool != true {
            let id = playlist["id"] as? String ?? ""
            let expected = (playlist["entries"] as? [Any] ?? []).compactMap { entry -> String? in
                if let id = entry as? String { return locations[id] }
                return (entry as? [String: Any])?["missing"] as? String
            }
            let export = try scratch.run(["export-playlist", "--playlist", id, "--missing", "keep", "--format", "m3u8", "-o", "-"])
            // The M3U writer writes a path holding `#` as a file: URL (a bare `#` would start a comment).
            let lines = export.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }.map { line in
                line.hasPrefix("file://") ? String(line.dropFirst(7)).removingPercentEncoding ?? line : line
            }
            #expect(lines == expected, "\((path as NSString).lastPathComponent) \(id): exported \(lines), Python \(expected)")
        }
    }

    @Test("a Strawberry database: every field, cue tracks, a stream, skipped rows, ids strawberry:",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func strawberryFields() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL())
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains("table songs, row 6: a song with no url is skipped"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains("table songs, row 7: "), "\(indexed.stderr)")
        let items = try Self.items(scratch)
        #expect(items.count == 5, "\(items.keys.sorted())")
        let full = try #require(items["Neon Coast"])
        #expect((full["id"] as? String)?.hasPrefix("strawberry:") == true)
        let expected: [String: Any] = [
            "artist": "The Fictional Band", "album": "Night Drive", "album_artist": "Various", "genre": "Synthwave",
            "composer": "A. Writer", "grouping": "Warm-up", "comments": "Great & loud", "year": 2014, "track_number": 3,
            "disc_number": 1, "duration_ms": 215_512, "bit_rate": 320, "sample_rate": 44100, "size": 8_421_376,
            "play_count": 7, "skip_count": 2, "rating": 80, "bpm": 128, "musical_key": "Am", "compilation": 1,
            "date_added": "2020-06-21T21:50:33Z", "date_modified": "2020-06-21T21:46:40Z",
            "play_date": "2020-07-27T20:18:59Z", "location": "/home/sam/Music/Night Drive/03 Neon Coast.mp3",
        ]
        for (key, value) in expected {
            #expect("\(full[key] ?? "absent")" == "\(value)", "\(key): \(full[key] ?? "absent")")
        }
        let unrated = try #require(items["Zoé Song"])
        #expect(unrated["rating"] == nil && unrated["year"] == nil && unrated["duration_ms"] == nil
                && unrated["track_number"] == nil && unrated["date_added"] == nil, "\(unrated)")
        #expect(unrated["disabled"] as? Bool == true)
        #expect(unrated["location"] as? String == "/home/sam/Music/Zoé - Song.flac")
        let second = try #require(items["Cue Two"])
        #expect(second["start_ms"] as? Int == 180_000 && second["end_ms"] as? Int == 380_000, "\(second)")
        #expect(items["Cue One"]?["start_ms"] as? Int == 0)
        #expect(items["Cue One"]?["id"] as? String != second["id"] as? String)
        #expect(items["A Stream"]?["location"] as? String == "http://radio.example/stream")
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "strawberry")
        #expect(source["application_version"] as? String == "Strawberry (schema 21)")
        try Self.compareWithPython(path, in: scratch)
    }

    @Test("Strawberry playlists: tab order, folders from ui_path, repeats, missing entries kept in place, dynamic ones smart",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func strawberryPlaylists() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL())
        try #require(try scratch.run(["index", path]).status == 0)
        let ids = try Self.items(scratch).mapValues { $0["id"] as? String ?? "" }
        let playlists = try scratch.run(["playlists", "--json"]).records
        #expect(playlists.map { $0["path"] as? String ?? "" } == ["Dynamic", "Trips", "Trips/Summer", "Trips/Summer/Road Trip", "Closed"],
                "\(playlists.map { $0["path"] ?? "" })")
        let trip = try #require(playlists.first { $0["name"] as? String == "Road Trip" })
        #expect(trip["id"] as? String == "strawberry-playlist:5")
        #expect(trip["items"] as? [String] == [ids["Neon Coast"], ids["Cue Two"], ids["Neon Coast"], ids["Zoé Song"]].compactMap { $0 })
        #expect(trip["missing"] as? Int == 2, "the entry from outside the collection and the one naming a song gone")
        let export = try scratch.run(["export-playlist", "--playlist", "strawberry-playlist:5", "--missing", "keep",
                                      "--format", "m3u8", "-o", "-"])
        #expect(export.stdout.contains("#EXTINF:61,Nobody - Gone\n/elsewhere/Gone Song.mp3\n"), "\(export.stdout)")
        let dynamic = try #require(playlists.first { $0["name"] as? String == "Dynamic" })
        #expect(dynamic["smart"] as? Bool == true && dynamic["items"] as? [String] == [ids["Zoé Song"] ?? ""])
    }

    @Test("a Clementine database: filenames stored as blobs, typed entries, a stream entry kept in place",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func clementineFields() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/clementine.db"
        try Self.build(path, Self.clementineSQL)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.items(scratch)
        let song = try #require(items["Blob Song"], "\(items.keys)")
        #expect((song["id"] as? String)?.hasPrefix("clementine:") == true)
        #expect(song["location"] as? String == "/home/vic/Music/Blob Song.mp3")
        #expect(song["rating"] as? Int == 60 && song["duration_ms"] as? Int == 154_000 && song["play_count"] as? Int == 4)
        #expect(song["play_date"] as? String == "2020-09-13T12:26:40Z")
        #expect(items["Unrated"]?["rating"] == nil)
        let playlist = try #require(try scratch.run(["playlists", "--json"]).records.first)
        #expect(playlist["items"] as? [String] == [items["Unrated"]?["id"], song["id"]].compactMap { $0 as? String })
        #expect(playlist["missing"] as? Int == 2)
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "clementine")
        try Self.compareWithPython(path, in: scratch)
    }

    @Test("a Clementine database of schema 20: lengths in seconds, bare paths",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func oldClementine() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/clementine.db"
        try Self.build(path, Self.oldClementineSQL)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let song = try #require(try Self.items(scratch)["Old Song"])
        #expect(song["duration_ms"] as? Int == 215_000 && song["location"] as? String == "/home/old/Music/old song.mp3")
        #expect(song["play_count"] as? Int == 3 && song["rating"] == nil)
        try Self.compareWithPython(path, in: scratch)
    }

    // MARK: - Re-scan, hostile input, a running player

    @Test("a re-scan that renumbers every song, with one rating changed, keeps every id; the change is an update",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func rescanKeepsIDs() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL())
        try #require(try scratch.run(["index", path]).status == 0)
        let check = try ReexportCheck(scratch)
        usleep(20_000)
        try Self.build(path, Self.strawberrySQL(firstRating: "0.4", reversed: true))
        let after = try check.reindex(scratch)
        #expect(after.items.first { $0["title"] as? String == "Neon Coast" }?["rating"] as? Int == 40)
        #expect(after.playlists.map { $0["items"] as? [String] ?? [] } == check.playlists.map { $0["items"] as? [String] ?? [] })
    }

    @Test("a table or column missing: exit 65 naming the file and the table, the index unchanged",
          .enabled(if: python, "python3 is missing: the databases cannot be built"),
          arguments: [("DROP TABLE playlist_items;", "table playlist_items is missing"),
                      ("DROP TABLE playlists;", "table playlists is missing"),
                      ("ALTER TABLE playlists RENAME COLUMN name TO title;", "table playlists has no column name"),
                      ("ALTER TABLE playlist_items RENAME COLUMN playlist TO list;", "table playlist_items has no column playlist")])
    func missingTable(_ change: String, _ message: String) throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL())
        try #require(try scratch.run(["index", path]).status == 0)
        let before = try scratch.snapshot()
        usleep(20_000)
        try Self.build(path, Self.strawberrySQL() + change)
        let result = try scratch.run(["index", path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(path + ": " + message), "\(result.stderr)")
        #expect(try scratch.snapshot() == before)
    }

    @Test("absurd values are absent: a rating above 1, years and dates out of range, negative lengths, huge numbers",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func absurdValues() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySchema + """
            INSERT INTO songs (title, url, source, rating, year, length, ctime, mtime, lastplayed, track, bpm, playcount)
            VALUES ('Absurd', 'file:///a.mp3', 2, 7.5, 123456, -5, 99999999999999, -3, 'yesterday', -2, 1e300, 'many');
            INSERT INTO songs (title, url, source, rating, length) VALUES ('Text Numbers', 'file:///b.mp3', 2, '0.2', '3000000000');

            """)
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.items(scratch)
        let absurd = try #require(items["Absurd"])
        for key in ["rating", "year", "duration_ms", "date_added", "date_modified", "play_date", "track_number", "bpm", "play_count"] {
            #expect(absurd[key] == nil, "\(key): \(absurd[key] ?? "")")
        }
        #expect(items["Text Numbers"]?["rating"] as? Int == 20 && items["Text Numbers"]?["duration_ms"] as? Int == 3000)
        try Self.compareWithPython(path, in: scratch)
    }

    /// Python holding the database open: a write transaction begun and held (rollback journal:
    /// RESERVED, readers go on; EXCLUSIVE: readers wait, then are refused), or a WAL-mode
    /// writer with uncommitted changes.
    static let holder = """
        import sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        if sys.argv[2] == "wal":
            c.execute("PRAGMA journal_mode=WAL")
            c.execute("UPDATE songs SET playcount = playcount + 1")
            c.execute("BEGIN IMMEDIATE")
        else:
            c.execute("BEGIN " + sys.argv[2])
        c.execute("UPDATE songs SET title = 'uncommitted' WHERE ROWID = 1")
        print("holding", flush=True)
        time.sleep(float(sys.argv[3]))
        c.execute("ROLLBACK")

        """

    @Test("a database held by a writer is read or refused clearly, and never changed",
          .enabled(if: python, "python3 is missing: the databases cannot be built"),
          arguments: ["IMMEDIATE", "wal", "EXCLUSIVE"])
    func heldByWriter(_ mode: String) throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL())
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", Self.holder, path, mode, "12"]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        defer { holder.end() }
        _ = out.fileHandleForReading.availableData  // "holding": the transaction is open
        let files = [path, path + "-wal", path + "-journal"]
        let bytesBefore = files.map { FileManager.default.contents(atPath: $0) }
        let datesBefore = files.map { try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let result = try scratch.run(["index", path])
        #expect(files.map { FileManager.default.contents(atPath: $0) } == bytesBefore, "\(mode): the database changed")
        #expect(files.map { try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == datesBefore)
        if mode == "EXCLUSIVE" {
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("locked by the application writing it"), "\(result.stderr)")
        } else {
            #expect(result.status == 0, "\(mode): \(result.stderr)")
            let titles = Set(try scratch.run(["search", "--json"]).records.compactMap { $0["title"] as? String })
            #expect(titles.contains("Neon Coast") && !titles.contains("uncommitted"), "\(mode): \(titles)")
        }
    }

    /// A player in WAL mode: the rating is committed into `-wal` and not checkpointed while the
    /// connection stays open, so the database file itself does not change.
    static let walWriter = """
        import sqlite3, sys, time
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("PRAGMA wal_autocheckpoint=0")
        c.execute("UPDATE songs SET rating = 0.2 WHERE title = 'Neon Coast'")
        print("committed", flush=True)
        time.sleep(float(sys.argv[2]))

        """

    @Test("a change the player has only written to the -wal file is seen: the -wal is a companion",
          .enabled(if: python, "python3 is missing: the databases cannot be built"))
    func walCompanion() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/strawberry.db"
        try Self.build(path, Self.strawberrySQL() + "PRAGMA journal_mode=WAL;")
        try #require(try scratch.run(["index", path]).status == 0)
        let stamp = try FileManager.default.attributesOfItem(atPath: path)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = ["python3", "-c", Self.walWriter, path, "20"]
        let out = Pipe()
        writer.standardOutput = out
        try writer.run()
        defer { writer.end() }
        _ = out.fileHandleForReading.availableData  // "committed"
        let now = try FileManager.default.attributesOfItem(atPath: path)
        #expect(now[.size] as? Int == stamp[.size] as? Int && now[.modificationDate] as? Date == stamp[.modificationDate] as? Date,
                "the database file itself is unchanged: only the -wal holds the change")
        let result = try scratch.run(["index", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.records.first?["updated"] as? Int == 1, "\(result.stdout)")
        #expect(try Self.items(scratch)["Neon Coast"]?["rating"] as? Int == 20)
    }

    @Test("generated databases of both players (bench/gen_strawberry.py) equal the Python reading, field by field",
          .enabled(if: python, "python3 is missing: the generator cannot run"),
          arguments: [[] as [String], ["--clementine"]])
    func generated(_ flags: [String]) throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + (flags.isEmpty ? "/strawberry.db" : "/clementine.db")
        let generated = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_strawberry.py", "--tracks", "1500", "--seed", "3",
            "--out", path] + flags)
        try #require(generated.status == 0, "\(generated.stderr)")
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.reading(path, "--items")
        #expect(items.count > 1400, "\(items.count) items")
        try Self.compareWithPython(path, in: scratch)
    }

    // MARK: - Real databases

    @Test("every real Strawberry and Clementine database indexes and equals the Python reading, items and playlists",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real Strawberry and Clementine databases not checked"),
          .enabled(if: python, "python3 is missing: the independent reading cannot run"),
          arguments: realDatabases)
    func realFile(_ file: String) throws {
        let scratch = MixtapeProcess()
        let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        let indexed = try scratch.run(["index", file])
        #expect(indexed.status == 0, "\(file): \(indexed.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
        let kind = file.contains("/strawberry/") ? "strawberry" : "clementine"
        #expect(try scratch.run(["sources", "--json"]).records.first?["kind"] as? String == kind)
        try Self.compareWithPython(file, in: scratch)
    }
}
