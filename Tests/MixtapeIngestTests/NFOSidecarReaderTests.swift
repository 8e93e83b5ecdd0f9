import MixtapeCore
import MixtapeIngest
import Testing

/// One inline `.nfo` and the tags it must give, exactly.
struct NFOCase: Sendable, CustomTestStringConvertible {
    let label: String
    let xml: String
    let expected: [Field: FieldValue]
    let isMedia: Bool
    var testDescription: String { label }
}

/// The Kodi `.nfo` field mapping, root by root, and the leniency real files need.
@Suite("NFO sidecar reader")
struct NFOSidecarReaderTests {
    static let roots: [NFOCase] = [
        NFOCase(label: "song with every field", xml: """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <song>
              <title>So What</title><artist>Miles Davis</artist><artist>John Coltrane</artist>
              <album>Kind of Blue</album><albumartist>Miles Davis</albumartist>
              <genre>Jazz</genre><genre>Modal</genre><genre>Jazz</genre><composer>Miles Davis</composer>
              <year>1959</year><track>1/5</track><runtime>9</runtime><userrating>8</userrating>
              <plot>The opener.</plot><outline>Short.</outline>
            </song>
            """, expected: [.title: .text("So What"), .artist: .text("Miles Davis, John Coltrane"),
                            .album: .text("Kind of Blue"), .albumArtist: .text("Miles Davis"),
                            .genre: .text("Jazz, Modal"), .composer: .text("Miles Davis"), .year: .integer(1959),
                            .trackNumber: .integer(1), .trackCount: .integer(5), .durationMs: .integer(540_000),
                            .rating: .integer(80), .comments: .text("The opener."), .kind: .text("music")],
                isMedia: true),
        NFOCase(label: "musicvideo prefers the stream's measured length", xml: """
            <musicvideo><title>Clip</title><artist>ABBA</artist><runtime>2</runtime>
            <fileinfo><streamdetails><video><durationinseconds>143</durationinseconds></video></streamdetails></fileinfo>
            </musicvideo>
            """, expected: [.title: .text("Clip"), .artist: .text("ABBA"), .durationMs: .integer(143_000),
                            .kind: .text("music-video")], isMedia: true),
        NFOCase(label: "movie: premiered year, outline, default rating of several", xml: """
            <movie><title>Film</title><year>0</year><premiered>2017-11-15</premiered><plot> </plot><outline>Gist</outline>
            <ratings><rating name="tmdb" max="10"><value>5.0</value></rating>
            <rating name="imdb" max="10" default="true"><value>6.4</value><votes>1</votes></rating></ratings>
            <userrating>0</userrating></movie>
            """, expected: [.title: .text("Film"), .year: .integer(2017), .comments: .text("Gist"), .rating: .integer(64),
                            .kind: .text("movie")], isMedia: true),
        NFOCase(label: "episodedetails: showtitle as album, aired year, old single rating", xml: """
            <episodedetails><title>Pilot</title><showtitle>Show</showtitle><aired>2004-07-16</aired>
            <rating>8.0</rating><runtime>45</runtime><actor><name>Not the artist</name></actor></episodedetails>
            """, expected: [.title: .text("Pilot"), .album: .text("Show"), .year: .integer(2004), .rating: .integer(80),
                            .durationMs: .integer(2_700_000), .kind: .text("tv")], isMedia: true),
        NFOCase(label: "album.nfo: album-level fields only, not a media sidecar", xml: """
            <album><title>High Voltage</title><artistdesc>AC/DC</artistdesc><genre>Rock</genre><genre>Hard Rock</genre>
            <rating>8.1</rating><releasedate>1975-02-17</releasedate><review>Long text</review>
            <albumArtistCredits><artist>AC/DC</artist><musicBrainzArtistID>x</musicBrainzArtistID></albumArtistCredits></album>
            """, expected: [.album: .text("High Voltage"), .albumArtist: .text("AC/DC"), .genre: .text("Rock, Hard Rock"),
                            .year: .integer(1975), .kind: .text("music")], isMedia: false),
        NFOCase(label: "artist.nfo", xml: "<artist><name>U2</name><genre>Rock</genre><biography>...</biography></artist>",
                expected: [.artist: .text("U2"), .genre: .text("Rock"), .kind: .text("music")], isMedia: false),
        NFOCase(label: "tvshow.nfo", xml: "<tvshow><title>Torchwood</title><premiered>2006-10-22</premiered><genre>Drama</genre></tvshow>",
                expected: [.album: .text("Torchwood"), .year: .integer(2006), .genre: .text("Drama"), .kind: .text("tv")],
                isMedia: false),
        NFOCase(label: "season.nfo is not read", xml: "<season><title>Season 1</title><year>2004</year></season>",
                expected: [:], isMedia: false),
        NFOCase(label: "NextPVR recording is not read", xml: "<recording><title>News</title></recording>",
                expected: [:], isMedia: false),
    ]

