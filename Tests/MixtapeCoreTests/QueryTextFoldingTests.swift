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

    /// What the filters of many rows fold with (`FoldedTexts`): into a buffer, or nil.
    static func foldedIntoBuffer(_ text: String, room: Int = 1024) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: room)
        guard let count = buffer.withUnsafeMutableBufferPointer({ QueryTextFolding.fold(text, into: $0) }) else { return nil }
        return Array(buffer[..<count])
    }

    @Test("folding into a buffer: every scalar below U+0800 as the definition, the rest and long values left to fold()")
    func intoBuffer() {
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x900 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "Aé" + String(scalar) + "z"
            let folded = Self.foldedIntoBuffer(text)
            if value < 0x800, folded != Array(Self.reference(text).utf8) { wrong.append(value) }
            if value >= 0x800, folded != nil { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
        #expect(Self.foldedIntoBuffer("Beyonce\u{301} Ω") == Array("beyonce ω".utf8))
        #expect(Self.foldedIntoBuffer("東京") == nil)
        #expect(Self.foldedIntoBuffer(String(repeating: "é", count: 200), room: 1024) == nil)
        #expect(Self.foldedIntoBuffer("") == [])
    }
}
