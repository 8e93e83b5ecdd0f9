/// How many terminal columns text takes, so the picker can align columns and truncate rows that
/// hold CJK titles, combining accents and emoji without the line wrapping.
///
/// The unit is the grapheme cluster (`Character`), which is what a terminal draws as one cell
/// group. A cluster's width is its first scalar's width, because everything after it —
/// combining marks, variation selectors, skin-tone modifiers, Hangul vowel and final jamo —
/// is drawn on top of or merged into it. Two exceptions widen a cluster to 2: an emoji with
/// U+FE0F (emoji presentation requested: "❤️", "1️⃣") and an emoji ZWJ sequence ("👨‍👩‍👧",
/// drawn as one glyph by terminals that support it). Flags (two regional indicators) are 2
/// because regional indicators have emoji presentation.
///
/// A scalar's width is:
/// - 0 for controls (Cc), format characters (Cf: ZWJ, ZWSP, bidi marks) and non-spacing or
///   enclosing marks (Mn, Me) — they have no cell of their own;
/// - 2 for emoji with default emoji presentation (`isEmojiPresentation`, Unicode's
///   Emoji_Presentation=Yes) and for the East Asian Wide and Fullwidth ranges in `wideRanges`;
/// - 1 otherwise, including East Asian Ambiguous characters (we assume a non-CJK locale, as
///   most terminals do by default).
///
/// This mirrors `wcwidth` as modern terminals implement it; terminals disagree at the edges
/// (text-presentation emoji, ZWJ sequences they cannot draw), so widths there are best effort.
public enum DisplayWidth {
    /// East Asian Wide (W) and Fullwidth (F) blocks of Unicode 15 `EastAsianWidth.txt`, merged
    /// into whole blocks where the block is wide throughout (unassigned code points in them are
    /// taken as wide, as terminals do). Emoji outside these blocks are caught by
    /// `isEmojiPresentation`. Sorted, for the binary search in `isWide`.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, // Hangul Jamo initial consonants (the medial/final jamo combine: 0)
        0x231A...0x231B, // ⌚ ⌛
        0x2329...0x232A, // 〈 〉 angle brackets
        0x2E80...0x303E, // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF, // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, enclosed CJK
        0x3400...0x4DBF, // CJK Unified Ideographs Extension A
        0x4DC0...0x4DFF, // Yijing hexagram symbols (inside the U+2E80–A4CF wide span)
        0x4E00...0x9FFF, // CJK Unified Ideographs
        0xA000...0xA4CF, // Yi syllables and radicals
        0xA960...0xA97F, // Hangul Jamo Extended-A
        0xAC00...0xD7A3, // Hangul syllables
        0xF900...0xFAFF, // CJK Compatibility Ideographs
        0xFE10...0xFE19, // vertical forms
        0xFE30...0xFE6F, // CJK compatibility forms, small form variants
        0xFF00...0xFF60, // fullwidth ASCII and punctuation
        0xFFE0...0xFFE6, // fullwidth signs (￠ ￡ ￥ …)
        0x16FE0...0x16FE4, // ideographic symbols and punctuation
        0x16FF0...0x16FF1,
        0x17000...0x18CFF, // Tangut, Khitan small script
        0x18D00...0x18D08, // Tangut supplement
        0x1AFF0...0x1B2FF, // Kana extended and supplement, Nushu
        0x1F200...0x1F2FF, // enclosed ideographic supplement (🈁 🉐 …)
        0x1F300...0x1F64F, // miscellaneous symbols and pictographs, emoticons
        0x1F680...0x1F6FF, // transport and map symbols
        0x1F900...0x1F9FF, // supplemental symbols and pictographs
        0x1FA70...0x1FAFF, // symbols and pictographs extended-A
        0x20000...0x2FFFD, // CJK Unified Ideographs Extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK Unified Ideographs Extensions G, H
    ]

    /// The number of columns `character` takes in a terminal: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = of(first)
        guard scalars.count > 1, base > 0 else { return base }
        if first.properties.isEmoji, scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{200D}" }) {
            return 2
        }
        return base
    }

    /// The number of columns `text` takes in a terminal (the sum over its characters).
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The number of columns one scalar takes standing alone: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark:
            return 0
        default:
            return properties.isEmojiPresentation || isWide(scalar.value) ? 2 : 1
        }
    }

    /// True when `value` lies in one of `wideRanges`.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// `text` cut to at most `columns` columns at a character boundary, with `…` appended when
    /// anything was cut. The ellipsis takes one column, and a wide character that would straddle
    /// the limit is dropped whole, so the result never exceeds `columns` (it may be one column
    /// short; the caller pads). Zero or negative `columns` gives "".
    public static func truncate(_ text: String, toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        var used = 0
        var cut: String.Index?
        for index in text.indices {
            let width = of(text[index])
            if cut == nil, used + width > columns - 1 {
                cut = index // the end of the longest prefix that leaves room for "…"
            }
            used += width
            if used > columns, let cut {
                return String(text[..<cut]) + "…"
            }
        }
        return text
    }
}
