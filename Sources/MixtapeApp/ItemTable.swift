import MixtapeCore

/// The items an export run has read, each found by its id. They lie in one array, lent without
/// a copy (a dictionary's value is copied, every string in it retained) and never moved by a
/// rehash; a value, so the saved exports of a run can read it from two threads once it is read.
struct ItemTable: Sendable {
    private var items: [MediaItem] = []
    private var byID: [ItemID: Int] = [:]

    /// `body` given the item of `id`, lent; nil when the table has none.
    func withItem<R>(_ id: ItemID, _ body: (borrowing MediaItem) throws -> R) rethrows -> R? {
        guard let index = byID[id] else { return nil }
        return try body(items[index])
    }

    /// Whether the table has the item of `id`.
    func contains(_ id: ItemID) -> Bool { byID[id] != nil }

    /// Adds `found`, each under its id (a later one of an id replaces an earlier). The first
    /// items are taken as they are: 50,000 items are 28 MB to copy.
    mutating func add(_ found: consuming [MediaItem]) {
        let start = items.count
        if items.isEmpty { items = found } else { items.append(contentsOf: found) }
        byID.reserveCapacity(items.count)
        for index in start..<items.count { byID[items[index].id] = index }
    }
}
