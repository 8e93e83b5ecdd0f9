import MixtapeCore
import Testing

@Suite("Playlist readers")
struct PlaylistReaderTests {
    @Test("M3U: BOM, CRLF and CR line ends, comments and blank lines", arguments: [
        ([0xef, 0xbb, 0xbf] + Array("#EXTM3U\r\n#EXTINF:1,x\r\n/a.mp3\r\n\r\n/b.mp3".utf8), ["/a.mp3", "/b.mp3"]),
        (Array("/a.mp3\r/b.mp3\r# comment\r".utf8), ["/a.mp3", "/b.mp3"]),
        (Array("  /lead space.mp3\n/a.mp3\n/a.mp3\n".utf8), ["  /lead space.mp3", "/a.mp3", "/a.mp3"]),
        ([0x2f, 0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x70, 0x33], ["/caf\u{e9}.mp3"]),  // Windows-1252
        ([0x2f, 0x93, 0x61, 0x94, 0x96, 0x80, 0x81, 0x2e, 0x6d, 0x70, 0x33], ["/\u{201c}a\u{201d}\u{2013}\u{20ac}\u{81}.mp3"]),
        ([], []),
    ])
    func m3u(bytes: [UInt8], paths: [String]) {
        #expect(M3UReader.paths(bytes) == paths)
    }

    @Test("PLS: ordered by number, keys in any case, = inside values")
    func pls() {
        let text = "\u{feff}[playlist]\r\nfile2=/b=c.mp3\r\nTitle1=x\r\nFILE1=/a.mp3\r\nFile10=/j.mp3\r\n"
            + "NumberOfEntries=3\r\nFilex=/no.mp3\r\nVersion=2\r\n"
        #expect(PLSReader.paths(Array(text.utf8)) == ["/a.mp3", "/b=c.mp3", "/j.mp3"])
    }

    @Test("XSPF: entity and character references, CDATA, whitespace, relative and http locations")
    func xspf() {
        let text = """
            <?xml version="1.0"?>
            <playlist version="1" xmlns="http://xspf.org/ns/0/">
              <location>http://example.com/the-playlist-itself.xspf</location>
              <trackList>
                <track><location>file:///a%20b/x&#x2B;y&#43;z.mp3</location></track>
                <track><location>
                  http://radio.example/?a=1&amp;b=2&lt;&gt;&quot;&apos;&unknown;
                </location></track>
                <track><location><![CDATA[file:///c%26d/&amp;.mp3]]></location></track>
                <track><location>..%2Fup/x%20y.mp3</location></track>
                <track><location>file://localhost/C:/Music/x.mp3</location></track>
              </trackList>
            </playlist>
            """
        #expect(XSPFReader.paths(Array(text.utf8)) == [
            "/a b/x+y+z.mp3",
            "http://radio.example/?a=1&b=2<>\"'&unknown;",
            "/c&d/&amp;.mp3",
            "../up/x y.mp3",
            "C:/Music/x.mp3",
        ])
    }
}
