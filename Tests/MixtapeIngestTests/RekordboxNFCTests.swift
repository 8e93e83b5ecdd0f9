import Foundation
@testable import MixtapeIngest
import Testing

/// `RekordboxTrack.isNFC` skips Foundation's normalisation for names made only of scalars it
/// lists: every one of them must be NFC on its own and a starter (combining class 0), so that
/// any string of them is NFC and the id is the one a normalising reader computes.
@Suite("rekordbox ids: the NFC shortcut")
struct RekordboxNFCTests {
    static let ranges: [ClosedRange<UInt32>] = [0...0x2FF, 0x400...0x482, 0x48A...0x4FF, 0x3041...0x3096,
                                                 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF]

    @Test("every scalar the shortcut trusts is an NFC starter")
    func trustedScalars() {
        var wrong: [String] = []
        for range in Self.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                #expect(RekordboxTrack.isNFC(text))
                let normalised = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
                if normalised != [scalar] || scalar.properties.canonicalCombiningClass != .notReordered {
                    wrong.append(String(value, radix: 16))
                }
            }
        }
        #expect(wrong.isEmpty, "not NFC starters: \(wrong.prefix(20))")
    }

    @Test("a decomposed name is not trusted, and normalises to the composed one's id")
    func decomposed() {
        #expect(!RekordboxTrack.isNFC("Zoe\u{301}"))
        #expect(!RekordboxTrack.isNFC("\u{212B}"))  // ANGSTROM SIGN, a singleton
        #expect(RekordboxTrack.id(location: "/a/Zoe\u{301}.mp3") == RekordboxTrack.id(location: "/a/Zo\u{E9}.mp3"))
    }
}
