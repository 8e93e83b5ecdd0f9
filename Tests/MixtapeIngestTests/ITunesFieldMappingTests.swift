import MixtapeCore
import MixtapeIngest
import Testing

/// One track dictionary and the fields (by their JSON key, spec/json.md) it must yield.
struct TrackFieldCase: Sendable, CustomTestStringConvertible {
    var label: String
    var body: String
    var expected: [(Field, FieldValue?)]

    var testDescription: String { label }

    init(_ label: String, _ body: String, _ expected: [(Field, FieldValue?)]) {
        self.label = label
        self.body = body
        self.expected = expected
    }
}

private func text(_ value: String) -> FieldValue { .text(value) }
private func int(_ value: Int64) -> FieldValue { .integer(value) }
private func time(_ value: String) -> FieldValue { .timestamp(Timestamp(iso8601: value)!) }

let trackFieldCases: [TrackFieldCase] = [
    TrackFieldCase("strings", """
        <key>Name</key><string>Song</string><key>Artist</key><string>Band</string>
        <key>Album Artist</key><string>Various</string><key>Album</key><string>Record</string>
        <key>Composer</key><string>Writer</string><key>Genre</key><string>Rock</string>
        <key>Grouping</key><string>Set 1</string><key>Comments</key><string>note</string>
        """, [(.title, text("Song")), (.artist, text("Band")), (.albumArtist, text("Various")),
              (.album, text("Record")), (.composer, text("Writer")), (.genre, text("Rock")),
              (.grouping, text("Set 1")), (.comments, text("note"))]),
    TrackFieldCase("integers", """
        <key>Year</key><integer>1999</integer><key>BPM</key><integer>120</integer>
        <key>Play Count</key><integer>7</integer><key>Skip Count</key><integer>2</integer>
        <key>Bit Rate</key><integer>256</integer><key>Sample Rate</key><integer>44100</integer>
        <key>Size</key><integer>5581314</integer><key>Track Number</key><integer>3</integer>
        <key>Track Count</key><integer>12</integer><key>Disc Number</key><integer>1</integer>
        <key>Disc Count</key><integer>2</integer><key>Total Time</key><integer>195102</integer>
        <key>Rating</key><integer>80</integer>
        """, [(.year, int(1999)), (.bpm, int(120)), (.playCount, int(7)), (.skipCount, int(2)),
              (.bitRate, int(256)), (.sampleRate, int(44100)), (.size, int(5_581_314)),
              (.trackNumber, int(3)), (.trackCount, int(12)), (.discNumber, int(1)),
              (.discCount, int(2)), (.durationMs, int(195_102)), (.rating, int(80)), (.trackID, int(1))]),
    TrackFieldCase("big, negative and hex integers", """
        <key>Size</key><integer>9223372036854775807</integer><key>BPM</key><integer>-5</integer>
        <key>Year</key><integer>0x7CF</integer><key>Play Count</key><integer>18446744073709551615</integer>
        """, [(.size, int(.max)), (.bpm, int(-5)), (.year, int(1999)), (.playCount, nil)]),
    TrackFieldCase("reals truncate toward zero", """
        <key>Year</key><real>1999.9</real><key>BPM</key><real>-2.7</real>
        <key>Total Time</key><real>1.5e3</real><key>Rating</key><real>inf</real>
        """, [(.year, int(1999)), (.bpm, int(-2)), (.durationMs, int(1500)), (.rating, nil)]),
    TrackFieldCase("wrong plist types are ignored", """
        <key>Year</key><string>1999</string><key>Name</key><integer>5</integer>
        <key>Loved</key><string>yes</string><key>Date Added</key><string>2019-02-12T18:42:02Z</string>
        <key>Compilation</key><integer>1</integer><key>Artist</key><dict><key>x</key><true/></dict>
        """, [(.year, nil), (.title, nil), (.loved, .bool(false)), (.dateAdded, nil),
              (.compilation, .bool(false)), (.artist, nil)]),
    TrackFieldCase("booleans", """
        <key>Loved</key><true/><key>Compilation</key><true/><key>Explicit</key><true/>
        <key>Disabled</key><true/>
        """, [(.loved, .bool(true)), (.compilation, .bool(true)), (.explicit, .bool(true)),
              (.disabled, .bool(true))]),
    TrackFieldCase("booleans absent or false", """
        <key>Compilation</key><false/><key>Explicit</key><false />
        """, [(.loved, .bool(false)), (.compilation, .bool(false)), (.explicit, .bool(false)),
              (.disabled, .bool(false))]),
    TrackFieldCase("Favorited means loved", "<key>Favorited</key><true/>", [(.loved, .bool(true))]),
    TrackFieldCase("dates", """
        <key>Date Added</key><date>2014-12-23T13:48:07Z</date>
        <key>Date Modified</key><date>2014-12-23T14:28:13Z</date>
        <key>Play Date</key><integer>3538311370</integer>
        <key>Play Date UTC</key><date>2016-02-14T21:16:10Z</date>
        """, [(.dateAdded, time("2014-12-23T13:48:07Z")), (.dateModified, time("2014-12-23T14:28:13Z")),
              (.playDate, time("2016-02-14T21:16:10Z"))]),
    TrackFieldCase("Play Date without UTC is ignored", "<key>Play Date</key><integer>3538311370</integer>",
                   [(.playDate, nil)]),
    TrackFieldCase("date with an offset", "<key>Date Added</key><date>2014-12-23T15:48:07+02:00</date>",
                   [(.dateAdded, time("2014-12-23T13:48:07Z"))]),
    TrackFieldCase("Mac location", "<key>Location</key><string>file://localhost/Users/a%20b/x+y.mp3</string>",
                   [(.location, text("/Users/a b/x+y.mp3"))]),
    TrackFieldCase("Music.app location", "<key>Location</key><string>file:///Users/al/Music/%C3%86r%C3%B8.m4a</string>",
                   [(.location, text("/Users/al/Music/Ærø.m4a"))]),
    TrackFieldCase("Windows location", "<key>Location</key><string>file://localhost/C:/Music/My%20Song.mp3</string>",
                   [(.location, text("C:/Music/My Song.mp3"))]),
    TrackFieldCase("UNC location", "<key>Location</key><string>file://server/share/x.mp3</string>",
                   [(.location, text("//server/share/x.mp3"))]),
    TrackFieldCase("stream location", "<key>Location</key><string>http://radio.example/stream?x=1&amp;y=2</string>",
                   [(.location, text("http://radio.example/stream?x=1&y=2"))]),
    TrackFieldCase("no location", "<key>Name</key><string>Remote</string>", [(.location, nil)]),
    TrackFieldCase("entities, character references and CDATA", """
        <key>Name</key><string>Rock &amp; Roll &lt;3 &#233;&#x263A;</string>
        <key>Artist</key><string><![CDATA[A & <B>]]></string>
        """, [(.title, text("Rock & Roll <3 é☺")), (.artist, text("A & <B>"))]),
    TrackFieldCase("empty string", "<key>Name</key><string></string><key>Album</key><string/>",
                   [(.title, text("")), (.album, text(""))]),
    TrackFieldCase("ids", "<key>Name</key><string>x</string>",
                   [(.id, text("itunes:D3AB7D73CCB6141F")), (.persistentID, text("d3ab7d73ccb6141f")),
                    (.source, text("/music/Library.xml"))]),
    TrackFieldCase("unknown keys and data are skipped", """
        <key>Artwork Count</key><integer>1</integer><key>Normalization</key><integer>243</integer>
        <key>Smart Thing</key><data>AQIDBA==</data><key>Sort Name</key><string>Song, The</string>
        <key>Name</key><string>The Song</string>
        """, [(.title, text("The Song"))]),
]

