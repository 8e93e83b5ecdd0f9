import MixtapeCore
@testable import MixtapeIngest
import Testing

/// Which info.json member becomes which field, and the forms each value may take.
@Suite("info.json sidecar: field mapping")
struct InfoJSONFieldTests {
    @Test("title: the track name when the video title contains it", arguments: [
        (#""title": "Smash Mouth - All Star (Official Video)", "track": "All Star""#, "All Star"),
        (#""title": "BEYONCÉ - HALO (LIVE)", "track": "Halo""#, "Halo"),
        (#""title": "Beyonce - Deja Vu", "track": "Déjà Vu""#, "Déjà Vu"),
        (#""title": "ＳＡＵＣＥ ＩＴ ＵＰ", "track": "Sauce It Up""#, "Sauce It Up"),
        (#""title": "TRAPPIN IN PARADISE 50", "track": "SAUCE IT UP""#, "TRAPPIN IN PARADISE 50"),
        (#""track": "Only A Track""#, "Only A Track"),
        (#""title": "  ", "track": "Blank Title""#, "Blank Title"),
        (#""title": "Video", "track": null"#, "Video"),
        (#""title": "Video", "track": 7"#, "Video"),
        (#""title": "  Padded  ""#, "Padded"),
    ])
    func title(members: String, expected: String) {
        #expect(InfoJSON.tags(members)[.title] == .text(expected))
    }

    @Test("artist: song artist, then creator, then uploader, then channel", arguments: [
        (#""artist": "A", "artists": ["B"], "creator": "C", "uploader": "U", "channel": "H""#, "A"),
        (#""artists": ["B1", "B2"], "creator": "C", "uploader": "U""#, "B1, B2"),
        (#""artist": "", "artists": [], "creator": "C", "uploader": "U""#, "C"),
        (#""creators": ["C1", 5, "C2"], "uploader": "U""#, "C1, C2"),
        (#""artist": 5, "uploader": "U", "channel": "H""#, "U"),
        (#""artist": {"name": "A"}, "channel": "H""#, "H"),
        (#""title": "Mix", "track": "Song", "artist": "Song Artist", "uploader": "DJ""#, "DJ"),
        (#""title": "Mix", "track": "Song", "artist": "Song Artist", "channel": "DJ Channel""#, "DJ Channel"),
        (#""title": "Song (Video)", "track": "Song", "artist": "Song Artist", "uploader": "DJ""#, "Song Artist"),
    ])
    func artist(members: String, expected: String) {
        #expect(InfoJSON.tags(members)[.artist] == .text(expected))
    }

    @Test("song data that does not describe the video is set aside")
    func songDataOfAMix() {
        let tags = InfoJSON.tags(#"""
            "title": "Two Hour Mix", "track": "Song", "artist": "Someone", "album": "Album",
            "album_artist": "Someone", "composer": "Writer", "track_number": 3, "disc_number": 1,
            "release_year": 1999, "upload_date": "20190623", "uploader": "DJ"
            """#)
        #expect(tags == TagSet([.title: .text("Two Hour Mix"), .artist: .text("DJ"), .year: .integer(2019)]))
    }

    @Test("song data of a music video is kept")
    func songDataOfAMusicVideo() {
        let tags = InfoJSON.tags(#"""
            "title": "Artist - Song (Official Video)", "track": "Song", "artists": ["Artist", "Guest"],
            "album": "Album", "album_artists": ["Artist"], "composers": ["W1", "W2"], "track_number": 3,
            "disc_number": "2", "release_year": 1999, "upload_date": "20190623", "genres": ["Pop", "Rock"],
            "categories": ["Music"], "id": "abcdefghijk", "webpage_url": "https://example.com/v",
            "uploader": "ArtistVEVO", "duration": 215.4
            """#)
        #expect(tags == TagSet([
            .title: .text("Song"), .artist: .text("Artist, Guest"), .album: .text("Album"),
            .albumArtist: .text("Artist"), .composer: .text("W1, W2"), .trackNumber: .integer(3),
            .discNumber: .integer(2), .year: .integer(1999), .genre: .text("Pop, Rock"),
            .comments: .text("https://example.com/v"), .durationMs: .integer(215_400),
        ]))
    }

    @Test("duration: seconds as a number or as text", arguments: [
        ("260", 260_000), ("401.0", 401_000), ("225.5", 225_500), ("0.0006", 1),
        (#""15""#, 15_000), (#""225.25""#, 225_250), (#"" 3:45 ""#, 225_000), (#""3:45.5""#, 225_500),
        (#""1:02:03""#, 3_723_000), (#""0:00:07""#, 7_000), ("9.3e15", nil), ("9e15", 9_000_000_000_000_000_000),
        ("0", nil), ("0.0004", nil), ("-5", nil), (#""-5""#, nil), ("1e400", nil), ("NaN", nil),
        ("Infinity", nil), ("-Infinity", nil), ("99999999999999999999999", nil), (#""""#, nil),
        (#""abc""#, nil), (#""3:75""#, nil), (#""1:60:00""#, nil), (#""1:2:3:4""#, nil), (#"":45""#, nil),
        (#""3:""#, nil), (#""3.5:00""#, nil), (#""1e3""#, nil), (#""+5""#, nil), ("null", nil), ("true", nil),
        ("[260]", nil), (#"{"s": 260}"#, nil),
    ] as [(String, Int64?)])
    func duration(value: String, expected: Int64?) {
        #expect(InfoJSON.tags(#""duration": "# + value)[.durationMs] == expected.map(FieldValue.integer))
    }

    @Test("duration_string stands in when duration is missing or unreadable", arguments: [
        (#""duration_string": "9:42""#, 582_000),
        (#""duration": null, "duration_string": "9:42""#, 582_000),
        (#""duration": "n/a", "duration_string": "2:00:05""#, 7_205_000),
        (#""duration": 10, "duration_string": "9:42""#, 10_000),
        (#""duration_string": null"#, nil),
    ] as [(String, Int64?)])
    func durationString(members: String, expected: Int64?) {
        #expect(InfoJSON.tags(members)[.durationMs] == expected.map(FieldValue.integer))
    }

    @Test("year: release_year, then release_date, then upload_date", arguments: [
        (#""release_year": 1999, "release_date": "20010101", "upload_date": "20110502""#, 1999),
        (#""release_year": "1999""#, 1999),
        (#""release_year": 1999.0"#, 1999),
        (#""release_date": "20010101", "upload_date": "20110502""#, 2001),
        (#""upload_date": "20110502""#, 2011),
        (#""upload_date": "2011-05-02""#, 2011),
        (#""release_year": 0, "upload_date": "20110502""#, 2011),
        (#""release_year": 12345, "upload_date": "20110502""#, 2011),
        (#""release_year": null, "release_date": null, "upload_date": "20110502""#, 2011),
        (#""release_date": "20221317", "upload_date": "20110502""#, 2011),
        (#""release_date": "20220600", "upload_date": "20110502""#, 2011),
        (#""upload_date": 20110502"#, nil),
        (#""upload_date": "2011""#, nil),
        (#""upload_date": "00000101""#, nil),
        (#""upload_date": "2011-0502""#, nil),
        (#""upload_date": "２０１１０５０２""#, nil),
    ] as [(String, Int64?)])
    func year(members: String, expected: Int64?) {
        #expect(InfoJSON.tags(members)[.year] == expected.map(FieldValue.integer))
    }

    @Test("track and disc numbers are whole numbers from 1", arguments: [
        ("3", 3), (#""3""#, 3), ("3.0", 3), ("3.5", nil), ("0", nil), ("-1", nil), (#""03""#, 3),
        (#""3/12""#, nil), ("1e2", 100), ("1e30", nil), ("true", nil), ("null", nil),
    ] as [(String, Int64?)])
    func ordinals(value: String, expected: Int64?) {
        let tags = InfoJSON.tags(#""track_number": \#(value), "disc_number": \#(value)"#)
        #expect(tags[.trackNumber] == expected.map(FieldValue.integer))
        #expect(tags[.discNumber] == expected.map(FieldValue.integer))
    }

    @Test("comments: the page URL, else the URL asked for", arguments: [
        (#""webpage_url": "https://a/1", "original_url": "https://a/2""#, "https://a/1"),
        (#""webpage_url": null, "original_url": "https://a/2""#, "https://a/2"),
        (#""webpage_url": "", "original_url": "https://a/2""#, "https://a/2"),
    ])
    func comments(members: String, expected: String) {
        #expect(InfoJSON.tags(members)[.comments] == .text(expected))
    }

    @Test("a URL that is no URL is no comment", arguments: [
        #""original_url": "ABC123""#, #""webpage_url": "watch?v=x""#, #""webpage_url": ["https://a"]"#,
    ])
    func noComment(members: String) {
        #expect(InfoJSON.tags(members)[.comments] == nil)
    }

    @Test("fields that are never set from a sidecar")
    func neverSet() {
        let tags = InfoJSON.tags(#"""
            "id": "abc", "title": "T", "location": "/etc/passwd", "kind": "movie", "filename": "x.mp4",
            "_filename": "y.mp4", "description": "long text", "categories": ["Music"], "tags": ["a"]
            """#)
        #expect(tags == TagSet([.title: .text("T")]))
    }

    @Test("_type: only a video (or no type, as youtube-dl wrote) is a media sidecar", arguments: [
        (#""_type": "video""#, true), ("", true), (#""_type": null"#, true),
        (#""_type": "playlist""#, false), (#""_type": "multi_video""#, false), (#""_type": "url""#, false),
    ])
    func mediaType(members: String, isMedia: Bool) {
        let reading = InfoJSON.read("{" + members + (members.isEmpty ? "" : ", ") + #""title": "T"}"#)
        #expect(reading.isMediaSidecar == isMedia)
        #expect(reading.tags.isEmpty == !isMedia)
        #expect(reading.warnings.isEmpty)
    }

    @Test("categories hint at the kind; the container decides video or audio", arguments: [
        (#"["Music"]"#, true, Kind.musicVideo as Kind?),
        (#"["Music"]"#, false, .music),
        (#"["Film & Animation", "Music"]"#, true, .musicVideo),
        (#"["Science & Technology"]"#, true, nil),
        (#""Music""#, true, .musicVideo),
        ("null", false, nil),
    ])
    func kindHint(categories: String, hasVideo: Bool, expected: Kind?) {
        let sidecar = InfoJSONSidecarReader.inspect(bytes: Array(#"{"categories": \#(categories)}"#.utf8), name: "x")
        #expect(sidecar.kindHint(containerHasVideo: hasVideo) == expected)
    }

    @Test("strings: escapes, surrogate pairs, lone surrogates; the last repeated member wins", arguments: [
        (#"{"title": "caf\u00e9 \ud83c\udfb5 \"q\" \\ \/ \t end"}"#, "café 🎵 \"q\" \\ / \t end"),
        (#"{"title": "lone \ud800 high"}"#, "lone \u{FFFD} high"),
        (#"{"title": "lone \udc00 low \ud800\u0041"}"#, "lone \u{FFFD} low \u{FFFD}A"),
        (#"{"title": "first", "title": "second"}"#, "second"),
        ("\u{FEFF}{\"title\": \"after a BOM\"}", "after a BOM"),
        ("{\"title\": \"ＰＡＲＡＤＩＳＥ\"}", "ＰＡＲＡＤＩＳＥ"),
    ])
    func strings(json: String, expected: String) {
        let reading = InfoJSON.read(json)
        #expect(reading.warnings.isEmpty)
        #expect(reading.tags[.title] == .text(expected))
    }

    @Test("the video id and categories come with inspect")
    func inspectExtras() {
        let sidecar = InfoJSONSidecarReader.inspect(
            bytes: Array(#"{"id": "L_jWHffIx5E", "categories": ["Music", 3, "Comedy"], "title": "T"}"#.utf8), name: "x")
        #expect(sidecar.videoID == "L_jWHffIx5E")
        #expect(sidecar.categories == ["Music", "Comedy"])
        #expect(sidecar.reading.tags == TagSet([.title: .text("T")]))
    }
}
