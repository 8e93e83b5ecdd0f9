import MixtapeCore
import Testing

@Suite("Playlist writers: exact bytes per format")
struct PlaylistWriterTests {
    static let m3u = """
        #EXTM3U
        #EXTINF:305,Bjo\u{308}rk - Jo\u{301}ga
        /mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a
        #EXTINF:-1,Hits #1
        file:///C:/Music/AC%2BDC%20%231%3F/100%25%20Hits.mp3
        #EXTINF:-1,Radio
        http://radio.example/stream?x=1&y=2
        #EXTINF:1,#Hash=Art - Line1 Line2\u{20}\u{20}
        /Music/a b.mp3
        #EXTINF:305,Bjo\u{308}rk - Jo\u{301}ga
        /mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a

        """

    static let pls = """
        [playlist]
        File1=/mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a
        Title1=Bjo\u{308}rk - Jo\u{301}ga
        Length1=305
        File2=file:///C:/Music/AC%2BDC%20%231%3F/100%25%20Hits.mp3
        Title2=Hits #1
        Length2=-1
        File3=http://radio.example/stream?x=1&y=2
        Title3=Radio
        Length3=-1
        File4=/Music/a b.mp3
        Title4=#Hash=Art - Line1 Line2\u{20}\u{20}
        Length4=1
        File5=/mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a
        Title5=Bjo\u{308}rk - Jo\u{301}ga
        Length5=305
        NumberOfEntries=5
        Version=2

        """

    static let bjorkTrack = """
            <track>
              <location>file:///mnt/music/Bjo%CC%88rk/Jo%CC%81ga.m4a</location>
              <title>Jo\u{301}ga</title>
              <creator>Bjo\u{308}rk</creator>
              <album>Homogenic</album>
              <trackNum>3</trackNum>
              <duration>305999</duration>
            </track>

        """

    static let xspf = """
        <?xml version="1.0" encoding="UTF-8"?>
        <playlist version="1" xmlns="http://xspf.org/ns/0/">
          <title>Mix &amp; &lt;Match&gt;</title>
          <trackList>

        """ + bjorkTrack + """
            <track>
              <location>file:///C:/Music/AC%2BDC%20%231%3F/100%25%20Hits.mp3</location>
              <title>Hits #1</title>
            </track>
            <track>
              <location>http://radio.example/stream?x=1&amp;y=2</location>
              <title>Radio</title>
            </track>
            <track>
              <location>file:///Music/a%20b.mp3</location>
              <title>Line1
        Line2&#13;</title>
              <creator>#Hash=Art</creator>
              <album>A&amp;B &lt;&quot;&apos;&gt;</album>
              <duration>1999</duration>
            </track>

        """ + bjorkTrack + """
          </trackList>
        </playlist>

        """

    @Test(arguments: [
        (PlaylistFormat.m3u8, m3u),
        (PlaylistFormat.m3u, m3u),
        (PlaylistFormat.pls, pls),
        (PlaylistFormat.xspf, xspf),
    ])
    func writes(format: PlaylistFormat, expected: String) {
        let result = format.write(name: "Mix & <Match>", entries: PlaylistTestEntries.all)
        #expect(result.skipped == [])
        #expect(result.text == expected)
        #expect(result.bytes == Array(expected.utf8))  // NFD stays NFD, no BOM
    }

    @Test("JSON: one document, each item as search --json prints it plus path")
    func writesJSON() {
        let result = JSONPlaylistWriter.write(name: "Mix \"1\"", entries: PlaylistTestEntries.all)
        let bjork = String(PlaylistTestEntries.bjork.jsonLine.dropLast())
            + #","path":"/mnt/music/Bjo\#u{308}rk/Jo\#u{301}ga.m4a"}"#
        let expected = #"{"name":"Mix \"1\"","items":["# + "\n" + bjork + ",\n"
            + #"{"title":"Hits #1","path":"C:/Music/AC+DC #1?/100% Hits.mp3"},"# + "\n"
            + #"{"title":"Radio","path":"http://radio.example/stream?x=1&y=2"},"# + "\n"
            + ##"{"title":"Line1\nLine2\r\u0001","artist":"#Hash=Art","album":"A&B <\"'>","duration_ms":1999,"##
            + #""path":"/Music/a b.mp3"},"# + "\n" + bjork + "\n]}\n"
        #expect(result.skipped == [])
        #expect(result.text == expected)
        #expect(JSONPlaylistWriter.write(name: "Empty", entries: []).text == "{\"name\":\"Empty\",\"items\":[\n]}\n")
    }

    @Test("the format follows the output file's extension", arguments: [
        ("m3u8", PlaylistFormat.m3u8), (".M3U", .m3u), ("pls", .pls), (".xspf", .xspf),
        (".xml", .itunes), ("JSON", .json), ("txt", nil), ("", nil), (".", nil),
    ])
    func fromExtension(text: String, format: PlaylistFormat?) {
        #expect(PlaylistFormat(fileExtension: text) == format)
    }

    /// rekordbox XML shares `.xml` with the iTunes plist, which keeps it: `-o crate.xml` alone
    /// still means iTunes, and rekordbox is always named (`--format rekordbox`).
    @Test("every format's extension reads back as that format (.xml as iTunes)", arguments: PlaylistFormat.allCases)
    func extensionRoundTrip(format: PlaylistFormat) {
        #expect(PlaylistFormat(fileExtension: format.fileExtension) == (format == .rekordbox ? .itunes : format))
    }
}
