import Foundation
import MixtapeCore
import Testing
@testable import MixtapeIngest

@Suite("Track ID table: ids kept as numbers, written back byte for byte")
struct TrackIDTableTests {
    static func pid(_ number: Int) -> String { String(format: "%016llx", UInt64(number) &* 0x9E37_79B9_7F4A_7C15) }

    /// Adds item `number` with its hex Persistent ID; whether that id was new.
    static func addHex(_ number: Int, trackID: Int64?, to table: inout TrackIDTable) -> Bool {
        table.add(.itunes(persistentID: pid(number)), hex: UInt64(pid(number), radix: 16), trackID: trackID)
    }

    static func packed(_ table: TrackIDTable, _ keys: [Int64]) -> [String] {
        var packed = PackedItemIDs()
        for key in keys where !table.appendID(of: key, to: &packed) { Issue.record("no track \(key)") }
        return packed.ids.map(\.rawValue)
    }

    @Test("Track IDs listed rising, a few apart, stay dense; each finds its item, gaps find none")
    func denseHexIDs() {
        var table = TrackIDTable()
        for number in 1...5000 {
            let fresh = Self.addHex(number, trackID: Int64(100 + number * 3), to: &table)
            #expect(fresh)
        }
        #expect(!table.isHashed)
        for number in [1, 2, 63, 64, 777, 5000] {
            let expected = ItemID.itunes(persistentID: Self.pid(number))
            #expect(table[Int64(100 + number * 3)] == expected)
            #expect(Self.packed(table, [Int64(100 + number * 3)]) == [expected.rawValue])
        }
        for absent: Int64 in [0, 101, 104, 102 + 5000 * 3, 100 + 5001 * 3, -3, .max, .min] { #expect(table[absent] == nil) }
        var packed = PackedItemIDs()
        #expect(!table.appendID(of: 101, to: &packed))
        #expect(packed.count == 0)
    }

    @Test("the dense index counts from the first Track ID, however high the numbering starts")
    func denseFromAHighStart() {
        var table = TrackIDTable()
        let start: Int64 = 1 << 40
        for number in 0..<3000 { _ = Self.addHex(number, trackID: start + Int64(number) * 2, to: &table) }
        #expect(!table.isHashed)
        #expect(table[start] == .itunes(persistentID: Self.pid(0)))
        #expect(table[start + 5998] == .itunes(persistentID: Self.pid(2999)))
        for absent in [start - 2, start + 1, start + 6000, 0, -start] { #expect(table[absent] == nil) }
        // Breaking the order later keeps every number, counted from that start.
        _ = Self.addHex(3000, trackID: start - 2, to: &table)
        #expect(table.isHashed)
        #expect(table[start + 5998] == .itunes(persistentID: Self.pid(2999)))
        #expect(table[start - 2] == .itunes(persistentID: Self.pid(3000)))
    }

    /// Track ID sequences the dense index cannot hold: each must move to the hash table and
    /// still find every item, a later one with the same Track ID replacing the earlier.
    static let unusual: [(String, [Int64?])] = [
        ("falling", Array(stride(from: 3000, to: 0, by: -3))),
        ("negative", [1, 2, -5, 3]),
        ("negative first", [-1, 0, 1]),
        ("huge", [1, 2, Int64.max, 3]),
        ("min", [Int64.min, 5]),
        ("repeated", [1, 2, 3, 2, 4]),
        ("sparse", [1, 1 << 40, (1 << 40) + 1]),
        ("a track without one", [1, 2, nil, 3, 4]),
        ("late disorder", Array(1...3000).map { Int64($0 * 2) } + [1, 3]),
    ]

    @Test("unusual Track IDs leave the dense index and keep every item", arguments: unusual)
    func unusualTrackIDs(name: String, trackIDs: [Int64?]) {
        var table = TrackIDTable()
        var model: [Int64: ItemID] = [:]
        for (number, trackID) in trackIDs.enumerated() {
            // Every third item has an id that is no hex Persistent ID.
            let id = number % 3 == 1 ? ItemID(rawValue: "itunes-derived:\(number)") : .itunes(persistentID: Self.pid(number))
            _ = table.add(id, hex: number % 3 == 1 ? nil : UInt64(Self.pid(number), radix: 16), trackID: trackID)
            if let trackID { model[trackID] = id }
        }
        #expect(table.isHashed, "\(name)")
        for (trackID, id) in model { #expect(table[trackID] == id, "\(name) \(trackID)") }
        #expect(Self.packed(table, Array(model.keys)) == model.values.map(\.rawValue))
        #expect(table[12345] == nil)
    }

    @Test("a repeated hex Persistent ID is told, however large the table, until it is let go")
    func repeatedPersistentIDs() {
        var table = TrackIDTable()
        var fresh = (0..<5000).map { Self.addHex($0, trackID: Int64($0), to: &table) }
        fresh.append(Self.addHex(17, trackID: 9000, to: &table))
        fresh.append(Self.addHex(0, trackID: nil, to: &table))
        fresh.append(table.add(ItemID(rawValue: "itunes:ODD"), hex: nil, trackID: 9001))
        #expect(fresh.indices.filter { !fresh[$0] } == [5000, 5001])
        #expect(table[9000] == .itunes(persistentID: Self.pid(17)))
        table.forgetPersistentIDs()
        let afterForgetting = Self.addHex(18, trackID: 9002, to: &table)
        #expect(afterForgetting)
        #expect(table[9001]?.rawValue == "itunes:ODD")
    }

    @Test("other ids are kept as they are, and a later item replaces an earlier one")
    func otherIDsAndReplacement() {
        var table = TrackIDTable()
        _ = table.add(ItemID(rawValue: "itunes-derived:abc"), hex: nil, trackID: 7)
        _ = table.add(.itunes(persistentID: "0000000000000001"), hex: 1, trackID: 8)
        _ = table.add(ItemID(rawValue: "itunes:ODD"), hex: nil, trackID: 8)
        for trackID in 100..<200 { _ = table.add(ItemID(rawValue: "x\(trackID)"), hex: nil, trackID: Int64(trackID)) }
        #expect(table[7]?.rawValue == "itunes-derived:abc")
        #expect(table[8]?.rawValue == "itunes:ODD")
        #expect(table[150]?.rawValue == "x150")
        #expect(Self.packed(table, [7, 8, 150]) == ["itunes-derived:abc", "itunes:ODD", "x150"])
    }
}
