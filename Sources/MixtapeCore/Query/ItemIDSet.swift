/// Item ids held as packed UTF-8 and found by a hash of their bytes (`PackedStringIndex`):
/// membership asked about every row of a scan. `playlist:Music` asked a `Set<ItemID>` of
/// 91,000 ids about each of 100,000 rows, each time a SipHash of a `String` and a compare
/// through that String's own storage, after building the set one `String` at a time.
struct ItemIDSet: Sendable {
    private let ids: PackedStrings
    private let index: PackedStringIndex

    /// The set of `ids` (an id listed twice is held once).
    init(_ ids: PackedStrings) {
        self.ids = ids
        index = PackedStringIndex(ids)
    }

    func contains(_ id: ItemID) -> Bool {
        var raw = id.rawValue
        return raw.withUTF8 { index.position(of: $0) != nil }
    }

    /// Every id, as a `Set`.
    var all: Set<ItemID> { Set((0..<ids.count).map { ItemID(rawValue: ids[$0]) }) }
}
