/// A playlist's entries held compactly for readers of large libraries, and written out as the
/// index stores them (`LengthPrefixedList`) a chunk at a time.
///
/// As `[ItemID]`, a 500,000-entry playlist is 500,000 heap strings (an iTunes id is 23 bytes,
/// past Swift's 15-byte inline strings: 64 bytes each) besides the array; as its stored bytes,
/// 24 bytes an entry. Almost every entry is `itunes:` and 16 upper-case hex digits, so such an
/// entry is kept as the 64-bit value of its digits (8 bytes) and spelled out only while the
/// store writes it: a million-track master playlist is 8 MB in flight instead of 24.
/// Any other id keeps its bytes, in order, beside the values.
public struct PackedItemIDs: Hashable, Sendable {
    /// Per entry, the value of an `itunes:` hex id (0 for an entry kept in `otherBytes`), in
    /// blocks of `blockCount`: a list built entry by entry never copies itself to grow, nor
    /// holds up to twice the room it needs (a doubled array of a million entries is 16 MB).
    private var values: [[UInt64]] = []
    private static let blockCount = 1 << 16
    /// Set for an entry that is not an `itunes:` hex id.
    private var isOther = BitList()
    /// The bytes of the other entries, in order, as `LengthPrefixedList`.
    private var otherBytes: [UInt8] = []
    /// How many ids are packed.
    public private(set) var count = 0
    /// How many bytes the entries take as the index stores them (`bytes.count`).
    public private(set) var byteCount = 0

    /// About how much memory the entries hold: what a pipeline counts against its budget.
    public var heldBytes: Int { count * 8 + otherBytes.count }

    public init() {}

    /// The ids of `items`, packed.
    public init(_ items: some Sequence<ItemID>) {
        for id in items { append(id) }
    }

    public mutating func append(_ id: ItemID) {
        var raw = id.rawValue
        raw.withUTF8 { append(utf8: $0) }
    }

    /// Appends an id given as its UTF-8 bytes, so a reader can pack an id it never made a
    /// `String` of. An `itunes:` hex id is kept as its value whoever spelled it.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        if let value = ITunesHexID.value(of: utf8) { return append(itunesHex: value) }
        isOther[count] = true
        appendValue(0)
        let before = otherBytes.count
        LengthPrefixedList.append(utf8, to: &otherBytes)
        byteCount += otherBytes.count - before
    }

    /// Appends `ItemID.itunes(persistentID:)` of the 16-digit Persistent ID of this value.
    public mutating func append(itunesHex value: UInt64) {
        appendValue(value)
        byteCount += ITunesHexID.packedCount
    }

    @inline(__always)
    private mutating func appendValue(_ value: UInt64) {
        if count % Self.blockCount == 0 {
            var block: [UInt64] = []
            // The first block grows as needed: most playlists are small.
            if count > 0 { block.reserveCapacity(Self.blockCount) }
            values.append(block)
        }
        values[values.count - 1].append(value)
        count += 1
    }

    /// Hands the stored bytes to `body` in order, a chunk of at most `chunkSize` bytes (or one
    /// entry, if longer) at a time, each chunk ending at an entry's end: the store writes a
    /// large list this way without ever holding all its bytes.
    public func forEachChunk(of chunkSize: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(min(chunkSize, byteCount))
        var index = 0, otherOffset = 0
        for block in values {
            for value in block {
                let start = chunk.count
                if isOther[index] {
                    otherOffset = LengthPrefixedList.appendNext(from: otherBytes, at: otherOffset, to: &chunk)
                } else {
                    ITunesHexID.appendPacked(value, to: &chunk)
                }
                index += 1
                if chunk.count > chunkSize, start > 0 {
                    // The entry just added goes to the next chunk.
                    try chunk.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<start])) }
                    chunk.removeFirst(start)
                }
            }
        }
        if !chunk.isEmpty { try chunk.withUnsafeBufferPointer(body) }
    }
    /// The stored bytes, whole (tests and small lists; the store writes them by chunks).
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        forEachChunk(of: .max) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The ids, unpacked (for tests and small lists; the store never needs this).
    public var ids: [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(count)
        LengthPrefixedList.forEach(in: bytes) { ids.append(ItemID(rawValue: String(decoding: $0, as: UTF8.self))) }
        return ids
    }
}
