import MixtapeCore
import Testing

/// Item ids and source fingerprints stored in every index are these digests: their spelling
/// must never change, or every id of every index would.
@Suite("StableHash: the digests ids are made of")
struct StableHashTests {
    @Test("a derived id is its scheme, a colon and 16 upper-case hex digits of FNV-1a over its parts")
    func derivedID() {
        // FNV-1a 64 over "a", 0xff, "b", 0xff, as every index written so far holds it.
        #expect(ItemID.derived(scheme: "traktor", parts: ["a", "b"]).rawValue == "traktor:D2B371819297F98A")
        // A digest with leading zeros keeps them.
        #expect(ItemID.derived(scheme: "rekordbox", parts: ["t9488"]).rawValue == "rekordbox:0004339575574C63")
        var hash = StableHash()
        hash.combine("t9488")
        #expect(hash.hexDigest == "0004339575574C63")
        #expect(hash.hexDigest(after: "x") == "x:0004339575574C63")
        #expect(ItemID.derived(scheme: "rekordbox", part: "t9488") == ItemID.derived(scheme: "rekordbox", parts: ["t9488"]))
    }

    @Test("a content fingerprint changes with any byte, in any of its four lanes or the tail, and not otherwise")
    func contentFingerprint() {
        let bytes = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        func digest(_ bytes: [UInt8]) -> UInt64 {
            var hash = StableHash()
            bytes.withUnsafeBytes { hash.combine(contentsOf: $0) }
            return hash.value
        }
        let original = digest(bytes)
        #expect(digest(bytes) == original)
        var seen: Set<UInt64> = [original]
        for position in bytes.indices {
            var changed = bytes
            changed[position] ^= 0x01
            #expect(seen.insert(digest(changed)).inserted, "byte \(position)")
        }
        // Two words swapped between lanes: each lane is its own chain, so order still counts.
        var swapped = bytes
        swapped.swapAt(0, 8)
        #expect(digest(swapped) != original)
    }
}
