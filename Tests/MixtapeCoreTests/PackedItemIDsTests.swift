import MixtapeCore
import Testing

@Suite("Packed item ids: hex ids as numbers, written back byte for byte")
struct PackedItemIDsTests {
    /// The stored form of `ids`, built the plain way.
    static func stored(_ ids: [ItemID]) -> [UInt8] {
        var bytes: [UInt8] = []
        for id in ids {
            var raw = id.rawValue
            raw.withUTF8 { LengthPrefixedList.append($0, to: &bytes) }
        }
        return bytes
    }

    static let mixed = [
        "itunes:0123456789ABCDEF", "itunes:0123456789abcdef", "itunes:ODD", "itunes-derived:abc", "",
        "itunes:0123456789ABCDEF0", "itunes:FFFFFFFFFFFFFFFF", "itunes:0000000000000000", "itunes:012345678 ABCDEF",
        "Itunes:0123456789ABCDEF", String(repeating: "é", count: 300), "itunes:0123456789ABCDEF",
    ].map(ItemID.init(rawValue:))

    @Test("hex and other ids, in any mix, come back as they went in")
    func roundTrip() {
        let packed = PackedItemIDs(Self.mixed)
        #expect(packed.ids == Self.mixed)
        #expect(packed.bytes == Self.stored(Self.mixed))
        #expect(packed.byteCount == packed.bytes.count)
        #expect(packed.count == Self.mixed.count)
        #expect(PackedItemIDs().bytes.isEmpty)
    }

    @Test("only upper-case `itunes:` and 16 hex digits is kept as a number")
    func hexForm() {
        func value(_ text: String) -> UInt64? {
            var text = text
            return text.withUTF8 { ITunesHexID.value(of: $0) }
        }
        #expect(value("itunes:0123456789ABCDEF") == 0x0123_4567_89AB_CDEF)
        #expect(value("itunes:FFFFFFFFFFFFFFFF") == .max)
        for odd in ["itunes:0123456789abcdef", "itunes:0123456789ABCDE", "itunes:0123456789ABCDEF0",
                    "itunez:0123456789ABCDEF", "itunes:0123456789ABCDEG", ""] {
            #expect(value(odd) == nil, "\(odd)")
        }
        #expect(ITunesHexID.id(0xAB) == .itunes(persistentID: "00000000000000ab"))
        var hex = PackedItemIDs(), other = PackedItemIDs()
        hex.append(itunesHex: 1)
        other.append(ItemID(rawValue: "itunes:odd"))
        #expect(hex.heldBytes == 8)
        #expect(other.heldBytes > 8)
        #expect(hex.ids == [.itunes(persistentID: "0000000000000001")])
    }

    @Test("chunks end at entries, hold at most the size asked (or one entry) and add up to the bytes",
          arguments: [1, 23, 24, 25, 100, 4096, 1 << 20])
    func chunks(size: Int) {
        // Past one block of values, mixing both kinds.
        let ids = (0..<70_000).map { index in
            index % 7 == 3 ? ItemID(rawValue: "x\(index)") : .itunes(persistentID: String(format: "%016llX", UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        }
        let packed = PackedItemIDs(ids)
        var joined: [UInt8] = [], decoded: [ItemID] = []
        packed.forEachChunk(of: size) { chunk in
            #expect(chunk.count <= max(size, 300))
            joined.append(contentsOf: chunk)
            LengthPrefixedList.forEach(in: chunk) { decoded.append(ItemID(rawValue: String(decoding: $0, as: UTF8.self))) }
        }
        #expect(joined == Self.stored(ids))
        #expect(decoded == ids)
        #expect(packed.byteCount == joined.count)
    }

    @Test("a bit list reads false where never set, and sets and clears past its end")
    func bitList() {
        var bits = BitList()
        #expect(!bits[0] && !bits[1000])
        bits[130] = true
        bits[0] = true
        #expect(bits[130] && bits[0] && !bits[129] && !bits[131] && !bits[64])
        bits[130] = false
        bits[5000] = false
        #expect(!bits[130] && bits[0] && !bits[5000])
    }
}
