import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

/// One media file with one sidecar, and the kind the item must get.
struct KindCase: Sendable, CustomTestStringConvertible {
    let label: String
    let media: String
    let sidecar: (name: String, text: String)?
    let kind: Kind
    var testDescription: String { label }
}

/// Reading one media file into an item: the precedence of sidecars, embedded tags and the file
/// name, field by field, on real files made by sox and lame (`MediaFixtures`) and hand-written
/// sidecars; kinds; and files that are broken.
@Suite("Media file reader")
struct MediaFileReaderTests {
    let tree: TemporaryTree
    let fixtures: MediaFixtures

    init() throws {
        tree = try TemporaryTree()
        fixtures = try MediaFixtures()
    }

    @Test("sidecar beats embedded tags beats the file name, field by field")
    func precedence() throws {
        try copyFixture(.mp3, to: "07 - Name Title.mp3")
        try tree.file("07 - Name Title.nfo", FolderSidecars.nfo("song", ["title": "NFO Title", "genre": "NFO Genre"]))
        let (item, warnings) = try read("07 - Name Title.mp3")
        #expect(warnings.isEmpty)
        #expect(item.title == "NFO Title" && item.genre == "NFO Genre")  // sidecar
        #expect(item.artist == MediaFixtures.artist && item.album == MediaFixtures.album)  // embedded
        #expect(item.trackNumber == 3 && item.year == 2001)  // embedded, not the name's 7
        #expect(abs((item.durationMs ?? 0) - 2000) <= 100 && item.sampleRate == 44100 && item.bitRate == 128)
    }

    @Test("the file name fills what neither sidecar nor tags give")
    func fileNameLayer() throws {
        try copyUntagged(to: "Name Artist - Name Title.wav")
        try tree.file("Name Artist - Name Title.xmp", SidecarXML.packet(attributes: "xmpDM:album=\"XMP Album\""))
        let (item, warnings) = try read("Name Artist - Name Title.wav")
        #expect(warnings.isEmpty)
        #expect(item.title == "Name Title" && item.artist == "Name Artist" && item.album == "XMP Album")
        #expect(item.durationMs == 2000)
    }

    @Test("among sidecars: XMP, then .nfo, then .info.json")
    func sidecarOrder() throws {
        try copyUntagged(to: "s.wav")
        try tree.file("s.xmp", SidecarXML.packet(attributes: "dc:title=\"XMP Title\" xmpDM:genre=\"XMP Genre\""))
        try tree.file("s.nfo", FolderSidecars.nfo("song", ["title": "NFO Title", "album": "NFO Album"]))
        try tree.file("s.info.json", FolderSidecars.infoJSON(["title": "JSON Title", "album": "JSON Album",
                                                              "uploader": "Uploader", "duration": "99"]))
        let (item, warnings) = try read("s.wav")
        #expect(warnings.isEmpty)
        #expect(item.title == "XMP Title" && item.genre == "XMP Genre" && item.album == "NFO Album")
        #expect(item.artist == "Uploader")
        #expect(item.durationMs == 2000)  // measured from the file, not the upload's 99 s
    }

