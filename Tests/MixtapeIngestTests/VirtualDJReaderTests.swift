import MixtapeCore
import Testing
@testable import MixtapeIngest

/// VirtualDJ's texts and units as json.md values, and the reader on documents held in memory:
/// both layouts, repeats, raw control characters, foreign roots.
@Suite("VirtualDJ values and reader")
struct VirtualDJReaderTests {
    @Test("years: a year, or the year of a date written as digits", arguments: [
        ("1999", 1999), ("20140730", 2014), ("2014-07-30", 2014), ("0", nil), ("", nil), ("abc", nil),
        ("199", 199), ("12345", nil), ("2014x", 2014), ("20140730x", nil), ("0000", nil), ("0199", 199),
        // Not ASCII: read by characters. An Arabic-Indic digit after four is a number, not a separator.
        ("1999é", 1999), ("2014\u{0661}", nil), ("\u{0661}\u{0669}\u{0669}\u{0669}", nil), ("199é", nil),
    ] as [(String, Int64?)])
    func years(text: String, year: Int64?) {
        #expect(VirtualDJValues.year(text) == year, "\(text)")
    }

    @Test("track numbers: number and count", arguments: [
        ("3", 3, nil), ("03/12", 3, 12), ("002/100", 2, 100), ("0", nil, nil), ("/5", nil, 5), ("x", nil, nil),
        // Digits and one slash are read from the bytes; anything else as text, to the same rules.
        ("7/", 7, nil), ("0/0", nil, nil), ("", nil, nil), ("3/4/5", 3, nil), (" 7 / 12 ", 7, 12), ("+7", 7, nil),
        ("-7", nil, nil), ("7\t", 7, nil), ("123456789012345678", 123_456_789_012_345_678, nil),
        ("1234567890123456789", 1_234_567_890_123_456_789, nil), ("99999999999999999999", nil, nil), ("٣", nil, nil),
    ] as [(String, Int64?, Int64?)])
    func tracks(text: String, number: Int64?, count: Int64?) {
        let track = VirtualDJValues.track(text)
        #expect(track.number == number && track.count == count, "\(text): \(track)")
    }

    @Test("BPM from seconds per beat (VirtualDJ 8) or samples per beat at 44.1 kHz (VirtualDJ 7)", arguments: [
        (0.5, false, 120), (0.46875, false, 128), (0.645161, false, 93), (0, false, nil), (-1, false, nil),
        (22050, true, 120), (29400, true, 90), (18035, true, 147),
    ] as [(Double, Bool, Int64?)])
    func bpm(beat: Double, legacy: Bool, bpm: Int64?) {
        #expect(VirtualDJValues.bpm(beat: beat, legacy: legacy) == bpm)
    }

    @Test("locations: Windows paths with slashes, others as written", arguments: [
        ("C:\\Music\\a.mp3", "C:/Music/a.mp3"), ("E:/Stems/b.wav", "E:/Stems/b.wav"),
        ("\\\\nas\\share\\c.mp3", "//nas/share/c.mp3"), ("/Users/sam/a\\b.mp3", "/Users/sam/a\\b.mp3"),
        ("netsearch://va34053", "netsearch://va34053"),
    ])
    func locations(filePath: String, location: String) {
        #expect(VirtualDJValues.location(filePath: filePath) == location)
    }

    @Test("database versions: VirtualDJ 7's whole numbers below 800 are the legacy units", arguments: [
        ("700", true), ("740", true), ("8.5", false), ("2025", false), ("8", true),
    ])
    func versions(version: String, legacy: Bool) {
        #expect(VirtualDJValues.isLegacy(version: version) == legacy)
    }

    @Test("a repeated FilePath keeps the first song; control characters are spaces with a warning each")
    func repeatsAndControls() throws {
        let xml = "<VirtualDJ_Database Version=\"8.5\">\n<Song FilePath=\"C:\\a.mp3\"><Tags Title=\"A\u{1}\"/></Song>\n"
            + "<Song FilePath=\"C:\\a.mp3\"><Tags Title=\"B\"/></Song>\n<Song><Tags Title=\"no path\"/></Song>\n"
            + "</VirtualDJ_Database>\n"
        let (items, summary) = try VirtualDJLibraryReader.read(bytes: Array(xml.utf8), name: "database.xml")
        #expect(items.map(\.title) == ["A "])
        #expect(items.first?.id.rawValue.hasPrefix("virtualdj:") == true)
        #expect(summary.trackCount == 1)
        let messages = summary.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("database.xml:2:41: a raw control character") }, "\(messages)")
        #expect(messages.contains { $0.contains("listed twice") }, "\(messages)")
        #expect(messages.contains { $0.contains("without a FilePath") }, "\(messages)")
    }

    @Test("a control character's column counts characters, not bytes, eight at a time or one by one",
          arguments: [0, 1, 7, 8, 9, 23])
    func controlColumns(accents: Int) throws {
        // Each `é` is two bytes and one column; the tag's text starts at column 40.
        let title = String(repeating: "é", count: accents) + "\u{8}"
        let xml = "<VirtualDJ_Database Version=\"8.5\">\n<Song FilePath=\"C:\\a.mp3\"><Tags Title=\"\(title)\"/></Song>\n"
            + "</VirtualDJ_Database>\n"
        let (_, summary) = try VirtualDJLibraryReader.read(bytes: Array(xml.utf8), name: "database.xml")
        let messages = summary.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("database.xml:2:\(40 + accents): a raw control character") }, "\(messages)")
    }

    @Test("another root is a located error")
    func foreignRoot() {
        #expect(throws: MalformedSourceError.self) {
            try VirtualDJLibraryReader.read(bytes: Array("<NML VERSION=\"19\"/>".utf8), name: "x.xml")
        }
    }
}
