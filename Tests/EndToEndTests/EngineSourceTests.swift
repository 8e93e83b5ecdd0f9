import Foundation
import Testing

/// Engine DJ libraries through the built `mixtape`: databases built here in each of Engine's
/// three layouts (1.x with Crate tables, 1.x with one List table, 2.x and later with Track
/// columns and PlaylistEntity chains) from schemas written here, and from the dumps of ~70
/// Engine versions in ../shared/data/real/engine (built at test time, a few rows added); the
/// real databases there; each compared with the independent Python reading
/// (scripts/read_engine.py) field by field, items and lists. Hostile databases (a table or a
/// column missing, a looping chain, a file that is no database) and a re-export that keeps
/// every id.
@Suite("Engine DJ sources end to end")
struct EngineSourceTests {
    static let folder = MixtapeProcess.shared.map { $0 + "/data/real/engine" }
    static let script = MixtapeProcess.packageRoot + "/scripts/read_engine.py"
    static let python = TraktorSourceTests.python
    static let itemKeys = ["id", "title", "artist", "album", "genre", "comments", "composer", "label", "remixer",
                           "bpm", "musical_key", "duration_ms", "year", "track_number", "bit_rate", "size", "rating",
                           "play_count", "date_added", "play_date", "date_modified", "location", "kind", "source"]
    static let playlistKeys = ["id", "name", "parent_id", "path", "items", "missing", "source"]

    /// Every real `m.db` (not p.db, sm.db, sp.db: companions of another kind).
    static var realDatabases: [String] {
        guard let folder else { return [] }
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return paths.filter { $0.hasSuffix("/m.db") || $0 == "m.db" }.sorted().map { folder + "/" + $0 }
    }

    /// Every dump of an `m.db`, relative to the dump folder (`sc5000/firmware-2.0.0/Database2/m.db.sql`).
    static var dumps: [String] {
        guard let folder else { return [] }
        let root = folder + "/xsco_libdjinterop_ref_sql/engine"
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        return paths.filter { $0.hasSuffix("m.db.sql") }.sorted()
    }

    // MARK: - Databases built here

    enum Family: String, CaseIterable, Sendable {
        case crateTables, listTable, playlistEntities

        /// Where Engine keeps the database below the `Engine Library` folder.
        var databasePath: String { self == .playlistEntities ? "Engine Library/Database2/m.db" : "Engine Library/m.db" }
    }

