import Foundation
import MixtapeCore
@testable import MixtapeStore
import Testing

@Suite("SortKeyOrder: library order worked out in memory, as SQLite orders sort keys")
struct SortKeyOrderTests {
    static func order(_ keys: [[UInt8]]) -> [Int] {
        var order = SortKeyOrder(expectedCount: keys.count)
        for key in keys { key.withUnsafeBufferPointer { order.append($0) } }
        return order.order()
    }

    @Test("bytes first, then length; keys that tie on eight bytes and empty keys included")
    func byteOrder() {
        let keys: [[UInt8]] = [
            Array("the beatles anthology".utf8), Array("the beatles".utf8), [], Array("the beatlex".utf8),
            [0xff], Array("the beat".utf8), [0x00], Array("abc".utf8), Array("the beatles anthologx".utf8),
        ]
        let expected = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        #expect(Self.order(keys) == expected)
    }

    @Test("eight bytes at a time: long shared beginnings, zero bytes, keys that end inside a window, repeats in order")
    func byteStringOrder() {
        var generator = SystemRandomNumberGenerator()
        let long = Array(String(repeating: "/Long folder", count: 20).utf8)
        let mixed: [[UInt8]] = [[], Array("/Users/sam/Music/".utf8), Array("/Users/sam/Music/The Band/".utf8),
                                [0, 0, 0, 0, 0, 0, 0, 0, 0], long]
        // Then every key under one long folder: each of its windows is shared by the whole run.
        for (count, beginnings) in [0, 1, 2, 17, 2000].map({ ($0, mixed) }) + [(500, [long])] {
            let keys: [[UInt8]] = (0..<count).map { _ in
                let tail: [UInt8] = (0..<Int.random(in: 0...12, using: &generator)).map { _ in [0, 1, 0x41, 0x42, 0xff].randomElement(using: &generator)! }
                return beginnings.randomElement(using: &generator)! + tail
            }
            let expected = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }
            let flat = keys.flatMap { $0 }
            let starts = keys.reduce(into: [0]) { $0.append($0.last! + $1.count) }
            let order = flat.withUnsafeBufferPointer { all in
                ByteStringOrder.order(count: count) { UnsafeBufferPointer(rebasing: all[starts[$0]..<starts[$0 + 1]]) }
            }
            #expect(order == expected, "\(count) keys")
        }
    }

    @Test("a permutation puts each element where the order says, cycles of every length")
    func permute() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 10, 257] {
            let order = Array(0..<count).shuffled(using: &generator)
            var values = (0..<count).map { "value \($0) " + String(repeating: "x", count: $0 % 20) }
            let expected = order.map { values[$0] }
            values.permute(to: order)
            #expect(values == expected)
        }
    }

    @Test("a one-source index loads its items in the order of their sort keys")
    func oneSourceLoad() throws {
        let folder = NSTemporaryDirectory() + "mixtape-order-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try LibraryStore(path: folder + "/library.sqlite")
        let artists = ["The Beatles", "The Beatles Anthology", "the beatles", "Ångström", "", "B", "ABBA"]
        let items = (0..<300).map { index in
            var item = MediaItem(id: ItemID(rawValue: "i:\(index * 7919 % 300)"))
            item.artist = artists[index % artists.count].isEmpty ? nil : artists[index % artists.count]
            item.album = index % 3 == 0 ? "Album \(index % 5)" : nil
            item.trackNumber = index % 4 == 0 ? nil : Int64(index % 13)
            item.title = "Title \(index % 11)"
            return item
        }
        _ = try store.sync(SourceRecord(path: "/lib.xml", kind: .itunesLibrary,
                                        stamp: SourceStamp(size: 1, modificationTimeNs: 1))) { sync in
            try sync.put(items)
            return SourceReadout(playlists: [])
        }
        let expected = items.sorted {
            LibraryOrder.sortKey(for: $0).lexicographicallyPrecedes(LibraryOrder.sortKey(for: $1))
        }
        let loaded = try store.items()
        #expect(loaded.map(\.id) == expected.map(\.id))
        #expect(loaded.map(\.artist) == expected.map(\.artist))
        #expect(loaded.allSatisfy { $0.source == "/lib.xml" })
    }
}
