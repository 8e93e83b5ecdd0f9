import MixtapeCore
import MixtapeIngest
import Testing

/// Real `.info.json` files from youtube-dl (2013–2021) and yt-dlp (2023–2024), see
/// `shared/data/real/SOURCES.md`, read in place; they are not part of the repository, so the
/// suite is skipped without them.
@Suite("info.json sidecar: real files",
       .enabled(if: RealData.infoJSONAvailable, "needs ../shared/data/real/ytdlp_info_json next to the package root"))
struct InfoJSONRealFileTests {
    private static func inspect(_ file: String) throws -> InfoJSONSidecar {
        let path = RealData.infoJSONDirectory.appendingPathComponent(file).path
        return InfoJSONSidecarReader.inspect(bytes: try RealData.bytes(path), name: path)
    }

    @Test("every real file reads without a warning and has a title")
    func readsAll() throws {
        let files = RealData.infoJSONFiles(malformed: false)
        #expect(files.count == 13)
        for path in files {
            let reading = InfoJSONSidecarReader.read(bytes: try RealData.bytes(path), name: path)
            #expect(reading.warnings.isEmpty, "\(path): \(reading.warnings)")
            if reading.isMediaSidecar {
                #expect(reading.tags[.title] != nil, "\(path)")
            }
        }
    }

    @Test("every file in malformed/ (if any) warns with a position and gives no tags")
    func warnsOnMalformed() throws {
        for path in RealData.infoJSONFiles(malformed: true) {
            let reading = InfoJSONSidecarReader.read(bytes: try RealData.bytes(path), name: path)
            #expect(reading.warnings.count == 1, "\(path)")
            #expect((reading.warnings.first?.position?.line ?? 0) >= 1, "\(path)")
            #expect(reading.tags.isEmpty, "\(path)")
        }
    }

    @Test("every real file cut short warns where it ends", arguments: [0.1, 0.5, 0.999])
    func truncated(fraction: Double) throws {
        for path in RealData.infoJSONFiles(malformed: false) {
            let bytes = try RealData.bytes(path)
            let prefix = Array(bytes[..<Int(Double(bytes.count) * fraction)])
            let reading = InfoJSONSidecarReader.read(bytes: prefix, name: path)
            #expect(reading.tags.isEmpty, "\(path)")
            let position = try #require(reading.warnings.first?.position, "\(path)")
            // Where reading stopped is at most a character (or a cut literal) before the end.
            let lines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false)
            #expect(position.line == lines.count, "\(path): \(position)")
            let lastLine = String(decoding: lines.last ?? [], as: UTF8.self).unicodeScalars.count
            #expect((lastLine - 8...lastLine + 1).contains(position.column), "\(path): \(position)")
        }
    }

    @Test("youtube-dl music video without song data: the video's own title and uploader")
    func smashMouth() throws {
        let sidecar = try Self.inspect("ytdl-nfo_test_youtube-dl_SmashMouth.info.json")
        #expect(sidecar.reading.tags == TagSet([
            .title: .text("Smash Mouth - All Star"), .artist: .text("SmashMouthVEVO"),
            .durationMs: .integer(237_000), .year: .integer(2009),
            .comments: .text("https://www.youtube.com/watch?v=L_jWHffIx5E"),
        ]))
        #expect(sidecar.videoID == "L_jWHffIx5E")
        #expect(sidecar.kindHint(containerHasVideo: true) == .musicVideo)
    }

    @Test("an old youtube-dl file: creator is the artist")
    func jenniferLopez() throws {
        let tags = try Self.inspect("infojsontools_youtube_music.f137_251.info.json").reading.tags
        #expect(tags[.title] == .text("Jennifer Lopez - I'm Into You ft. Lil Wayne"))
        #expect(tags[.artist] == .text("Jennifer Lopez"))
        #expect(tags[.durationMs] == .integer(260_000))
        #expect(tags[.year] == .integer(2011))
    }

    @Test("a two-hour mix: YouTube's song data names one song, so it is set aside", arguments: [
        ("youtube-metadata-to-cue_trappin.info.json", "TRAPPIN IN ＰＡＲＡＤＩＳＥ  50", "Smooth S o u n d s",
         7_227_000 as Int64, 2019 as Int64),
        ("youtube-metadata-to-cue_szelma.info.json", "T?mon - Szelma | 1999 | Starej Taśmy Szum #3",
         "Rap Tapes by Grędziu", 3_648_000, 2020),
    ])
    func mixes(file: String, title: String, artist: String, duration: Int64, year: Int64) throws {
        let tags = try Self.inspect(file).reading.tags
        #expect(tags[.title] == .text(title))
        #expect(tags[.artist] == .text(artist))
        #expect(tags[.album] == nil)
        #expect(tags[.durationMs] == .integer(duration))
        #expect(tags[.year] == .integer(year))
    }

    @Test("yt-dlp 2024: channel as artist, release_year null, categories no music")
    func pinchflat() throws {
        let sidecar = try Self.inspect("pinchflat_example_yt-dlp_2024.01.18.info.json")
        #expect(sidecar.reading.tags == TagSet([
            .title: .text("Pinchflat Example Video"), .artist: .text("PinchflatTestChannel"),
            .durationMs: .integer(582_000), .year: .integer(2021),
            .comments: .text("https://www.youtube.com/watch?v=ABC123"),
        ]))
        #expect(sidecar.categories == ["Development"])
        #expect(sidecar.kindHint(containerHasVideo: true) == nil)
    }

    @Test("odd durations and dates from real files", arguments: [
        ("vidBot_sample_youtube-dl_2014.info.json", 15_000 as Int64, 2010 as Int64),
        ("tubesync_metadata_trimmed.info.json", 401_000, 2017),
        ("tubesync_metadata_low_formats.info.json", 7_205_000, 2022),
    ])
    func durations(file: String, duration: Int64, year: Int64) throws {
        let tags = try Self.inspect(file).reading.tags
        #expect(tags[.durationMs] == .integer(duration))
        #expect(tags[.year] == .integer(year))
    }

    @Test("a yt-dlp channel file is no media sidecar")
    func channel() throws {
        let reading = try Self.inspect("pinchflat_channel_playlist_youtube-tab.info.json").reading
        #expect(!reading.isMediaSidecar)
        #expect(reading.tags.isEmpty)
        #expect(reading.warnings.isEmpty)
    }

    @Test("a non-YouTube extractor with only a title and URL")
    func sharedExtractor() throws {
        let tags = try Self.inspect("infojsontools_shared_extractor_movie.f0.info.json").reading.tags
        #expect(tags == TagSet([
            .title: .text("-KinoX.to(97690)-bySGexx.mp4"), .comments: .text("http://shared.sx/e6469224d0"),
        ]))
    }
}
