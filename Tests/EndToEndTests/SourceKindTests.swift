import Foundation
import Testing

/// `mixtape index FILE` recognises what FILE is by its content (spec/sources.md): a file that
/// is no source exits 65 saying what it looks like and what to do (never an XML parser's
/// error), and leaves the index exactly as it was. Media files are made with sox, lame and
/// ffmpeg, as a user's would be.
@Suite("index: sources recognised by content", .serialized)
struct SourceKindTests {
    /// Indexes `path` into an index holding the sample library; expects exit 65, `path:1:1:`,
    /// the index unchanged, `expected` in the message and no libxml2 wording.
    static func expectRefused(_ path: String, saying expected: String, in scratch: MixtapeProcess,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        try MalformedInputTests.expectRejected(path, in: scratch, sourceLocation: sourceLocation)
        let result = try scratch.run(["index", path])
        #expect(result.stderr.contains(path + ":1:1: " + expected), "\(path): \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("malformed XML") && !result.stderr.contains("Document is empty"),
                "\(path): \(result.stderr)", sourceLocation: sourceLocation)
    }

    static func ffmpeg(_ arguments: [String]) throws {
        try MixtapeProcess.tool("ffmpeg", ["-loglevel", "error", "-y"] + arguments)
    }

    @Test("media files, images, archives, documents, the index itself: what they are, and to index the folder")
    func nonSourceFiles() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let dir = scratch.folder + "/files"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let wav = dir + "/tone.wav"
        try MixtapeProcess.tool("sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "440"])
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Tagged", wav, dir + "/tagged.mp3"])
        try MixtapeProcess.tool("lame", ["--quiet", wav, dir + "/song.mp3"])  // no ID3v2: a bare frame sync
        try MixtapeProcess.tool("sox", [wav, dir + "/tone.flac"])
        try MixtapeProcess.tool("sox", [wav, dir + "/tone.ogg"])
        try MixtapeProcess.tool("sox", [wav, dir + "/tone.aiff"])
        try Self.ffmpeg(["-i", wav, "-c:a", "libopus", dir + "/tone.opus"])
        try Self.ffmpeg(["-i", wav, "-c:a", "aac", dir + "/tone.m4a"])
        try Self.ffmpeg(["-i", wav, "-c:a", "aac", "-f", "adts", dir + "/tone.aac"])
        try Self.ffmpeg(["-i", wav, "-c:a", "wmav2", dir + "/tone.wma"])
        try Self.ffmpeg(["-i", wav, "-c:a", "wavpack", dir + "/tone.wv"])
        let video = ["-f", "lavfi", "-i", "testsrc=d=1:s=64x48:r=10"]
        try Self.ffmpeg(video + ["-c:v", "mpeg4", dir + "/clip.mp4"])
        try Self.ffmpeg(video + ["-c:v", "mpeg4", dir + "/clip.mov"])
        try Self.ffmpeg(video + ["-c:v", "mpeg4", dir + "/clip.mkv"])
        try Self.ffmpeg(video + ["-c:v", "libvpx", dir + "/clip.webm"])
        try Self.ffmpeg(video + ["-c:v", "mpeg4", dir + "/clip.avi"])
        let still = ["-f", "lavfi", "-i", "testsrc=d=1:s=64x48:r=1", "-frames:v", "1"]
        for ext in ["png", "jpg", "gif"] { try Self.ffmpeg(still + [dir + "/cover." + ext]) }
        let zipped = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-m", "zipfile", "-c", dir + "/album.zip", wav])
        try #require(zipped.status == 0, "\(zipped.stderr)")
        let pdf = try scratch.write("files/booklet.pdf", """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
            trailer << /Root 1 0 R >>
            %%EOF

            """)
        let media = "not a library export: index its folder instead"
        let cases: [(String, String)] = [
            (dir + "/tagged.mp3", "an MP3 file, " + media), (dir + "/song.mp3", "an MP3 file, " + media),
            (dir + "/tone.flac", "a FLAC file, " + media), (dir + "/tone.ogg", "an Ogg Vorbis file, " + media),
            (dir + "/tone.opus", "an Ogg Opus file, " + media), (wav, "a WAV file, " + media),
            (dir + "/tone.aiff", "an AIFF file, " + media), (dir + "/tone.m4a", "an M4A (MP4 audio) file, " + media),
            (dir + "/tone.aac", "an AAC (ADTS) file, " + media),
            (dir + "/tone.wma", "a Windows Media (ASF: WMA/WMV) file, " + media),
            (dir + "/tone.wv", "a WavPack file, " + media), (dir + "/clip.mp4", "an MP4 file, " + media),
            (dir + "/clip.mov", "a QuickTime (MOV) video, " + media), (dir + "/clip.mkv", "a Matroska (MKV) file, " + media),
            (dir + "/clip.webm", "a WebM file, " + media), (dir + "/clip.avi", "an AVI video, " + media),
            (dir + "/cover.png", "a PNG image, not a library export"), (dir + "/cover.jpg", "a JPEG image, not a library export"),
            (dir + "/cover.gif", "a GIF image, not a library export"),
            (dir + "/album.zip", "a ZIP archive, not a library export: unpack it"),
            (pdf, "a PDF document, not a library export"),
            (scratch.library, "a mixtape index, not a library export: index the libraries it was made from"),
        ]
        for (path, message) in cases { try Self.expectRefused(path, saying: message, in: scratch) }
    }

    @Test("empty, text and XML of other kinds: what they are, never an XML parser's error")
    func nonSourceText() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let cases: [(String, String, String)] = [
            ("empty.xml", "", "an empty file, not a library export: index an iTunes / Music.app XML export"),
            ("notes.txt", "Shopping list: milk, eggs\n", "a text file that is not a playlist or library export"),
            ("page.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html><body/></html>\n", "XML whose root element is <html>"),
            // What to index instead names every kind read.
            ("library.xml", "<?xml version=\"1.0\"?>\n<MusicBee_Library Version=\"3\"/>\n",
             "XML whose root element is <MusicBee_Library>, not a library export: index an iTunes / Music.app XML export (File > Library > Export "
             + "Library), a rekordbox XML collection, a Traktor collection.nml, a Rhythmbox rhythmdb.xml, "
             + "a VirtualDJ database.xml, a Serato _Serato_/database V2, an Engine DJ m.db, "
             + "a Strawberry strawberry.db or Clementine clementine.db, foobar2000's playlists-v2.0/index.txt, a playlist file"),
            ("bare.xml", "<?xml version=\"1.0\"?>\n<dict><key>Playlists</key><array/></dict>\n",
             "a property list <dict> without a Tracks key (not an iTunes export)"),
        ]
        for (name, text, message) in cases {
            try Self.expectRefused(try scratch.write(name, text), saying: message, in: scratch)
        }
        // A Serato crate on its own: read with the database V2 beside it.
        let crate = SeratoBytes.text("vrsn", "1.0/Serato ScratchLive Crate")
            + SeratoBytes.record("otrk", SeratoBytes.text("ptrk", "Music/a.mp3"))
        try Self.expectRefused(try scratch.write("House.crate", crate),
                               saying: "a Serato crate, not a library export: index the \"database V2\"", in: scratch)
    }

    /// The kind comes from the root element, not the name: each collection renamed to
    /// something its program never writes is still read by its own reader and recorded as its
    /// kind (a Rhythmbox database with the `playlists.xml` beside it).
    @Test("rekordbox, Traktor, Rhythmbox, VirtualDJ, Serato and Engine collections are read by content whatever their name",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real collections not checked"))
    func collectionsByContent() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let real = MixtapeProcess.shared! + "/data/real/"
        let cases = [("rekordbox/digital-dj-tools_dj-data-converter_rekordbox.xml", "crate.txt", "rekordbox"),
                     ("traktor/ericanastas_traktor-tagger_collection.nml", "collection.xml", "traktor"),
                     ("rhythmbox/phauer_count_rating/rhythmdb.xml", "music.db", "rhythmbox"),
                     ("virtualdj/RJPugsley_Dataset_database.xml", "songs.txt", "virtualdj"),
                     ("serato/Holzhaus_triseratops/_Serato_/database V2", "library.bin", "serato"),
                     ("engine/xsco_libdjinterop_el2/m.db", "engine-backup.bin", "engine")]
        for (file, name, _) in cases {
            let copy = scratch.folder + "/" + name
            try FileManager.default.copyItem(atPath: real + file, toPath: copy)
            let result = try scratch.run(["index", copy])
            #expect(result.status == 0, "\(file): \(result.stderr)")
        }
        let kinds = try scratch.run(["sources", "--json"]).records.reduce(into: [String: String]()) {
            $0[(($1["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }) ?? ""] = $1["kind"] as? String
        }
        for (_, name, kind) in cases { #expect(kinds[name] == kind, "\(name): \(kinds)") }
    }

    /// Playlist files named on their own are sources (recognised by extension and content,
    /// read by the playlist-file reader); one whose bytes are plainly something else (an MP3
    /// renamed `.m3u`) is refused as what it is.
    @Test("playlist files are recognised by extension and content and indexed; a renamed MP3 is not one",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real playlists not checked"))
    func playlistFiles() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let real = MixtapeProcess.shared! + "/data/real/playlists/"
        for file in ["amarok_test_relative.m3u", "beets_playlist_utf8.m3u8", "amarok_test2_mimeline_unicode.pls",
                     "amarok_test_magnatune.xspf", "conpower_wmp12.wpl"] {
            let result = try scratch.run(["index", real + file])
            #expect(result.status == 0, "\(file): \(result.stderr)")
        }
        let files = try scratch.run(["playlists", "--json"]).records.compactMap { $0["file"] as? String }
        #expect(files.count == 5, "\(files)")
        // A PLS without its `[playlist]` line is a damaged playlist, read as one, not refused.
        let headless = try scratch.run(["index", try scratch.write("list.pls", "File1=/music/a.mp3\n")])
        #expect(headless.status == 0, "\(headless.stderr)")
        let mp3 = try MalformedCorpusTests.tinyMP3(in: scratch)
        let renamed = scratch.folder + "/not-a-list.m3u"
        try FileManager.default.copyItem(atPath: mp3, toPath: renamed)
        try Self.expectRefused(renamed, saying: "an MP3 file", in: scratch)
    }

    @Test("a bare-<dict> export (no <plist>) indexes like its <plist> twin, and as plistlib reads it")
    func bareDictExport() throws {
        let original = try String(contentsOfFile: MixtapeProcess.sample("Library.xml"), encoding: .utf8)
        let bareText = original.replacingOccurrences(of: #"<plist[^>]*>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "</plist>", with: "")
        #expect(!bareText.contains("plist version"))
        let twin = MixtapeProcess(), bare = MixtapeProcess()
        let twinPath = try twin.write("Library.xml", original)
        let barePath = try bare.write("Library.xml", bareText)
        for (scratch, path) in [(twin, twinPath), (bare, barePath)] {
            let result = try scratch.run(["index", path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for command in [["search", "--json"], ["playlists", "--json"]] {
            let expected = try twin.run(command).stdout.replacingOccurrences(of: twin.folder, with: "SCRATCH")
            let got = try bare.run(command).stdout.replacingOccurrences(of: bare.folder, with: "SCRATCH")
            #expect(got == expected && !got.isEmpty, "\(command)")
        }
        let problems = try FidelityTests.differences(barePath)
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }
}
