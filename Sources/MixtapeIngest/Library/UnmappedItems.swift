import MixtapeCore

/// A batch of entries a reader has parsed but not yet mapped to `MediaItem`s: the mapping runs
/// on the thread that calls `items()`. While a large collection is indexed the reading thread
/// is the slower of the two (the XML parser is most of it) and the writing thread waits for it,
/// so handing the mapping over to the writer evens the two cores out.
public struct UnmappedItems: Sendable {
    /// How many items `items()` makes.
    public let count: Int
    private let map: @Sendable () -> [MediaItem]

    /// Takes the entries of `pending` (left empty, its room kept), each to be mapped by `item`.
    init<Entry: Sendable>(taking pending: inout [Entry], item: @escaping @Sendable (Entry) -> MediaItem) {
        let entries = pending
        pending.removeAll(keepingCapacity: true)
        count = entries.count
        map = { entries.map(item) }
    }

    /// The items, in the order the entries were read.
    public func items() -> [MediaItem] { map() }
}
