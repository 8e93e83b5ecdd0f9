import Foundation
import MixtapeCore
@testable import MixtapeStore
import Testing

@Suite("A sync leaves its pages in the WAL; the background checkpoint moves them into the file")
struct BackgroundCheckpointTests {
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test("the database file grows only when the checkpoint runs, and the items read back alike")
    func checkpointMovesTheWAL() throws {
        let folder = NSTemporaryDirectory() + "mixtape-checkpoint-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/library.sqlite"
        let store = try LibraryStore(path: path)
        let filler = String(repeating: "words ", count: 100)
        let items = (0..<30000).map { index in
            var item = MediaItem(id: ItemID(rawValue: "i:\(index)"))
            item.title = "Title \(index)"
            item.comments = filler
            item.artist = "Artist \(index % 97)"
            return item
        }
        let before = Self.fileSize(path)
        _ = try store.sync(SourceRecord(path: "/lib.xml", kind: .itunesLibrary,
                                        stamp: SourceStamp(size: 1, modificationTimeNs: 1))) { sync in
            try sync.put(items)
            return SourceReadout(playlists: [])
        }
        // Over 1,000 pages of 16 KB: SQLite's own checkpoint at commit would have moved them.
        #expect(Self.fileSize(path + "-wal") > 1000 * 16384)
        #expect(Self.fileSize(path) == before)
        store.checkpointInBackground().wait()
        #expect(Self.fileSize(path) > before + 1000 * 16384)
        #expect(try store.items().count == items.count)
    }
}
