import Foundation
import MixtapeCore

/// Item ids found from their bytes where they lie (a scanned row, a line snapshot's packed
/// ids) without making a `String` of each: a `String` for each of 100,000 ids was a tenth of a
/// filter search. Each id is hashed with FNV-1a, and only a hash one of the ids has too is
/// compared byte for byte.
struct IDLookup {
    /// The ids looked up, packed.
    private let ids: PackedStrings
    /// An open-addressed table (a power of two, at most half full) of each id's hash and
    /// position + 1 (0: empty), side by side in one slot, probed linearly: a `Dictionary`
    /// hashed every FNV hash again with SipHash, a tenth of a saved-exports run for 100,000
    /// snapshot ids.
    private var slots: [(hash: UInt64, position: Int)]
    private let mask: Int

    /// A lookup of `ids` (distinct); nil when two of them share a hash, which 64 bits make
    /// all but impossible: the caller then takes its general path.
    init?(_ ids: PackedStrings) {
        self.ids = ids
        var size = 16
        while size < ids.count * 2 { size *= 2 }
        mask = size - 1
        slots = Array(repeating: (0, 0), count: size)
        for position in 0..<ids.count {
            let hash = ids.withUTF8(position, Self.hash)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].position != 0 {
                guard slots[slot].hash != hash else { return nil }
                slot = (slot + 1) & mask
            }
            slots[slot] = (hash, position + 1)
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

    /// The position of the id spelled by `bytes`, whose hash is `hash`, or nil when it is none
    /// of the ids.
    func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].position != 0 {
            if slots[slot].hash == hash {
                let position = slots[slot].position - 1
                let same = ids.withUTF8(position) { id in
                    id.count == bytes.count && (id.isEmpty || memcmp(id.baseAddress!, bytes.baseAddress!, id.count) == 0)
                }
                return same ? position : nil
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a of an id's bytes: cheap, and a collision only costs a comparison.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