/// (Kind flags and text) → kind, in json.md's order of precedence.
let kindCases: [(String, Kind)] = [
    ("<key>Kind</key><string>MPEG audio file</string>", .music),
    ("<key>Podcast</key><true/><key>Movie</key><true/>", .podcast),
    ("<key>iTunesU</key><true/><key>Movie</key><true/>", .itunesU),
    ("<key>Movie</key><true/><key>Has Video</key><true/>", .movie),
    ("<key>TV Show</key><true/><key>Has Video</key><true/>", .tv),
    ("<key>Music Video</key><true/><key>Has Video</key><true/>", .musicVideo),
    ("<key>Kind</key><string>AAC audiobook file</string>", .audiobook),
    ("<key>Kind</key><string>Protected Audio Book</string>", .audiobook),
    ("<key>Genre</key><string>Audiobooks</string>", .audiobook),
    ("<key>Kind</key><string>Hörbuch (AUDIOBOOK)</string>", .audiobook),
    ("<key>Has Video</key><true/><key>Kind</key><string>MPEG-4 video file</string>", .video),
    ("<key>Voice Memo</key><true/>", .voiceMemo),
    ("<key>Podcast</key><false/><key>Kind</key><string>Book of songs</string>", .music),
]

@Suite("iTunes reader: track fields")
struct ITunesFieldMappingTests {
    @Test(arguments: trackFieldCases)
    func mapsTrackFields(_ testCase: TrackFieldCase) throws {
        let xml = ITunesXML.library(tracks: [ITunesXML.track(1, pid: "d3ab7d73ccb6141f", testCase.body)])
        let (items, summary) = try ITunesXML.read(xml)
        try #require(items.count == 1)
        #expect(summary.trackCount == 1)
        for (field, value) in testCase.expected {
            #expect(field.value(of: items[0]) == value, "\(field.key)")
        }
    }

