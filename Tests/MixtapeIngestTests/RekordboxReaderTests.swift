import Foundation
import MixtapeCore
import MixtapeIngest
import Testing

/// A rekordbox collection around some TRACKs and a PLAYLISTS body, as rekordbox 6 writes it.
enum RekordboxXML {
    static func document(tracks: String, playlists: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>

        <DJ_PLAYLISTS Version="1.0.0">
          <PRODUCT Name="rekordbox" Version="6.7.7" Company="AlphaTheta"/>
          <COLLECTION Entries="99">
        \(tracks)
          </COLLECTION>
          <PLAYLISTS>
            <NODE Type="0" Name="ROOT" Count="1">
        \(playlists)
            </NODE>
          </PLAYLISTS>
        </DJ_PLAYLISTS>

        """
    }

    static func track(_ id: Int, _ location: String, _ extra: String = "") -> String {
        "    <TRACK TrackID=\"\(id)\" Name=\"T\(id)\" Location=\"\(location)\" \(extra)/>"
    }

    static func read(_ xml: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        try RekordboxLibraryReader.read(bytes: Array(xml.utf8), name: "t.xml")
    }

    static func item(_ attributes: String) throws -> MediaItem {
        let items = try read(document(tracks: "    <TRACK \(attributes)/>")).items
        return try #require(items.first)
    }
}

@Suite("rekordbox reader: fields, ids, playlists")
struct RekordboxReaderTests {
    @Test("every attribute of a rekordbox 6 TRACK maps to its field")
    func fieldMapping() throws {
        let item = try RekordboxXML.item("""
            TrackID="243315649" Name="Serendipity " Artist="Chris Stussy, Toman"
                   Composer="Norman Whitfield" Album="Timewriter EP" Grouping="Purple" Genre="Minimal"
                   Kind="AIFF File" Size="74548926" TotalTime="421" DiscNumber="2"
                   TrackNumber="7" Year="2020" AverageBpm="127.50" DateAdded="2020-09-18"
                   BitRate="1411" SampleRate="44100" Comments="Tracks by www.loopmasters.com" PlayCount="3" Rating="153"
                   Location="file://localhost/Users/roberts/Desktop/Music/Minimal/Chris%20Stussy,%20Toman%20-%20Serendipity%20%20%5bLocus%5d.aiff"
                   Remixer="Dixon" Tonality="Gm" Label="Locus" Mix="Extended Mix" DateModified="2021-01-02" LastPlayed="2022-03-04"
            """)
        #expect(item.title == "Serendipity ")
        #expect(item.artist == "Chris Stussy, Toman")
        #expect(item.composer == "Norman Whitfield")
        #expect(item.album == "Timewriter EP")
        #expect(item.grouping == "Purple")
        #expect(item.genre == "Minimal")
        #expect(item.comments == "Tracks by www.loopmasters.com")
        #expect(item.size == 74_548_926)
        #expect(item.durationMs == 421_000)
        #expect(item.discNumber == 2)
        #expect(item.trackNumber == 7)
        #expect(item.year == 2020)
        #expect(item.bpm == 128)
        #expect(item.dateAdded?.rfc3339 == "2020-09-18T00:00:00Z")
        #expect(item.dateModified?.rfc3339 == "2021-01-02T00:00:00Z")
        #expect(item.playDate?.rfc3339 == "2022-03-04T00:00:00Z")
        #expect(item.bitRate == 1411)
        #expect(item.sampleRate == 44100)
        #expect(item.playCount == 3)
        #expect(item.rating == 60)
        #expect(item.location == "/Users/roberts/Desktop/Music/Minimal/Chris Stussy, Toman - Serendipity  [Locus].aiff")
        #expect(item.remixer == "Dixon")
        #expect(item.musicalKey == "Gm")
        #expect(item.label == "Locus")
        #expect(item.trackID == 243_315_649)
        #expect(item.kind == .music)
        #expect(item.source == "t.xml")
        #expect(item.id.rawValue.hasPrefix("rekordbox:"))
    }

    @Test("rekordbox's zeros and empty strings are unknown values, not values")
    func unknownsAreAbsent() throws {
        let item = try RekordboxXML.item("""
            TrackID="1" Name="" Artist=" " Composer="" Album="" Grouping="" Genre="" Kind="WAV File" Size="0"
            TotalTime="0" DiscNumber="0" TrackNumber="0" Year="0" AverageBpm="0.00" DateAdded="" BitRate="0"
            SampleRate="0" Comments="" PlayCount="0" Rating="0" Location="file://localhost/x.wav" Remixer=""
            Tonality="" Label="" Mix=""
            """)
        for (field, value) in [("title", item.title), ("artist", item.artist), ("album", item.album),
                               ("genre", item.genre), ("key", item.musicalKey), ("label", item.label),
                               ("remixer", item.remixer), ("comments", item.comments)] {
            #expect(value == nil, "\(field)")
        }
        for (field, value) in [("size", item.size), ("duration", item.durationMs), ("disc", item.discNumber),
                               ("track", item.trackNumber), ("year", item.year), ("bpm", item.bpm),
                               ("bit rate", item.bitRate), ("sample rate", item.sampleRate)] {
            #expect(value == nil, "\(field)")
        }
        #expect(item.dateAdded == nil)
        #expect(item.playCount == 0)
        #expect(item.rating == 0)
    }

    @Test("Rating 0…255 becomes 20 per star, the nearest star in between",
          arguments: [("0", 0), ("51", 20), ("102", 40), ("153", 60), ("204", 80), ("255", 100), ("252", 100),
                      ("25", 0), ("26", 20), ("999", 100)] as [(String, Int64)])
    func rating(raw: String, expected: Int64) throws {
        #expect(try RekordboxXML.item("TrackID=\"1\" Rating=\"\(raw)\" Location=\"file://localhost/a.mp3\"").rating == expected)
    }

    @Test("AverageBpm rounds half up; what is not a decimal number is absent",
          arguments: [("128.00", 128), ("118.50", 119), ("118.49", 118), ("90", 90)] as [(String, Int64)])
    func bpm(raw: String, expected: Int64) throws {
        #expect(try RekordboxXML.item("TrackID=\"1\" AverageBpm=\"\(raw)\" Location=\"file://localhost/a.mp3\"").bpm == expected)
    }

    @Test("AverageBpm and DateAdded that do not parse are absent",
          arguments: ["1e3", "abc", "-5.00", ".5", "12.", "inf"])
    func oddBpm(raw: String) throws {
        #expect(try RekordboxXML.item("TrackID=\"1\" AverageBpm=\"\(raw)\" Location=\"file://localhost/a.mp3\"").bpm == nil)
    }

    @Test("DateAdded is a calendar day at midnight UTC",
          arguments: [("2020-02-29", "2020-02-29T00:00:00Z"), ("2021-02-29", nil), ("2020-13-01", nil),
                      ("2020-1-5", nil), ("0000-01-01", nil), ("1999-12-31", "1999-12-31T00:00:00Z")] as [(String, String?)])
    func dateAdded(raw: String, expected: String?) throws {
        let item = try RekordboxXML.item("TrackID=\"1\" DateAdded=\"\(raw)\" Location=\"file://localhost/a.mp3\"")
        #expect(item.dateAdded?.rfc3339 == expected)
    }

    @Test("Locations decode to the path a person sees, whoever wrote them",
          arguments: [
            // rekordbox 6 on a Mac: lower-case escapes, `,` and `(` raw.
            ("file://localhost/Users/a/Zo%c3%a9%20-%20Night%20(Edit),%20x.aiff", "/Users/a/Zoé - Night (Edit), x.aiff"),
            // rekordbox on Windows.
            ("file://localhost/C:/Music/PioneerDJ/Demo%20Tracks/Demo%20Track%201.mp3", "C:/Music/PioneerDJ/Demo Tracks/Demo Track 1.mp3"),
            // rekordbox 5 writes `#` raw: part of the name, not a fragment.
            ("file://localhost/Users/b/Secret%20Squirrels%20#14/A.aiff", "/Users/b/Secret Squirrels #14/A.aiff"),
            ("file://localhost/Users/b/Why?%20Not.mp3", "/Users/b/Why? Not.mp3"),
            // A converter that does not encode: raw spaces, umlauts and a literal %.
            ("file://localhost/M:/MP3/20200527/Crystal Waters - 100% Pure Love (House).mp3",
             "M:/MP3/20200527/Crystal Waters - 100% Pure Love (House).mp3"),
            ("file://localhost/M:/MP3/Ibo - Süßes Blut.mp3", "M:/MP3/Ibo - Süßes Blut.mp3"),
            // A streaming track: the service's id.
            ("file://localhostsoundcloud:tracks:842762641", "soundcloud:tracks:842762641"),
            ("file:///home/a/x%20y.mp3", "/home/a/x y.mp3"),
            ("file://server/share/x.mp3", "//server/share/x.mp3"),
            ("http://example.org/stream", "http://example.org/stream"),
            ("file://localhost/a/%ff.mp3", "/a/\u{FFFD}.mp3"),
            // A % too near the end stays; the scheme and host in any case.
            ("file://localhost/a/b%4", "/a/b%4"), ("file://localhost/a/%41%42%", "/a/AB%"),
            ("FILE://LocalHost/a%20b", "/a b"), ("file://localhost/C:", "C:"), ("file://localhost/", "/"),
          ] as [(String, String)])
    func location(raw: String, expected: String) throws {
        #expect(try RekordboxXML.item("TrackID=\"1\" Location=\"\(raw)\"").location == expected)
    }

    @Test("kind: a video file is video, anything else music",
          arguments: [("x.mov", Kind.video), ("x.MP4", .video), ("x.mkv", .video), ("x.vob", .video),
                      ("x.mp3", .music), ("x.m4a", .music), ("dir.mov/x", .music), ("x.MpEg", .video),
                      ("movie", .music), ("x.", .music), (".mov", .video), ("x.tar.mov", .video), ("x.mov.mp3", .music),
                      ("x.xmov", .music), ("x.mo", .music), ("x.m%C3%B6v", .music), ("x.verylongmov", .music)] as [(String, Kind)])
    func kind(name: String, expected: Kind) throws {
        #expect(try RekordboxXML.item("TrackID=\"1\" Location=\"file://localhost/m/\(name)\"").kind == expected)
        #expect(try RekordboxXML.item("TrackID=\"1\" Location=\"file://localhostsoundcloud:tracks:1\"").kind == .music)
    }

    @Test("an id is the Location's: the same with another TrackID, elsewhere in the file, in NFD, encoded otherwise")
    func idsSurviveAReExport() throws {
        let first = try RekordboxXML.read(RekordboxXML.document(tracks: [
            RekordboxXML.track(1668, "file://localhost/Users/a/Zo%c3%a9.mp3"),
            RekordboxXML.track(1669, "file://localhost/Users/a/b.mp3"),
        ].joined(separator: "\n"))).items
        let second = try RekordboxXML.read(RekordboxXML.document(tracks: [
            RekordboxXML.track(2, "file://localhost/Users/a/b.mp3", "Rating=\"255\""),
            RekordboxXML.track(1, "file://localhost/Users/a/Zoe%cc%81.mp3"),  // NFD
        ].joined(separator: "\n"))).items
        #expect(Set(first.map(\.id)) == Set(second.map(\.id)))
        #expect(first[0].id != first[1].id)
        #expect(try RekordboxXML.item("TrackID=\"9\" Location=\"file://localhost/Users/a/b.mp3\"").id == first[1].id)
        #expect(try RekordboxXML.item("TrackID=\"9\" Location=\"file://localhost/Users/a/c.mp3\"").id != first[1].id)
    }

    @Test("the id is a hash any reader can recompute: FNV-1a of the path's NFC bytes and 0xff")
    func idIsDocumented() throws {
        var hash = StableHash()
        hash.combine("/Users/a/b.mp3")
        #expect(try RekordboxXML.item("TrackID=\"1\" Location=\"file://localhost/Users/a/b.mp3\"").id.rawValue
                == "rekordbox:" + hash.hexDigest)
    }

    @Test("a track without a Location gets an id from its name, artist, album and length, stable across exports")
    func noLocation() throws {
        let one = try RekordboxXML.item("TrackID=\"1\" Name=\"A\" Artist=\"B\" TotalTime=\"10\"")
        let two = try RekordboxXML.item("TrackID=\"77\" Name=\"A\" Artist=\"B\" TotalTime=\"10\" Rating=\"51\"")
        let other = try RekordboxXML.item("TrackID=\"1\" Name=\"A\" Artist=\"C\" TotalTime=\"10\"")
        #expect(one.id == two.id)
        #expect(one.id != other.id)
        #expect(one.location == nil)
    }

    @Test("two tracks with one Location are one item and a warning")
    func duplicateLocation() throws {
        let (items, summary) = try RekordboxXML.read(RekordboxXML.document(tracks: [
            RekordboxXML.track(1, "file://localhost/a.mp3"), RekordboxXML.track(2, "file://localhost/a.mp3", "Rating=\"255\""),
        ].joined(separator: "\n")))
        #expect(items.count == 2 && items[0].id == items[1].id)
        #expect(summary.warnings.count == 1)
        #expect(summary.warnings.first?.message.contains("/a.mp3") == true)
        #expect(summary.warnings.first?.position?.line == 7)
    }

    @Test("PRODUCT names the application and version")
    func applicationVersion() throws {
        #expect(try RekordboxXML.read(RekordboxXML.document(tracks: "")).summary.applicationVersion == "rekordbox 6.7.7")
    }
}