    /// A schema of each layout, written here (the columns the reader and the rows below use).
    static func schema(_ family: Family) -> String {
        let information = """
            CREATE TABLE Information (id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT, schemaVersionMajor INTEGER,
              schemaVersionMinor INTEGER, schemaVersionPatch INTEGER);
            INSERT INTO Information VALUES (1, '0F1E2D3C-AAAA-4BBB-8CCC-123456789ABC', \
            \(family == .playlistEntities ? "2, 18, 0" : "1, 7, 1"));

            """
        let metaData = """
            CREATE TABLE Track (id INTEGER PRIMARY KEY AUTOINCREMENT, playOrder INTEGER, length INTEGER,
              lengthCalculated INTEGER, bpm INTEGER, year INTEGER, path TEXT, filename TEXT, bitrate INTEGER, bpmAnalyzed REAL);
            CREATE TABLE MetaData (id INTEGER, type INTEGER, text TEXT, PRIMARY KEY (id, type));
            CREATE TABLE MetaDataInteger (id INTEGER, type INTEGER, value INTEGER, PRIMARY KEY (id, type));

            """
        switch family {
        case .crateTables:
            return information + metaData + """
                CREATE TABLE Crate (id INTEGER PRIMARY KEY, title TEXT, path TEXT);
                CREATE TABLE CrateParentList (crateOriginId INTEGER, crateParentId INTEGER);
                CREATE TABLE CrateHierarchy (crateId INTEGER, crateIdChild INTEGER);
                CREATE TABLE CrateTrackList (crateId INTEGER, trackId INTEGER);
                CREATE TABLE Playlist (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE PlaylistTrackList (playlistId INTEGER, trackId INTEGER, trackIdInOriginDatabase INTEGER,
                  databaseUuid TEXT, trackNumber INTEGER);
                CREATE TABLE Historylist (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE HistorylistTrackList (historylistId INTEGER, trackId INTEGER, trackIdInOriginDatabase INTEGER,
                  databaseUuid TEXT, date INTEGER);

                """
        case .listTable:
            return information + metaData + """
                CREATE TABLE List (id INTEGER, type INTEGER, title TEXT, path TEXT, isFolder NUMERIC, PRIMARY KEY (id, type));
                CREATE TABLE ListParentList (listOriginId INTEGER, listOriginType INTEGER, listParentId INTEGER,
                  listParentType INTEGER);
                CREATE TABLE ListTrackList (id INTEGER PRIMARY KEY AUTOINCREMENT, listId INTEGER, listType INTEGER,
                  trackId INTEGER, trackIdInOriginDatabase INTEGER, databaseUuid TEXT, trackNumber INTEGER);

                """
        case .playlistEntities:
            return information + """
                CREATE TABLE Track (id INTEGER PRIMARY KEY AUTOINCREMENT, playOrder INTEGER, length INTEGER, bpm INTEGER,
                  year INTEGER, path TEXT, filename TEXT, bitrate INTEGER, bpmAnalyzed REAL, fileBytes INTEGER, title TEXT,
                  artist TEXT, album TEXT, genre TEXT, comment TEXT, label TEXT, composer TEXT, remixer TEXT, key INTEGER,
                  rating INTEGER, timeLastPlayed DATETIME, dateAdded DATETIME, lastEditTime DATETIME);
                CREATE TABLE Playlist (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT, parentListId INTEGER,
                  isPersisted BOOLEAN, nextListId INTEGER, lastEditTime DATETIME, isExplicitlyExported BOOLEAN);
                CREATE TABLE PlaylistEntity (id INTEGER PRIMARY KEY AUTOINCREMENT, listId INTEGER, trackId INTEGER,
                  databaseUuid TEXT, nextEntityId INTEGER, membershipReference INTEGER);

                """
        }
    }

