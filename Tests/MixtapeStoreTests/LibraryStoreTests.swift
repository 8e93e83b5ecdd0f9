import Foundation
import GRDB
import MixtapeCore
@testable import MixtapeStore
import Testing

@Suite("LibraryStore: sync by identity, all or nothing per source")
final class LibraryStoreTests {
    let folder: String
    let store: LibraryStore

    init() throws {
        folder = NSTemporaryDirectory() + "mixtape-store-\(UUID().uuidString)"
        store = try LibraryStore(path: folder + "/nested/library.sqlite")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static func item(_ id: String, title: String, artist: String = "A", album: String = "X",
                     track: Int64? = nil) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.title = title
        item.artist = artist
        item.album = album
        item.trackNumber = track
        return item
    }

    func record(_ path: String = "/lib.xml", size: Int64 = 1) -> SourceRecord {
        SourceRecord(path: path, kind: .itunesLibrary, stamp: SourceStamp(size: size, modificationTimeNs: 7))
    }

    @Test("first sync adds, a second counts unchanged, updated and removed by id")
    func syncCounts() throws {
        let first = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One"), Self.item("i:2", title: "Two"),
                          Self.item("i:3", title: "Three")])
            return SourceReadout(playlists: [])
        }
        #expect((first.added, first.updated, first.removed, first.unchanged) == (3, 0, 0, 0))
        let second = try store.sync(record()) { sync in
            try sync.put([Self.item("i:3", title: "Three"), Self.item("i:1", title: "One (Remix)"),
                          Self.item("i:4", title: "Four")])
            return SourceReadout(playlists: [])
        }
        #expect((second.added, second.updated, second.removed, second.unchanged) == (1, 1, 1, 1))
        let items = try store.items()
        #expect(items.map(\.id.rawValue).sorted() == ["i:1", "i:3", "i:4"])
        #expect(items.first { $0.id.rawValue == "i:1" }?.title == "One (Remix)")
        #expect(items.allSatisfy { $0.source == "/lib.xml" })
    }

    @Test("every value comes back as it was written: empty text stays empty, absent stays absent, row after row")
    func valuesRoundTrip() throws {
        var full = Self.item("i:1", title: "Ünlü & Señor — 日本", artist: "", album: "X")
        full.comments = String(repeating: "long comment ", count: 400)
        full.year = 1999
        full.compilation = true
        full.dateAdded = Timestamp(rawValue: 1_700_000_000)
        var bare = MediaItem(id: ItemID(rawValue: "i:2"))
        bare.title = ""
        let empty = MediaItem(id: ItemID(rawValue: ""))
        _ = try store.sync(record()) { sync in
            try sync.put([full, bare, empty])
            return SourceReadout(playlists: [])
        }
        let items = try store.items()
        let read = Dictionary(uniqueKeysWithValues: items.map { ($0.id.rawValue, $0) })
        #expect(items.count == 3)
        for written in [full, bare, empty] {
            var back = try #require(read[written.id.rawValue])
            back.source = nil
            #expect(back == written)
        }
        #expect(read["i:2"]?.title == "" && read["i:2"]?.artist == nil)
        #expect(read["i:1"]?.artist == "")
    }

    @Test("a read that throws leaves the index exactly as it was")
    func allOrNothing() throws {
        struct Broken: Error {}
        _ = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One")])
            var list = Playlist(id: PlaylistID(rawValue: "p:1"), name: "Mix")
            list.items = [ItemID(rawValue: "i:1")]
            return SourceReadout(playlists: [list])
        }
        let before = (try store.items(), try store.playlists(), try store.sources())
        #expect(throws: Broken.self) {
            _ = try store.sync(record(size: 2)) { sync in
                try sync.put([Self.item("i:1", title: "Changed"), Self.item("i:9", title: "New")])
                throw Broken()
            }
        }
        #expect(try store.items() == before.0)
        #expect(try store.playlists() == before.1)
        #expect(try store.sources() == before.2)
    }

    @Test("the later of two items with one id wins, counted once")
    func duplicateIDs() throws {
        let counts = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "First"), Self.item("i:1", title: "Second")])
            return SourceReadout(playlists: [])
        }
        #expect(counts.added == 1 && counts.items == 1)
        #expect(try store.items().map(\.title) == ["Second"])
    }

    @Test("library order: artist, album, disc, track, title, id; unknown last")
    func libraryOrder() throws {
        _ = try store.sync(record()) { sync in
            try sync.put([Self.item("i:5", title: "Z", artist: "b"), Self.item("i:4", title: "B", track: 2),
                          Self.item("i:3", title: "A", track: 10), Self.item("i:2", title: "A"),
                          Self.item("i:1", title: "Q", artist: "B", album: "A")])
            var noArtist = MediaItem(id: ItemID(rawValue: "i:0"))
            noArtist.title = "Untitled"
            try sync.put([noArtist])
            return SourceReadout(playlists: [])
        }
        #expect(try store.items().map(\.id.rawValue) == ["i:4", "i:3", "i:2", "i:1", "i:5", "i:0"])
    }

    @Test("playlists keep order, repeats, missing counts and folders; removing a source removes them")
    func playlists() throws {
        var folder = Playlist(id: PlaylistID(rawValue: "p:f"), name: "Road")
        folder.isFolder = true
        var mix = Playlist(id: PlaylistID(rawValue: "p:m"), name: "Mix")
        mix.parentID = folder.id
        mix.items = ["i:2", "i:1", "i:2"].map(ItemID.init(rawValue:))
        mix.missing = 3
        mix.isSmart = true
        mix.distinguishedKind = 4
        _ = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One"), Self.item("i:2", title: "Two")])
            return SourceReadout(playlists: [folder, mix], contentFingerprint: "F00D")
        }
        let stored = try store.playlists()
        #expect(stored.map(\.name) == ["Road", "Mix"])
        #expect(stored[1].items == mix.items && stored[1].missing == 3 && stored[1].parentID == folder.id)
        #expect(stored[1].isSmart && stored[1].distinguishedKind == 4 && stored[0].isFolder)
        #expect(try store.source(at: "/lib.xml")?.contentFingerprint == "F00D")
        #expect(try store.removeSource(at: "/lib.xml") == 2)
        #expect(try store.playlists().isEmpty && store.items().isEmpty && store.sources().isEmpty)
        #expect(try store.removeSource(at: "/lib.xml") == nil)
    }

    @Test("an id in two sources is listed once, from the source added first")
    func sharedIDs() throws {
        _ = try store.sync(record("/a.xml")) { try $0.put([Self.item("i:1", title: "From A")]); return SourceReadout(playlists: []) }
        _ = try store.sync(record("/b.xml")) { try $0.put([Self.item("i:1", title: "From B")]); return SourceReadout(playlists: []) }
        #expect(try store.items().map(\.title) == ["From A"])
        _ = try store.removeSource(at: "/a.xml")
        #expect(try store.items().map(\.title) == ["From B"])
    }

    @Test("the line snapshot holds every item's line in library order; a sync that changes an item, or a removal, drops it")
    func lineSnapshot() throws {
        let render: (MediaItem) -> String = { "\($0.artist ?? "") - \($0.title ?? "")" }
        _ = try store.sync(record()) { sync in
            try sync.put((0..<9000).map { Self.item("i:\($0)", title: "T\($0)", artist: "A\($0 % 7)") })
            return SourceReadout(playlists: [])
        }
        #expect(try store.lineSnapshot(template: "x") == nil)
        try store.writeLineSnapshot(template: "x", fields: [.artist, .title], render: render)
        let snapshot = try #require(try store.lineSnapshot(template: "x"))
        let items = try store.items()
        #expect((0..<snapshot.ids.count).map { ItemID(rawValue: snapshot.ids[$0]) } == items.map(\.id))
        #expect((0..<snapshot.lines.count).map { snapshot.lines[$0] } == items.map(render))
        // Its ids alone, and the lines at some positions (three chunks, in any order, some twice).
        try store.read { read in
            let ids = try #require(try read.lineSnapshotIDs(template: "x"))
            #expect((0..<ids.count).map { ids[$0] } == items.map(\.id.rawValue))
            for positions in [[0, 4095, 4096, 8999], [8999, 3, 5000, 4096, 3], Array(stride(from: 8998, to: 0, by: -7)), []] {
                let lines = try #require(try read.lineSnapshotLines(template: "x", at: positions, ids: ids))
                #expect((0..<lines.count).map { lines[$0] } == positions.map { render(items[$0]) }, "\(positions.prefix(5))")
            }
            // Ids that are not the snapshot's: the lines are not handed out.
            var others = PackedStrings()
            for position in 0..<ids.count { Array("other:\(position)".utf8).withUnsafeBufferPointer { others.append($0) } }
            #expect(try read.lineSnapshotLines(template: "x", at: [1, 4097], ids: others) == nil)
            let rowIDs = try #require(try read.lineSnapshotRowIDs(template: "x"))
            #expect(rowIDs.position(of: rowIDs.rowID(ofLine: 4097)) == 4097)
        }
        _ = try store.sync(record(size: 2)) { try $0.put([Self.item("i:1", title: "New")]); return SourceReadout(playlists: []) }
        #expect(try store.lineSnapshot(template: "x") == nil)
        try store.writeLineSnapshot(template: "x", fields: [.artist, .title], render: render)
        let rewritten = try #require(try store.lineSnapshot(template: "x"))
        #expect(rewritten.lines.count == 1 && rewritten.lines[0] == "A - New")
        // A re-read that finds every item as it was keeps it; a new Track ID alone drops it.
        let same = try store.sync(record(size: 3)) { try $0.put([Self.item("i:1", title: "New")]); return SourceReadout(playlists: []) }
        #expect(same.unchanged == 1)
        #expect(try store.lineSnapshot(template: "x")?.lines.count == 1)
        var renumbered = Self.item("i:1", title: "New")
        renumbered.trackID = 42
        _ = try store.sync(record(size: 4)) { try $0.put([renumbered]); return SourceReadout(playlists: []) }
        #expect(try store.lineSnapshot(template: "x") == nil)
        try store.writeLineSnapshot(template: "x", fields: [.artist, .title], render: render)
        _ = try store.removeSource(at: "/lib.xml")
        #expect(try store.lineSnapshot(template: "x") == nil)
    }

    @Test("rows sought by rowid, more than one statement's worth, in any order, twice, or missing, reach their slots")
    func rowsByRowID() throws {
        let count = IndexRead.rowIDsPerStatement * 2 + 100
        _ = try store.sync(record()) { sync in
            try sync.put((0..<count).map { number in
                var item = Self.item("i:\(number)", title: "T\(number)")
                item.kind = Kind.allCases[number % Kind.allCases.count]
                return item
            })
            return SourceReadout(playlists: [])
        }
        // A kind no version wrote, and none: both print as `other`, as an item read whole does.
        try store.pool.write { db in
            try db.execute(sql: "UPDATE items SET kind = 'hologram' WHERE id = 'i:3'")
            try db.execute(sql: "UPDATE items SET kind = NULL WHERE id = 'i:4'")
        }
        let rowIDOfID = try store.read { read in
            var rowIDs: [String: Int64] = [:]
            _ = try read.scan(fields: []) { row in rowIDs[row.id.rawValue] = row.rowID }
            return rowIDs
        }
        // Every item backwards, one of them twice, and a rowid with no row.
        let wanted = (0..<count).reversed().map { "i:\($0)" } + ["i:7"]
        let rowIDs = wanted.map { rowIDOfID[$0]! } + [Int64.max]
        var found = [String?](repeating: nil, count: rowIDs.count)
        var json = [String?](repeating: nil, count: rowIDs.count)
        try store.read { read in
            try read.rows(ofRowIDs: rowIDs, fields: Set(Field.allCases)) { slot, row in
                #expect(found[slot] == nil, "slot \(slot) twice")
                found[slot] = row.id.rawValue
                // Room for less than a row, so copying a row grows it.
                var values = RowValues(capacity: 16), bytes: [UInt8] = []
                row.appendValues(to: &values)
                row.jsonPlan.appendJSON(values: values.bytes, to: &bytes)
                json[slot] = String(decoding: bytes, as: UTF8.self)
            }
        }
        let misplaced = wanted.indices.filter { found[$0] != wanted[$0] }
        #expect(misplaced.isEmpty, "slots \(misplaced.prefix(5)) of \(misplaced.count)")
        #expect(found.last == .some(nil))
        // The JSON written from the row's columns is the item's own.
        let items = Dictionary(uniqueKeysWithValues: try store.items().map { ($0.id.rawValue, $0) })
        let unlike = wanted.indices.filter { json[$0] != items[wanted[$0]]?.jsonLine }
        #expect(unlike.isEmpty, "slots \(unlike.prefix(5)) of \(unlike.count)")
        #expect(items["i:3"]?.kind == .other && items["i:4"]?.kind == .other)
    }

    @Test("lines gathered while the only source is written are the snapshot a pass over the index writes")
    func collectedLineSnapshot() throws {
        let render: (MediaItem) -> String = { "\($0.artist ?? "") - \($0.title ?? "") [\($0.source ?? "")]" }
        // Small blocks, so items fill many of them and one longer than a block gets its own.
        func collector(budget: Int = 1 << 20) -> LineSnapshotCollector {
            LineSnapshotCollector(template: "x", render: { $1 += render($0).utf8 }, budget: budget, blockSize: 200)
        }
        func snapshot() throws -> [String]? {
            try store.lineSnapshot(template: "x").map { pairs in (0..<pairs.ids.count).map { pairs.ids[$0] + "|" + pairs.lines[$0] } }
        }
        /// Each line's rowid, as the snapshot keeps them.
        func rowIDs() throws -> [Int64]? {
            try store.read { try $0.lineSnapshotRowIDs(template: "x") }.map { rows in (0..<items.count).map(rows.rowID(ofLine:)) }
        }
        // Keys that tie on their first eight bytes, short keys, accents, unknown artists.
        let items = (0..<5000).map {
            Self.item("i:\($0)", title: "T\($0 % 13)", artist: ["Abba", "abba", "Ab", "Äbba", "Abbas"][$0 % 5], track: Int64($0 % 3))
        } + [MediaItem(id: ItemID(rawValue: "i:bare")), Self.item("i:long", title: String(repeating: "Ü", count: 500))]
        let first = collector()
        _ = try store.sync(record(), lines: first) { sync in
            try sync.put(items)
            return SourceReadout(playlists: [])
        }
        #expect(first.standsForIndex)
        #expect(first.hasRowIDs)  // every item was inserted: its rowid came with it
        #expect(try snapshot() == nil)  // the sync dropped the old one; the lines come next
        #expect(try store.storeLineSnapshot(first))
        let collected = try #require(try snapshot())
        let collectedRows = try #require(try rowIDs())
        try store.writeLineSnapshot(template: "x", fields: [.artist, .title], render: render)
        #expect(try snapshot() == collected)
        #expect(try rowIDs() == collectedRows)
        #expect(collected.count == items.count)

        // A re-read where most items are unchanged gathers their lines too.
        let second = collector()
        _ = try store.sync(record(size: 2), lines: second) { sync in
            try sync.put(items.reversed().map { var item = $0; if item.id.rawValue == "i:7" { item.title = "Changed" }; return item })
            return SourceReadout(playlists: [])
        }
        #expect(!second.hasRowIDs)  // unchanged items were not written: their rowids are looked up
        #expect(try store.storeLineSnapshot(second))
        let reread = try #require(try snapshot())
        let rereadRows = try #require(try rowIDs())
        try store.writeLineSnapshot(template: "x", fields: [.artist, .title], render: render)
        #expect(try snapshot() == reread)
        #expect(try rowIDs() == rereadRows)
        #expect(reread.contains { $0.hasPrefix("i:7|") && $0.contains("Changed") })
    }

    @Test("items whose fingerprints and sort keys were worked out ahead are written as those worked out by the writer")
    func preparedItems() throws {
        let items = (0..<600).map {
            Self.item("i:\($0)", title: "T\($0 % 17)", artist: ["Abba", "Äbba", "abba"][$0 % 3], track: Int64($0 % 4))
        }
        let other = try LibraryStore(path: folder + "/other.sqlite")
        func rows(_ store: LibraryStore) throws -> [String] {
            try store.items().map { "\($0.id.rawValue) \($0.title ?? "") \($0.fingerprint)" }
        }
        for (target, prepared) in [(store, false), (other, true)] {
            let lines = LineSnapshotCollector(template: "x", render: { $1 += ($0.title ?? "").utf8 })
            let counts = try target.sync(record(), lines: lines) { sync in
                var lent = items
                try sync.put(items, prepared: prepared ? PreparedItems(&lent) : nil)
                return SourceReadout(playlists: [])
            }
            #expect(counts.added == items.count)
            #expect(try target.storeLineSnapshot(lines))
            // A re-read of the same items: each found unchanged by its prepared fingerprint.
            let again = try target.sync(record(size: 2)) { sync in
                var reversed = Array(items.reversed())
                try sync.put(items.reversed(), prepared: prepared ? PreparedItems(&reversed) : nil)
                return SourceReadout(playlists: [])
            }
            #expect(again.unchanged == items.count && again.updated == 0)
        }
        #expect(try rows(other) == rows(store))
        func snapshot(_ store: LibraryStore) throws -> [String] {
            let pairs = try #require(try store.lineSnapshot(template: "x"))
            return (0..<pairs.ids.count).map { pairs.ids[$0] + "|" + pairs.lines[$0] }
        }
        #expect(try snapshot(other) == snapshot(store))
        #expect(try snapshot(other).count == items.count)
    }

    @Test("columns gathered while the only source is written are the columns a scan of the index reads")
    func gatheredColumns() throws {
        let fields: Set<Field> = [.title, .artist, .trackNumber, .kind, .loved]
        func collector(columnBudget: Int = 1 << 20) -> LineSnapshotCollector {
            let lines = LineSnapshotCollector(template: "x", render: { $1 += ($0.title ?? "").utf8 }, columnBudget: columnBudget)
            lines.gatherColumns(fields)
            return lines
        }
        // Library order that is not the order of writing; values missing, accented, repeated.
        let items = (0..<3000).map {
            Self.item("i:\($0)", title: "T\(2999 - $0)", artist: ["Abba", "abba", "Äbba", "Zappa"][$0 % 4],
                      track: $0 % 7 == 0 ? nil : Int64($0 % 3))
        }
        func rows(_ columns: ItemColumns) -> [String] {
            columns.libraryOrder.map { row in
                columns.ids[row] + " " + Field.allCases.filter(fields.contains)
                    .map { String(describing: columns.values[$0]?[row] as Any) }.joined(separator: " ")
            }
        }
        let lines = collector()
        _ = try store.sync(record(), lines: lines) { try $0.put(items); return SourceReadout(playlists: []) }
        let gathered = try #require(lines.columns())
        let scanned = try #require(try store.read { try $0.columns(fields) })
        #expect(gathered.count == items.count && gathered.fields == fields)
        #expect(rows(gathered) == rows(scanned))
        #expect(rows(gathered).first?.hasPrefix("i:") == true)

        // Past their budget the columns are let go (the lines are kept); lines that are not
        // the whole index have no columns either.
        let small = collector(columnBudget: 10_000)
        _ = try store.sync(record(size: 2), lines: small) { try $0.put(items); return SourceReadout(playlists: []) }
        #expect(small.standsForIndex && small.columns() == nil)
        let second = collector()
        _ = try store.sync(record("/b.xml"), lines: second) { try $0.put([Self.item("i:b", title: "B")]); return SourceReadout(playlists: []) }
        #expect(second.columns() == nil)
    }

    @Test("lines are gathered from a library file only when a sixteenth of it fits the budget",
          arguments: [(0, true), (100 << 20, true), (512 << 20, true), ((512 << 20) + 16, false), (1 << 31, false)] as [(Int64, Bool)])
    func linesGatheredByFileSize(size: Int64, gathered: Bool) {
        #expect(LineSnapshotCollector.mayHold(linesOfFileSized: size) == gathered)
        #expect(LineSnapshotCollector.mayHold(linesOfFileSized: size, budget: 1 << 20) == (size <= 16 << 20))
    }

    @Test("gathered lines are not the snapshot when another source has items, an id repeats or the budget runs out")
    func collectedLinesThatAreNotTheSnapshot() throws {
        let render: (MediaItem) -> String = { $0.title ?? "" }
        func sync(_ path: String, _ items: [MediaItem], budget: Int = 1 << 20) throws -> LineSnapshotCollector {
            let lines = LineSnapshotCollector(template: "x", render: { $1 += render($0).utf8 }, budget: budget)
            _ = try store.sync(record(path), lines: lines) {
                try $0.put(items)
                return SourceReadout(playlists: [])
            }
            return lines
        }
        let repeated = try sync("/a.xml", [Self.item("i:1", title: "One"), Self.item("i:1", title: "One again")])
        #expect(try !repeated.standsForIndex && !store.storeLineSnapshot(repeated))
        let overBudget = try sync("/a.xml", (0..<100).map { Self.item("i:\($0)", title: "T") }, budget: 500)
        #expect(try !overBudget.standsForIndex && !store.storeLineSnapshot(overBudget))
        #expect(try store.lineSnapshot(template: "x") == nil)
        let whole = try sync("/a.xml", [Self.item("i:1", title: "One")])
        #expect(try store.storeLineSnapshot(whole))
        #expect(try store.lineSnapshot(template: "x")?.lines.count == 1)
        let second = try sync("/b.xml", [Self.item("i:2", title: "Two")])
        #expect(try !second.standsForIndex && !store.storeLineSnapshot(second))
        #expect(try store.lineSnapshot(template: "x") == nil)
        // Lines that stood for the index when gathered, but another source was synced before
        // they were stored.
        _ = try store.removeSource(at: "/b.xml")
        let stale = try sync("/a.xml", [Self.item("i:1", title: "One"), Self.item("i:3", title: "Three")])
        #expect(stale.standsForIndex)
        _ = try sync("/b.xml", [Self.item("i:2", title: "Two")])
        #expect(try !store.storeLineSnapshot(stale))
        #expect(try store.lineSnapshot(template: "x") == nil)
    }

    @Test("a patch changes only the rows it is given, and reads folder records by range")
    func patchPartOfAFolderSource() throws {
        let folderSource = SourceRecord(path: "/m", kind: .folder)
        let paths = ["/m/a/1.mp3", "/m/a/sub/2.mp3", "/m/a b/3.mp3", "/m/a0/4.mp3", "/m/ab/5.mp3", "/m/é/6.mp3", "/m/7.mp3"]
        let records = paths.enumerated().map { index, path in
            FolderFileRecord(path: path, itemID: ItemID(rawValue: "file:\(index)"), device: 1, inode: UInt64(index),
                             size: 10, stamp: 0)
        }
        _ = try store.sync(folderSource) { sync in
            try sync.put(records.map { Self.item($0.itemID.rawValue, title: $0.path) })
            try sync.replaceFolderFiles(records)
            return SourceReadout(playlists: [])
        }
        let within = { (folders: [String], trees: [String]) in
            try self.store.folderFiles(ofSource: "/m", folders: folders, trees: trees).map(\.path).sorted()
        }
        #expect(try within(["/m/a"], []) == ["/m/a/1.mp3"])
        #expect(try within([], ["/m/a"]) == ["/m/a/1.mp3", "/m/a/sub/2.mp3"])
        #expect(try within(["/m"], ["/m/é"]) == ["/m/7.mp3", "/m/é/6.mp3"])
        #expect(try within(["/m/none"], []) == [])
        try store.writeLineSnapshot(template: "x", fields: [.title], render: { $0.title ?? "" })
        // Nothing changed: the line snapshot stays.
        let same = try store.patch(folderSource) { patch in try patch.put([Self.item("file:0", title: "/m/a/1.mp3")]) }
        #expect((same.added, same.updated, same.removed, same.unchanged) == (0, 0, 0, 7))
        #expect(try store.hasLineSnapshot(template: "x"))
        let counts = try store.patch(folderSource) { patch in
            try patch.put([Self.item("file:0", title: "changed"), Self.item("file:9", title: "new")])
            try patch.remove([ItemID(rawValue: "file:1"), ItemID(rawValue: "file:404")])
            try patch.replaceFolderFiles(at: ["/m/a/1.mp3", "/m/a/sub/2.mp3"], with: [records[0]])
        }
        #expect((counts.added, counts.updated, counts.removed, counts.unchanged) == (1, 1, 1, 5))
        #expect(try store.items().count == 7)
        #expect(try store.item(ItemID(rawValue: "file:0"))?.title == "changed")
        #expect(try store.item(ItemID(rawValue: "file:1")) == nil)
        #expect(try store.folderFiles(ofSource: "/m").map(\.path).sorted() == paths.filter { $0 != "/m/a/sub/2.mp3" }.sorted())
        #expect(try !store.hasLineSnapshot(template: "x"))
        #expect(try store.sources().first?.itemCount == 7)
    }

    @Test("entry lists survive any bytes in ids, and readers' packed entries are the same bytes")
    func entryCodec() {
        let ids = ["", "itunes:AB", String(repeating: "é", count: 300), "a\nb\u{0}c"].map(ItemID.init(rawValue:))
        #expect(StringListCodec.decodeIDs(StringListCodec.encode(ids)) == ids)
        #expect(StringListCodec.decode([0x05, 0x41]) == [])
        #expect(PackedItemIDs(ids).bytes == StringListCodec.encode(ids))
        #expect(PackedItemIDs(ids).ids == ids)
    }

    @Test("playlists appended while reading are replaced as a whole, followed by the rest, in order")
    func appendedPlaylists() throws {
        func list(_ id: String, _ entries: [String], packed: Bool) -> Playlist {
            var playlist = Playlist(id: PlaylistID(rawValue: id), name: id)
            let ids = entries.map(ItemID.init(rawValue:))
            if packed { playlist.packedItems = PackedItemIDs(ids) } else { playlist.items = ids }
            return playlist
        }
        _ = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One")])
            return SourceReadout(playlists: [list("old", ["i:1"], packed: false)])
        }
        let counts = try store.sync(record()) { sync in
            try sync.put([Self.item("i:1", title: "One"), Self.item("i:2", title: "Two")])
            try sync.appendPlaylists([list("a", ["i:2", "i:1", "i:2"], packed: true)])
            try sync.appendPlaylists([list("b", [], packed: true)])
            return SourceReadout(playlists: [list("c", ["i:1"], packed: false)])
        }
        #expect(counts.playlists == 3)
        let playlists = try store.playlists()
        #expect(playlists.map(\.id.rawValue) == ["a", "b", "c"])
        #expect(playlists.map { $0.items.map(\.rawValue) } == [["i:2", "i:1", "i:2"], [], ["i:1"]])
        #expect(try store.sources().first?.playlistCount == 3)
    }
}

