import Testing
@testable import MixtapeCore

/// Reading playlist files as real ones are written, and turning entries into targets and
/// items (sources.md, "Playlist files"), from bytes, with no file system.
struct PlaylistFileReadingTests {
    @Test("#EXTINF: length, attributes with commas in quotes, artist and title split at the first ' - '",
          arguments: [
              ("245,Björk - Jóga", "Björk", "Jóga", 245_000),
              ("-1,Just A Title", nil, "Just A Title", nil),
              ("12.5 tvg-id=\"a,b\" group-title=\"x\",Radio - Live - 24/7", "Radio", "Live - 24/7", 12_500),
              ("203", nil, nil, 203_000),
          ] as [(String, String?, String?, Int64?)])
    func extinf(_ info: String, artist: String?, title: String?, durationMs: Int64?) {
        let read = M3UReader.extinf(Substring(info))
        #expect(read.artist == artist)
        #expect(read.title == title)
        #expect(read.durationMs == durationMs)
    }

    @Test func m3uNameEntriesLinesAndDirectives() {
        let text = "\u{FEFF}#EXTM3U\r\n#PLAYLIST: Road Trip \r\n#EXTVLCOPT:network-caching=1000\r\n#EXTINF:1,A - B\r\n\t/x/b.mp3\t\r\n\r\nhttp://s/1\r\n"
        let read = M3UReader.read(Array(text.utf8))
        #expect(read.name == "Road Trip")
        #expect(read.entries.map(\.location) == ["/x/b.mp3", "http://s/1"])
        #expect(read.entries.map(\.line) == [5, 7])
        #expect(read.entries[0].artist == "A" && read.entries[0].title == "B")
        #expect(read.entries[1].title == nil)
        #expect(read.problems.isEmpty)
    }

    @Test("#EXTVDJ: VirtualDJ's artist, title and length, raw & kept, entities read; an #EXTINF wins where both say")
    func extvdj() {
        let text = """
            #EXTVDJ:<time>15:19</time><lastplaytime>1672931981</lastplaytime><filesize>15695883</filesize>\
            <artist>Maceo & Friends</artist><title>Daze (Original Mix)</title><remix>Original Mix</remix><songlength>215.5</songlength>
            C:\\Sets\\daze.mp3
            #EXTVDJ:<filesize>1</filesize><artist></artist><title>Only &amp; A &lt;Title&gt;</title>
            D:\\b.mp3
            #EXTINF:10,Inf Artist - Inf Title
            #EXTVDJ:<artist>Vdj Artist</artist><title>Vdj Title</title><songlength>99</songlength>
            /c.mp3
            #EXTVDJ:<artist>Unclosed<title>
            /d.mp3
            /e.mp3

            """
        let read = M3UReader.read(Array(text.utf8))
        #expect(read.entries.map(\.location) == ["C:\\Sets\\daze.mp3", "D:\\b.mp3", "/c.mp3", "/d.mp3", "/e.mp3"])
        #expect(read.entries.map(\.artist) == ["Maceo & Friends", nil, "Inf Artist", nil, nil])
        #expect(read.entries.map(\.title) == ["Daze (Original Mix)", "Only & A <Title>", "Inf Title", nil, nil])
        #expect(read.entries.map(\.durationMs) == [215_500, nil, 10_000, nil, nil])
    }

    @Test func windows1252IsNotLatin1() {
        // 0x93/0x94 are curly quotes in Windows-1252 (C1 controls in Latin-1); 0xE9 is é in both.
        let read = M3UReader.read([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x2e, 0x6d, 0x70, 0x33])
        #expect(read.entries.map(\.location) == ["\u{201c}Caf\u{e9}\u{201d}.mp3"])
        #expect(read.problems.map(\.message) == ["not UTF-8; read as Windows-1252"])
        let m3u8 = M3UReader.read([0x43, 0x61, 0x66, 0xe9], alwaysUTF8: true)
        #expect(m3u8.entries.map(\.location) == ["Caf\u{FFFD}"])
        #expect(m3u8.problems.count == 1)
    }

