import MixtapeCore

/// Item ids found from their bytes where they lie (a scanned row, a line snapshot's packed
/// ids) without making a `String` of each: a `String` for each of 100,000 ids was a tenth of a
/// filter search. Each id is hashed with FNV-1a, and only a hash one of the ids has too is
/// compared byte for byte.
struct IDLookup {
    /// The ids looked up, packed.
    private let ids: PackedStrings
    /// Each id's position in `ids`, by its hash.
    private var positions: [UInt64: Int] = [:]

    /// A lookup of `ids` (distinct); nil when two of them share a hash, which 64 bits make
    /// all but impossible: the caller then takes its general path.
    init?(_ ids: PackedStrings) {
        self.ids = ids
        positions.reserveCapacity(ids.count)
        for position in 0..<ids.count {
            guard positions.updateValue(position, forKey: ids.withUTF8(position, Self.hash)) == nil else { return nil }
        }
    }

    /// A lookup of the distinct ids of `ids`, in their first order.
    init?(_ ids: some Sequence<ItemID>) {
        var packed = PackedStrings(), seen: Set<ItemID> = []
        for id in ids where seen.insert(id).inserted {
            var raw = id.rawValue
            raw.withUTF8 { packed.append($0) }
        }
        self.init(packed)
    }

    /// How many ids there are.
    var count: Int { ids.count }

    /// The id at `position`.
    func id(at position: Int) -> ItemID { ItemID(rawValue: ids[position]) }

    /// The position of the id spelled by `bytes`, whose hash is `hash`, or nil when it is none
    /// of the ids.
    func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard let position = positions[hash],
              ids.withUTF8(position, { $0.elementsEqual(bytes) }) else { return nil }
        return position
    }

    /// FNV-1a of an id's bytes: cheap, and a collision only costs a comparison.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