    static let kinds: [KindCase] = [
        KindCase(label: "mkv alone is video", media: "a.mkv", sidecar: nil, kind: .video),
        KindCase(label: "mp3 alone is music", media: "a.mp3", sidecar: nil, kind: .music),
        KindCase(label: "m4b alone is an audiobook", media: "a.M4B", sidecar: nil, kind: .audiobook),
        KindCase(label: "nfo movie", media: "a.mp4", sidecar: ("a.nfo", nfo("movie")), kind: .movie),
        KindCase(label: "nfo musicvideo", media: "a.mkv", sidecar: ("a.nfo", nfo("musicvideo")), kind: .musicVideo),
        KindCase(label: "nfo episodedetails", media: "a.mkv", sidecar: ("a.nfo", nfo("episodedetails")), kind: .tv),
        KindCase(label: "nfo song on a video container", media: "a.webm", sidecar: ("a.nfo", nfo("song")), kind: .music),
        KindCase(label: "nfo movie on an audio container", media: "a.flac", sidecar: ("a.nfo", nfo("movie")), kind: .movie),
        KindCase(label: "tvshow root in NAME.nfo says nothing", media: "a.mkv", sidecar: ("a.nfo", nfo("tvshow")), kind: .video),
        KindCase(label: "album.nfo never sets the kind", media: "a.mkv", sidecar: ("album.nfo", nfo("album")), kind: .video),
        KindCase(label: "info.json Music on video", media: "a.webm",
                 sidecar: ("a.info.json", FolderSidecars.infoJSON(["title": "T"], categories: ["Music"])), kind: .musicVideo),
        KindCase(label: "info.json Music on audio", media: "a.opus",
                 sidecar: ("a.info.json", FolderSidecars.infoJSON(["title": "T"], categories: ["Music"])), kind: .music),
        KindCase(label: "info.json other category", media: "a.mp4",
                 sidecar: ("a.info.json", FolderSidecars.infoJSON(["title": "T"], categories: ["Education"])), kind: .video),
    ]

    @Test("kind from the sidecar, else the container", arguments: kinds)
    func kind(_ test: KindCase) throws {
        try tree.file(test.media)
        if let sidecar = test.sidecar { try tree.file(sidecar.name, sidecar.text) }
        #expect(try read(test.media).item.kind == test.kind)
    }

    @Test("album.nfo fills album, album artist, genre and year when nothing else does")
    func albumNFO() throws {
        try copyUntagged(to: "01 Track.wav")
        try copyUntagged(to: "02 Own.wav")
        try tree.file("02 Own.nfo", FolderSidecars.nfo("song", ["album": "Own Album"]))
        try tree.file("album.nfo", FolderSidecars.nfo("album", [
            "title": "Folder Album", "albumartist": "Folder Band", "year": "1999", "genre": "Rock",
        ]))
        let (first, warnings) = try read("01 Track.wav")
        #expect(warnings.isEmpty)
        #expect(first.album == "Folder Album" && first.albumArtist == "Folder Band")
        #expect(first.year == 1999 && first.genre == "Rock")
        #expect(first.title == "Track" && first.trackNumber == 1 && first.kind == .music)
        #expect(first.artist == nil)
        #expect(try read("02 Own.wav").item.album == "Own Album")
    }

    @Test("artist.nfo: album artist above embedded tags, artist only below them")
    func artistNFO() throws {
        try tree.file("Band/artist.nfo", FolderSidecars.nfo("artist", ["name": "Folder Artist"]))
        try copyUntagged(to: "Band/Album/01 Untagged.wav")
        try copyFixture(.flac, to: "Band/Album/02 Tagged.flac")
        let untagged = try read("Band/Album/01 Untagged.wav").item
        #expect(untagged.artist == "Folder Artist" && untagged.albumArtist == "Folder Artist")
        let tagged = try read("Band/Album/02 Tagged.flac").item
        #expect(tagged.artist == MediaFixtures.artist && tagged.albumArtist == "Folder Artist")
    }

