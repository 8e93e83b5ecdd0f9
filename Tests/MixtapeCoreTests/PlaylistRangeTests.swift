import MixtapeCore
import Testing

/// Cue tracks (parts of a file) in the playlist writers: each format says the range its way.
@Suite("Playlist writers: cue track ranges")
struct PlaylistRangeTests {
    static func entry(start: Int64?, end: Int64?) -> PlaylistEntry {
        PlaylistEntry(path: "/m/image.flac", title: "T", artist: "A", durationMs: end.flatMap { e in start.map { e - $0 } },
                      startMs: start, endMs: end)
    }

    @Test("M3U: seconds with up to three decimals, no trailing zeros", arguments: [
        (0, 10_000, "start-time=0", "stop-time=10"),
        (10_500, 20_493, "start-time=10.5", "stop-time=20.493"),
        (50, 1, "start-time=0.05", "stop-time=0.001"),
        (3_600_010, 7_200_100, "start-time=3600.01", "stop-time=7200.1"),
    ] as [(Int64, Int64, String, String)])
    func m3u(start: Int64, end: Int64, startOption: String, stopOption: String) {
        let text = M3UWriter.write(name: "x", entries: [Self.entry(start: start, end: end)]).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("#EXTINF:"))
        #expect(lines[2] == "#EXTVLCOPT:" + startOption)
        #expect(lines[3] == "#EXTVLCOPT:" + stopOption)
        #expect(lines[4] == "/m/image.flac")
    }

    @Test("A whole file gets no options, and XSPF no vlc namespace")
    func wholeFile() {
        let whole = PlaylistEntry(path: "/m/a.flac", durationMs: 5_000)
        #expect(!M3UWriter.write(name: "x", entries: [whole]).text.contains("EXTVLCOPT"))
        let xspf = XSPFWriter.write(name: "x", entries: [whole]).text
        #expect(!xspf.contains("vlc"))
        #expect(!ITunesPlaylistWriter.write(name: "x", entries: [whole]).text.contains("Start Time"))
    }

    @Test("XSPF: VLC's extension, the namespace on the root; iTunes: Start and Stop Time")
    func xspfAndITunes() {
        let entries = [Self.entry(start: 1_000, end: 2_500), PlaylistEntry(path: "/m/a.flac")]
        let xspf = XSPFWriter.write(name: "x", entries: entries).text
        #expect(xspf.contains("<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\" xmlns:vlc=\"http://www.videolan.org/vlc/playlist/ns/0/\">"))
        #expect(xspf.contains("""
                  <extension application="http://www.videolan.org/vlc/playlist/0">
                    <vlc:option>start-time=1</vlc:option>
                    <vlc:option>stop-time=2.5</vlc:option>
                  </extension>
            """))
        #expect(xspf.components(separatedBy: "<extension").count == 2, "only the track that is a part")
        let plist = ITunesPlaylistWriter.write(name: "x", entries: entries).text
        #expect(plist.contains("<key>Start Time</key><integer>1000</integer>"))
        #expect(plist.contains("<key>Stop Time</key><integer>2500</integer>"))
    }

    @Test("PLS cannot say a range: the whole file")
    func pls() {
        #expect(!PlaylistFormat.pls.writesRanges)
        #expect(PlaylistFormat.allCases.filter(\.writesRanges) == [.m3u8, .m3u, .xspf, .itunes, .json])
        let text = PLSWriter.write(name: "x", entries: [Self.entry(start: 1_000, end: 2_500)]).text
        #expect(text.contains("File1=/m/image.flac"))
    }
}
