import MixtapeCore
import Testing

@Suite("Playlist writers: hostile titles and paths cannot break a format")
struct PlaylistSafetyTests {
    static let entries = [
        PlaylistEntry(path: "/ok.mp3", title: "#EXTINF:0,x\n/etc/passwd\r\n[playlist]\u{2028}x\u{85}y\u{7f}"),
        PlaylistEntry(path: "/bad\nline.mp3", title: "t"),
        PlaylistEntry(path: "", title: "empty"),
        PlaylistEntry(path: "#1 hit.mp3", title: "=x"),
        PlaylistEntry(path: "/cr\r.mp3"),
        PlaylistEntry(path: "http://radio.example/\u{1}x"),
    ]

    @Test("M3U: line breaks become spaces, a path with one is a file:// URI, a leading # gets ./")
    func m3u() {
        let result = M3UWriter.write(name: "x", entries: PlaylistSafetyTests.entries)
        #expect(result.skipped == [2])
        #expect(result.text == """
            #EXTM3U
            #EXTINF:-1,#EXTINF:0,x /etc/passwd  [playlist] x y\u{20}
            /ok.mp3
            #EXTINF:-1,t
            file:///bad%0Aline.mp3
            #EXTINF:-1,=x
            ./#1 hit.mp3
            #EXTINF:-1,cr .mp3
            file:///cr%0D.mp3
            #EXTINF:-1, x
            http://radio.example/\u{1}x

            """)
        #expect(M3UReader.paths(result.bytes) == ["/ok.mp3", "file:///bad%0Aline.mp3", "./#1 hit.mp3", "file:///cr%0D.mp3",
                                                  "http://radio.example/\u{1}x"])
    }

    /// An entry written for MPD, which reads plain paths only.
    static func plain(_ path: String) -> PlaylistEntry {
        var entry = PlaylistEntry(path: path)
        entry.plainPath = true
        return entry
    }

    /// A path with a line break was dropped from M3U8 and PLS, where an absolute one can be a
    /// `file://` URI; a relative path that starts with `file:` came back as a URI (the playlist
    /// fuzzer), and is written `./file:…` now.
    @Test("M3U and PLS: which paths become URIs, which get ./, which cannot be written", arguments: [
        (PlaylistEntry(path: "/a\nb.mp3"), "file:///a%0Ab.mp3"),
        (PlaylistEntry(path: "C:\\x\r\ny.mp3"), "file:///C:/x%0D%0Ay.mp3"),
        (PlaylistEntry(path: "rel\nname.mp3"), nil),
        (PlaylistEntry(path: "http://radio/\nx"), nil),
        (PlaylistSafetyTests.plain("/a\nb.mp3"), nil),
        (PlaylistEntry(path: "file:x.mp3"), "./file:x.mp3"),
        (PlaylistEntry(path: "FILE:x.mp3"), "./FILE:x.mp3"),
        (PlaylistSafetyTests.plain("file:x.mp3"), "./file:x.mp3"),
        (PlaylistEntry(path: "files/x.mp3"), "files/x.mp3"),
        (PlaylistEntry(path: "file://host/x.mp3"), "file://host/x.mp3"),
    ] as [(PlaylistEntry, String?)])
    func lineLocations(entry: PlaylistEntry, line: String?) {
        let m3u = M3UWriter.write(name: "x", entries: [entry])
        #expect(M3UReader.paths(m3u.bytes) == (line.map { [$0] } ?? []))
        #expect(m3u.skipped == (line == nil ? [0] : []))
        let pls = PLSWriter.write(name: "x", entries: [entry])
        #expect(PLSReader.paths(pls.bytes) == (line.map { [$0] } ?? []))
    }

    @Test("M3U: a # followed by a combining mark is still a comment to players, so it gets ./")
    func m3uHashWithCombiningMark() {
        let result = M3UWriter.write(name: "x", entries: [PlaylistEntry(path: "#\u{301} hit.mp3")])
        #expect(M3UReader.paths(result.bytes) == ["./#\u{301} hit.mp3"])
    }

    @Test("PLS: numbering skips nothing, titles stay on their line")
    func pls() {
        let result = PLSWriter.write(name: "x", entries: PlaylistSafetyTests.entries)
        #expect(result.skipped == [2])
        #expect(result.text.hasPrefix("[playlist]\nFile1=/ok.mp3\nTitle1=#EXTINF:0,x /etc/passwd  [playlist] x y \n"))
        #expect(result.text.hasSuffix("File5=http://radio.example/\u{1}x\nTitle5= x\nLength5=-1\nNumberOfEntries=5\nVersion=2\n"))
        #expect(PLSReader.paths(result.bytes) == ["/ok.mp3", "file:///bad%0Aline.mp3", "#1 hit.mp3", "file:///cr%0D.mp3",
                                                  "http://radio.example/\u{1}x"])
    }

    @Test("XSPF: paths with line breaks are percent-encoded; a URL XML cannot hold is skipped")
    func xspf() {
        let result = XSPFWriter.write(name: "a\u{0}b", entries: PlaylistSafetyTests.entries)
        #expect(result.skipped == [2, 5])
        #expect(result.text.contains("<title>ab</title>"))
        #expect(result.text.contains("<location>file:///bad%0Aline.mp3</location>"))
        #expect(result.text.contains("<location>%231%20hit.mp3</location>"))
        #expect(result.text.contains("<title>#EXTINF:0,x\n/etc/passwd&#13;\n[playlist]\u{2028}x\u{85}y\u{7f}</title>"))
        #expect(XSPFReader.paths(result.bytes) == ["/ok.mp3", "/bad\nline.mp3", "#1 hit.mp3", "/cr\r.mp3"])
    }

    @Test("JSON: everything fits, nothing is skipped")
    func json() {
        let result = JSONPlaylistWriter.write(name: "x", entries: PlaylistSafetyTests.entries)
        #expect(result.skipped == [])
        #expect(result.text.contains(#""path":"/bad\nline.mp3""#))
        #expect(result.text.contains(#""path":"http://radio.example/\u0001x""#))
    }

    @Test("iTunes: control characters are dropped from strings, unencodable URLs skipped")
    func itunes() {
        let result = ITunesPlaylistWriter.write(name: "x\u{1}y", entries: PlaylistSafetyTests.entries)
        #expect(result.skipped == [2, 5])
        #expect(result.text.contains("<key>Name</key><string>xy</string>"))
        #expect(result.text.contains("<string>file:///bad%0Aline.mp3</string>"))
        #expect(!result.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    /// A `Location` is read as UTF-8 by Music.app and by us, so `%E9` would come back as
    /// U+FFFD: a name that is not UTF-8 is left out, as a line break is from M3U.
    @Test("iTunes: a name that is not UTF-8 is left out")
    func itunesLatin1() {
        let latin1 = PathBytes.string(Array("/m/Caf".utf8) + [0xE9] + Array(".mp3".utf8))
        let result = ITunesPlaylistWriter.write(name: "old", entries: [PlaylistEntry(path: latin1), PlaylistEntry(path: "/m/é.mp3")])
        #expect(result.skipped == [0])
        #expect(result.text.contains("<string>file:///m/%C3%A9.mp3</string>") && !result.text.contains("%E9"))
    }
}