    /// Four tracks and a placeholder row (no path, as Engine inserts them), and lists, in the
    /// columns every version of the layout has: the same rows go into the schemas above and
    /// into the dumps. Track 1 has every field, 2 a Windows path and values Engine means as
    /// none (0, ''), 3 an absolute Mac path and out-of-range values, 4 a video; one entry
    /// names track 99, which is not there.
    static func rows(_ family: Family, rating: Int = 80) -> String {
        switch family {
        case .crateTables, .listTable:
            let tracks = """
                INSERT INTO Track (id, path, filename, length, lengthCalculated, bpm, bpmAnalyzed, year, playOrder, bitrate) VALUES
                  (1, '../Music/Artist/One.mp3', 'One.mp3', 215, 215, 121, 121.6, 2014, 3, 320),
                  (2, 'D:\\Music\\Two.flac', 'Two.flac', 0, 0, 0, NULL, 0, NULL, NULL),
                  (3, '/Users/sam/Music/Three.m4a', 'Three.m4a', 100, 100, 128, 128.0, 1999, 1, 256),
                  (4, '../Video/clip.mp4', 'clip.mp4', 60, 60, NULL, NULL, NULL, NULL, NULL),
                  (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
                INSERT INTO MetaData (id, type, text) VALUES (1, 1, 'One'), (1, 2, 'Artist'), (1, 3, 'Album'),
                  (1, 4, 'House'), (1, 5, 'Nice'), (1, 6, 'Label'), (1, 7, 'Composer'), (1, 10, '03:35'), (1, 13, 'mp3'),
                  (2, 1, 'Two'), (2, 2, ''), (2, 3, '  '), (3, 1, 'Three'), (3, 2, 'Other'), (4, 1, 'Clip');
                INSERT INTO MetaDataInteger (id, type, value) VALUES (1, 1, 1595881139), (1, 2, 1592776233),
                  (1, 3, 1592697600), (1, 4, 7), (1, 5, \(rating)), (2, 1, 0), (2, 4, 23), (2, 5, 0), (3, 4, 99), (3, 5, 120),
                  (3, 2, -5);

                """
            if family == .crateTables {
                return tracks + """
                    INSERT INTO Crate (id, title, path) VALUES (1, 'Sets', 'Sets;'), (2, 'Friday', 'Sets;Friday;');
                    INSERT INTO CrateParentList (crateOriginId, crateParentId) VALUES (1, 1), (2, 1);
                    INSERT INTO CrateHierarchy (crateId, crateIdChild) VALUES (1, 2);
                    INSERT INTO CrateTrackList (crateId, trackId) VALUES (2, 3), (2, 1), (2, 2), (1, 4), (1, 99);
                    INSERT INTO Playlist (id, title) VALUES (1, 'Warmup');
                    INSERT INTO PlaylistTrackList (playlistId, trackId, trackIdInOriginDatabase, databaseUuid, trackNumber)
                      VALUES (1, 2, 2, 'x', 2), (1, 1, 1, 'x', 1), (1, 3, 3, 'x', 3);
                    INSERT OR IGNORE INTO Historylist (id, title) VALUES (1, 'History 1');
                    INSERT INTO HistorylistTrackList (historylistId, trackId, trackIdInOriginDatabase, databaseUuid, date)
                      VALUES (1, 3, 3, 'x', 1500000000), (1, 1, 1, 'x', 1500000100);

                    """
            }
            return tracks + """
                INSERT INTO List (id, type, title, path, isFolder) VALUES (11, 4, 'Sets', 'Sets;', 1),
                  (12, 4, 'Friday', 'Sets;Friday;', 0), (13, 1, 'Warmup', 'Warmup;', 0), (14, 3, 'Prepare me', 'Prepare me;', 0);
                INSERT OR IGNORE INTO List (id, type, title, path, isFolder) VALUES (21, 2, 'History 1', 'History 1;', 0);
                INSERT INTO ListParentList (listOriginId, listOriginType, listParentId, listParentType)
                  VALUES (11, 4, 11, 4), (12, 4, 11, 4), (13, 1, 13, 1), (21, 2, 21, 2);
                INSERT INTO ListTrackList (listId, listType, trackId, trackIdInOriginDatabase, databaseUuid, trackNumber)
                  VALUES (12, 4, 3, 3, 'x', 0), (12, 4, 1, 1, 'x', 0), (12, 4, 2, 2, 'x', 0), (11, 4, 4, 4, 'x', 0),
                  (11, 4, 99, 99, 'x', 0), (13, 1, 2, 2, 'x', 2), (13, 1, 1, 1, 'x', 1), (13, 1, 3, 3, 'x', 3),
                  (21, 2, 3, 3, 'x', 0), (21, 2, 1, 1, 'x', 0), (14, 3, 1, 1, 'x', 1);

                """
        case .playlistEntities:
            return """
                INSERT INTO Track (id, path, filename, length, bpm, bpmAnalyzed, year, playOrder, bitrate, title, artist, album,
                  genre, comment, label, composer, remixer, key, rating, dateAdded, timeLastPlayed) VALUES
                  (1, '../Music/Artist/One.mp3', 'One.mp3', 215, 121, 121.6, 2014, 3, 320, 'One', 'Artist', 'Album', 'House',
                   'Nice', 'Label', 'Composer', 'Remixer', 7, \(rating), 1592776233, 1595881139),
                  (2, 'D:\\Music\\Two.flac', 'Two.flac', 0, 0, NULL, 0, NULL, NULL, 'Two', '', '  ', NULL, NULL, NULL, NULL,
                   NULL, 23, 0, 0, NULL),
                  (3, '/Users/sam/Music/Three.m4a', 'Three.m4a', 100, 128, 128.0, 1999, 1, 256, 'Three', 'Other', NULL, NULL,
                   NULL, NULL, NULL, NULL, 99, 120, -5, NULL),
                  (4, '../Video/clip.mp4', 'clip.mp4', 60, NULL, NULL, NULL, NULL, NULL, 'Clip', NULL, NULL, NULL, NULL, NULL,
                   NULL, NULL, NULL, NULL, NULL, NULL),
                  (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   NULL, NULL, NULL);
                INSERT INTO Playlist (id, title, parentListId, isPersisted, nextListId, lastEditTime, isExplicitlyExported)
                  VALUES (1, 'Sets', 0, 1, 0, 0, 1);
                INSERT INTO Playlist (id, title, parentListId, isPersisted, nextListId, lastEditTime, isExplicitlyExported)
                  VALUES (2, 'Friday', 1, 1, 0, 0, 1);
                INSERT INTO Playlist (id, title, parentListId, isPersisted, nextListId, lastEditTime, isExplicitlyExported)
                  VALUES (3, 'Empty', 0, 1, 0, 0, 1);
                INSERT INTO PlaylistEntity (id, listId, trackId, databaseUuid, nextEntityId, membershipReference) VALUES
                  (10, 2, 3, (SELECT uuid FROM Information), 0, 0), (11, 2, 1, (SELECT uuid FROM Information), 12, 0),
                  (12, 2, 2, (SELECT uuid FROM Information), 10, 0), (13, 1, 99, (SELECT uuid FROM Information), 0, 0),
                  (14, 1, 4, (SELECT uuid FROM Information), 13, 0);

                """
        }
    }