    @Test("a corrupt media file gives an item from its name and sidecars, and a warning")
    func corruptMedia() throws {
        let path = try tree.file("Band - Broken.mp3", bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try tree.file("Band - Broken.nfo", FolderSidecars.nfo("song", ["album": "Rescued"]))
        let (item, warnings) = try read("Band - Broken.mp3")
        #expect(warnings == [IndexWarning(position: SourcePosition(file: path, line: 0, column: 0),
                                          message: "not a readable mp3 file (TagLib); indexed from its name and sidecars")])
        #expect(item.title == "Broken" && item.artist == "Band" && item.album == "Rescued")
        #expect(item.location == path && item.size == 4096 && item.durationMs == nil)
    }

    @Test("a malformed sidecar passes its positioned warning on; what it read before the error counts")
    func malformedSidecar() throws {
        try copyUntagged(to: "x.wav")
        let sidecar = try tree.file("x.nfo", "<song>\n  <title>Half</title>\n  <album>Cut")
        let (item, warnings) = try read("x.wav")
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.position?.file == sidecar && (warning.position?.line ?? 0) >= 2)
        #expect(item.title == "Half")
    }

    @Test("a photo XMP, a tvshow NAME.nfo and a channel info.json are ignored, counted, not warned about")
    func nonMediaSidecars() throws {
        try copyUntagged(to: "photo.wav")
        let xmp = try tree.file("photo.xmp", SidecarXML.packet(attributes: "dc:title=\"Sunset\" xmp:Rating=\"5\""))
        let nfo = try tree.file("photo.nfo", FolderSidecars.nfo("tvshow", ["title": "Show"]))
        let json = try tree.file("photo.info.json", "{\"_type\": \"playlist\", \"title\": \"Channel\"}")
        let file = try #require(tree.scan().files.first)
        let reading = MediaFileReader.reading(file, id: ItemID(rawValue: "test:1"), source: tree.root)
        #expect(reading.warnings.isEmpty)
        #expect(reading.ignoredSidecars == [xmp, nfo, json])
        #expect(reading.item.title == "photo" && reading.item.rating == nil && reading.item.album == nil)
    }

    @Test("id, source, location, size and date_modified are the file's; date_added is left to the index")
    func fileFacts() throws {
        try tree.file("a.mp3", "12345")
        try tree.touch("a.mp3", seconds: 1_700_000_000.9)
        let file = try #require(tree.scan().files.first)
        let item = MediaFileReader.read(file, id: ItemID(rawValue: "file:1"), source: tree.root).item
        #expect(item.id == ItemID(rawValue: "file:1") && item.source == tree.root)
        #expect(item.location == tree.path("a.mp3") && item.size == 5)
        #expect(item.dateModified == Timestamp(rawValue: 1_700_000_000) && item.dateAdded == nil)
    }

    @Test("an oversized or vanished sidecar is a warning at its path")
    func sidecarBytes() throws {
        let path = try tree.file("big.nfo", String(repeating: "x", count: 100))
        guard case .failure(let big) = SidecarBytes.read(path: path, limit: 64) else {
            Issue.record("read past the limit")
            return
        }
        #expect(big.warning.position == SourcePosition(file: path, line: 0, column: 0))
        #expect(big.warning.message.contains("larger than"))
        #expect((try? SidecarBytes.read(path: path, limit: 100).get())?.count == 100)
        guard case .failure(let gone) = SidecarBytes.read(path: tree.path("gone.nfo")) else {
            Issue.record("read a missing file")
            return
        }
        #expect(gone.warning.message.hasPrefix("cannot read the sidecar"))
    }

    // MARK: - Helpers

    private static func nfo(_ root: String) -> String { FolderSidecars.nfo(root, ["title": "T"]) }

    /// Scans the tree and reads `relative`, which must have been found.
    private func read(_ relative: String) throws -> (item: MediaItem, warnings: [IndexWarning]) {
        let file = try #require(tree.scan().files.first { $0.path == tree.path(relative) }, "\(relative) not found")
        return MediaFileReader.read(file, id: ItemID(rawValue: "test:1"), source: tree.root)
    }

    private func copyFixture(_ format: MediaFixtures.Format, to relative: String) throws {
        try copy(fixtures.make(format, name: "fixture-\(UUID().uuidString)"), to: relative)
    }

    /// An untagged two-second WAV (lame's source for the MP3 fixture).
    private func copyUntagged(to relative: String) throws {
        let name = "fixture-\(UUID().uuidString)"
        _ = try fixtures.make(.mp3, name: name)
        try copy(fixtures.folder + "/" + name + "-source.wav", to: relative)
    }

    private func copy(_ source: String, to relative: String) throws {
        let destination = tree.path(relative)
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}
