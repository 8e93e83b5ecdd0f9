/// A playlist's entries packed as the index stores them (`LengthPrefixedList`), for readers of
/// large libraries: as `[ItemID]`, a 500,000-entry playlist is 500,000 heap strings (an iTunes
/// id is 23 bytes, past Swift's 15-byte inline strings: 64 bytes each) besides the array; packed,
/// it is 12 MB, and the store writes it as it is.
public struct PackedItemIDs: Hashable, Sendable {
    /// The packed bytes, exactly what the store writes as the playlist's entries.
    public private(set) var bytes: [UInt8] = []
    /// How many ids are packed.
    public private(set) var count = 0

    public init() {}

    /// An empty list with room for `byteCount` bytes of packed ids.
    public init(reservingBytes byteCount: Int) {
        bytes.reserveCapacity(byteCount)
    }

    /// The ids of `items`, packed.
    public init(_ items: some Sequence<ItemID>) {
        for id in items { append(id) }
    }

    public mutating func append(_ id: ItemID) {
        var raw = id.rawValue
        raw.withUTF8 { append(utf8: $0) }
    }

    /// Appends an id given as its UTF-8 bytes, so a reader can pack an id it never made a
    /// `String` of.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        LengthPrefixedList.append(utf8, to: &bytes)
        count += 1
    }

    /// The ids, unpacked (for tests and small lists; the store never needs this).
    public var ids: [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(count)
        LengthPrefixedList.forEach(in: bytes) { ids.append(ItemID(rawValue: String(decoding: $0, as: UTF8.self))) }
        return ids
    }
}
