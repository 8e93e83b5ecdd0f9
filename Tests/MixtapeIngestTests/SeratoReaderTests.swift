import MixtapeCore
import Testing
@testable import MixtapeIngest

/// Serato's texts as json.md values, and the reader on libraries held in memory: records read
/// in chunks, crates as a tree, repeats, and every kind of malformed record at its byte offset.
@Suite("Serato values and reader")
struct SeratoReaderTests {
    static func record(_ tag: String, _ body: [UInt8]) -> [UInt8] {
        let n = UInt32(body.count)
        return Array(tag.utf8) + [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
    }

    static func text(_ tag: String, _ value: String) -> [UInt8] {
        record(tag, value.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    static let version = text("vrsn", "2.0/Serato Scratch LIVE Database")
    static let crateVersion = text("vrsn", "1.0/Serato ScratchLive Crate")

    /// A value parsed from a text's UTF-8 bytes, as the reader parses a field's.
    static func parse<Value>(_ text: String, _ read: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        var text = text
        return text.withUTF8(read)
    }

    static func track(_ path: String, _ extra: [UInt8] = []) -> [UInt8] { record("otrk", text("pfil", path) + extra) }

    @Test("lengths: minutes, seconds and hundredths", arguments: [
        ("04:58.45", 298_450), ("00:16.27", 16_270), ("120:10.57", 7_210_570), ("1:02:03.45", 3_723_450),
        ("00:00.00", nil), ("4:61.00", nil), ("", nil), ("abc", nil), ("1.5:00.00", nil), ("03:-1.00", nil),
        ("1:2:03:04.00", nil), ("1::03.00", nil), (":03.00", nil), ("03.00", nil), ("04:", nil), ("0:00:00.50", 500),
    ] as [(String, Int64?)])
    func lengths(text: String, ms: Int64?) {
        #expect(Self.parse(text, SeratoValues.durationMs) == ms, "\(text)")
    }

    @Test("BPM, bit rate, sample rate and year as Serato shows them", arguments: [
        ("bpm", "120.73", 121), ("bpm", "120.50", 121), ("bpm", "0.00", nil), ("bpm", "-5", nil), ("bpm", "1,2", nil),
        ("bit", "320.0kbps", 320), ("bit", "1411.2kbps", 1411), ("bit", "257kbps", 257), ("bit", "320", nil),
        ("rate", "44.1k", 44100), ("rate", "48.0k", 48000), ("rate", "22.1k", 22050), ("rate", "11.0k", 11025),
        ("rate", "44100", nil), ("year", "1997", 1997), ("year", "0", nil), ("year", "2019-05-01", 2019),
        ("year", "19999", nil), ("year", "'97", nil), ("year", "\u{FF11}\u{FF19}\u{FF19}\u{FF17}", nil), ("year", "1997a", nil),
        ("year", "0097", 97),
    ] as [(String, String, Int64?)])
    func numbers(kind: String, text: String, value: Int64?) {
        let read: Int64? = switch kind {
        case "bpm": Self.parse(text, SeratoValues.bpm)
        case "bit": Self.parse(text, SeratoValues.bitRate)
        case "rate": Self.parse(text, SeratoValues.sampleRate)
        default: Self.parse(text, SeratoValues.year)
        }
        #expect(read == value, "\(kind) \(text)")
    }

    /// The byte-by-byte reading against the standard library's, on decimals of 1 to 30 digits
    /// with the dot anywhere or nowhere (past 2⁵³ or 22 decimals it hands over to `Double`),
    /// and on texts that are no decimal.
    @Test("a decimal read byte by byte is the value Double reads of it")
    func decimals() {
        var state: UInt64 = 0x5345_5241_544F_3334
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var text = String((0..<(1 + next(30))).map { _ in Character(String(next(10))) })
            if next(4) > 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: next(text.count + 1))) }
            #expect(Self.parse(text, SeratoValues.decimal) == Double(text), "\(text)")
        }
        for text in ["", ".", "1..2", "1.2.3", "-1", "+1", "1e5", " 1", "1,5", "\u{FF11}", "inf", "nan", "0x10"] {
            #expect(Self.parse(text, SeratoValues.decimal) == nil, "\(text)")
        }
    }

    @Test("each field's tag, written as a literal, spells its name")
    func tagLiterals() {
        let tags: [(String, UInt32)] = [
            ("pfil", SeratoTrack.pfil), ("tsng", SeratoTrack.tsng), ("tart", SeratoTrack.tart), ("talb", SeratoTrack.talb),
            ("tgen", SeratoTrack.tgen), ("tcom", SeratoTrack.tcom), ("tcmp", SeratoTrack.tcmp), ("tgrp", SeratoTrack.tgrp),
            ("tlbl", SeratoTrack.tlbl), ("trmx", SeratoTrack.trmx), ("ttyr", SeratoTrack.ttyr), ("tkey", SeratoTrack.tkey),
            ("tbpm", SeratoTrack.tbpm), ("tlen", SeratoTrack.tlen), ("tbit", SeratoTrack.tbit), ("tsmp", SeratoTrack.tsmp),
            ("tadd", SeratoTrack.tadd), ("uadd", SeratoTrack.uadd), ("utme", SeratoTrack.utme), ("ufsb", SeratoTrack.ufsb),
            ("utkn", SeratoTrack.utkn), ("udsc", SeratoTrack.udsc), ("vrsn", SeratoDatabase.vrsn), ("otrk", SeratoDatabase.otrk),
        ]
        for (name, tag) in tags { #expect(SeratoRecord.name(tag) == name) }
    }

    @Test("a path's key: no leading slash, NFC; its location below the drive root")
    func keysAndLocations() {
        #expect(SeratoValues.key(path: "/Users/a.mp3") == "Users/a.mp3")
        #expect(SeratoValues.key(path: "Users/Cafe\u{301}.mp3") == SeratoValues.key(path: "Users/Caf\u{E9}.mp3"))
        #expect(SeratoTrack.identity(path: "Users/Cafe\u{301}.mp3").id == SeratoTrack.identity(path: "/Users/Caf\u{E9}.mp3").id)
        #expect(Array(SeratoValues.key(path: "/Users/Cafe\u{301}.mp3").utf8) == Array("Users/Caf\u{E9}.mp3".utf8))
        // Composed already (below U+0300), and not: each key is its NFC form.
        for name in ["Caf\u{E9} Se\u{F1}or Stra\u{DF}e Ak\u{15F}am", "\u{1E9B}\u{323}", "\u{212B}", "\u{AC00}\u{1100}\u{1161}",
                     "e\u{301}\u{327}", "\u{2FF}\u{300}"] {
            let key = SeratoValues.key(path: "/Music/" + name)
            #expect(Array(key.utf8) == Array(String(decoding: ("Music/" + name)._nfcCodeUnits, as: UTF8.self).utf8), "\(name)")
        }
        #expect(SeratoValues.location(path: "Users/a.mp3", root: "/") == "/Users/a.mp3")
        #expect(SeratoValues.location(path: "Music/a.mp3", root: "/media/STICK") == "/media/STICK/Music/a.mp3")
    }

    @Test("crate names: %% makes folders; crates sort before their subcrates")
    func crateNames() {
        #expect(SeratoCrate.components(ofFileName: "A%%B%%C.crate") == ["A", "B", "C"])
        #expect(SeratoCrate.components(ofFileName: "Plain.scrate") == ["Plain"])
        #expect(SeratoCrate.components(ofFileName: "A%%%%B.crate") == ["A", "B"])
        #expect(SeratoCrate.precedes(["A"], ["A", "B"]) && !SeratoCrate.precedes(["A", "B"], ["A"]))
    }

    @Test("a library in memory: items in order, read in chunks smaller than a record; crates and smart crates as a tree")
    func library() throws {
        let long = String(repeating: "x", count: 300_000)  // a track larger than one read chunk
        let database = Self.version + Self.track("Users/a.mp3", Self.text("tsng", "A")) + Self.track("Users/\(long).mp3")
            + Self.track("/Users/a.mp3", Self.text("tsng", "repeat")) + Self.record("otrk", Self.text("tsng", "no path"))
        let crates: [(name: String, isSmart: Bool, bytes: [UInt8])] = [
            ("House%%Deep.crate", false, Self.crateVersion + Self.record("otrk", Self.text("ptrk", "Users/a.mp3"))),
            ("House.crate", false, Self.crateVersion + Self.record("otrk", Self.text("ptrk", "Users/gone.mp3"))
                + Self.record("otrk", Self.text("ptrk", "/Users/a.mp3"))),
            ("Top%%Sub.scrate", true, Self.text("vrsn", "1.0/Serato ScratchLive Smart Crate")),
        ]
        let (items, summary) = try SeratoLibraryReader.read(bytes: database, crates: crates, name: "/x/_Serato_/database V2")
        #expect(items.map(\.title) == ["A", nil])
        #expect(items.first?.location == "/Users/a.mp3")
        #expect(summary.trackCount == 2)
        #expect(summary.warnings.count == 2, "\(summary.warnings)")
        #expect(summary.warnings.allSatisfy { $0.position?.byteOffset != nil })
        let names = summary.playlists.map(\.name)
        #expect(names == ["House", "Deep", "Top", "Sub"], "\(names)")
        let house = summary.playlists[0], deep = summary.playlists[1], top = summary.playlists[2], sub = summary.playlists[3]
        #expect(house.items == [items[0].id] && house.missing == 1 && !house.isFolder)
        #expect(deep.parentID == house.id && deep.items == [items[0].id])
        #expect(top.isFolder && sub.parentID == top.id && sub.isSmart && !top.isSmart)
        #expect(summary.applicationVersion == "Serato Scratch LIVE Database 2.0")
    }

    /// Numbers are read from a record's bytes, not from a `String` made first: ASCII text is
    /// narrowed on the stack, anything else decoded as text, and both must read as the
    /// `String` forms above do (a year followed by a dash and non-ASCII text still counts).
    @Test("numbers read from a track's record: ASCII, non-ASCII and repeated fields")
    func numbersInRecords() throws {
        let numbers = Self.text("tbpm", "120.73") + Self.text("tlen", "1:02:03.45") + Self.text("tbit", "320.0kbps")
            + Self.text("tsmp", "22.1k") + Self.text("ttyr", "2019-\u{5E74}")
        let database = Self.version + Self.track("a.mp3", numbers)
            + Self.track("b.mp3", Self.text("tbpm", "120") + Self.text("tbpm", " ") + Self.text("ttyr", "\u{FF11}997")
                         + Self.text("tlen", String(repeating: "1", count: 70) + ":00.00"))
        let (items, _) = try SeratoLibraryReader.read(bytes: database, name: "/x/database V2")
        try #require(items.count == 2)
        #expect(items[0].bpm == 121 && items[0].durationMs == 3_723_450 && items[0].bitRate == 320)
        #expect(items[0].sampleRate == 22_050 && items[0].year == 2019)
        // The last of a repeated field counts, blank or not; a long text is read as a text.
        #expect(items[1].bpm == nil && items[1].year == nil)
        #expect(items[1].durationMs == Self.parse(String(repeating: "1", count: 70) + ":00.00", SeratoValues.durationMs))
        #expect(throws: MalformedSourceError.self) {
            _ = try SeratoLibraryReader.read(bytes: Self.version + Self.track("c.mp3", Self.record("tbpm", [0, 0x31, 0])),
                                             name: "/x/database V2")
        }
    }

    @Test("malformed records are errors at their byte offset", arguments: [
        ("empty", [], 0),
        ("not a database", text("vrsn", "1.0/Serato ScratchLive Crate"), 0),
        ("header cut", version + [0x6F, 0x74, 0x72], 72),
        ("record past the end", version + record("otrk", []).prefix(4) + [0, 0, 1, 0], 72),
        ("too long", version + Array("otrk".utf8) + [0x7F, 0xFF, 0xFF, 0xFF], 72),
        ("field past its record", version + record("otrk", Array("pfil".utf8) + [0, 0, 0, 9, 0, 0x41]), 80),
        ("field header cut", version + record("otrk", Array("pfil".utf8) + [0]), 80),
        ("odd text", version + record("otrk", record("pfil", [0, 0x41, 0])), 80),
        ("short number", version + track("a.mp3", record("uadd", [1])), 98),
    ] as [(String, [UInt8], Int)])
    func malformed(label: String, bytes: [UInt8], offset: Int) {
        do {
            _ = try SeratoLibraryReader.read(bytes: bytes, name: "/x/database V2")
            Issue.record("\(label): read without an error")
        } catch let error as MalformedSourceError {
            #expect(error.position.byteOffset == offset, "\(label): \(error)")
            #expect(error.description.hasPrefix("/x/database V2 at byte \(offset): "), "\(label): \(error)")
        } catch {
            Issue.record("\(label): \(error)")
        }
    }

    @Test("a malformed crate is an error in the crate")
    func malformedCrate() {
        #expect {
            _ = try SeratoLibraryReader.read(bytes: Self.version, crates: [("Bad.crate", false, Self.crateVersion + [0x6F])],
                                             name: "/x/_Serato_/database V2")
        } throws: { error in
            (error as? MalformedSourceError)?.description.hasPrefix("/x/_Serato_/Subcrates/Bad.crate at byte 64") == true
        }
    }

    @Test("the sniffer tells a database from a crate and from other binary files")
    func sniffing() {
        let kind = { (bytes: [UInt8]) in SourceSniffer.recognise(FileHead(bytes: bytes, isWholeFile: true, fileName: "x")).id }
        #expect(kind(Self.version + Self.track("a.mp3")) == "serato")
        #expect(kind(Self.crateVersion) == "serato-crate")
        #expect(kind(Self.text("vrsn", "1.0/Something else")) == "binary")
        #expect(kind(Array("vrsn".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]) != "serato")
    }
}