    /// Builds a database at `path` from SQL files, with Python's sqlite3 (its executescript
    /// takes a `.dump` as the sqlite3 shell writes it).
    static func build(_ path: String, sql: [String]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for name in sys.argv[2:]:
                db.executescript(open(name, encoding="utf-8").read())
            db.commit()
            db.close()
            """, path] + sql)
        try #require(result.status == 0, "building \(path): \(result.stderr)")
    }

    /// A database of `family` built from the schema here (or a dump) and the rows.
    static func database(_ family: Family, in scratch: MixtapeProcess, dump: String? = nil, rating: Int = 80) throws -> String {
        let path = scratch.folder + "/" + family.databasePath
        let rows = try scratch.write("rows-\(family.rawValue).sql", Self.rows(family, rating: rating))
        let schema = try dump ?? scratch.write("schema-\(family.rawValue).sql", Self.schema(family))
        try build(path, sql: [schema, rows])
        return path
    }

    static func reading(_ file: String, _ flag: String) throws -> [[String: Any]] {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, flag, file])
        try #require(result.status == 0, "read_engine.py \(flag) \(file): \(result.stderr)")
        return result.records
    }

    /// Indexes `file` and compares items and lists with the Python reading.
    static func compareWithPython(_ file: String, _ scratch: MixtapeProcess) throws {
        let indexed = try scratch.run(["index", file])
        #expect(indexed.status == 0, "\(file): \(indexed.stderr)")
        TraktorSourceTests.compare(file, try scratch.run(["search", "--json"]).records, try reading(file, "--items"),
                                   keys: itemKeys, what: "item")
        TraktorSourceTests.compare(file, try scratch.run(["playlists", "--json"]).records, try reading(file, "--playlists"),
                                   keys: playlistKeys, what: "playlist")
    }

    static func byLocation(_ scratch: MixtapeProcess) throws -> [String: [String: Any]] {
        try scratch.run(["search", "--json"]).records.reduce(into: [:]) { $0[$1["location"] as? String ?? ""] = $1 }
    }

    @Test("each layout built here: every field, paths made absolute, ids engine:uuid:id, lists in order",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"),
          arguments: Family.allCases)
    func builtHere(_ family: Family) throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(family, in: scratch)
        // The file the first track names, where its relative path says: relocation finds it.
        try FileManager.default.createDirectory(atPath: scratch.folder + "/Music/Artist", withIntermediateDirectories: true)
        let one = try scratch.write("Music/Artist/One.mp3", Array(repeating: UInt8(7), count: 64))
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try Self.byLocation(scratch)
        #expect(items.count == 4, "\(items.keys.sorted())")
        let modern = family == .playlistEntities
        let uuid = "0f1e2d3c-aaaa-4bbb-8ccc-123456789abc"
        let full = try #require(items[scratch.folder + "/Music/Artist/One.mp3"], "\(items.keys.sorted())")
        var expected: [String: Any] = [
            "id": "engine:\(uuid):1", "title": "One", "artist": "Artist", "album": "Album", "genre": "House",
            "comments": "Nice", "label": "Label", "composer": "Composer", "musical_key": "F#m", "rating": 80, "bpm": 122,
            "duration_ms": 215_000, "year": 2014, "track_number": 3, "bit_rate": 320, "play_date": "2020-07-27T20:18:59Z",
            "path": one, "kind": "music",
        ]
        if modern {
            expected["remixer"] = "Remixer"
            expected["date_added"] = "2020-06-21T21:50:33Z"
        } else {
            expected["date_modified"] = "2020-06-21T21:50:33Z"
        }
        for (key, value) in expected {
            #expect("\(full[key] ?? "absent")" == "\(value)", "\(family) \(key): \(full[key] ?? "absent")")
        }
        #expect(full["play_count"] == nil, "Engine keeps no play count")
        #expect(modern || full["remixer"] == nil && full["date_added"] == nil, "1.x has no remixer, no date added")
        let windows = try #require(items["D:/Music/Two.flac"], "\(items.keys.sorted())")
        for key in ["artist", "album", "rating", "duration_ms", "year", "bpm", "date_added", "play_date"] {
            #expect(windows[key] == nil, "\(family) \(key) of values Engine means as none: \(windows[key] ?? "")")
        }
        #expect(windows["musical_key"] as? String == "Dm")
        let mac = try #require(items["/Users/sam/Music/Three.m4a"])
        #expect(mac["musical_key"] == nil && mac["rating"] == nil && mac["date_modified"] == nil && mac["date_added"] == nil)
        #expect(mac["bpm"] as? Int == 128)
        #expect(items[scratch.folder + "/Video/clip.mp4"]?["kind"] as? String == "video")

        let lists = try scratch.run(["playlists", "--json"]).records
        let byPath = lists.reduce(into: [String: [String: Any]]()) { $0[$1["path"] as? String ?? ""] = $1 }
        let id = { (track: Int) in "engine:\(uuid):\(track)" }
        let friday = try #require(byPath["Sets/Friday"], "\(byPath.keys.sorted())")
        let sets = try #require(byPath["Sets"])
        #expect(sets["items"] as? [String] == [id(4)] && sets["missing"] as? Int == 1, "\(sets)")
        if modern {
            #expect(friday["items"] as? [String] == [id(1), id(2), id(3)], "the chain's order, not the ids': \(friday)")
            #expect(byPath["Empty"]?["items"] as? [String] == [])
            #expect(lists.count == 3)
        } else {
            #expect(friday["items"] as? [String] == [id(3), id(1), id(2)], "the order added: \(friday)")
            #expect(byPath["Warmup"]?["items"] as? [String] == [id(1), id(2), id(3)], "by trackNumber")
            #expect(byPath["History 1"]?["items"] as? [String] == [id(3), id(1)])
            #expect(lists.count == 4, "crates, playlist and history; the prepare list is not read: \(byPath.keys)")
        }
        let source = try #require(try scratch.run(["sources", "--json"]).records.first)
        #expect(source["kind"] as? String == "engine")
        // The Windows path (a file on another drive) goes to the relocation like any export's.
        let two = try scratch.write("Music/Two.flac", Array(repeating: UInt8(8), count: 32))
        let relocated = try scratch.run(["sources", "relocate", path, "D:/Music=" + scratch.folder + "/Music"])
        #expect(relocated.status == 0, "\(relocated.stderr)")
        #expect(try Self.byLocation(scratch)["D:/Music/Two.flac"]?["path"] as? String == two)
        try Self.compareWithPython(path, MixtapeProcess())
    }

    @Test("every real m.db indexes and equals the Python reading, items and lists",
          .enabled(if: folder != nil, "../shared is absent: real Engine databases not checked"),
          .enabled(if: python, "python3 is missing: the independent reading cannot run"),
          arguments: realDatabases)
    func realDatabase(_ file: String) throws {
        let scratch = MixtapeProcess()
        try Self.compareWithPython(file, scratch)
        let items = try scratch.run(["search", "--json"]).records
        #expect(!items.isEmpty && items.allSatisfy { ($0["id"] as? String)?.hasPrefix("engine:") == true })
    }

    @Test("a database built from each Engine version's dump, with rows added, equals the Python reading",
          .enabled(if: folder != nil, "../shared is absent: the dumps of Engine's schemas are not checked"),
          .enabled(if: python, "python3 is missing: the databases cannot be built"),
          arguments: dumps)
    func dump(_ relative: String) throws {
        let dumpPath = (Self.folder ?? "") + "/xsco_libdjinterop_ref_sql/engine/" + relative
        let text = try String(contentsOfFile: dumpPath, encoding: .utf8)
        let family: Family = relative.contains("Database2/") ? .playlistEntities
            : text.range(of: #"CREATE TABLE (IF NOT EXISTS )?List\b"#, options: .regularExpression) != nil ? .listTable
            : .crateTables
        let scratch = MixtapeProcess()
        let path = try Self.database(family, in: scratch, dump: dumpPath)
        try Self.compareWithPython(path, scratch)
        let items = try scratch.run(["search", "--json"]).records
        #expect(items.count == 4, "\(relative): \(items.count) items")
        let lists = try scratch.run(["playlists", "--json"]).records
        #expect(lists.count >= 3, "\(relative): \(lists.count) lists")
    }

    // MARK: - Hostile and broken databases

    @Test("a table or a column missing, a file that is no database: exit 65 naming it, the index unchanged",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"))
    func broken() throws {
        let cases: [(String, Family, String, String)] = [
            ("no MetaData", .crateTables, "DROP TABLE MetaData;", "table MetaData is missing"),
            ("no PlaylistEntity", .playlistEntities, "DROP TABLE PlaylistEntity;", "table PlaylistEntity is missing"),
            ("no ListTrackList", .listTable, "DROP TABLE ListTrackList;", "table ListTrackList is missing"),
            ("no path", .playlistEntities, "ALTER TABLE Track DROP COLUMN path;", "table Track has no column path"),
            ("no uuid", .crateTables, "DELETE FROM Information;", "table Information has no row"),
            ("a uuid that is not one", .listTable, "UPDATE Information SET uuid = 'x y/z';", "table Information, row 1: the uuid is missing or not a uuid"),
        ]
        for (label, family, change, message) in cases {
            let scratch = MixtapeProcess()
            let path = try Self.database(family, in: scratch)
            try #require(try scratch.run(["index", path]).status == 0)
            let before = try scratch.snapshot()
            let script = try scratch.write("change.sql", change)
            usleep(20_000)
            try Self.build(path, sql: [script])
            let result = try scratch.run(["index", path])
            #expect(result.status == 65, "\(label): exit \(result.status), \(result.stderr)")
            #expect(result.stderr.contains(path + ": " + message), "\(label): \(result.stderr)")
            #expect(try scratch.snapshot() == before, "\(label): the index changed")
        }
        // A file named m.db that is no database at all.
        let scratch = MixtapeProcess()
        try FileManager.default.createDirectory(atPath: scratch.folder + "/Engine Library", withIntermediateDirectories: true)
        let fake = try scratch.write("Engine Library/m.db", "SQLite format 3\0" + String(repeating: "x", count: 200))
        let result = try scratch.run(["index", fake])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(fake), "\(result.stderr)")
    }

    @Test("rows with absurd values (huge, negative, wrong types, a NUL in a path, a 1 MB title) read as what fits, the rest absent",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"))
    func absurdRows() throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(.playlistEntities, in: scratch)
        let change = try scratch.write("absurd.sql", """
            INSERT INTO Track (id, path, length, bpm, bpmAnalyzed, year, playOrder, bitrate, fileBytes, title, artist, key,
              rating, dateAdded, timeLastPlayed) VALUES
              (100, '../a' || char(0) || 'b.mp3', 9223372036854775807, -1, 1e308, -2014, -3, 'fast', -1,
               'T' || printf('%.*c', 1000000, 'x'), x'41ff42', 1000, 100000, 'not a date', 99999999999999),
              (101, 'C:', 'x', 'y', 'z', 1.5, 'w', NULL, NULL, NULL, NULL, -7, -20, 2.5, '2020-13-45 99:99:99'),
              (-9223372036854775808, '../min.mp3', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Min', NULL, NULL, NULL, NULL, NULL);
            INSERT INTO Playlist (id, title, parentListId) VALUES (9, NULL, 9), (10, 'Self parent', 10), (11, 'Orphan', 12345);
            INSERT INTO PlaylistEntity (id, listId, trackId, nextEntityId) VALUES (50, 9, 100, 50), (51, 9, NULL, NULL),
              (52, 10, 101, 0);
            """)
        try Self.build(path, sql: [change])
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let items = try scratch.run(["search", "--json"]).records
        #expect(items.count == 7, "\(items.count) items")
        let huge = try #require(items.first { $0["id"] as? String == "engine:0f1e2d3c-aaaa-4bbb-8ccc-123456789abc:100" })
        for key in ["duration_ms", "bpm", "year", "track_number", "bit_rate", "size", "musical_key", "rating", "date_added",
                    "play_date"] {
            #expect(huge[key] == nil, "\(key): \(huge[key] ?? "")")
        }
        #expect((huge["title"] as? String)?.utf8.count == 1_000_001)
        let lists = try scratch.run(["playlists", "--json"]).records
        #expect(lists.first { $0["name"] as? String == "Untitled playlist 9" }?["missing"] as? Int == 1)
        #expect(lists.first { $0["name"] as? String == "Self parent" }?["parent_id"] is NSNull)
        #expect(lists.first { $0["name"] as? String == "Orphan" }?["path"] as? String == "Orphan")
        try Self.compareWithPython(path, MixtapeProcess())
    }

    @Test("a PlaylistEntity chain that loops or links to nothing: a warning, every entry kept, no hang",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"))
    func loopingChain() throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(.playlistEntities, in: scratch)
        // 11 → 12 → 10 → 11 (a loop with no head), and 14 → 13 → 77 (no such entity).
        let change = try scratch.write("loop.sql", """
            UPDATE PlaylistEntity SET nextEntityId = 11 WHERE id = 10;
            UPDATE PlaylistEntity SET nextEntityId = 77 WHERE id = 13;
            """)
        try Self.build(path, sql: [change])
        let started = Date()
        let indexed = try scratch.run(["index", path])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(indexed.stderr.contains("table PlaylistEntity, playlist 2: 3 of its entries"), "\(indexed.stderr)")
        let friday = try #require(try scratch.run(["playlists", "--json"]).records.first { $0["name"] as? String == "Friday" })
        let uuid = "0f1e2d3c-aaaa-4bbb-8ccc-123456789abc"
        #expect(friday["items"] as? [String] == [3, 1, 2].map { "engine:\(uuid):\($0)" }, "id order after a loop: \(friday)")
        try Self.compareWithPython(path, MixtapeProcess())
    }

    @Test("Engine's performance database (p.db) is refused with advice to index the m.db beside it",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"))
    func performanceDatabase() throws {
        let scratch = MixtapeProcess()
        let path = scratch.folder + "/Engine Library/p.db"
        let schema = try scratch.write("p.sql", """
            CREATE TABLE Information (id INTEGER PRIMARY KEY, uuid TEXT);
            CREATE TABLE PerformanceData (id INTEGER PRIMARY KEY, trackData BLOB);
            """)
        try Self.build(path, sql: [schema])
        let result = try scratch.run(["index", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("index the m.db beside it"), "\(result.stderr)")
    }

    /// The malformed corpus's truncations and bit flips (MalformedCorpusTests, which mutates
    /// the real m.db files too) of a small database of each layout, where most bytes are
    /// schema and rows rather than free pages: each exits 0 or 65 naming the file, the index
    /// unchanged on 65, in bounded time and memory.
    @Test("a database of each layout truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"),
          arguments: Family.allCases)
    func mutants(_ family: Family) throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(family, in: scratch)
        try MalformedCorpusTests.mutateExport(.init(label: "engine \(family)", origin: .file(path), database: true))
    }

    /// The real databases' mutants on their own, for `MIXTAPE_STRESS=1 swift test --filter
    /// EngineSourceTests.mutants` (100 + 100 each); the regular suite mutates them in
    /// MalformedCorpusTests already.
    @Test("every real m.db truncated and bit-flipped under MIXTAPE_STRESS: exit 0 or 65, index unchanged on 65",
          .enabled(if: folder != nil, "../shared is absent: real Engine databases not mutated"),
          .enabled(if: MalformedCorpusTests.stress, "MIXTAPE_STRESS=1 runs it (MalformedCorpusTests mutates them in every run)"),
          arguments: realDatabases)
    func mutantsOfReal(_ file: String) throws {
        try MalformedCorpusTests.mutateExport(.init(label: "real " + file, origin: .file(file), database: true))
    }

    // MARK: - Re-export

    /// A running Engine DJ keeps its latest writes in `m.db-wal` until a checkpoint, leaving
    /// `m.db` itself untouched: the WAL is a companion, so `index` reads the change.
    @Test("a change Engine holds in m.db-wal (m.db unchanged) is read by the next index",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"))
    func writeAheadLog() throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(.crateTables, in: scratch)
        try Self.build(path, sql: [try scratch.write("wal.sql", "PRAGMA journal_mode = WAL;")])
        try #require(try scratch.run(["index", path]).status == 0)
        #expect(try scratch.run(["index", "--json"]).records.first?["skipped"] as? Int == 1, "unchanged: not read again")
        // Python keeps a connection open with the change in the WAL while mixtape indexes.
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import os, sqlite3, subprocess, sys
            before = os.path.getmtime(sys.argv[1])
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("UPDATE MetaData SET text = 'Changed in the WAL' WHERE id = 1 AND type = 1")
            assert os.path.getsize(sys.argv[1] + "-wal") > 0 and os.path.getmtime(sys.argv[1]) == before

            env = dict(os.environ, MIXTAPE_LIBRARY=sys.argv[3], XDG_CONFIG_HOME=sys.argv[4])
            run = subprocess.run([sys.argv[2], "index", "--json"], env=env, capture_output=True, text=True)
            sys.stdout.write(run.stdout)
            sys.stderr.write(run.stderr)
            sys.exit(run.returncode)
            """, path, MixtapeProcess.binary, scratch.library, scratch.configHome])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.records.first)
        #expect(report["updated"] as? Int == 1 && report["skipped"] as? Int == 0, "\(report)")
        let titles = try scratch.run(["search", "--json"]).records.compactMap { $0["title"] as? String }
        #expect(titles.contains("Changed in the WAL"), "\(titles)")
    }


    @Test("the same library rewritten with its rows in another order and one rating changed keeps every id",
          .enabled(if: python, "python3 is missing: the test databases cannot be built"),
          arguments: Family.allCases)
    func reexportKeepsIDs(_ family: Family) throws {
        let scratch = MixtapeProcess()
        let path = try Self.database(family, in: scratch)
        try #require(try scratch.run(["index", path]).status == 0)
        let check = try ReexportCheck(scratch)
        // A new file: the tables' rows reversed (the Track table refilled from the end), and
        // track 1 rated 40 instead of 80.
        let rewrite = try scratch.write("rewrite.sql", """
            CREATE TEMP TABLE saved AS SELECT * FROM Track;
            DELETE FROM Track;
            INSERT INTO Track SELECT * FROM saved ORDER BY id DESC;
            """ + (family == .playlistEntities ? "UPDATE Track SET rating = 40 WHERE id = 1;"
                   : "UPDATE MetaDataInteger SET value = 40 WHERE id = 1 AND type = 5;"))
        try FileManager.default.removeItem(atPath: path)
        _ = try Self.database(family, in: scratch)
        usleep(20_000)
        try Self.build(path, sql: [rewrite])
        let after = try check.reindex(scratch).items
        let rated = after.first { $0["id"] as? String == "engine:0f1e2d3c-aaaa-4bbb-8ccc-123456789abc:1" }
        #expect(rated?["rating"] as? Int == 40)
    }
}
