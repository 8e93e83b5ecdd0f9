import MixtapeCore
import Testing

/// An export reads only `PlaylistFormat.itemFields` of each item, and an entry holds its item
/// only when `readsItems`: every format must write exactly the same bytes from such an item as
/// from the item with every field.
@Suite("Playlist formats: the item fields they read")
struct PlaylistFormatFieldsTests {
    /// Every field set to a value of its type (a cue track, so ranges are written too).
    static let full: MediaItem = {
        var item = MediaItem(id: .itunes(persistentID: "00AA11BB22CC33DD"))
        item.source = "/library/Library.xml"
        for field in Field.allCases where field != .id && field != .source {
            field.set(value(of: field), on: &item)
        }
        return item
    }()

    static func value(of field: Field) -> FieldValue {
        switch field.type {
        case .text: field == .kind ? .text("podcast") : .text("\(field.rawValue) <&> Bjo\u{308}rk #1")
        case .integer: .integer(Int64(1000 + field.rawValue.utf8.count * 997))
        case .bool: .bool(true)
        case .timestamp: .timestamp(Timestamp(rawValue: 1_500_000_000 + Int64(field.rawValue.utf8.count)))
        }
    }

    /// `full` as an export reads it for `format`: only the format's fields, the rest as a new item has them.
    static func narrowed(for format: PlaylistFormat) -> MediaItem {
        var item = MediaItem(id: full.id)
        item.source = full.source
        for field in format.itemFields { field.set(field.value(of: full), on: &item) }
        return item
    }

    @Test(arguments: PlaylistFormat.allCases)
    func aFormatWritesTheSameFromItsOwnFieldsAlone(format: PlaylistFormat) {
        let path = "/srv/music/Bjo\u{308}rk/01 #1.m4a"
        let whole = format.write(name: "Mix", entries: [PlaylistEntry(item: Self.full, path: path)])
        let narrowed = Self.narrowed(for: format)
        let read = format.write(name: "Mix", entries: [PlaylistEntry(item: narrowed, path: path, holdingItem: format.readsItems)])
        #expect(read.bytes == whole.bytes, "\(format)")
        #expect(!whole.bytes.isEmpty)
    }

    @Test func theNarrowedItemReallyLacksFieldsTheFormatDoesNotRead() {
        // So the test above compares something: an m3u8 export reads no genre or rating.
        let narrowed = Self.narrowed(for: .m3u8)
        #expect(narrowed.genre == nil && narrowed.rating == nil && narrowed.persistentID == nil)
        #expect(narrowed.title == Self.full.title && narrowed.startMs == Self.full.startMs)
        #expect(PlaylistFormat.json.itemFields == Set(Field.allCases))
    }
}
