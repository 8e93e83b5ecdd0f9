import MixtapeCore

/// The export's items as plain numbers, a row each in reading order: Track ID → item id, to
/// resolve playlist entries, and the Persistent IDs seen, to warn about one that comes again.
///
/// An id that is `itunes:` and 16 upper-case hex digits (every real Persistent ID) is kept as
/// its 64-bit value and spelled out only when the store writes a playlist (`PackedItemIDs`), so
/// a row is 8 bytes and an eighth, with no string: other ids (derived, odd Persistent IDs) are
/// kept aside. Track IDs find their row through `TrackIDIndex` (under a byte a track), and the
/// Persistent IDs are looked up by row (`SeenPersistentIDs`): about 9 MB at a million tracks,
/// and 8 more until the track list closes, where a table of Track IDs and a set of Persistent
/// IDs took 52 MB.
struct TrackIDTable {
    /// Per row, the hex id's value, or the index of the id in `others`.
    private var values: [UInt64] = []
    /// Set for a row whose value indexes `others`.
    private var isOther = BitList()
    private var others: [ItemID] = []
    private var rows = TrackIDIndex()
    /// Nil once duplicates are no longer looked for (`forgetPersistentIDs`).
    private var seen: SeenPersistentIDs? = SeenPersistentIDs()

    /// Records the next item, found by `trackID` when it has one; `hex` is the value of its
    /// Persistent ID when the id is exactly `ItemID.itunes(persistentID:)` of 16 hex digits.
    /// A later item with the same Track ID replaces. False when a row before had the same hex
    /// Persistent ID.
    mutating func add(_ id: ItemID, hex: UInt64?, trackID: Int64?) -> Bool {
        let row = values.count
        if let hex {
            values.append(hex)
        } else {
            isOther[row] = true
            values.append(UInt64(others.count))
            others.append(id)
        }
        if let trackID { rows.insert(trackID, row: row) }
        guard let hex else { return true }
        return seen?.insert(hex, row: row, values: values) ?? true
    }

    /// Stops looking for repeated Persistent IDs and lets their index go.
    mutating func forgetPersistentIDs() {
        seen = nil
    }

    /// The item id of Track ID `key` (made again from its number for a hex id).
    subscript(key: Int64) -> ItemID? {
        guard let row = rows.row(of: key) else { return nil }
        return isOther[row] ? others[Int(values[row])] : ITunesHexID.id(values[row])
    }

    /// Appends the item id of Track ID `key` to `packed` without making a string; false when
    /// the export has no such track.
    func appendID(of key: Int64, to packed: inout PackedItemIDs) -> Bool {
        guard let row = rows.row(of: key) else { return false }
        if isOther[row] { packed.append(others[Int(values[row])]) } else { packed.append(itunesHex: values[row]) }
        return true
    }

    /// Whether Track IDs left their dense index for a hash table (for tests).
    var isHashed: Bool { rows.isHashed }
}