    @Test func plsOrdersByNumberAndTakesTitlesAndLengths() {
        let text = "[playlist]\nFile2=/b.mp3\nTitle2=Two\nFile1=/a.mp3\nTitle1=Band - One\nLength1=61\nNumberOfEntries=2\n"
        let read = PLSReader.read(Array(text.utf8))
        #expect(read.entries.map(\.location) == ["/a.mp3", "/b.mp3"])
        #expect(read.entries.map(\.title) == ["One", "Two"])
        #expect(read.entries.map(\.artist) == ["Band", nil])
        #expect(read.entries.map(\.durationMs) == [61_000, nil])
        #expect(read.entries.map(\.line) == [4, 2])
    }

    @Test func xspfTitleTracksAndUTF16() {
        let text = """
            <?xml version="1.0"?><playlist version="1" xmlns="http://xspf.org/ns/0/">
            <title>Mix &amp; Match</title><trackList>
            <track><location>file:///m/a%20b.mp3</location><creator>Band</creator><title>A B</title><duration>2000</duration></track>
            <track><location><![CDATA[rel/c&d.mp3]]></location></track>
            <track><title>nowhere</title></track>
            </trackList></playlist>
            """
        let read = XSPFReader.read(Array(text.utf8))
        #expect(read.name == "Mix & Match")
        #expect(read.entries.map(\.location) == ["/m/a b.mp3", "rel/c&d.mp3"])
        #expect(read.entries[0].artist == "Band" && read.entries[0].title == "A B" && read.entries[0].durationMs == 2000)
        #expect(read.problems.map(\.line) == [5])
        let utf16: [UInt8] = [0xff, 0xfe] + Array(text.utf16).flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }
        #expect(XSPFReader.read(utf16).entries.count == 2)
    }

    @Test func wplTitleAndMedia() {
        let text = """
            <?wpl version="1.0"?><smil><head><title>General</title></head><body><seq>
            <media src="01 One.mp3"/>
            <media tid="{x}" src='..\\Two &amp; Three.wma' />
            <media/>
            </seq></body></smil>
            """
        let read = WPLReader.read(Array(text.utf8))
        #expect(read.name == "General")
        #expect(read.entries.map(\.location) == ["01 One.mp3", "..\\Two & Three.wma"])
        #expect(read.entries.map(\.line) == [2, 3])
        #expect(read.problems.map(\.line) == [4])
    }

    /// An undefined entity was kept as written with no word about it; now it is a warning at
    /// its line and column, still kept as written.
    @Test("undefined entities are warned about at line:column", arguments: [
        ("xspf", "<playlist><title>A &eacute;</title><trackList>\n<track><location>/m/&foo;x.mp3</location>"
            + "<title>&amp; &#233; &#xZZ;</title></track>\n</trackList></playlist>",
         ["/m/&foo;x.mp3"], ["1:20 &eacute;", "2:21 &foo;", "2:62 &#xZZ;"]),
        ("wpl", "<smil><head><title>ok &lt;</title></head><body><seq>\n  <media src=\"a&nbsp;b.mp3\"/>\n</seq></body></smil>",
         ["a&nbsp;b.mp3"], ["2:16 &nbsp;"]),
        ("xspf", "<playlist><trackList><track><location>AT&T; &amp;.mp3</location></track></trackList></playlist>",
         ["AT&T; &.mp3"], ["1:41 &T;"]),
        ("xspf", "<playlist><trackList><track><location>R&B.mp3</location></track></trackList></playlist>",
         ["R&B.mp3"], []),
    ])
    func undefinedEntities(format: String, text: String, locations: [String], warnings: [String]) {
        let read = format == "wpl" ? WPLReader.read(Array(text.utf8)) : XSPFReader.read(Array(text.utf8))
        #expect(read.entries.map(\.location) == locations)
        #expect(read.problems.map { "\($0.line):\($0.column) " + ($0.message.split(separator: " ").dropFirst(2).first ?? "") }
                == warnings)
    }

    @Test("targets: file: URLs, streams, backslashes, drive letters, relative paths with . and ..",
          arguments: [
              ("file:///m/a%20b.mp3", PlaylistEntryTarget.path("/m/a b.mp3")),
              ("file://localhost/C:/Music/x.mp3", .path("C:/Music/x.mp3")),
              ("http://radio/stream?x=1", .url("http://radio/stream?x=1")),
              ("C:\\Music\\x.mp3", .path("C:/Music/x.mp3")),
              ("..\\Band\\x.mp3", .path("/lib/Band/x.mp3")),
              ("./sub/../y.mp3", .path("/lib/Lists/y.mp3")),
              ("/abs/z.mp3", .path("/abs/z.mp3")),
              ("../../../../up.mp3", .path("/up.mp3")),
          ])
    func targets(_ location: String, expected: PlaylistEntryTarget) {
        #expect(PlaylistEntryTarget(location: location, playlistFolder: "/lib/Lists") == expected)
    }

    @Test func resolverRulesInOrderAndOnlyUniqueAnswers() {
        let one = ItemID(rawValue: "a"), nfd = ItemID(rawValue: "b"), twinA = ItemID(rawValue: "c"),
            twinB = ItemID(rawValue: "d"), tagged = ItemID(rawValue: "e")
        let wanted: [(target: PlaylistEntryTarget, artist: String?, title: String?)] = [
            (.path("/m/One.mp3"), nil, nil), (.path("/m/Cafe\u{301}.mp3"), nil, nil), (.path("/M/ONE.MP3"), nil, nil),
            (.path("/m/twin.mp3"), nil, nil), (.path("/gone.mp3"), "Björk", "Jóga"), (.url("http://x"), nil, nil),
            (.path("/m/Caf\u{e9}.mp3"), nil, nil), (.path("/m/e\u{301}.mp3"), nil, nil), (.path("/m/\u{e9}.mp3"), nil, nil),
        ]
        var resolver = PlaylistResolver()
        for entry in wanted { resolver.want(entry.target) }
        let items: [(ItemID, String, String?, String?)] = [
            (one, "/m/One.mp3", nil, nil), (nfd, "/m/Caf\u{e9}.mp3", nil, nil), (twinA, "/m/twin.mp3", nil, nil),
            (twinB, "/m/twin.mp3", nil, nil), (tagged, "/elsewhere/j.mp3", "bjork", "JOGA"),
            // Two files whose names differ only in normalisation: each path finds its own.
            (ItemID(rawValue: "nfd-e"), "/m/e\u{301}.mp3", nil, nil), (ItemID(rawValue: "nfc-e"), "/m/\u{e9}.mp3", nil, nil),
        ]
        for (id, location, _, _) in items { resolver.offer(id: id, location: location) }
        resolver.settle()
        for entry in wanted where resolver.items(at: entry.target).isEmpty {
            resolver.wantTags(artist: entry.artist, title: entry.title)
        }
        #expect(resolver.wantsTags)
        for (id, _, artist, title) in items { resolver.offer(id: id, artist: artist, title: title) }
        #expect(wanted.map { resolver.resolve($0.target, artist: $0.artist, title: $0.title) }
                == [[one], [nfd], [one], [], [tagged], [], [nfd], [ItemID(rawValue: "nfd-e")], [ItemID(rawValue: "nfc-e")]])
    }

    @Test func aSplitFileIsAllItsTracksInOrder() {
        var resolver = PlaylistResolver()
        resolver.want(.path("/m/album.flac"))
        resolver.want(.path("/m/other.flac"))
        for (number, start) in [(2, 300_000), (1, 0), (3, 610_500)] {
            resolver.offer(id: ItemID(rawValue: "file:A#\(number)"), location: "/m/album.flac", startMs: Int64(start))
        }
        // Two whole files at one path (no ranges) are not one item: unresolved.
        resolver.offer(id: ItemID(rawValue: "x"), location: "/m/other.flac")
        resolver.offer(id: ItemID(rawValue: "y"), location: "/m/other.flac")
        resolver.settle()
        #expect(resolver.items(at: .path("/m/album.flac")).map(\.rawValue) == ["file:A#1", "file:A#2", "file:A#3"])
        #expect(resolver.items(at: .path("/m/other.flac")).isEmpty)
    }
}
