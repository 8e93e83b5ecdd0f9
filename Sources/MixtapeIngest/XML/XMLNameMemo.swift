/// What a sink made of each element or attribute name it met, found again by the name's
/// address, for one parse: libxml2 hands every name over from its dictionary, so a name met
/// again comes at the same address, and a sink that looks a name up among a dozen it reads
/// (`VirtualDJSink`: eleven attributes a song, each compared with up to fourteen names) does so
/// once per name, not once per element.
///
/// A few slots, each keeping the last name that fell in it: a name that finds its slot taken
/// by another is looked up again, so the answer never depends on the addresses, only the time.
/// Keep one only as long as its parse (its dictionary, and the addresses, go with it).
struct XMLNameMemo<Value> {
    private static var slotCount: Int { 64 }
    private var names = [UnsafePointer<UInt8>?](repeating: nil, count: slotCount)
    private var values = [Value?](repeating: nil, count: slotCount)

    /// What `make` made of `name`, made now if this name is not the one kept in its slot.
    @inline(__always)
    mutating func value(of name: XMLName, orMake make: (XMLName) -> Value) -> Value {
        // The dictionary packs names one after another, so every bit of the address counts:
        // the top six bits of its product with an odd constant pick the slot.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: name.bytes) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if names[slot] == name.bytes, let value = values[slot] { return value }
        let value = make(name)
        names[slot] = name.bytes
        values[slot] = value
        return value
    }
}