    @Test(arguments: roots)
    func mapsRoot(_ test: NFOCase) {
        let reading = SidecarXML.nfo(test.xml)
        #expect(reading.tags == TagSet(test.expected))
        #expect(reading.isMediaSidecar == test.isMedia)
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    /// Ratings are 0–10 unless `max` says otherwise; 0 and negative values are "unrated".
    @Test(arguments: [
        ("<userrating>7</userrating><rating>9</rating>", Int64?.some(70)),
        ("<userrating>0</userrating><rating>7.5</rating>", 75),
        ("<rating max=\"5\">4</rating>", 80),
        ("<rating max=\"10\">-1.000000</rating><userrating max=\"10\">-1</userrating>", nil),
        ("<rating>12</rating>", 100),
        ("<ratings><rating name=\"a\"><value>3</value></rating></ratings>", 30),
        ("<rating>n/a</rating>", nil),
    ])
    func scalesRating(_ body: String, _ rating: Int64?) {
        let reading = SidecarXML.nfo("<movie><title>T</title>\(body)</movie>")
        #expect(reading.tags[.rating] == rating.map(FieldValue.integer))
    }

    static let bodies = "<title>Song</title><artist>A</artist>"

    @Test("BOM, no declaration, URL after the root, case of names", arguments: [
        [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<song>\(bodies)</song>".utf8),
        Array("<song>\(bodies)</song>".utf8),
        Array("<song>\(bodies)</song>\nhttps://www.themoviedb.org/movie/583689\n".utf8),
        Array("<song>\(bodies)</song>\n<!-- created by a scraper -->\nhttp://www.imdb.com/title/tt0000001/".utf8),
        Array("<Song><Title>Song</Title><ARTIST>A</ARTIST></Song>".utf8),
    ])
    func acceptsKodiLeniency(_ bytes: [UInt8]) {
        let reading = NFOSidecarReader.read(bytes: bytes, name: "song.nfo")
        #expect(reading.tags == TagSet([.title: .text("Song"), .artist: .text("A"), .kind: .text("music")]))
        #expect(reading.isMediaSidecar)
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    @Test("Kodi albumArtistCredits in either spelling", arguments: ["albumArtistCredits", "albumartistcredits"])
    func readsAlbumArtistCredits(_ element: String) {
        let xml = "<song><title>T</title><\(element)><artist>A</artist><artist>B</artist></\(element)></song>"
        #expect(SidecarXML.nfo(xml).tags[.albumArtist] == .text("A, B"))
    }

    @Test("concatenated episodes: the first is read, with a warning at the second")
    func readsFirstOfConcatenatedEpisodes() throws {
        let xml = "<episodedetails><title>One</title></episodedetails>\n<episodedetails><title>Two</title></episodedetails>\n"
        let reading = SidecarXML.nfo(xml, name: "/tv/S01E01E02.nfo")
        #expect(reading.tags[.title] == .text("One"))
        #expect(reading.isMediaSidecar)
        let warning = try #require(reading.warnings.first)
        #expect(warning.description == "/tv/S01E01E02.nfo:2:1: another <episodedetails> follows the root element "
            + "(a multi-episode file?); only the first is read")
    }

    @Test("MediaElch's <episodes> wrapper")
    func unwrapsEpisodes() throws {
        let xml = "<episodes>\n<episodedetails><title>One</title></episodedetails>\n"
            + "  <episodedetails><title>Two</title></episodedetails>\n</episodes>"
        let reading = SidecarXML.nfo(xml)
        #expect(reading.tags == TagSet([.title: .text("One"), .kind: .text("tv")]))
        let warning = try #require(reading.warnings.first)
        #expect(warning.message == "<episodes> holds 2 episodes; only the first is read")
        #expect(warning.position?.line == 3 && warning.position?.column == 3)
    }

    @Test("a URL-only .nfo is not XML", arguments: [
        "https://www.themoviedb.org/movie/583689\nhttps://www.imdb.com/title/tt4154796\n",
        "\u{FEFF}  http://www.imdb.com/title/tt0000001/",
    ])
    func reportsURLOnly(_ text: String) throws {
        let reading = SidecarXML.nfo(text)
        #expect(reading.tags.isEmpty && !reading.isMediaSidecar)
        let warning = try #require(reading.warnings.first)
        #expect(warning.message.contains("holds a URL"))
        #expect((warning.position?.line ?? 0) > 0)
    }

    @Test("a broken .nfo keeps the fields before the error")
    func keepsFieldsBeforeAnError() throws {
        let reading = SidecarXML.nfo("<movie>\n  <title>Kept</title>\n  <plot>Tom & Jerry</plot>\n</movie>", name: "m.nfo")
        #expect(reading.tags == TagSet([.title: .text("Kept"), .kind: .text("movie")]))
        let warning = try #require(reading.warnings.first)
        #expect(warning.position?.line == 3)
        #expect(warning.message.hasPrefix("malformed XML:"))
    }
}
