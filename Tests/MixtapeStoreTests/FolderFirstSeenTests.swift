import Foundation
import GRDB
import MixtapeCore
@testable import MixtapeStore
import Testing

/// `folder_files.first_seen` (migration v8): a folder item's `date_added`, stored with the
/// file's record so that it survives re-reads and moves.
@Suite("Schema v8: folder files remember when they were first seen")
struct FolderFirstSeenTests {
    @Test("a v6 index gains first_seen, empty for the files it had; records keep what they are given")
    func upgradeAndRoundTrip() throws {
        let path = NSTemporaryDirectory() + "mixtape-v6-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v6: saved exports")
        try old.write { db in
            try db.execute(sql: "INSERT INTO sources (path, kind) VALUES ('/music', 'folder')")
            try db.execute(sql: """
                INSERT INTO folder_files (source_id, path, item_id, device, inode, size, stamp, gone)
                VALUES (1, '/music/a.mp3', 'file:1', 7, 8, 9, 10, 0)
                """)
        }
        try old.close()
        let store = try LibraryStore(path: path)
        let before = try store.folderFiles(ofSource: "/music")
        #expect(before.count == 1 && before.first?.firstSeen == nil)

        var seen = try #require(before.first)
        seen.firstSeen = Timestamp(rawValue: 1_700_000_000)
        let moved = FolderFileRecord(path: "/music/b.mp3", itemID: ItemID(rawValue: "file:2"), device: 1, inode: 2,
                                     size: 3, stamp: 4, isGone: true, firstSeen: Timestamp(rawValue: 1_600_000_000))
        _ = try store.sync(SourceRecord(path: "/music", kind: .folder)) { sync in
            try sync.replaceFolderFiles([seen, moved])
            return SourceReadout(playlists: [])
        }
        let after = try store.folderFiles(ofSource: "/music").sorted { $0.path < $1.path }
        #expect(after == [seen, moved])
        let within = try store.folderFiles(ofSource: "/music", folders: ["/music"], trees: [])
        #expect(Set(within) == Set([seen, moved]))
    }
}
