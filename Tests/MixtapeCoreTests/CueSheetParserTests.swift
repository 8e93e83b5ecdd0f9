import MixtapeCore
import Testing

@Suite("Cue sheet parser")
struct CueSheetParserTests {
    private func read(_ text: String) -> CueSheetReading { CueSheetParser.read(bytes: Array(text.utf8)) }

    @Test("INDEX 01 times: 75 frames a second, minutes past 99", arguments: [
        ("00:00:00", 0), ("00:01:00", 1000), ("00:00:74", 986), ("02:48:06", 168_080), ("120:00:00", 7_200_000),
    ] as [(String, Int64)])
    func times(time: String, ms: Int64) {
        let sheet = read("FILE \"a.wav\" WAVE\n TRACK 01 AUDIO\n  INDEX 01 \(time)\n").sheet
        #expect(sheet?.files.first?.tracks.first?.startMs == ms)
    }

    @Test("Album and track values, quoted and unquoted; REM DATE and GENRE")
    func values() throws {
        let text = """
            REM GENRE "Hip Hop"
            REM DATE 1999/05/01
            REM COMMENT "ExactAudioCopy v1.0"
            PERFORMER "Die Toten Hosen"
            TITLE In aller Stille
            SONGWRITER "Campino"
            CATALOG 0000000000000
            FILE "Die Toten Hosen - In aller Stille.flac" WAVE
              TRACK 01 AUDIO
                TITLE "Strom"
                PERFORMER Zucchero
                FLAGS DCP
                INDEX 00 00:00:00
                INDEX 01 00:00:32
              TRACK 02 AUDIO
                TITLE "Innen alles neu"
                SONGWRITER "Someone Else"
                ISRC DEA620800016
                INDEX 01 02:48:06
            """
        let reading = read(text)
        #expect(reading.warnings.isEmpty)
        let file = try #require(reading.sheet?.files.first)
        #expect(file.name == "Die Toten Hosen - In aller Stille.flac")
        #expect(file.album == CueSheet.Album(title: "In aller Stille", performer: "Die Toten Hosen", songwriter: "Campino",
                                              year: 1999, genre: "Hip Hop"))
        #expect(file.tracks.map(\.number) == [1, 2])
        #expect(file.tracks.map(\.title) == ["Strom", "Innen alles neu"])
        #expect(file.tracks.map(\.performer) == ["Zucchero", nil])
        #expect(file.tracks.map(\.songwriter) == [nil, "Someone Else"])
        #expect(file.tracks.map(\.startMs) == [426, 168_080])
        #expect(file.tracks.map(\.line) == [9, 15])
    }

    @Test("Several FILEs, each with the album lines in force there; unquoted names with spaces")
    func severalFiles() throws {
        let text = """
            FILE files/longer one.mp3 WAVE
            PERFORMER "Artist One"
              TRACK 01 AUDIO
                INDEX 01 00:01:00
            FILE "two.mp3" MP3
            PERFORMER "Artist Two"
              TRACK 01 AUDIO
                INDEX 01 00:00:12
            FILE three.mp3
              TRACK 02 AUDIO
                INDEX 01 00:00:00
            """
        let files = try #require(read(text).sheet?.files)
        #expect(files.map(\.name) == ["files/longer one.mp3", "two.mp3", "three.mp3"])
        #expect(files.map(\.album.performer) == ["Artist One", "Artist Two", "Artist Two"])
        #expect(files.map { $0.tracks.map(\.number) } == [[1], [1], [2]])
    }

    @Test("EAC's one file per track, gaps appended: a track's INDEX 01 after the next FILE starts there")
    func gapsAppended() throws {
        let text = """
            FILE "01 - One.wav" WAVE
              TRACK 01 AUDIO
                TITLE "One"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Two"
                INDEX 00 04:01:20
            FILE "02 - Two.wav" WAVE
                INDEX 01 00:00:00
            """
        let reading = read(text)
        #expect(reading.warnings.isEmpty)
        let files = try #require(reading.sheet?.files)
        #expect(files.map(\.name) == ["01 - One.wav", "02 - Two.wav"])
        #expect(files.map { $0.tracks.map(\.title) } == [["One"], ["Two"]])
        #expect(files[1].tracks.first?.startMs == 0)
    }

    @Test("Data tracks are skipped silently; broken tracks with a located warning", arguments: [
        ("FILE a.bin BINARY\n TRACK 01 MODE1/2352\n  INDEX 01 00:00:00\nFILE b.wav WAVE\n TRACK 02 AUDIO\n  INDEX 01 00:00:00\n",
         [2], [] as [Int]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  TITLE x\n TRACK 02 AUDIO\n  INDEX 01 00:01:00\n", [2], [2]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:01:00\n TRACK 01 AUDIO\n  INDEX 01 00:02:00\n", [1], [4]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:05:00\n TRACK 02 AUDIO\n  INDEX 01 00:02:00\n", [1], [4]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 02 AUDIO\n  INDEX 01 05:45\n", [1], [5]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 02 AUDIO\n  INDEX 01 09:07:a\n", [1], [5]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 02 AUDIO\n  INDEX 01 00:60:00\n", [1], [5]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 02 AUDIO\n  INDEX 01 00:10:75\n", [1], [5]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 02 AUDIO\n  INDEX 01 12:07:69 12\n", [1], [5]),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n BOGUS line\n", [1], [4]),
        ("TRACK 01 AUDIO\n INDEX 01 00:00:00\nFILE a.wav WAVE\n TRACK 02 AUDIO\n  INDEX 01 00:00:00\n", [2], [1]),
    ] as [(String, [Int64], [Int])])
    func skipped(text: String, tracks: [Int64], warningLines: [Int]) {
        let reading = read(text)
        #expect(reading.sheet?.files.flatMap { $0.tracks.map(\.number) } == tracks)
        #expect(reading.warnings.map(\.line) == warningLines)
    }

    /// `TRACK 1000 AUDIO` was told it "needs a number and a type", and the track above it ran
    /// on over its audio (and any after it) to the end of the file.
    @Test("A track number out of range: said so; the track above ends where it starts", arguments: [
        ("FILE a.wav WAVE\n TRACK 998 AUDIO\n  INDEX 01 00:00:00\n TRACK 999 AUDIO\n  INDEX 01 01:00:00\n"
            + " TRACK 1000 AUDIO\n  INDEX 01 02:00:00\n TRACK 5 AUDIO\n  INDEX 01 03:00:00\n",
         [998, 999, 5], "1000", [60_000, 120_000, 300_000], 6),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 00 AUDIO\n  INDEX 01 01:00:00\n",
         [1], "00", [60_000], 4),
        ("FILE a.wav WAVE\n TRACK 01 AUDIO\n  INDEX 01 00:00:00\n TRACK 01 AUDIO\n  INDEX 01 01:00:00\n",
         [1], "repeated", [60_000], 4),
    ] as [(String, [Int64], String, [Int64], Int)])
    func outOfRange(text: String, tracks: [Int64], said: String, ends: [Int64], line: Int) throws {
        let reading = read(text)
        let file = try #require(reading.sheet?.files.first)
        #expect(file.tracks.map(\.number) == tracks)
        #expect(reading.warnings.map(\.line) == [line])
        #expect(reading.warnings.first?.message.contains(said) == true, "\(reading.warnings)")
        #expect(reading.warnings.first?.message.contains("needs a number and a type") == false)
        var whole = MediaItem(id: ItemID(rawValue: "file:abc"))
        whole.durationMs = 300_000
        #expect(CueSplit.items(of: whole, file: file).items.map(\.endMs) == ends)
    }

    @Test("Garbage and sheets with no audio track are malformed, located", arguments: [
        ("sdfasf\nasdf \nasdf\n", 1),
        ("", 1),
        ("\n\nhello world\nFILE", 3),
        ("PERFORMER x\nFILE a.wav WAVE\n TRACK 01 AUDIO\n  TITLE no index\n", 1),
        ("FILE a.bin BINARY\n TRACK 01 MODE1/2352\n  INDEX 01 00:00:00\n", 1),
    ])
    func malformed(text: String, line: Int) {
        let reading = read(text)
        #expect(reading.sheet == nil)
        #expect(reading.malformed?.line == line)
    }

    @Test("Encodings: UTF-8 with a BOM, CRLF; Windows-1252 (not Latin-1) with a warning")
    func encodings() throws {
        let utf8 = [0xef, 0xbb, 0xbf] + Array("FILE \"a.wav\" WAVE\r\n TRACK 01 AUDIO\r\n  TITLE \"Auflösen\"\r\n  INDEX 01 00:00:00\r\n".utf8)
        let fromUTF8 = read(String(decoding: utf8, as: UTF8.self))
        let bom = CueSheetParser.read(bytes: utf8)
        #expect(bom.warnings.isEmpty)
        #expect(bom.sheet?.files.first?.tracks.first?.title == "Auflösen")
        #expect(bom.sheet == fromUTF8.sheet)
        #expect(bom.sheet?.files.first?.tracks.first?.line == 2)
        // "Auflösen – €5" in Windows-1252: 0xF6 is ö, 0x96 an en dash, 0x80 the euro sign.
        let cp1252: [UInt8] = Array("FILE a.wav WAVE\n TRACK 01 AUDIO\n  TITLE \"Aufl".utf8) + [0xf6]
            + Array("sen ".utf8) + [0x96, 0x20, 0x80] + Array("5\"\n  INDEX 01 00:00:00\n".utf8)
        let reading = CueSheetParser.read(bytes: cp1252)
        #expect(reading.sheet?.files.first?.tracks.first?.title == "Auflösen – €5")
        #expect(reading.warnings.map(\.message) == ["not valid UTF-8; read as Windows-1252"])
    }

    @Test("Split: ranges, fields from track, sheet and file; ids from the file's id")
    func split() throws {
        var whole = MediaItem(id: ItemID(rawValue: "file:abc"))
        whole.title = "Whole"
        whole.artist = "File Artist"
        whole.album = "File Album"
        whole.composer = "File Composer"
        whole.bitRate = 320
        whole.durationMs = 300_000
        whole.location = "/m/a.flac"
        let file = CueSheet.File(name: "a.wav", album: CueSheet.Album(title: "Sheet Album", performer: "Sheet Artist", year: 2001),
                                 tracks: [CueSheet.Track(number: 1, title: "One", startMs: 0),
                                          CueSheet.Track(number: 2, title: "Two", performer: "Guest", songwriter: "W", startMs: 100_000),
                                          CueSheet.Track(number: 3, startMs: 250_000),
                                          CueSheet.Track(number: 4, startMs: 400_000)])
        let (items, beyond) = CueSplit.items(of: whole, file: file)
        #expect(items.map(\.id.rawValue) == ["file:abc#1", "file:abc#2", "file:abc#3"])
        #expect(beyond.map(\.number) == [4])
        #expect(items.map(\.startMs) == [0, 100_000, 250_000])
        #expect(items.map(\.endMs) == [100_000, 250_000, 300_000])
        #expect(items.map(\.durationMs) == [100_000, 150_000, 50_000])
        #expect(items.map(\.title) == ["One", "Two", nil])
        #expect(items.map(\.artist) == ["Sheet Artist", "Guest", "Sheet Artist"])
        #expect(items.map(\.composer) == ["File Composer", "W", "File Composer"])
        #expect(items.allSatisfy { $0.album == "Sheet Album" && $0.albumArtist == "Sheet Artist" && $0.year == 2001 })
        #expect(items.allSatisfy { $0.bitRate == 320 && $0.location == "/m/a.flac" })
        #expect(items.map(\.trackNumber) == [1, 2, 3])
        whole.durationMs = nil
        let unknown = CueSplit.items(of: whole, file: file).items
        #expect(unknown.map(\.endMs) == [100_000, 250_000, 400_000, nil])
        #expect(unknown.last?.durationMs == nil)
    }
}
