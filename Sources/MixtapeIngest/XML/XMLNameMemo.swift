/// What a sink made of each element or attribute name it met, found again by the name's
/// address: libxml2 hands names over from its dictionary, so a name met again comes at the same
/// address, and a sink that looks a name up among a dozen it reads (`VirtualDJSink`: eleven
/// attributes a song, each compared with up to fourteen names) compares it with one name it
/// kept, not with the dozen.
///
/// A few slots, each keeping the last name that fell in it and a copy of its bytes: a name
/// that finds another in its slot, or other bytes at the same address, is looked up again, so
/// the answer never depends on where libxml2 keeps its names, only the time taken.
struct XMLNameMemo<Value> {
    private static var slotCount: Int { 64 }
    private var slots = [Slot?](repeating: nil, count: slotCount)

    private struct Slot {
        let address: UnsafePointer<UInt8>
        /// The name's bytes, NUL included.
        let bytes: [UInt8]
        let value: Value
    }

    /// What `make` made of `name`, made now if this name is not the one kept in its slot.
    @inline(__always)
    mutating func value(of name: XMLName, orMake make: (XMLName) -> Value) -> Value {
        // The dictionary packs names one after another, so every bit of the address counts:
        // the top six bits of its product with an odd constant pick the slot.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: name.bytes) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if let kept = slots[slot], kept.address == name.bytes, Self.same(name, kept.bytes) { return kept.value }
        let value = make(name)
        var length = 0
        while name.bytes[length] != 0 { length += 1 }
        slots[slot] = Slot(address: name.bytes, bytes: Array(UnsafeBufferPointer(start: name.bytes, count: length + 1)),
                           value: value)
        return value
    }

    /// Whether `name` spells `bytes` (which end with their NUL).
    @inline(__always)
    private static func same(_ name: XMLName, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { kept in
            for index in kept.indices where name.bytes[index] != kept[index] { return false }
            return true
        }
    }
}
