import MixtapeCore
import Testing
@testable import MixtapeIngest

@Suite("Track ID table: ids kept as numbers, written back byte for byte")
struct TrackIDTableTests {
    @Test("a 16-digit Persistent ID comes back as the id the item carries, as a string and packed")
    func hexIDsRoundTrip() {
        var table = TrackIDTable()
        for trackID in 1...5000 {
            let pid = String(format: "%016llx", UInt64(trackID) &* 0x9E37_79B9_7F4A_7C15)
            table.set(.itunes(persistentID: pid), hex: UInt64(pid, radix: 16), for: Int64(trackID))
        }
        for trackID in [1, 2, 777, 5000] {
            let expected = ItemID.itunes(persistentID: String(format: "%016llx", UInt64(trackID) &* 0x9E37_79B9_7F4A_7C15))
            #expect(table[Int64(trackID)] == expected)
            var packed = PackedItemIDs()
            #expect(table.appendID(of: Int64(trackID), to: &packed))
            #expect(packed.ids == [expected])
        }
        var packed = PackedItemIDs()
        #expect(!table.appendID(of: 5001, to: &packed))
        #expect(table[0] == nil)
        #expect(packed.count == 0)
    }

    @Test("other ids are kept as they are, and a later item replaces an earlier one")
    func otherIDsAndReplacement() {
        var table = TrackIDTable(capacity: 2)
        table.set(ItemID(rawValue: "itunes-derived:abc"), hex: nil, for: 7)
        table.set(.itunes(persistentID: "0000000000000001"), hex: 1, for: 8)
        table.set(ItemID(rawValue: "itunes:ODD"), hex: nil, for: 8)
        for trackID in 100..<200 { table.set(ItemID(rawValue: "x\(trackID)"), hex: nil, for: Int64(trackID)) }
        #expect(table[7]?.rawValue == "itunes-derived:abc")
        #expect(table[8]?.rawValue == "itunes:ODD")
        #expect(table[150]?.rawValue == "x150")
        var packed = PackedItemIDs()
        #expect(table.appendID(of: 7, to: &packed) && table.appendID(of: 8, to: &packed))
        #expect(packed.ids.map(\.rawValue) == ["itunes-derived:abc", "itunes:ODD"])
    }
}
