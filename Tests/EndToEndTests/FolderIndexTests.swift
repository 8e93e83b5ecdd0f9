import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mixtape index DIR` on real media files made with sox and lame, tagged by the tools that
/// made them, with every kind of sidecar beside them; and on the real sidecar corpus.
@Suite("index a folder of media", .serialized)
struct FolderIndexTests {
    let mixtape = MixtapeProcess()

    func tool(_ name: String, _ arguments: [String]) throws { try MixtapeProcess.tool(name, arguments) }

    /// A folder `Music/` with tagged flac, mp3, ogg and wav files, a video, and sidecars.
    func makeLibrary() throws -> String {
        let root = mixtape.folder + "/Music"
        let album = root + "/Flac Artist/Flac Album"
        let videos = root + "/Videos"
        for folder in [album, videos, root + "/Loose"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let wav = mixtape.folder + "/tone.wav"
        try tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440"])
        try tool("sox", [wav, "--comment", "TITLE=Flac Title", "--add-comment", "ARTIST=Flac Artist",
                         "--add-comment", "ALBUM=Flac Album", "--add-comment", "TRACKNUMBER=4",
                         "--add-comment", "DATE=2004", "--add-comment", "GENRE=Folk", album + "/04 Flac Title.flac"])
        try tool("lame", ["--quiet", "--tt", "Mp3 Title", "--ta", "Mp3 Artist", "--tl", "Mp3 Album", "--ty", "2003",
                          "--tn", "3/12", "--tg", "Rock", wav, root + "/Loose/Mp3 Artist - Mp3 Title.mp3"])
        try tool("sox", [wav, "--comment", "TITLE=Ogg Title", "--add-comment", "ARTIST=Ogg Artist",
                         root + "/Loose/ogg-file.ogg"])
        try FileManager.default.copyItem(atPath: wav, toPath: root + "/Loose/Wave Artist - Wave Title.wav")
        try tool("ffmpeg", ["-loglevel", "error", "-y", "-i", wav, "-c:a", "aac", "-metadata", "title=M4a Title",
                            "-metadata", "artist=M4a Artist", "-metadata", "album=M4a Album", "-metadata", "track=5/9",
                            "-metadata", "album_artist=M4a Band", "-metadata", "disc=1/2",
                            "-metadata", "date=2007", "-metadata", "genre=Jazz", root + "/Loose/m4a-file.m4a"])
        for (ext, codec) in [("webm", "libvpx"), ("mkv", "mpeg4")] {
            try tool("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=d=1:s=64x48:r=10", "-i", wav,
                                "-c:v", codec, "-shortest", "-metadata", "title=Embedded \(ext)",
                                videos + "/Concert Band - Live at Home.\(ext)"])
        }
        // A sidecar wins over embedded tags, field by field.
        try Data("""
            <?xml version="1.0"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:xmpDM="http://ns.adobe.com/xmp/1.0/DynamicMedia/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
             xmpDM:genre="Sidecar Genre" xmp:Rating="4"/></rdf:RDF></x:xmpmeta>
            """.utf8).write(to: URL(fileURLWithPath: root + "/Loose/Mp3 Artist - Mp3 Title.mp3.xmp"))
        try Data("""
            <song><title>Nfo Title</title><artist>Nfo Artist</artist><year>1999</year></song>
            https://example.org/scraped
            """.utf8).write(to: URL(fileURLWithPath: root + "/Loose/ogg-file.nfo"))
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><album><title>Flac Album (Deluxe)</title><albumartist>The Flac Band</albumartist></album>
            """.utf8).write(to: URL(fileURLWithPath: album + "/album.nfo"))
        try tool("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=d=1:s=64x48:r=10",
                            "-c:v", "mpeg4", videos + "/clip.mkv"])
        try Data("""
            {"id": "abc123", "title": "Clip Title", "uploader": "Clip Channel", "duration": 95,
             "upload_date": "20200315", "webpage_url": "https://example.org/watch?v=abc123", "_type": "video"}
            """.utf8).write(to: URL(fileURLWithPath: videos + "/clip.info.json"))
        try Data("not a sidecar of anything".utf8).write(to: URL(fileURLWithPath: videos + "/orphan.nfo"))
        return root
    }

    func items() throws -> [String: [String: Any]] {
        var byTitle: [String: [String: Any]] = [:]
        for record in try mixtape.run(["search", "--json"]).records {
            byTitle[record["title"] as? String ?? ""] = record
        }
        return byTitle
    }

    @Test func fieldsPrecedenceAndKinds() throws {
        let root = try makeLibrary()
        let indexed = try mixtape.run(["index", "--json", root])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(indexed.stdout.utf8)) as? [String: Any])
        #expect(summary["items"] as? Int == 8)
        #expect(summary["warnings"] as? Int == 0, "\(summary["warning_messages"] ?? [])")
        #expect(summary["skipped_sidecars"] as? Int == 1)
        let byTitle = try items()
        let flac = try #require(byTitle["Flac Title"], "\(byTitle.keys.sorted())")
        #expect(flac["artist"] as? String == "Flac Artist")
        #expect(flac["album"] as? String == "Flac Album (Deluxe)", "the folder's album.nfo is a sidecar: it beats the tags")
        #expect(flac["album_artist"] as? String == "The Flac Band")
        #expect(flac["year"] as? Int == 2004)
        #expect(flac["track_number"] as? Int == 4)
        #expect(flac["genre"] as? String == "Folk")
        #expect(flac["duration_ms"] as? Int == 2000)
        #expect(flac["kind"] as? String == "music")
        #expect((flac["id"] as? String)?.hasPrefix("file:") == true)
        #expect(flac["location"] as? String == root + "/Flac Artist/Flac Album/04 Flac Title.flac")
        let mp3 = try #require(byTitle["Mp3 Title"])
        #expect(mp3["genre"] as? String == "Sidecar Genre", "the XMP beats the ID3 genre")
        #expect(mp3["rating"] as? Int == 80)
        #expect(mp3["artist"] as? String == "Mp3 Artist")
        #expect(mp3["track_number"] as? Int == 3)
        let ogg = try #require(byTitle["Nfo Title"], "the .nfo beats the Ogg comments")
        #expect(ogg["artist"] as? String == "Nfo Artist")
        #expect(ogg["year"] as? Int == 1999)
        let wave = try #require(byTitle["Wave Title"], "an untagged file is named after its file")
        #expect(wave["artist"] as? String == "Wave Artist")
        let m4a = try #require(byTitle["M4a Title"])
        #expect(m4a["artist"] as? String == "M4a Artist")
        #expect(m4a["album"] as? String == "M4a Album")
        #expect(m4a["track_number"] as? Int == 5)
        #expect(m4a["track_count"] as? Int == 9, "TagLib's property map, also on TagLib 1.x")
        #expect(m4a["album_artist"] as? String == "M4a Band")
        #expect(m4a["disc_number"] as? Int == 1)
        #expect(m4a["disc_count"] as? Int == 2)
        #expect(m4a["year"] as? Int == 2007)
        #expect(m4a["genre"] as? String == "Jazz")
        #expect(abs((m4a["duration_ms"] as? Int ?? 0) - 2000) <= 100, "AAC priming shows in milliseconds")
        // TagLib 1.13 reads no Matroska/WebM tags: such files are named after their file.
        let live = (try mixtape.run(["search", "--json", "live at home"])).records
        #expect(live.count == 2)
        #expect(live.allSatisfy { $0["kind"] as? String == "video" && $0["artist"] as? String == "Concert Band" })
        let clip = try #require(byTitle["Clip Title"])
        #expect(clip["artist"] as? String == "Clip Channel")
        #expect(clip["year"] as? Int == 2020)
        #expect(clip["duration_ms"] as? Int == 95_000)
        #expect(["video", "music-video"].contains(clip["kind"] as? String ?? ""))
        #expect(try mixtape.run(["search", "--scope", "videos", "clip"]).lines.count == 1)
    }

    /// A failed copy (a large file of zeros, sparse here) is not handed to TagLib, whose
    /// hunt for an MPEG frame through it read the whole file with the writer lock held (24.5 s
    /// for 300 MB): it is indexed from its name with a warning that says why.
    @Test func aFileOfZerosIsIndexedFromItsNameWithAWarning() throws {
        let root = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in ["Failed Copy.mp3", "Failed Copy.flac"] {
            try #require(truncate(root + "/" + name, 300 << 20) == 0 || (FileManager.default.createFile(
                atPath: root + "/" + name, contents: nil) && truncate(root + "/" + name, 300 << 20) == 0))
        }
        let index = try mixtape.run(["index", root])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stderr.components(separatedBy: "are all zeros").count == 3, "\(index.stderr)")
        let found = try mixtape.run(["search", "--json", "'Failed Copy"]).records
        #expect(found.count == 2, "\(found)")
    }

    /// A damaged MP3 that starts with one frame header and then holds no frame (noise, here
    /// 20 MB of one byte) cost TagLib's hunt too: 12 s for 100 MB, past the look for a frame
    /// sync. The look now wants two frames in a row, as TagLib does; a real MP3 still has them.
    @Test func anMP3WithAHeaderButNoFramesIsIndexedFromItsNameWithAWarning() throws {
        let root = mixtape.folder + "/Music"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var damaged = Data([0xFF, 0xFB, 0x90, 0x64])
        damaged.append(Data(repeating: 0x41, count: 20 << 20))
        try damaged.write(to: URL(fileURLWithPath: root + "/Noise.mp3"))
        try MixtapeProcess.tool("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=90",
                                           "-c:a", "libmp3lame", "-b:a", "128k", "-metadata", "title=Real Frames",
                                           root + "/Real.mp3"])
        let index = try mixtape.run(["index", root])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stderr.contains("Noise.mp3: no MPEG audio frames in its first 64 KB"), "\(index.stderr)")
        #expect(!index.stderr.contains("Real.mp3"), "\(index.stderr)")
        let real = try mixtape.run(["search", "--json", "'Real Frames"]).records
        #expect((real.first?["duration_ms"] as? Int).map { abs($0 - 90_000) < 100 } == true, "\(real)")
    }

    @Test func aMovedFileKeepsItsIdAndItsPlaceInTheSelection() throws {
        let root = try makeLibrary()
        try mixtape.run(["index", root])
        let before = try #require(try items()["Wave Title"]?["id"] as? String)
        try mixtape.run(["select", "add", "--id", before])
        let moved = root + "/Flac Artist/Wave Artist - Wave Title.wav"
        try FileManager.default.moveItem(atPath: root + "/Loose/Wave Artist - Wave Title.wav", toPath: moved)
        let again = try mixtape.run(["index", "--json", root])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"moved\":1"), "\(again.stdout)")
        let after = try #require(try items()["Wave Title"])
        #expect(after["id"] as? String == before)
        #expect(after["location"] as? String == moved)
        let selected = try mixtape.run(["select", "list", "--json"]).records
        #expect(selected.map { $0["id"] as? String } == [before])
        #expect(selected.first?["location"] as? String == moved)
    }

    @Test func aFileMovedToAnotherFolderSourceKeepsItsId() throws {
        let root = try makeLibrary()
        let other = mixtape.folder + "/Other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try mixtape.run(["index", root, other])
        let before = try #require(try items()["Wave Title"]?["id"] as? String)
        let moved = other + "/Wave Artist - Wave Title.wav"
        try FileManager.default.moveItem(atPath: root + "/Loose/Wave Artist - Wave Title.wav", toPath: moved)
        let again = try mixtape.run(["index"])
        #expect(again.status == 0, "\(again.stderr)")
        let found = try mixtape.run(["search", "--json", "wave title"]).records
        #expect(found.count == 1)
        #expect(found.first?["id"] as? String == before)
        #expect(found.first?["location"] as? String == moved)
        #expect(found.first?["source"] as? String == other)
    }

    @Test func anUnchangedFolderIsNotReadAgainAndDeletionsAreSeen() throws {
        let root = try makeLibrary()
        try mixtape.run(["index", root])
        let again = try mixtape.run(["index", "--json", root])
        #expect(again.stdout.contains("\"unchanged\":8"), "\(again.stdout)")
        #expect(again.stdout.contains("\"updated\":0"))
        try FileManager.default.removeItem(atPath: root + "/Loose/ogg-file.ogg")
        let third = try mixtape.run(["index", "--json", root])
        #expect(third.stdout.contains("\"removed\":1"), "\(third.stdout)")
        #expect(try items()["Nfo Title"] == nil)
    }

    /// A folder that cannot be listed for a while (a permission being fixed, a disk that is
    /// not mounted) keeps its items; the root itself unreadable fails the source, changing
    /// nothing. Run as `nobody` when the tests run as root, who can read anything.
    @Test(.enabled(if: MixtapeProcess.otherUserCanRunBinary,
                   "nobody cannot reach the built mixtape (a clone in a private folder): unreadable folders not checked"))
    func anUnreadableFolderKeepsWhatTheIndexHadFromIt() throws {
        let root = try makeLibrary()
        let asUser: (([String]) throws -> MixtapeProcess.Result) = { arguments in
            let environment = ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
            guard getuid() == 0 else { return try mixtape.run(arguments) }
            let runuser = try #require(["/usr/sbin/runuser", "/sbin/runuser"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }, "runuser (util-linux) is needed to test permissions as root")
            return try MixtapeProcess.execute(runuser, ["-u", "nobody", "--", "/usr/bin/env"]
                + environment.map { "\($0.key)=\($0.value)" } + [MixtapeProcess.binary] + arguments)
        }
        // Everything readable and the index writable by whoever runs it.
        try MixtapeProcess.execute("/bin/chmod", ["-R", "a+rwX", mixtape.folder])
        #expect(try asUser(["index", root]).status == 0)
        let before = try asUser(["search", "--json"]).records.count
        let loose = root + "/Loose"
        try MixtapeProcess.execute("/bin/chmod", ["000", loose])
        defer { _ = try? MixtapeProcess.execute("/bin/chmod", ["755", loose]) }
        let again = try asUser(["index", root])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("cannot read the folder"), "\(again.stderr)")
        #expect(try asUser(["search", "--json"]).records.count == before, "items under the unreadable folder were dropped")
        try MixtapeProcess.execute("/bin/chmod", ["000", root])
        defer { _ = try? MixtapeProcess.execute("/bin/chmod", ["755", root]) }
        let rootless = try asUser(["index", root])
        #expect(rootless.status == 66, "\(rootless.stderr)")
        #expect(try asUser(["search", "--json"]).records.count == before)
    }

    @Test func strictTurnsAMalformedSidecarIntoExit65() throws {
        let root = try makeLibrary()
        try Data("<song><title>Broken".utf8).write(to: URL(fileURLWithPath: root + "/Loose/Wave Artist - Wave Title.nfo"))
        let lenient = try mixtape.run(["index", root])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("Wave Title.nfo:1:"), "\(lenient.stderr)")
        let strict = try mixtape.run(["index", "--strict", "--full", root])
        #expect(strict.status == 65)
    }

    /// Every real XMP, NFO and info.json file, malformed ones included, as the sidecar of a
    /// real MP3: exit 0, no crash, and a warning with a line for each malformed one.
    @Test(.enabled(if: MixtapeProcess.shared != nil, "../shared is absent: the real sidecars are not available"))
    func theRealSidecarCorpus() throws {
        let shared = try #require(MixtapeProcess.shared)
        let root = mixtape.folder + "/Corpus"
        let wav = mixtape.folder + "/tone.wav"
        try tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", wav, "synth", "0.2", "sine", "440"])
        let mp3 = mixtape.folder + "/tone.mp3"
        try tool("lame", ["--quiet", wav, mp3])
        var malformed: [String] = []
        var count = 0
        for kind in ["xmp", "nfo", "ytdlp_info_json"] {
            for sub in ["", "/malformed"] {
                let folder = shared + "/data/real/" + kind + sub
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                let target = root + "/" + kind + sub
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                for name in names where !name.hasSuffix(".md") && !name.hasPrefix(".") {
                    var isFolder: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder),
                          !isFolder.boolValue else { continue }
                    let (stem, ext) = FolderIndexTests.sidecarName(name, kind: kind)
                    try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: target + "/" + stem + ext)
                    try FileManager.default.copyItem(atPath: mp3, toPath: target + "/" + stem + ".mp3")
                    if !sub.isEmpty { malformed.append(target + "/" + stem + ext) }
                    count += 1
                }
            }
        }
        try #require(count > 50)
        let result = try mixtape.run(["index", "--json", root])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let messages = summary["warning_messages"] as? [String] ?? []
        for path in malformed {
            #expect(messages.contains { $0.hasPrefix(path + ":") && !$0.hasPrefix(path + ":0:") },
                    "no located warning for \(path)")
        }
    }

    /// A sidecar's copy name: `STEM` and the extension the walker pairs with `STEM.mp3`.
    static func sidecarName(_ name: String, kind: String) -> (String, String) {
        let safe = name.replacingOccurrences(of: " ", with: "_")
        switch kind {
        case "xmp": return ((safe as NSString).deletingPathExtension, ".xmp")
        case "nfo": return ((safe as NSString).deletingPathExtension, ".nfo")
        default:
            let stem = safe.hasSuffix(".info.json") ? String(safe.dropLast(10)) : (safe as NSString).deletingPathExtension
            return (stem, ".info.json")
        }
    }
}
