import Foundation
import MixtapeCore
@testable import MixtapeStore
import Testing

/// One file, one item in the store: which row becomes the item, which are aliases, and that
/// every reader (all items, one item, the line snapshot, playlists, the selection) agrees.
@Suite("ItemAliases: one file listed by several sources is one item")
final class ItemAliasesTests {
    let folder = NSTemporaryDirectory() + "mixtape-aliases-\(UUID().uuidString)"
    let store: LibraryStore

    init() throws {
        store = try LibraryStore(path: folder + "/library.sqlite")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static func item(_ id: String, _ title: String?, at location: String?, rating: Int64? = nil,
                     genre: String? = nil) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.title = title
        item.location = location
        // As relocation finds it (spec/sources.md, "Where the files are now"): the file its
        // location names, which is what makes rows of two sources one item.
        item.path = location
        item.rating = rating
        item.genre = genre
        return item
    }

    func sync(_ path: String, _ kind: SourceKind, _ items: [MediaItem], playlists: [Playlist] = []) throws {
        _ = try store.sync(SourceRecord(path: path, kind: kind)) { sync in
            try sync.put(items)
            return SourceReadout(playlists: playlists)
        }
    }

    /// An export (NFD location, a rating), a folder (NFC location, a genre), a second export.
    func makeLibrary() throws {
        try sync("/m", .folder, [
            Self.item("file:1", "Tag One", at: "/m/Caf\u{E9}.flac", genre: "Folk"),
            Self.item("file:2", "Tag Two", at: "/m/two.flac", genre: "Jazz"),
        ], playlists: [{
            var list = Playlist(id: PlaylistID(rawValue: "m3u:1"), name: "Folder list")
            list.items = [ItemID(rawValue: "file:1"), ItemID(rawValue: "file:2")]
            return list
        }()])
        try sync("/a.xml", .itunesLibrary, [Self.item("itunes:A", "Export One", at: "/m/Cafe\u{301}.flac", rating: 80)])
        try sync("/b.xml", .itunesLibrary, [Self.item("itunes:B", nil, at: "/m/Caf\u{E9}.flac", rating: 20),
                                            Self.item("itunes:C", "C", at: "/m/two.flac"),
                                            Self.item("itunes:D", "D", at: "/m/two.flac")])
    }

    @Test("the export added first keeps the item; the others are its aliases and fill what it lacks")
    func whichRowWins() throws {
        try makeLibrary()
        let items = try store.items()
        #expect(items.map(\.id.rawValue).sorted() == ["itunes:A", "itunes:C", "itunes:D"],
                "an export listing one file twice keeps both tracks; the folder's file is the first's alias")
        #expect(items.first { $0.id.rawValue == "itunes:C" }?.aliases.map(\.rawValue) == ["file:2"])
        #expect(items.first { $0.id.rawValue == "itunes:D" }?.aliases.isEmpty == true)
        let one = try #require(items.first { $0.id.rawValue == "itunes:A" })
        #expect(one.title == "Export One" && one.rating == 80 && one.genre == "Folk")
        #expect(one.aliases.map(\.rawValue).sorted() == ["file:1", "itunes:B"])
        #expect(one.sources.first == "/a.xml" && Set(one.sources) == ["/a.xml", "/m", "/b.xml"])
        #expect(try store.item(ItemID(rawValue: "file:1")) == one, "an alias finds its item")
        #expect(try store.item(ItemID(rawValue: "itunes:A")) == one)
    }

    @Test("every reader agrees: items, forEachItem, the line snapshot, playlists, selection")
    func readersAgree() throws {
        try makeLibrary()
        let fields: Set<Field> = [.title, .genre]
        let all = try store.items(fields: fields)
        var streamed: [MediaItem] = []
        try store.forEachItem(fields: fields) { streamed.append($0) }
        #expect(streamed == all)
        try store.writeLineSnapshot(template: "{title} {genre}", fields: fields) { "\($0.title ?? "") \($0.genre ?? "")" }
        let snapshot = try #require(try store.lineSnapshot(template: "{title} {genre}"))
        #expect((0..<snapshot.ids.count).map { snapshot.ids[$0] } == all.map(\.id.rawValue))
        #expect((0..<snapshot.lines.count).map { snapshot.lines[$0] }.contains("Export One Folk"))
        let folderList = try #require(try store.playlists().first { $0.name == "Folder list" })
        #expect(folderList.items.map(\.rawValue) == ["itunes:A", "itunes:C"])
        _ = try store.editSelection(.add, ids: [ItemID(rawValue: "file:1"), ItemID(rawValue: "itunes:A")])
        #expect(try store.selection().map(\.rawValue) == ["itunes:A"])
    }

    @Test("with no shared file nothing is recorded and items read as before")
    func noAliases() throws {
        try sync("/m", .folder, [Self.item("file:1", "One", at: "/m/1.flac")])
        try sync("/a.xml", .itunesLibrary, [Self.item("itunes:A", "A", at: "/Users/sam/1.flac")])
        #expect(try ItemAliasesTests.aliasCount(store) == 0)
        #expect(try store.items().allSatisfy { $0.aliases.isEmpty && $0.sources.isEmpty })
    }

    @Test("a watch batch that adds the file makes the alias; removing the export undoes it")
    func patchAndRemove() throws {
        try sync("/a.xml", .itunesLibrary, [Self.item("itunes:A", "Export", at: "/m/x.flac")])
        try sync("/m", .folder, [])
        _ = try store.patch(SourceRecord(path: "/m", kind: .folder)) { patch in
            try patch.put([Self.item("file:1", "Tag", at: "/m/x.flac", genre: "Folk")])
        }
        #expect(try store.items().map(\.id.rawValue) == ["itunes:A"])
        _ = try store.replaceSelection(with: [ItemID(rawValue: "file:1")])
        #expect(try store.selection().map(\.rawValue) == ["itunes:A"])
        _ = try store.removeSource(at: "/a.xml")
        #expect(try store.items().map(\.id.rawValue) == ["file:1"])
        #expect(try store.selection().map(\.rawValue) == ["file:1"])
        #expect(try ItemAliasesTests.aliasCount(store) == 0)
    }

    @Test("removing the export that held the item hands it to the next export, selection and all")
    func theNextExportTakesOver() throws {
        try makeLibrary()
        _ = try store.replaceSelection(with: [ItemID(rawValue: "itunes:A")])
        _ = try store.removeSource(at: "/a.xml")
        let item = try #require(try store.item(ItemID(rawValue: "file:1")))
        #expect(item.id.rawValue == "itunes:B" && item.rating == 20 && item.title == "Tag One")
        #expect(item.aliases.map(\.rawValue) == ["file:1"])
        #expect(try store.selection().map(\.rawValue) == ["itunes:B"])
    }

    static func aliasCount(_ store: LibraryStore) throws -> Int {
        try store.items().reduce(0) { $0 + $1.aliases.count }
    }
}
