import Foundation
import MixtapeCore
import Testing

/// `TranscodeCommand` run by the real ffmpeg and read back by ffprobe (spec/cli.md, `sync`):
/// each target format, a cue track cut to its part, the index's tags over the file's own.
@Suite("sync's ffmpeg commands, run by ffmpeg and read back by ffprobe", .serialized)
struct TranscodeCommandTests {
    let mixtape = MixtapeProcess()

    /// A 6-second FLAC made with sox, titled otherwise than the index.
    func makeFLAC() throws -> String {
        let flac = mixtape.folder + "/album.flac"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "2", "--comment", "TITLE=File Title", flac,
                                        "synth", "6", "sine", "440"])
        return flac
    }

    func probe(_ path: String) throws -> (duration: Double, tags: [String: String], streams: [String]) {
        let result = try MixtapeProcess.execute("/usr/bin/ffprobe", ["-v", "error", "-show_entries",
            "format=duration:format_tags:stream=codec_type,codec_name:stream_tags", "-of", "json", path])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let format = json["format"] as? [String: Any] ?? [:]
        // Ogg keeps its tags in the stream's comment header, the others in the container.
        let streamList = json["streams"] as? [[String: Any]] ?? []
        let all = [format["tags"] as? [String: String] ?? [:]] + streamList.map { $0["tags"] as? [String: String] ?? [:] }
        let tags = all.reduce(into: [String: String]()) { tags, some in
            for (key, value) in some where tags[key.lowercased()] == nil { tags[key.lowercased()] = value }
        }
        let streams = streamList.compactMap { $0["codec_name"] as? String }
        return (Double(format["duration"] as? String ?? "") ?? 0, tags, streams)
    }

    static func item(part: Bool) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: "file:1"))
        item.title = "Index: Title?"
        item.artist = "Björk"
        item.albumArtist = "Various Artists"
        item.album = "Post"
        item.genre = "Pop"
        item.year = 1995
        item.trackNumber = 3
        item.trackCount = 11
        item.discNumber = 1
        item.durationMs = part ? 2_500 : 6_000
        if part { item.startMs = 1_250 }
        return item
    }

    @Test(arguments: [("mp3:V2", "mp3", "mp3"), ("mp3:192k", "mp3", "mp3"), ("aac:128k", "m4a", "aac"),
                      ("opus:96k", "opus", "opus"), ("flac", "flac", "flac")])
    func eachTargetCarriesTheIndexsTags(_ target: String, _ ext: String, _ codec: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            Issue.record("ffmpeg is missing: scripts/install-deps.sh installs it"); return
        }
        let flac = try makeFLAC()
        let out = mixtape.folder + "/out." + ext
        let choice = SyncChoice(item: Self.item(part: false), file: flac, content: "c")
        let command = TranscodeCommand(choice, to: out, target: try SyncTarget(parsing: target), artPixels: 300)
        let run = try MixtapeProcess.execute("/usr/bin/ffmpeg", command.arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let read = try probe(out)
        #expect(abs(read.duration - 6) < 0.1, "\(read.duration)")
        #expect(read.streams.first == codec, "\(read.streams)")
        #expect(read.tags["title"] == "Index: Title?", "\(read.tags)")
        #expect(read.tags["artist"] == "Björk")
        #expect(read.tags["album"] == "Post")
        #expect(read.tags["genre"] == "Pop")
        #expect(read.tags["album_artist"] ?? read.tags["albumartist"] ?? read.tags["album artist"] == "Various Artists", "\(read.tags)")
        #expect(read.tags["track"]?.hasPrefix("3") == true || read.tags["tracknumber"]?.hasPrefix("3") == true, "\(read.tags)")
    }

    @Test func aCueTrackIsCutToItsPart() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            Issue.record("ffmpeg is missing: scripts/install-deps.sh installs it"); return
        }
        let flac = try makeFLAC()
        let out = mixtape.folder + "/part.mp3"
        let choice = SyncChoice(item: Self.item(part: true), file: flac, content: "c", isPart: true)
        let run = try MixtapeProcess.execute("/usr/bin/ffmpeg", TranscodeCommand(choice, to: out, target: .standard, artPixels: nil).arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(abs(try probe(out).duration - 2.5) < 0.1)
    }

    @Test(arguments: [("mp3", "mp3"), ("aac", "m4a"), ("flac", "flac")])
    func coverArtIsCarriedOverScaledDown(_ target: String, _ ext: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/metaflac") else {
            Issue.record("ffmpeg or metaflac is missing: scripts/install-deps.sh installs them"); return
        }
        let flac = try makeFLAC()
        let cover = mixtape.folder + "/cover.jpg"
        try MixtapeProcess.tool("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "color=red:s=800x600",
                                           "-frames:v", "1", cover])
        try MixtapeProcess.tool("metaflac", ["--import-picture-from=\(cover)", flac])
        let out = mixtape.folder + "/art." + ext
        let choice = SyncChoice(item: Self.item(part: false), file: flac, content: "c")
        let run = try MixtapeProcess.execute("/usr/bin/ffmpeg", TranscodeCommand(choice, to: out, target: try SyncTarget(parsing: target),
                                                                                  artPixels: 300).arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let size = try MixtapeProcess.execute("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries",
                                                                   "stream=width,height", "-of", "csv=p=0", out])
        #expect(size.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "300,225", "\(size.stdout) \(size.stderr)")
    }
}
