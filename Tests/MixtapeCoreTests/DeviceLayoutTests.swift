import MixtapeCore
import Testing

/// `sync --layout` (spec/cli.md): where an item's file goes on a device.
@Suite("Device layout: an item's place below a device's folder")
struct DeviceLayoutTests {
    static func item(title: String? = "Hyperballad", artist: String? = "Björk", albumArtist: String? = nil,
                     album: String? = "Post", disc: Int64? = 1, track: Int64? = 3, path: String? = "/m/x/03 Hyper.flac") -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: "file:1"))
        item.title = title
        item.artist = artist
        item.albumArtist = albumArtist
        item.album = album
        item.discNumber = disc
        item.trackNumber = track
        item.path = path
        return item
    }

    @Test func theStandardLayoutNamesArtistAlbumAndNumberedTitle() {
        let place = DeviceLayout.standard.place(Self.item(), names: DeviceNames(.posix))
        #expect(place.folder == "Björk/Post" && place.stem == "1-03 Hyperballad")
        let various = DeviceLayout.standard.place(Self.item(albumArtist: "Various Artists"), names: DeviceNames(.posix))
        #expect(various.folder == "Various Artists/Post")
    }

    @Test func missingValuesHaveFallbacks() {
        let place = DeviceLayout.standard.place(Self.item(title: nil, artist: nil, album: nil, disc: nil, track: nil),
                                                names: DeviceNames(.posix))
        #expect(place.folder == "Unknown Artist/Unknown Album" && place.stem == "1-00 03 Hyper")
    }

    @Test func valuesMakeNoFoldersAndBreakNoFATNames() throws {
        let layout = try DeviceLayout("{artist}/{title}")
        let fat = layout.place(Self.item(title: "Who: Are You?", artist: "AC/DC"), names: DeviceNames(.fat))
        #expect(fat.folder == "AC_DC" && fat.stem == "Who_ Are You_")
        let posix = layout.place(Self.item(title: "Who: Are You?", artist: "AC/DC"), names: DeviceNames(.posix))
        #expect(posix.folder == "AC_DC" && posix.stem == "Who: Are You?")
    }

    @Test func aFlatLayoutAndLiteralBraces() throws {
        let place = try DeviceLayout("{{{track:003}}} {title}").place(Self.item(), names: DeviceNames(.posix))
        #expect(place.folder == "" && place.stem == "{003} Hyperballad")
    }

    @Test(arguments: ["{nope}", "{title", "title}", "{track:2}", "{track:0x}", "", "///"])
    func badTemplatesAreRefused(_ template: String) {
        #expect(throws: DeviceLayoutError.self) { try DeviceLayout(template) }
    }
}
