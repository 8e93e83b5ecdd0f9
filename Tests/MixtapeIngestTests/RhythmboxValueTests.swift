import MixtapeCore
import Testing
@testable import MixtapeIngest

/// The shortcuts of the Rhythmbox reader's hot path (numbers read from their digits, ids from
/// one hash) give what the general definitions give.
@Suite("Rhythmbox values and ids: shortcuts agree with the definitions")
struct RhythmboxValueTests {
    @Test("whole numbers: digits only read directly, anything else as before", arguments: [
        ("294", 294), ("007", 7), ("0", nil), ("000", nil), ("", nil), (" 12 ", 12), ("12\n", 12),
        ("4.5", 4), ("4,9", 4), ("-3", nil), ("1e3", 1000), ("abc", nil),
        ("999999999999999999", 999_999_999_999_999_999), ("9223372036854775807", Int64.max),
        ("9223372036854775808", nil), ("12345678901234567890", nil),
    ] as [(String, Int64?)])
    func counts(text: String, value: Int64?) {
        #expect(RhythmboxValue.count(text) == value)
    }

    @Test("decimals: plain text parsed as it is, blanks and decimal commas as before", arguments: [
        ("2.000000", 20, 40), ("4.5", 20, 90), ("4,5", 20, 90), (" 4.5 ", 20, 90), ("4.5\n", 20, 90),
        ("4.5\r\n", 20, nil),  // "\r\n" is one Character, which trimming leaves: as before
        ("120.5", 1, 121), ("0", 1, nil), ("0.01", 1, nil), ("-2", 20, nil), ("nan", 1, nil), ("inf", 1, nil),
        ("", 1, nil), ("1e20", 1, nil),
    ] as [(String, Double, Int64?)])
    func scaled(text: String, factor: Double, value: Int64?) {
        #expect(RhythmboxValue.scaled(text, by: factor) == value)
    }

    @Test("an entry's id is the derived id of its key, and spells its hash in 16 hex digits")
    func identity() {
        for key in ["/home/a/x.mp3", "", "http://example.com/ep.mp3", "/music/Beyonce\u{301}/Halo.flac"] {
            let (id, hash) = RhythmboxEntry.identity(forKey: key)
            #expect(id == ItemID.derived(scheme: "rhythmbox", parts: [key]))
            let hex = String(hash, radix: 16, uppercase: true)
            #expect(id.rawValue == "rhythmbox:" + String(repeating: "0", count: 16 - hex.count) + hex)
        }
        #expect(StableHash().hexDigest == "CBF29CE484222325")
    }

    @Test("every child is found by its element name, and names that are not children are not")
    func childNames() {
        for child in RhythmboxEntry.Child.allCases {
            let name = "\(child.element)"
            #expect(name.withCString { RhythmboxEntry.Child.named(XMLName(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self))) } == child)
        }
        for other in ["", "titles", "tit", "media-type", "last-seen", "mb-trackid", "album-artist-sortname", "Title"] {
            #expect(other.withCString { RhythmboxEntry.Child.named(XMLName(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self))) } == nil)
        }
    }

    @Test("a count child's digits are its number, other text is read as before, empty text is absent")
    func countChildren() {
        var entry = RhythmboxEntry(type: "song")
        let set = { (child: RhythmboxEntry.Child, text: String) in
            Array(text.utf8).withUnsafeBufferPointer { entry.set(child, bytes: $0) }
        }
        set(.playCount, "0037"); #expect(entry.count(.playCount) == 37)
        set(.playCount, "0"); #expect(entry.count(.playCount) == nil)
        set(.playCount, " 5 "); #expect(entry.count(.playCount) == 5)
        set(.playCount, "2.9"); #expect(entry.count(.playCount) == 2)
        set(.playCount, ""); #expect(entry.count(.playCount) == nil)
        set(.title, "0037"); #expect(entry[.title] == "0037")
        set(.title, ""); #expect(entry[.title] == nil)
        set(.rating, "4"); #expect(entry[.rating] == "4")
    }
}
