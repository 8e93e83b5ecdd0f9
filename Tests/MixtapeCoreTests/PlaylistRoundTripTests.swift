import MixtapeCore
import Testing

@Suite("Playlists: write then read gives the same paths")
struct PlaylistRoundTripTests {
    static let paths = [
        "/Users/sam/Music/Bjo\u{308}rk/Jo\u{301}ga.m4a",
        "/Users/sam/Music/Bj\u{f6}rk/J\u{f3}ga.m4a",
        "/Music/What?/#1 + 100%.mp3",
        "/Music/AC&DC/It's <a> \"b\" ;=:@!$*,[]~.mp3",
        "/Music/back\\slash/tab\there.mp3",
        "C:/Music/x y.mp3",
        "//nas/share/x y.mp3",
        "http://radio.example/stream?x=1&y=2",
        "../x y.mp3",
        "a:b/c.mp3",
        "/Users/sam/Music/Bjo\u{308}rk/Jo\u{301}ga.m4a",
        "/Music/\u{1F3B5} emoji.mp3",
    ]

    /// A line written as a `file://` URI (a path VLC could not open plain) read as its path.
    static func decoded(_ line: String) -> String {
        line.hasPrefix("file:") ? LocationDecoder.decode(line) : line
    }

    @Test(arguments: [PlaylistFormat.m3u8, .m3u, .pls, .xspf])
    func roundTrip(format: PlaylistFormat) {
        let entries = PlaylistRoundTripTests.paths.map { PlaylistEntry(path: $0, title: "t") }
        let result = format.write(name: "Round trip", entries: entries)
        #expect(result.skipped == [])
        let read: [String] = switch format {
        case .m3u8, .m3u: M3UReader.paths(result.bytes).map(PlaylistRoundTripTests.decoded)
        case .pls: PLSReader.paths(result.bytes).map(PlaylistRoundTripTests.decoded)
        default: XSPFReader.paths(result.bytes)
        }
        // Bytes, not String ==: an NFC path must not come back NFD or the other way round.
        #expect(read.map { Array($0.utf8) } == PlaylistRoundTripTests.paths.map { Array($0.utf8) })
    }
}
