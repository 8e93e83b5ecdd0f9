@testable import MixtapeCore
import Testing

/// The sort key's per-scalar folding, which a table answers below U+0800, checked against the
/// definition it precomputes (lower-case mapping's first scalar, then the Latin base letter,
/// combining marks dropped) for every scalar of the table and past its end.
@Suite("Library order: the folding table agrees with Unicode's mappings")
struct LibraryOrderFoldingTests {
    /// The key bytes of one text value, as `LibraryOrder` writes them for an artist.
    static func artistKey(_ text: String) -> [UInt8] {
        var item = MediaItem(id: ItemID(rawValue: ""))
        item.artist = text
        item.album = nil
        let key = LibraryOrder.sortKey(for: item)
        return Array(key[1..<key.firstIndex(of: 0x00)!])
    }

    /// What the key holds for `scalar` by definition.
    static func expected(_ scalar: Unicode.Scalar) -> [UInt8] {
        let value = scalar.value
        if value >= 0x300 && value <= 0x362 { return [] }
        var lower = value
        if value < 0x80 {
            if value >= 0x41 && value <= 0x5a { lower = value | 0x20 }
        } else if scalar.properties.changesWhenLowercased {
            lower = scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value
        }
        let folded = Unicode.Scalar(LatinFolding.fold(lower)) ?? scalar
        if folded.value == 0 { return [0x01] }
        return Array(String(folded).utf8)
    }

    @Test("every scalar below U+0900, after a non-ASCII letter (so the per-scalar path runs)")
    func everyScalar() {
        var wrong: [String] = []
        for value in UInt32(1)..<0x900 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let key = Self.artistKey("é" + String(scalar))
            let want = Array("e".utf8) + Self.expected(scalar)
            if key != want { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "scalars folded differently: \(wrong.prefix(20))")
    }

    @Test("accented capitals, Greek and Cyrillic fold to the keys of their lower-case spellings")
    func spellings() {
        #expect(Self.artistKey("ÓLAFUR KÜHN") == Self.artistKey("ólafur kühn"))
        #expect(Self.artistKey("Łukasz") == Self.artistKey("łukasz"))
        #expect(Self.artistKey("ΣΩΚΡΑΤΗΣ") == Self.artistKey("σωκρατησ"))
        #expect(Self.artistKey("МУЗЫКА") == Self.artistKey("музыка"))
        #expect(Self.artistKey("Beyonce\u{301}") == Self.artistKey("beyonce"))
    }
}
