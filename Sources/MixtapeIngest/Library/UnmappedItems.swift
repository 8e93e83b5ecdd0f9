import MixtapeCore

/// A batch of entries a reader has parsed but not yet mapped to `MediaItem`s: the mapping runs
/// on the thread that calls `items()`. While a large collection is indexed the reading thread
/// is the slower of the two (the XML parser is most of it) and the writing thread waits for it,
/// so handing the mapping over to the writer evens the two cores out.
public struct UnmappedItems: Sendable {
    /// How many items `items()` makes.
    public let count: Int
    private let map: @Sendable () -> [MediaItem]

    /// Takes the entries of `pending` (left empty, with room for as many), each to be mapped by
    /// `item`, which is given the entry to keep: its texts move into the item rather than being
    /// shared by both and let go with the entries (a retain and a release of each text, and a
    /// copy of each entry, were a tenth of reading a Serato database).
    init<Entry: Sendable>(taking pending: inout [Entry], item: @escaping @Sendable (consuming Entry) -> MediaItem) {
        let held = Held<Entry>()
        swap(&held.entries, &pending)
        pending.reserveCapacity(held.entries.count)
        count = held.entries.count
        // Each entry is taken from the end (`popLast` moves it out) and its item put in its place
        // from the end of the items, so none is copied and none is left behind to be destroyed.
        // (Reversing the entries first, to append, copied each one: half the cost of mapping.)
        map = {
            var entries = held.take()
            let count = entries.count
            return Array(unsafeUninitializedCapacity: count) { items, made in
                var index = count
                while let entry = entries.popLast() {
                    index -= 1
                    (items.baseAddress! + index).initialize(to: item(consume entry))
                }
                made = count
            }
        }
    }

    /// The items, in the order the entries were read. Once: the entries are given up to them.
    public func items() -> [MediaItem] { map() }

    /// The entries, in a class so that `items()` can take them although the batch is a value.
    private final class Held<Entry>: @unchecked Sendable {
        var entries: [Entry] = []
        private var taken = false

        func take() -> [Entry] {
            precondition(!taken, "a batch's items are made once")
            taken = true
            var entries: [Entry] = []
            swap(&entries, &self.entries)
            return entries
        }
    }
}
