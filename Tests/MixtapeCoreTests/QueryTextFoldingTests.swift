@testable import MixtapeCore
import Testing

/// Field filters fold each item's value with `QueryTextFolding.fold`, which takes scalars from
/// a packed table and skips Unicode's lower-case mapping for scalars that have none: it must
/// give, for every scalar and any string, what the scalar-by-scalar definition gives.
@Suite("QueryTextFolding: the table and the shortcut fold as the definition does")
struct QueryTextFoldingTests {
    /// The definition: lower-cased, combining marks dropped, Latin letters reduced.
    static func reference(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars where !LatinFolding.isDroppedMark(lower.value) {
                out.append(Unicode.Scalar(LatinFolding.fold(lower.value)) ?? lower)
            }
        }
        return String(out)
    }

    @Test("every scalar of the Basic Multilingual Plane and the next one, after a non-ASCII letter")
    func everyScalar() {
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x20000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // "é" first, so the ASCII shortcut never answers and each scalar reaches the table.
            let text = "é" + String(scalar)
            if QueryTextFolding.fold(text) != Self.reference(text) { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }

    @Test("whole values: accents, NFD marks, Greek, Cyrillic, kana, Vietnamese, capitals", arguments: [
        "Beyoncé", "BEYONCE\u{301}", "Sigur Rós", "Björk Guðmundsdóttir", "ΣΊΣΥΦΟΣ", "Шостакович", "İstanbul",
        "Trần Tiến", "ẮẦỂỐỜỰ", "東京事変", "カタカナ", "straße STRASSE", "ǅemal", "plain ascii", "",
    ])
    func values(text: String) {
        #expect(QueryTextFolding.fold(text) == Self.reference(text))
    }
}
