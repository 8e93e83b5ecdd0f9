@testable import MixtapeTerminal
import Testing

@Suite("DisplayWidth: columns per character and string")
struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("Z", 1), (" ", 1), ("~", 1),
        ("é", 1), // NFC U+00E9
        ("e\u{301}", 1), // NFD: e + combining acute
        ("\u{301}", 0), // a lone combining mark
        ("ñ", 1), ("ß", 1), ("Ω", 1), ("я", 1),
        ("日", 2), ("本", 2), ("〇", 2), ("、", 2), ("\u{3000}", 2), // CJK and ideographic space
        ("\u{303F}", 1), // ideographic half fill space: the exception in U+2E80–A4CF
        ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2), // Hangul syllable, and as L V T jamo
        ("あ", 2), ("カ", 2), ("ｶ", 1), // kana; halfwidth katakana stays narrow
        ("Ａ", 2), ("！", 2), ("￥", 2), // fullwidth forms and signs
        ("𠀋", 2), // CJK Extension B
        ("😀", 2), ("🎵", 2), ("🚀", 2), ("🤖", 2), ("🥁", 2), ("🫶", 2), ("⌚", 2),
        ("👍🏽", 2), // skin-tone modifier
        ("❤", 1), ("❤️", 2), // text presentation, then U+FE0F asks for emoji
        ("1️⃣", 2), // keycap sequence
        ("👨‍👩‍👧", 2), ("👩‍💻", 2), ("🏳️‍🌈", 2), // ZWJ sequences
        ("🇫🇷", 2), ("🇯🇵", 2), // flags
        ("\t", 0), ("\u{7}", 0), ("\u{9B}", 0), ("\r\n", 0), // controls
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), // zero-width format characters
        ("…", 1), ("─", 1), ("▌", 1), // ambiguous width taken as narrow
        ("\u{FFFD}", 1),
    ] as [(Character, Int)])
    func character(_ character: Character, columns: Int) {
        #expect(DisplayWidth.of(character) == columns)
    }

    @Test(arguments: [
        ("", 0),
        ("The Beatles", 11),
        ("Beyonce\u{301}", 7),
        ("Beyoncé", 7),
        ("坂本龍一", 8),
        ("방탄소년단", 10),
        ("ｱｲｳ", 3),
        ("Sigur Rós – Ágætis byrjun", 25),
        ("🎵 Live", 7),
        ("👨‍👩‍👧 family", 9),
        ("a\u{200B}b", 2),
        ("東京 Tokyo", 10),
    ] as [(String, Int)])
    func string(_ text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func rangesAreSortedAndDisjoint() {
        for (previous, next) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(previous.upperBound < next.lowerBound, "\(previous) then \(next)")
        }
    }

    @Test(arguments: [
        (0x10FF, false), (0x1100, true), (0x115F, true), (0x1160, false),
        (0x2E7F, false), (0x2E80, true), (0x303E, true), (0x303F, false), (0x3041, true),
        (0xA4CF, true), (0xA4D0, false), (0xAC00, true), (0xD7A3, true), (0xD7A4, false),
        (0xFF00, true), (0xFF60, true), (0xFF61, false), (0xFFE6, true), (0xFFE7, false),
        (0x1F2FF, true), (0x1F300, true), (0x1F650, false), (0x3FFFD, true), (0x3FFFE, false),
    ] as [(UInt32, Bool)])
    func wideRangeEdges(_ value: UInt32, wide: Bool) {
        #expect(DisplayWidth.isWide(value) == wide)
    }
}

@Suite("DisplayWidth.truncate: cut at a character boundary, never past the width")
struct TruncateTests {
    @Test(arguments: [
        ("Help!", 10, "Help!"), // fits: untouched
        ("Help!", 5, "Help!"), // exactly fits
        ("Help!", 4, "Hel…"),
        ("Help!", 1, "…"),
        ("Help!", 0, ""),
        ("Help!", -3, ""),
        ("", 3, ""),
        ("坂本龍一", 8, "坂本龍一"),
        ("坂本龍一", 7, "坂本龍…"),
        ("坂本龍一", 6, "坂本…"), // 龍 would straddle the limit: dropped whole
        ("坂本龍一", 2, "…"),
        ("ab日本", 4, "ab…"),
        ("Beyonce\u{301} Live", 8, "Beyonce\u{301}…"), // the accent stays with its e
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"), // a ZWJ family is never split
        ("🇫🇷🇯🇵🇩🇪", 5, "🇫🇷🇯🇵…"),
        ("a\u{200B}bcdef", 3, "a\u{200B}b…"),
    ] as [(String, Int, String)])
    func truncates(_ text: String, columns: Int, expected: String) {
        let result = DisplayWidth.truncate(text, toColumns: columns)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(columns, 0))
    }

    @Test(arguments: 0...12)
    func neverExceedsTheWidth(_ columns: Int) {
        for text in ["坂本龍一 – 戦場のメリークリスマス", "The Beatles - Help! (Live)", "👨‍👩‍👧🎵é日a\u{301}", "ｱ日a"] {
            let result = DisplayWidth.truncate(text, toColumns: columns)
            #expect(DisplayWidth.of(result) <= columns, "\(text) at \(columns)")
            #expect(result == text || result.hasSuffix("…") || result.isEmpty)
            #expect(text.hasPrefix(result.hasSuffix("…") ? String(result.dropLast()) : result))
        }
    }
}
