import MixtapeCore
import MixtapeIngest
import Testing

/// Real XMP and `.nfo` sidecars from photo tools, Premiere, Kodi, Jellyfin, Emby,
/// tinyMediaManager and MediaElch (see `shared/data/real/SOURCES.md`), read in place; they are
/// not part of the repository, so the suite is skipped without them.
@Suite("XML sidecars: real files",
       .enabled(if: SidecarRealData.available, "needs ../shared/data/real/{xmp,nfo} next to the package root"))
struct SidecarXMLRealFileTests {
    @Test("every well-formed real file reads without a warning", arguments: ["xmp", "nfo"])
    func readsAll(_ kind: String) throws {
        let files = SidecarRealData.files(kind, malformed: false)
        #expect(files.count == (kind == "xmp" ? 37 : 31))
        for path in files {
            let reading = try SidecarRealData.read(path: path)
            // MediaElch's two-episode file is well-formed XML but gives a warning by design.
            let expected = path.hasSuffix("American_Dad_S02E03-S02E04.nfo") ? 1 : 0
            #expect(reading.warnings.count == expected, "\(path): \(reading.warnings)")
        }
    }

    @Test("every malformed real file warns with a line", arguments: ["xmp", "nfo"])
    func warnsAboutAllMalformed(_ kind: String) throws {
        let files = SidecarRealData.files(kind, malformed: true)
        #expect(files.count == (kind == "xmp" ? 2 : 6))
        for path in files {
            let reading = try SidecarRealData.read(path: path)
            let warning = try #require(reading.warnings.first, "\(path)")
            #expect(warning.position?.file == path)
            #expect((warning.position?.line ?? 0) > 0, "\(warning)")
        }
    }

    @Test("Premiere Pro's video sidecar is a media sidecar")
    func readsPremiere() throws {
        let reading = try SidecarRealData.read("xmp", "media-samples_premiere_pro_cc2015.3_video.xmp")
        #expect(reading.isMediaSidecar)
        // Marker names and durations nested in xmpDM:Tracks are not the clip's own fields.
        #expect(reading.tags == TagSet([.rating: .integer(20)]))
    }

    @Test("photo sidecars give their fields but are not media sidecars", arguments: [
        // Photoshop CS2: old xap: prefix, dc:creator Seq, dc:title Alt.
        ("exifr_BonTonARTSTORplusIPTC_photoshopCS2.xmp",
         [Field.title: FieldValue.text("Do you know your lesson?"), .artist: .text("Allan Kohl"), .rating: .integer(60)]),
        // ExifTool: xmp: bound to Dublin Core, rdf bound to z:, dc bound to y:.
        ("exiftool_t_XMP6.xmp", [.title: .text("a title"), .rating: .integer(40)]),
        // The x-default item is the second of three languages.
        ("exiv2_BlueSquare.xmp", [.title: .text("Blue Square Test File - .jpg")]),
        // UTF-16 LE with a BOM: nothing mapped, but read without a warning.
        ("immich_dates_2000_utf16le.xmp", [:]),
    ])
    func readsPhotoSidecars(_ name: String, _ expected: [Field: FieldValue]) throws {
        let reading = try SidecarRealData.read("xmp", name)
        #expect(!reading.isMediaSidecar)
        #expect(reading.tags == TagSet(expected))
    }

    @Test("a Jellyfin music video")
    func readsMusicVideo() throws {
        let reading = try SidecarRealData.read("nfo", "jellyfin_musicvideo_Dancing_Queen.nfo")
        #expect(reading.isMediaSidecar)
        let tags = reading.tags
        #expect(tags[.title] == .text("Dancing Queen") && tags[.artist] == .text("ABBA") && tags[.album] == .text("Arrival"))
        #expect(tags[.trackNumber] == .integer(3) && tags[.year] == .integer(1976) && tags[.genre] == .text("Pop"))
        #expect(tags[.durationMs] == .integer(143_000) && tags[.kind] == .text("music-video"))
        #expect(tags[.rating] == nil)
        #expect(tags[.comments]?.plainText.hasPrefix("Dancing Queen est un des tubes emblématiques de l'ère disco") == true)
    }

    @Test("a Kodi v18 album.nfo describes a folder")
    func readsAlbum() throws {
        let reading = try SidecarRealData.read("nfo", "mediaelch_kodi_v18_album_High_Voltage.nfo")
        #expect(!reading.isMediaSidecar)
        #expect(reading.tags == TagSet([.album: .text("High Voltage"), .albumArtist: .text("AC/DC"),
                                        .genre: .text("Rock, Hard Rock"), .year: .integer(1976), .kind: .text("music")]))
    }

    @Test("movies from Kodi 18 (ratings block) and Emby (BOM)", arguments: [
        ("mediaelch_kodi_v18_movie_Alien_1979.nfo", "Alien", Int64(81), Int64(1979), Int64?.some(117 * 60_000)),
        ("tmm_movie_emby_multiple_sets.nfo", "28 Days Later", 76, 2002, nil),
    ])
    func readsMovies(_ name: String, _ title: String, _ rating: Int64, _ year: Int64, _ durationMs: Int64?) throws {
        let reading = try SidecarRealData.read("nfo", name)
        #expect(reading.isMediaSidecar)
        #expect(reading.tags[.title] == .text(title) && reading.tags[.kind] == .text("movie"))
        #expect(reading.tags[.rating] == .integer(rating) && reading.tags[.year] == .integer(year))
        #expect(reading.tags[.durationMs] == durationMs.map(FieldValue.integer))
    }

    @Test("Kodi's concatenated multi-episode file gives its first episode")
    func readsMultiEpisode() throws {
        let reading = try SidecarRealData.read("nfo", "malformed/jellyfin_episodedetails_Rising.nfo")
        #expect(reading.isMediaSidecar)
        #expect(reading.tags[.title] == .text("Rising (1)") && reading.tags[.year] == .integer(2004))
        #expect(reading.warnings.map { "\($0.position?.line ?? 0):\($0.position?.column ?? 0)" } == ["23:1"])
    }

    @Test("a season.nfo is not a media sidecar")
    func skipsSeason() throws {
        let reading = try SidecarRealData.read("nfo", "jellyfin_season_Season_01.nfo")
        #expect(!reading.isMediaSidecar && reading.tags.isEmpty && reading.warnings.isEmpty)
    }
}
