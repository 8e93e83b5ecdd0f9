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
        // Most field values are ASCII: fold those byte by byte, and hand back an already
        // folded one as it is (a filter folds every item's value, for every filter).
        switch text.utf8.withContiguousStorageIfAvailable(asciiFold) {
        case .folded?: return String(text)
        case .lowered(let lowered)?: return lowered
        case .notASCII?, nil: break
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendFoldedScalars(of: text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Folds `text`, as `fold` does, into `out` and returns the byte count; nil when it holds
    /// a scalar from U+0800 on, or could fold to more than `out` holds (fold those with
    /// `append(folding:to:)`). Scalars below U+0800 are decoded from their one or two UTF-8
    /// bytes and looked up in `table` directly: appending each folded byte to an array was
    /// most of folding 100,000 artists with accented names.
    static func fold(_ text: String, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            // A two-byte scalar folds to at most seven bytes (`slow` entries aside).
            guard bytes.count * 4 <= out.count else { return nil }
            return table.withUnsafeBufferPointer { table -> Int? in
                var index = 0, count = 0
                while index < bytes.count {
                    let lead = bytes[index]
                    if lead < 0x80 {
                        out[count] = lead >= 0x41 && lead <= 0x5a ? lead | 0x20 : lead
                        count += 1
                        index += 1
                        continue
                    }
                    // A String is valid UTF-8: a lead byte 110xxxxx is followed by one more.
                    guard lead & 0xE0 == 0xC0 else { return nil }
                    let packed = table[Int(UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F))]
                    guard packed & 0xff != slow else { return nil }
                    var folded = packed >> 8
                    for _ in 0..<(packed & 0xff) {
                        out[count] = UInt8(truncatingIfNeeded: folded)
                        folded >>= 8
                        count += 1
                    }
                    index += 2
                }
                return count
            }
        }
    }

    /// Appends the folded form of `text`, as `fold` makes it, to `out`: for a caller folding
    /// many values into one buffer (`FoldedTexts`), with no String made for each.
    static func append(folding text: String, to out: inout [UInt8]) {
        var text = text
        let ascii = text.withUTF8 { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in bytes { out.append(byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) }
            return true
        }
        if !ascii { appendFoldedScalars(of: text, to: &out) }
    }

    /// The scalar-by-scalar part of folding: each scalar's folded bytes appended to `out`.
    private static func appendFoldedScalars(of text: some StringProtocol, to out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < tableEnd, case let packed = table[Int(value)], packed & 0xff != slow {
                var bytes = packed >> 8
                for _ in 0..<(packed & 0xff) {
                    out.append(UInt8(truncatingIfNeeded: bytes))
                    bytes >>= 8
                }
            } else if value >= tableEnd, !scalar.properties.changesWhenLowercased {
                // No lower-case mapping (Changes_When_Lowercased is false exactly when
                // lower-casing leaves the scalar as it is): only the mark and Latin steps.
                guard !LatinFolding.isDroppedMark(value) else { continue }
                UTF8.encode(Unicode.Scalar(LatinFolding.fold(value)) ?? scalar) { out.append($0) }
            } else {
                out.append(contentsOf: folded(scalar))
            }
        }
    }

    /// Scalars below this are folded from `table`: ASCII, Latin, Greek, Cyrillic, Hebrew,
    /// Arabic and the combining marks.
    private static let tableEnd: UInt32 = 0x800

    /// A `table` entry too long to pack: fold that scalar the slow way.
    private static let slow: UInt64 = 0xff

    /// Each scalar's folded UTF-8 packed in one word (the byte count in the low byte, then up
    /// to seven bytes): folding is per scalar, and asking Unicode for each accented letter's
    /// lower-case mapping, a new String each time, was most of an `artist:` filter over
    /// 100,000 items.
    private static let table: [UInt64] = (0..<tableEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return slow }
        let bytes = folded(scalar)
        guard bytes.count <= 7 else { return slow }
        return bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } << 8 | UInt64(bytes.count)
    }

    /// One scalar folded: lower-cased, combining marks dropped, Latin letters reduced.
    private static func folded(_ scalar: Unicode.Scalar) -> [UInt8] {
        let value = scalar.value
        if value < 0x80 { return [UInt8(value >= 0x41 && value <= 0x5a ? value | 0x20 : value)] }
        var out = String.UnicodeScalarView()
        for lower in scalar.properties.lowercaseMapping.unicodeScalars where !LatinFolding.isDroppedMark(lower.value) {
            out.append(Unicode.Scalar(LatinFolding.fold(lower.value)) ?? lower)
        }
        return Array(String(out).utf8)
    }

    /// What folding ASCII text takes.
    private enum ASCIIFold {
        /// No capital letter: the text is its own folded form.
        case folded
        case lowered(String)
        case notASCII
    }

    private static func asciiFold(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIFold {
        var capitals = false
        for byte in bytes {
            if byte >= 0x80 { return .notASCII }
            if byte >= 0x41 && byte <= 0x5a { capitals = true }
        }
        guard capitals else { return .folded }
        return .lowered(String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte }
            return bytes.count
        })
    }

    /// Whether the folded `haystack` contains the folded `needle`, compared by UTF-8 bytes (both
    /// are already folded, so byte equality is the equality we want).
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        return haystack.withUTF8 { contains($0, needle) }
    }

    /// `contains` of a folded haystack's bytes.
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var needle = needle
        return needle.withUTF8 { n in
            guard n.count <= h.count else { return false }
            let first = n[0]
            for start in 0...(h.count - n.count) where h[start] == first {
                if memcmpEqual(h.baseAddress! + start, n.baseAddress!, n.count) { return true }
            }
            return false
        }
    }

    private static func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where a[index] != b[index] { return false }
        return true
    }
}
