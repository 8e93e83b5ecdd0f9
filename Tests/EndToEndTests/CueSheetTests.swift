import Foundation
import Testing

/// `mixtape index DIR` splitting audio files by cue sheets (sources.md, "CUE sheets"): a `.cue`
/// beside real FLAC and WAV files made with sox, one embedded with metaflac, and every real
/// sheet of `../shared/data/real/cue` beside silent media it names.
@Suite("cue sheets", .serialized)
struct CueSheetTests {
    let mixtape = MixtapeProcess()
    var music: String { mixtape.folder + "/Music" }

    init() throws {
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/Music", withIntermediateDirectories: true)
    }

    /// A real FLAC (or any sox format) of `seconds` of tone at `path`, with Vorbis comments.
    func audio(_ path: String, seconds: Int, comments: [String] = []) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        var arguments = ["-n", "-r", "8000", "-c", "1", "-b", "16"]
        for (index, comment) in comments.enumerated() { arguments += [index == 0 ? "--comment" : "--add-comment", comment] }
        try MixtapeProcess.tool("sox", arguments + [path, "synth", String(seconds), "sine", "440"])
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Items by id, from `search --json`.
    func items() throws -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for record in try mixtape.run(["search", "--json"]).records { byID[record["id"] as? String ?? ""] = record }
        return byID
    }

    /// Items that are tracks of the file at `path`, by track number.
    func tracks(of path: String) throws -> [Int: [String: Any]] {
        var found: [Int: [String: Any]] = [:]
        for item in try items().values where item["location"] as? String == path && item["start_ms"] != nil {
            found[item["track_number"] as? Int ?? 0] = item
        }
        return found
    }

    static let sheet = """
        REM GENRE "Krautrock"
        REM DATE 1999/05/01
        PERFORMER "Sheet Band"
        TITLE "Sheet Album"
        FILE "album.wav" WAVE
          TRACK 01 AUDIO
            TITLE "First"
            INDEX 01 00:00:00
          TRACK 02 AUDIO
            TITLE "Second"
            PERFORMER "Guest"
            SONGWRITER "Writer"
            INDEX 00 00:09:00
            INDEX 01 00:10:00
          TRACK 03 AUDIO
            TITLE "Third"
            INDEX 01 00:20:37
        """

    @Test func aSheetBesideSplitsTheFileItNamesByBaseName() throws {
        let flac = music + "/Album/album.flac"
        try audio(flac, seconds: 30, comments: ["TITLE=Whole", "ARTIST=Tag Artist", "ALBUM=Tag Album"])
        try audio(music + "/Album/other.flac", seconds: 2, comments: ["TITLE=Other"])
        try write(music + "/Album/album.cue", Self.sheet)
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let all = try items()
        #expect(all.count == 4, "three tracks and the other file; the whole album.flac is not an item")
        #expect(!all.values.contains { $0["title"] as? String == "Whole" })
        let tracks = try tracks(of: flac)
        #expect(tracks.keys.sorted() == [1, 2, 3])
        #expect(tracks.values.map { $0["start_ms"] as? Int }.sorted { ($0 ?? 0) < ($1 ?? 0) } == [0, 10_000, 20_493])
        #expect(tracks[1]?["end_ms"] as? Int == 10_000)
        #expect(tracks[2]?["end_ms"] as? Int == 20_493)
        #expect(tracks[3]?["end_ms"] as? Int == 30_000, "the last track ends with the file")
        #expect(tracks[3]?["duration_ms"] as? Int == 9_507)
        #expect(tracks[2]?["title"] as? String == "Second")
        #expect(tracks[2]?["artist"] as? String == "Guest")
        #expect(tracks[2]?["composer"] as? String == "Writer")
        #expect(tracks[1]?["artist"] as? String == "Sheet Band")
        #expect(tracks[1]?["composer"] == nil)
        #expect(tracks[1]?["sample_rate"] as? Int == 8000, "what the sheet does not say comes from the file")
        for track in tracks.values {
            #expect(track["album"] as? String == "Sheet Album")
            #expect(track["album_artist"] as? String == "Sheet Band")
            #expect(track["year"] as? Int == 1999)
            #expect(track["genre"] as? String == "Krautrock")
            #expect(track["sample_rate"] as? Int == 8000)
        }
        let fileID = try #require((tracks[1]?["id"] as? String)?.split(separator: "#").first)
        #expect(tracks[2]?["id"] as? String == fileID + "#2")
    }

    @Test func aPlaylistEntryNamingASplitFilePlaysEveryTrackInOrder() throws {
        let flac = music + "/Album/album.flac"
        try audio(flac, seconds: 30, comments: ["TITLE=Whole"])
        try audio(music + "/Album/other.flac", seconds: 2, comments: ["TITLE=Other"])
        try write(music + "/Album/album.cue", Self.sheet)
        try write(music + "/mix.m3u8", "Album/other.flac\nAlbum/album.flac\n/gone.flac\nAlbum/other.flac\n")
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let listed = try #require(try mixtape.run(["playlists", "--json"]).records.first { $0["name"] as? String == "mix" })
        let all = try items()
        let titles = (listed["items"] as? [String] ?? []).map { all[$0]?["title"] as? String ?? "?" }
        #expect(titles == ["Other", "First", "Second", "Third", "Other"])
        #expect(listed["missing"] as? Int == 1)
        // The missing entry keeps its place after the album's three tracks.
        let exported = try mixtape.run(["export-playlist", "--playlist", "mix", "-o", "-", "--format", "m3u8"])
        let paths = exported.lines.filter { !$0.hasPrefix("#") }
        #expect(paths == [music + "/Album/other.flac", flac, flac, flac, "/gone.flac", music + "/Album/other.flac"])
        #expect(exported.stdout.contains("#EXTVLCOPT:start-time=10"), "\(exported.stdout)")
    }

    @Test func aFLACsOwnCuesheetBlockSplitsItWhenNothingElseDoes() throws {
        // `metaflac --import-cuesheet-from` writes FLAC's native CUESHEET block (no tag); it
        // wants CD audio: 44.1 kHz, 16-bit stereo.
        let flac = music + "/image.flac"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", flac, "synth", "30", "sine", "440",
                                        "vol", "0.1"])
        let sheet = mixtape.folder + "/for-metaflac.cue"
        try write(sheet, Self.sheet.replacingOccurrences(of: "album.wav", with: "image.wav"))
        try MixtapeProcess.tool("metaflac", ["--import-cuesheet-from=" + sheet, flac])
        let indexed = try mixtape.run(["index", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let tracks = try tracks(of: flac)
        #expect(tracks.keys.sorted() == [1, 2, 3])
        #expect(tracks[2]?["start_ms"] as? Int == 10_000)
        #expect(tracks[3]?["start_ms"] as? Int == 20_493)
        #expect(tracks[3]?["end_ms"] as? Int == 30_000)
        #expect(tracks[1]?["title"] == nil, "the block has no titles")
        #expect(try items().count == 3, "the whole image is not an item")
    }

    @Test func anEmbeddedCuesheetTagSplitsItsFile() throws {
        let flac = music + "/image.flac"
        try audio(flac, seconds: 20, comments: ["TITLE=Image", "ARTIST=Image Artist"])
        let sheet = try mixtape.write("embedded.cue", """
            TITLE "Embedded Album"
            FILE "CDImage.wav" WAVE
              TRACK 01 AUDIO
                TITLE "A"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "B"
                INDEX 01 00:05:00
            """)
        try MixtapeProcess.tool("metaflac", ["--set-tag-from-file=CUESHEET=" + sheet, flac])
        #expect(try mixtape.run(["index", music]).status == 0)
        let tracks = try tracks(of: flac)
        #expect(tracks.count == 2)
        #expect(tracks[1]?["title"] as? String == "A")
        #expect(tracks[2]?["start_ms"] as? Int == 5_000)
        #expect(tracks[2]?["end_ms"] as? Int == 20_000)
        #expect(tracks[2]?["artist"] as? String == "Image Artist", "no PERFORMER: the file's artist")
        #expect(tracks[1]?["album"] as? String == "Embedded Album")
        // WavPack keeps it in an APEv2 tag (ffmpeg writes one).
        let wavpack = music + "/image.wv"
        try MixtapeProcess.tool("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:r=8000:d=20",
                                           "-c:a", "wavpack", "-metadata", "CUESHEET=" + String(decoding: try Data(
                                               contentsOf: URL(fileURLWithPath: sheet)), as: UTF8.self), wavpack])
        #expect(try mixtape.run(["index", music]).status == 0)
        let wv = try self.tracks(of: wavpack)
        #expect(wv.keys.sorted() == [1, 2])
        #expect(wv[2]?["end_ms"] as? Int == 20_000)
    }

    @Test func severalFilesAnExactNameFirstAndASubfolder() throws {
        try audio(music + "/Box/one.wav", seconds: 10)
        try audio(music + "/Box/one.flac", seconds: 10, comments: ["TITLE=Flac Twin"])
        try audio(music + "/Box/CD2/two.flac", seconds: 10)
        try write(music + "/Box/box.cue", """
            FILE "one.wav" WAVE
              TRACK 01 AUDIO
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                INDEX 01 00:05:00
            FILE "CD2/two.wav" WAVE
              TRACK 03 AUDIO
                INDEX 01 00:00:00
              TRACK 04 AUDIO
                INDEX 01 00:02:00
            """)
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try tracks(of: music + "/Box/one.wav").keys.sorted() == [1, 2])
        #expect(try tracks(of: music + "/Box/one.flac").isEmpty, "one.wav is there: the sheet names it, not one.flac")
        #expect(try items().values.contains { $0["title"] as? String == "Flac Twin" })
        let two = try tracks(of: music + "/Box/CD2/two.flac")
        #expect(two.keys.sorted() == [3, 4])
        #expect(two[4]?["end_ms"] as? Int == 10_000)
    }

    @Test func aMalformedSheetIsALocatedWarningAndTheFileStaysWhole() throws {
        try audio(music + "/x.flac", seconds: 5, comments: ["TITLE=Kept Whole"])
        try write(music + "/x.cue", "this is\nnot a cue sheet\n")
        try audio(music + "/y.flac", seconds: 5)
        try write(music + "/y.cue", """
            FILE "y.flac" WAVE
              TRACK 01 AUDIO
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                INDEX 01 00:61:00
              TRACK 03 AUDIO
                INDEX 01 00:09:00
            """)
        let indexed = try mixtape.run(["index", "-v", music])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stderr.contains(music + "/x.cue:1: cue sheet: not a cue sheet"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains(music + "/y.cue:5: cue sheet: INDEX 01 needs a time"), "\(indexed.stderr)")
        #expect(indexed.stderr.contains(music + "/y.cue:6: TRACK 3 starts after the end"), "\(indexed.stderr)")
        #expect(indexed.stderr.components(separatedBy: "x.cue:1").count == 2, "said once, not per file of the folder")
        #expect(try items().values.contains { $0["title"] as? String == "Kept Whole" && $0["start_ms"] == nil })
        #expect(try tracks(of: music + "/y.flac").keys.sorted() == [1])
    }

    @Test func reindexingKeepsTracksAndASheetChangeIsSeen() throws {
        let flac = music + "/Album/album.flac"
        try audio(flac, seconds: 30, comments: ["TITLE=Whole"])
        let cue = music + "/Album/album.cue"
        try write(cue, Self.sheet)
        #expect(try mixtape.run(["index", music]).status == 0)
        let ids = try tracks(of: flac).mapValues { $0["id"] as? String }
        let again = try mixtape.run(["index", "--json", music])
        #expect(again.stdout.contains("\"unchanged\":3"), "\(again.stdout)")
        #expect(try tracks(of: flac).mapValues { $0["id"] as? String } == ids)
        // An edited sheet: re-read; track 3 renamed, ids kept.
        try write(cue, Self.sheet.replacingOccurrences(of: "\"Third\"", with: "\"Third (edit)\""))
        let edited = try mixtape.run(["index", "--json", music])
        #expect(edited.stdout.contains("\"updated\":1"), "\(edited.stdout)")
        #expect(try tracks(of: flac)[3]?["title"] as? String == "Third (edit)")
        #expect(try tracks(of: flac).mapValues { $0["id"] as? String } == ids)
        // Moved with its sheet: same ids.
        try FileManager.default.createDirectory(atPath: music + "/Moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: flac, toPath: music + "/Moved/album.flac")
        try FileManager.default.moveItem(atPath: cue, toPath: music + "/Moved/album.cue")
        #expect(try mixtape.run(["index", music]).status == 0)
        #expect(try tracks(of: music + "/Moved/album.flac").mapValues { $0["id"] as? String } == ids)
        // Sheet removed: the whole file is back, under the file's id.
        try FileManager.default.removeItem(atPath: music + "/Moved/album.cue")
        #expect(try mixtape.run(["index", music]).status == 0)
        let all = try items()
        #expect(all.count == 1)
        let fileID = try #require(ids[1].flatMap { $0 }?.split(separator: "#").first)
        #expect(all[String(fileID)]?["title"] as? String == "Whole")
    }

    @Test func exportsSayWhereEachTrackStartsAndStops() throws {
        let flac = music + "/Album/album.flac"
        try audio(flac, seconds: 30)
        try write(music + "/Album/album.cue", Self.sheet)
        #expect(try mixtape.run(["index", music]).status == 0)
        let late = try mixtape.run(["search", "--json", "start_ms:>=10000"]).records.compactMap { $0["title"] as? String }
        #expect(late.sorted() == ["Second", "Third"], "start_ms is a query field")
        let m3u = try mixtape.run(["export-playlist", "--query", "'Second", "--format", "m3u8", "-o", "-"])
        #expect(m3u.stdout == """
            #EXTM3U
            #EXTINF:10,Guest - Second
            #EXTVLCOPT:start-time=10
            #EXTVLCOPT:stop-time=20.493
            \(flac)

            """)
        let xspf = try mixtape.run(["export-playlist", "--query", "'Third", "--format", "xspf", "-o", "-"]).stdout
        #expect(xspf.contains("xmlns:vlc=\"http://www.videolan.org/vlc/playlist/ns/0/\""))
        #expect(xspf.contains("""
                  <extension application="http://www.videolan.org/vlc/playlist/0">
                    <vlc:option>start-time=20.493</vlc:option>
                    <vlc:option>stop-time=30</vlc:option>
                  </extension>
            """))
        let itunes = try mixtape.run(["export-playlist", "--query", "'Second", "--format", "itunes", "-o", "-"]).stdout
        #expect(itunes.contains("<key>Start Time</key><integer>10000</integer>"))
        #expect(itunes.contains("<key>Stop Time</key><integer>20493</integer>"))
        let json = try mixtape.run(["export-playlist", "--query", "'Second", "--format", "json", "-o", "-"]).stdout
        #expect(json.contains("\"start_ms\":10000") && json.contains("\"end_ms\":20493"), "\(json)")
        let pls = try mixtape.run(["export-playlist", "--query", "'Second", "--format", "pls", "-o", "-"])
        #expect(pls.status == 0)
        #expect(pls.stdout.contains("File1=\(flac)"))
        #expect(pls.stderr.contains("1 cue track is listed as its whole file"), "\(pls.stderr)")
    }

    /// Every real sheet, beside silent media of the names it gives (long enough for every
    /// track): exit 0, its audio tracks indexed, and the broken ones' problems located.
    @Test(.enabled(if: MixtapeProcess.shared != nil, "../shared is absent: the real cue sheets are not available"))
    func everyRealSheetIndexesBesideMediaItNames() throws {
        let shared = try #require(MixtapeProcess.shared)
        let corpus = shared + "/data/real/cue"
        let mp3 = mixtape.folder + "/silence.mp3", mp4 = mixtape.folder + "/silence.mp4"
        for (path, codec) in [(mp3, "libmp3lame"), (mp4, "aac")] {
            try MixtapeProcess.tool("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono",
                                               "-t", "7300", "-c:a", codec, "-b:a", "8k", path])
        }
        let expected: [String: Int] = [
            "amarok_testsheet01-iso8859-1.cue": 14, "amarok_testsheet01-utf8.cue": 14, "clementine_brokensong.cue": 2,
            "clementine_fullmetadata.cue": 1, "clementine_manyfiles.cue": 5, "clementine_manyfilesbroken.cue": 2,
            "clementine_onesong.cue": 1, "clementine_twosongs.cue": 2, "clementine_withdatafiles.cue": 1,
            "youtube-metadata-to-cue_szelma.cue": 15, "youtube-metadata-to-cue_trappin.cue": 48,
            "malformed/amarok_invalid.cue": 0, "malformed/amarok_testsheet01-utf8-broken.cue": 8,
        ]
        for (name, count) in expected.sorted(by: { $0.key < $1.key }) {
            let run = MixtapeProcess()
            let folder = run.folder + "/Music"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let sheet = folder + "/" + (name as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: corpus + "/" + name, toPath: sheet)
            for media in try fileNames(in: sheet) + ["unnamed.mp3"] {
                let target = folder + "/" + media
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try? FileManager.default.copyItem(atPath: media.hasSuffix(".mp4") ? mp4 : mp3, toPath: target)
            }
            let indexed = try run.run(["index", "-v", folder])
            #expect(indexed.status == 0, "\(name): \(indexed.stderr)")
            let tracks = try run.run(["search", "--json"]).records.filter { $0["start_ms"] != nil }
            #expect(tracks.count == count, "\(name): \(tracks.map { $0["title"] ?? "" })")
            if name.hasPrefix("malformed/") || name.contains("broken") || name.contains("iso8859") {
                #expect(indexed.stderr.contains(sheet + ":"), "\(name): problems located in the sheet: \(indexed.stderr)")
            }
        }
    }

    /// The `FILE` names of a sheet (a rough read for the test: quoted or up to the type).
    func fileNames(in sheet: String) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: sheet)), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            guard line.hasPrefix("FILE ") else { return nil }
            let rest = line.dropFirst(5)
            if rest.hasPrefix("\"") { return String(rest.dropFirst().prefix { $0 != "\"" }) }
            let words = rest.split(separator: " ")
            return words.count > 1 ? words.dropLast().joined(separator: " ") : String(words[0])
        }
    }
}

extension WatchTests {
    /// `watch` notices a cue sheet as it notices sidecars: a new sheet splits its file, an
    /// edited one re-reads it, a deleted one gives the whole file back (a watch batch patches
    /// only the folder, so the stale whole item and tracks must go too).
    @Test func aCueSheetAddedEditedOrDeletedIsSeen() throws {
        let flac = music + "/Album/album.flac"
        try FileManager.default.createDirectory(atPath: music + "/Album", withIntermediateDirectories: true)
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", "--comment", "TITLE=Whole Image",
                                        flac, "synth", "30", "sine", "440"])
        let watch = try startWatch(["--debounce", "0.2", music])
        try waitUntil("'Whole", "the file is indexed whole") { $0.count == 1 }
        let staged = mixtape.folder + "/album.cue"
        try Data(CueSheetTests.sheet.utf8).write(to: URL(fileURLWithPath: staged))
        try FileManager.default.moveItem(atPath: staged, toPath: music + "/Album/album.cue")
        try waitUntil("", "the new sheet splits the file") { items in
            items.count == 3 && items.allSatisfy { $0["start_ms"] != nil && $0["location"] as? String == flac }
        }
        try Data(CueSheetTests.sheet.replacingOccurrences(of: "\"Third\"", with: "\"Third (edit)\"").utf8)
            .write(to: URL(fileURLWithPath: music + "/Album/album.cue"))
        try waitUntil("'edit", "the edited sheet is read again") { $0.count == 1 }
        try FileManager.default.removeItem(atPath: music + "/Album/album.cue")
        try waitUntil("", "the deleted sheet gives the whole file back") { items in
            items.count == 1 && items.first?["title"] as? String == "Whole Image" && items.first?["start_ms"] == nil
        }
        #expect(watch.stop().status == 0)
    }
}