@Suite("WriterLock")
struct WriterLockTests {
    @Test("a second writer waits, then fails naming the holder's pid")
    func heldLock() throws {
        let path = NSTemporaryDirectory() + "mixtape-lock-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = try WriterLock(path: path, wait: 0)
        do {
            _ = try WriterLock(path: path, wait: 0.2)
            Issue.record("a second lock was granted")
        } catch WriterLockError.held(_, let pid, _) {
            #expect(pid == getpid())
        }
        withExtendedLifetime(held) {}
    }
}

@Suite("Schema: an index made by an earlier version opens and keeps its rows")
struct SchemaMigrationTests {
    @Test func aVersion4IndexGainsTheGoneColumnAndKeepsItsFolderFiles() throws {
        let path = NSTemporaryDirectory() + "mixtape-v4-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v4: folder files")
        try old.write { db in
            try db.execute(sql: "INSERT INTO sources (path, kind) VALUES ('/music', 'folder')")
            try db.execute(sql: """
                INSERT INTO folder_files (source_id, path, item_id, device, inode, size, stamp)
                VALUES (1, '/music/a.mp3', 'file:1', 7, 8, 9, 10)
                """)
        }
        try old.close()
        let records = try LibraryStore(path: path).folderFiles(ofSource: "/music")
        #expect(records == [FolderFileRecord(path: "/music/a.mp3", itemID: ItemID(rawValue: "file:1"),
                                             device: 7, inode: 8, size: 9, stamp: 10, isGone: false)])
    }

    /// Library order folds the Vietnamese letters with two diacritics since v14: an older
    /// index's keys for `Trần` are made again (as `Tran`), other keys are left alone, and the
    /// line snapshots, which are in library order, go.
    @Test func aVersion13IndexSortsVietnameseLettersAsTheirBaseLetters() throws {
        let path = NSTemporaryDirectory() + "mixtape-v13-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v13: no index on the item id alone")
        try old.write { db in
            try db.execute(sql: "INSERT INTO sources (path, kind) VALUES ('/music/Library.xml', 'itunes')")
            try db.execute(sql: """
                INSERT INTO items (source_id, id, fingerprint, sort_key, artist, title, track_number)
                VALUES (1, 'a', 0, X'FF', 'Nguyễn', 'Trần', 3), (1, 'b', 0, X'FF', 'Nguyen', 'Tran', 4);
                INSERT INTO line_snapshots (template, chunk, data) VALUES ('{title}', 0, X'00');
                """)
        }
        try old.close()
        _ = try LibraryStore(path: path)
        let migrated = try DatabaseQueue(path: path)
        let keys = try migrated.read { db in
            try Data.fetchAll(db, sql: "SELECT sort_key FROM items ORDER BY id").map { [UInt8]($0) }
        }
        var expected = MediaItem(id: ItemID(rawValue: "a"))
        expected.artist = "Nguyen"
        expected.title = "Tran"
        expected.trackNumber = 3
        #expect(keys == [LibraryOrder.sortKey(for: expected), [0xFF]])
        #expect(try migrated.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM line_snapshots") } == 0)
    }

    /// v21 makes the items table again without its inline `UNIQUE (source_id, id)`, with the
    /// identity index in its place: every row keeps its rowid and values, and the index holds.
    @Test func aVersion20IndexKeepsItsRowsAndTheirIdentity() throws {
        let path = NSTemporaryDirectory() + "mixtape-v20-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v20: playlist files' identity and order")
        let columns = "rowid, source_id, id, fingerprint, sort_key, title, loved, path"
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO sources (path, kind) VALUES ('/music/Library.xml', 'itunes');
                INSERT INTO items (\(columns)) VALUES (5, 1, 'a', 7, X'01', 'Ünlü', 1, '/a.mp3'), (9, 1, 'b', 8, X'02', NULL, 0, NULL);
                """)
        }
        let before = try old.read { try Row.fetchAll($0, sql: "SELECT \(columns) FROM items ORDER BY rowid") }
        try old.close()
        _ = try LibraryStore(path: path)
        let migrated = try DatabaseQueue(path: path)
        #expect(try migrated.read { try Row.fetchAll($0, sql: "SELECT \(columns) FROM items ORDER BY rowid") } == before)
        let indexes = try migrated.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
        }
        #expect(indexes == [IdentityIndex.name])
        #expect(throws: DatabaseError.self) {
            try migrated.write { try $0.execute(sql: "INSERT INTO items (source_id, id, fingerprint, sort_key) VALUES (1, 'a', 0, X'00')") }
        }
        // A column's default and the source's cascade are kept.
        try migrated.write { db in
            try db.execute(sql: "INSERT INTO items (source_id, id, fingerprint, sort_key) VALUES (1, 'c', 0, X'00')")
            #expect(try Int.fetchOne(db, sql: "SELECT loved FROM items WHERE id = 'c'") == 0)
        }
        try migrated.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            try db.execute(sql: "DELETE FROM sources")
        }
        #expect(try migrated.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
    }
}
