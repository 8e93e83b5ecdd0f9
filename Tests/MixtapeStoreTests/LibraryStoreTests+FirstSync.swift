import Foundation
import GRDB
import MixtapeCore
@testable import MixtapeStore
import Testing

/// A sync into an empty index (a first `index`) writes its rows without the identity index and
/// makes it at the end (`IdentityIndex`), and gathers what relocation reads of its rows as it
/// inserts them (`LocatedRows.Gathering`): neither may change what the index holds or what
/// relocation sees.
extension LibraryStoreTests {
    static func item(_ id: String, title: String, location: String?, size: Int64? = nil) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.title = title
        item.location = location
        item.size = size
        return item
    }

    func identityIndex() throws -> String? {
        try DatabaseQueue(path: store.path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
                                arguments: [IdentityIndex.name])
        }
    }

    @Test("an id read twice in a first sync: the later one wins, once, and the index is made there and then")
    func anIDReadTwice() throws {
        let counts = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One"), Self.item("i:2", title: "Two")])
            try sync.put([Self.item("i:1", title: "Uno"), Self.item("i:3", title: "Three")])
            return SourceReadout(playlists: [])
        }
        #expect((counts.added, counts.updated, counts.removed) == (3, 0, 0))
        let titles = try store.items().map { "\($0.id.rawValue)=\($0.title ?? "")" }.sorted()
        #expect(titles == ["i:1=Uno", "i:2=Two", "i:3=Three"])
        #expect(try identityIndex() == "CREATE UNIQUE INDEX items_identity ON items (source_id, id)")
    }

    /// Batches of 75 (statements of 32, 32, 8, 2 and 1 rows), 1 and 41 items, the last with an
    /// id of the first batch after 20 new ones.
    @Test("rows written several to a statement are numbered in the order read, and an id read again still wins")
    func rowsAppendedSeveralToAStatement() throws {
        let batches = [0..<75, 75..<76, 76..<96].map { range in
            range.map { Self.item("i:\($0)", title: "T\($0)", location: "/m/\($0 % 7)/\($0).mp3", size: Int64($0)) }
        }
        let gathered = LocatedRows.Gathering()
        let counts = try store.sync(record(), locatedRows: gathered) { sync in
            try sync.put(batches[0])
            try sync.put(batches[1], prepared: { var items = batches[1]; return PreparedItems(&items) }())
            var last = batches[2] + [Self.item("i:3", title: "Again", location: "/m/again.mp3")]
            last += (96..<101).map { Self.item("i:\($0)", title: "T\($0)", location: "/m/\($0).mp3") }
            try sync.put(last, prepared: PreparedItems(&last))
            return SourceReadout(playlists: [])
        }
        #expect((counts.added, counts.updated) == (101, 0))
        let rows = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, id, title FROM items ORDER BY rowid").map {
                "\($0[0] as Int64) \($0[1] as String) \($0[2] as String)"
            }
        }
        #expect(rows == (0..<101).map { "\($0 + 1) i:\($0) \($0 == 3 ? "Again" : "T\($0)")" })
        #expect(try identityIndex() != nil)
        #expect(!gathered.isWhole)  // a row was replaced
    }

    @Test("a first sync that fails leaves the index empty, with its identity index")
    func aFailedFirstSync() throws {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try self.store.sync(self.record()) { sync in
                try sync.put([Self.item("i:1", title: "One")])
                throw Stop()
            }
        }
        #expect(try store.items().isEmpty)
        #expect(try identityIndex() != nil)
        // The index holds: a second row of one id is refused.
        #expect(throws: DatabaseError.self) {
            try DatabaseQueue(path: self.store.path).write { db in
                try db.execute(sql: "INSERT INTO sources (path, kind) VALUES ('/x', 'itunes')")
                for _ in 0..<2 {
                    try db.execute(sql: "INSERT INTO items (source_id, id, fingerprint, sort_key) VALUES (1, 'a', 0, X'00')")
                }
            }
        }
    }

    /// Locations named by two rows, a URL, none, an empty one, and a row read twice (which
    /// replaces its first, so the gathering no longer stands for the source).
    @Test("the located rows gathered as they were inserted are the ones read back, and only a whole source's count")
    func gatheredRowsAreTheOnesReadBack() throws {
        let items = [
            Self.item("i:1", title: "One", location: "/b/one.mp3", size: 10),
            Self.item("i:2", title: "Two", location: "file:///elsewhere/two.mp3"),
            Self.item("i:3", title: "Three", location: "/a/three.mp3", size: 30),
            Self.item("i:4", title: "Four", location: "/b/one.mp3", size: 40),
            Self.item("i:5", title: "Five"),
            Self.item("i:6", title: "Six", location: ""),
            Self.item("i:7", title: "Seven", location: "C:/Music/seven.mp3"),
        ]
        let gathered = LocatedRows.Gathering()
        _ = try store.sync(record(), locatedRows: gathered) { sync in
            try sync.put(items)
            return SourceReadout(playlists: [])
        }
        #expect(gathered.isWhole)
        _ = try store.relocating { session in
            let source = try #require(session.librarySources().first)
            let read = try session.entries(of: source)
            #expect(read.entries.map(\.path) == ["", "/a/three.mp3", "/b/one.mp3", "C:/Music/seven.mp3"])
            #expect(read.entries.map(\.items) == [1, 1, 2, 1])
            #expect(try session.entries(of: source, gathered: gathered) == read)
        }

        // Read again, unchanged: no row is inserted, so nothing stands for the source.
        let again = LocatedRows.Gathering()
        _ = try store.sync(record(), locatedRows: again) { sync in
            try sync.put(items)
            return SourceReadout(playlists: [])
        }
        #expect(!again.isWhole)
        // A new source whose read repeats an id: its first row is replaced, not inserted.
        let repeated = LocatedRows.Gathering()
        _ = try store.sync(record("/music/Other.xml"), locatedRows: repeated) { sync in
            try sync.put([Self.item("o:1", title: "One", location: "/o/1.mp3"), Self.item("o:1", title: "Uno", location: "/o/2.mp3")])
            return SourceReadout(playlists: [])
        }
        #expect(!repeated.isWhole)
    }
}
