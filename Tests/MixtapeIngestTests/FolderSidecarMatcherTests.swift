import MixtapeCore
@testable import MixtapeIngest
import Testing

/// One folder's file names and which sidecars each media file must get, highest first.
struct SidecarMatchCase: Sendable, CustomTestStringConvertible {
    let label: String
    let media: [String]
    let sidecars: [String]
    /// Media name → its sidecars' names in precedence order.
    let expected: [String: [String]]
    let orphans: Int
    var testDescription: String { label }
}

/// The sidecar pairing rules of issue 6, from names alone (no disk).
@Suite("Folder sidecar matching")
struct FolderSidecarMatcherTests {
    static let cases: [SidecarMatchCase] = [
        SidecarMatchCase(label: "every per-file form, in precedence order", media: ["song.mp3"],
                         sidecars: ["song.info.json", "song.nfo", "song.xmp", "song.mp3.xmp"],
                         expected: ["song.mp3": ["song.mp3.xmp", "song.xmp", "song.nfo", "song.info.json"]], orphans: 0),
        SidecarMatchCase(label: "NAME.xmp applies to every media file named NAME", media: ["a.flac", "a.mp3"],
                         sidecars: ["a.xmp"], expected: ["a.flac": ["a.xmp"], "a.mp3": ["a.xmp"]], orphans: 0),
        SidecarMatchCase(label: "NAME.EXT.xmp only to NAME.EXT", media: ["a.flac", "a.mp3"],
                         sidecars: ["a.mp3.xmp"], expected: ["a.flac": [], "a.mp3": ["a.mp3.xmp"]], orphans: 0),
        SidecarMatchCase(label: "sidecar suffixes ignore case", media: ["Clip.mkv"],
                         sidecars: ["Clip.XMP", "Clip.Nfo", "Clip.INFO.JSON"],
                         expected: ["Clip.mkv": ["Clip.XMP", "Clip.Nfo", "Clip.INFO.JSON"]], orphans: 0),
        SidecarMatchCase(label: "names match exactly", media: ["Song.mp3"], sidecars: ["song.nfo"],
                         expected: ["Song.mp3": []], orphans: 1),
        SidecarMatchCase(label: "dots inside names", media: ["Mr. X - a.b.c.webm"],
                         sidecars: ["Mr. X - a.b.c.info.json", "Mr. X - a.b.nfo"],
                         expected: ["Mr. X - a.b.c.webm": ["Mr. X - a.b.c.info.json"]], orphans: 1),
        SidecarMatchCase(label: "yt-dlp names with the id", media: ["Song [dQw4w9WgXcQ].webm"],
                         sidecars: ["Song [dQw4w9WgXcQ].info.json"],
                         expected: ["Song [dQw4w9WgXcQ].webm": ["Song [dQw4w9WgXcQ].info.json"]], orphans: 0),
        SidecarMatchCase(label: "orphans are counted", media: ["a.mp3"],
                         sidecars: ["b.nfo", "b.xmp", "c.info.json", "tvshow.nfo", "a.mp3.nfo.bak.nfo"],
                         expected: ["a.mp3": []], orphans: 5),
        SidecarMatchCase(label: "album.nfo and artist.nfo go to every file, last", media: ["1.mp3", "2.mp3"],
                         sidecars: ["1.nfo", "album.nfo", "artist.nfo"],
                         expected: ["1.mp3": ["1.nfo", "album.nfo", "artist.nfo"], "2.mp3": ["album.nfo", "artist.nfo"]],
                         orphans: 0),
        SidecarMatchCase(label: "album.nfo with no media file is an orphan, artist.nfo is not", media: [],
                         sidecars: ["album.nfo", "artist.nfo"], expected: [:], orphans: 1),
        SidecarMatchCase(label: "every .cue goes to every file of the folder (its FILE lines decide later)",
                         media: ["a.flac", "b.mp3"], sidecars: ["Disc.CUE", "a.nfo", "other.cue"],
                         expected: ["a.flac": ["a.nfo", "Disc.CUE", "other.cue"], "b.mp3": ["Disc.CUE", "other.cue"]],
                         orphans: 0),
        SidecarMatchCase(label: "a .cue with no media beside it is no orphan: it may name CD1/x.flac", media: [],
                         sidecars: ["disc.cue"], expected: [:], orphans: 0),
    ]

    @Test("pairs sidecars with media files", arguments: cases)
    func matches(_ test: SidecarMatchCase) {
        let result = FolderSidecarMatcher.match(folder: "/m", media: test.media.map(Self.entry),
                                                sidecars: test.sidecars.map(Self.entry), parentArtistNFO: nil)
        let found = Dictionary(uniqueKeysWithValues: result.files.map { file in
            (String(file.path.dropFirst(3)), file.sidecars.map { String($0.path.dropFirst(3)) })
        })
        #expect(found == test.expected)
        #expect(result.orphans == test.orphans)
    }

    @Test("sidecar kinds follow the form")
    func kinds() {
        let result = FolderSidecarMatcher.match(
            folder: "/m", media: [Self.entry("a.mp3")],
            sidecars: ["a.mp3.xmp", "a.nfo", "a.info.json", "album.nfo"].map(Self.entry), parentArtistNFO: nil)
        #expect(result.files.first?.sidecars.map(\.kind) == [.xmp, .nfo, .infoJSON, .folderNFO])
    }

    @Test("a parent's artist.nfo comes last and passes on; the folder's own replaces it below")
    func parentArtist() {
        let parent = Sidecar(kind: .folderNFO, path: "/artist.nfo", size: 1, modificationTimeNs: 1)
        let inherited = FolderSidecarMatcher.match(folder: "/m", media: [Self.entry("a.mp3")], sidecars: [],
                                                   parentArtistNFO: parent)
        #expect(inherited.files.first?.sidecars == [parent])
        #expect(inherited.artistNFO == parent)
        let own = FolderSidecarMatcher.match(folder: "/m", media: [], sidecars: [Self.entry("artist.nfo")],
                                             parentArtistNFO: parent)
        #expect(own.artistNFO?.path == "/m/artist.nfo")
    }

    @Test("a folder's cue sheets pass to the folders right below it, not further")
    func parentCues() {
        let above = Sidecar(kind: .cue, path: "/disc.cue", size: 1, modificationTimeNs: 1)
        let below = FolderSidecarMatcher.match(folder: "/m", media: [Self.entry("a.flac")], sidecars: [Self.entry("m.cue")],
                                               parentArtistNFO: nil, parentCues: [above])
        #expect(below.files.first?.sidecars.map(\.path) == ["/m/m.cue", "/disc.cue"])
        #expect(below.cues.map(\.path) == ["/m/m.cue"])
        #expect(below.cues.map(\.kind) == [.cue])
    }

    @Test("stems and extensions", arguments: [
        ("a.mp3", "a", "mp3"), ("a.b.FLAC", "a.b", "flac"), ("noext", "noext", nil), (".hidden", ".hidden", nil),
        ("trailing.", "trailing.", nil), ("Ä ü.Ogg", "Ä ü", "ogg"),
    ] as [(String, String, String?)])
    func stems(name: String, stem: String, ext: String?) {
        #expect(FolderSidecarMatcher.stem(of: name) == stem)
        #expect(FolderEntryRole.pathExtension(of: name) == ext)
    }

    private static func entry(_ name: String) -> FolderEntry {
        FolderEntry(name: name, device: 1, inode: UInt64(name.utf8.count), size: 10, modificationTimeNs: 5)
    }
}