    @Test(arguments: kindCases)
    func decidesKind(_ body: String, _ kind: Kind) throws {
        let xml = ITunesXML.library(tracks: [ITunesXML.track(1, pid: "AAAA0000AAAA0000", body)])
        let (items, _) = try ITunesXML.read(xml)
        #expect(items.first?.kind == kind)
    }

    @Test("NFD names and locations stay byte-exact")
    func keepsDecomposedText() throws {
        let nfd = "Cafe\u{301} Me\u{308}tal"
        let body = "<key>Name</key><string>\(nfd)</string>"
            + "<key>Location</key><string>file:///Music/Cafe%CC%81.mp3</string>"
        let (items, _) = try ITunesXML.read(ITunesXML.library(tracks: [ITunesXML.track(1, pid: "AB", body)]))
        #expect(Array(items[0].title!.utf8) == Array(nfd.utf8))
        #expect(Array(items[0].location!.utf8) == Array("/Music/Cafe\u{301}.mp3".utf8))
    }

    @Test("top-level facts, in any key order")
    func readsTopLevel() throws {
        let xml = ITunesXML.library(
            tracks: [], playlists: [], playlistsFirst: true,
            extraTop: "<key>Library Persistent ID</key><string>25F4AB8E786DC4EA</string>\n"
                + "<key>Music Folder</key><string>file://localhost/C:/Users/me/Music/iTunes%20Media/</string>\n")
        let (items, summary) = try ITunesXML.read(xml)
        #expect(items.isEmpty)
        #expect(summary.applicationVersion == "12.8.3.1")
        #expect(summary.libraryPersistentID == "25F4AB8E786DC4EA")
        #expect(summary.musicFolder == "C:/Users/me/Music/iTunes Media/")
    }

    @Test("a library without Tracks or Playlists is empty, not an error")
    func readsEmptyLibrary() throws {
        let xml = ITunesXML.header + "<dict><key>Major Version</key><integer>1</integer></dict></plist>"
        let (items, summary) = try ITunesXML.read(xml)
        #expect(items.isEmpty && summary.playlists.isEmpty && summary.trackCount == 0)
    }
}
