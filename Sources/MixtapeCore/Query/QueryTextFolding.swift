/// Case and Latin-accent folding for field filters (`artist:beyonce` finds "Beyoncé").
///
/// query.md asks string filters to ignore case, and accents on Latin letters whether they are
/// precomposed (NFC, `é` = U+00E9) or decomposed (NFD, `e` + U+0301). The letters come from the
/// matcher's `LatinFolding` (fzf's table, plus dropping combining marks), so a field filter and
/// a text term agree on which letters are "the same"; this adds only what filters need on top:
/// full lower-casing first (filters are always case-insensitive) and whole-string helpers.
/// `Beyoncé`, `BEYONCÉ`, `beyonce` and `Beyonce\u{301}` all fold to `beyonce`.
enum QueryTextFolding {
    /// The folded form of `text`: lower-cased, combining marks dropped, Latin letters reduced
    /// to their base letter.
    static func fold(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                out.append(Unicode.Scalar(UInt8(value >= 0x41 && value <= 0x5a ? value | 0x20 : value)))
                continue
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars
            where !LatinFolding.isDroppedMark(lower.value) {
                out.append(Unicode.Scalar(LatinFolding.fold(lower.value)) ?? lower)
            }
        }
        return String(out)
    }

    /// Whether the folded `haystack` contains the folded `needle`, compared by UTF-8 bytes (both
    /// are already folded, so byte equality is the equality we want).
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard n.count <= h.count else { return false }
        let first = n[0]
        for start in 0...(h.count - n.count) where h[start] == first {
            if h[start..<start + n.count].elementsEqual(n) { return true }
        }
        return false
    }
}
