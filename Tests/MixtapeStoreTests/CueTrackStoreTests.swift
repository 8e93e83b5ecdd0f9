import Foundation
import GRDB
import MixtapeCore
@testable import MixtapeStore
import Testing

/// Cue tracks in the index: the v7 columns, and a kept file keeping its tracks.
@Suite("Store: cue track ranges")
struct CueTrackStoreTests {
    static func track(_ id: String, start: Int64?, end: Int64?) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.title = id
        item.startMs = start
        item.endMs = end
        return item
    }

    @Test func aVersion6IndexGainsTheRangeColumnsAndKeepsItsItems() throws {
        let path = NSTemporaryDirectory() + "mixtape-v6-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v6: saved exports")
        let columns = try old.read { db in try db.columns(in: "items").map(\.name) }
        #expect(!columns.contains("start_ms"), "v1 builds the items table it always built")
        try old.write { db in
            try db.execute(sql: "INSERT INTO sources (path, kind) VALUES ('/music', 'folder')")
            try db.execute(sql: "INSERT INTO items (source_id, id, fingerprint, sort_key, title) VALUES (1, 'file:1', 0, x'00', 'Old')")
        }
        try old.close()
        let store = try LibraryStore(path: path)
        let item = try #require(try store.item(ItemID(rawValue: "file:1")))
        #expect(item.title == "Old")
        #expect(item.startMs == nil && item.endMs == nil)
        _ = try store.sync(SourceRecord(path: "/music", kind: .folder, stamp: nil)) { sync in
            try sync.put([Self.track("file:2#1", start: 1_000, end: 61_500)])
            return SourceReadout(playlists: [])
        }
        let stored = try #require(try store.item(ItemID(rawValue: "file:2#1")))
        #expect(stored.startMs == 1_000 && stored.endMs == 61_500)
    }

    @Test func keepingAFileKeepsItsTracksAndNotAnotherFiles() throws {
        let path = NSTemporaryDirectory() + "mixtape-cue-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try LibraryStore(path: path)
        let record = SourceRecord(path: "/music", kind: .folder, stamp: nil)
        _ = try store.sync(record) { sync in
            try sync.put([Self.track("file:a#1", start: 0, end: 5), Self.track("file:a#2", start: 5, end: 9),
                          Self.track("file:ab#1", start: 0, end: 5), Self.track("file:b", start: nil, end: nil)])
            return SourceReadout(playlists: [])
        }
        let counts = try store.sync(record) { sync in
            sync.keep([ItemID(rawValue: "file:a"), ItemID(rawValue: "file:b")])
            return SourceReadout(playlists: [])
        }
        #expect(counts.unchanged == 3)
        #expect(counts.removed == 1)
        #expect(try store.items().map(\.id.rawValue).sorted() == ["file:a#1", "file:a#2", "file:b"])
    }
}
