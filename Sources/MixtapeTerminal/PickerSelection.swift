import MixtapeCore

/// The picker's selection: a set of item ids that remembers the order in which they were
/// selected, because that is the output order. Toggling on appends; toggling off removes.
public struct PickerSelection: Hashable, Sendable {
    /// The selected ids, in the order they were selected.
    public private(set) var ids: [ItemID] = []
    private var memberSet: Set<ItemID> = []

    /// An empty selection, or one holding `ids` in this order (duplicates dropped).
    public init(_ ids: [ItemID] = []) {
        insert(contentsOf: ids)
    }

    /// The selected ids as a set, for lookups by other stages (`selected:` in a query).
    public var members: Set<ItemID> { memberSet }

    /// The number of selected items.
    public var count: Int { ids.count }

    /// True when nothing is selected.
    public var isEmpty: Bool { ids.isEmpty }

    /// Whether `id` is selected.
    public func contains(_ id: ItemID) -> Bool { memberSet.contains(id) }

    /// Selects `id` if it was not selected, deselects it if it was.
    public mutating func toggle(_ id: ItemID) {
        if memberSet.contains(id) {
            remove(contentsOf: [id])
        } else {
            insert(contentsOf: [id])
        }
    }

    /// Appends, in the given order, those of `newIDs` that are not selected yet.
    public mutating func insert(contentsOf newIDs: some Sequence<ItemID>) {
        for id in newIDs where memberSet.insert(id).inserted {
            ids.append(id)
        }
    }

    /// Deselects every id in `oldIDs`; the rest keep their order.
    public mutating func remove(contentsOf oldIDs: some Sequence<ItemID>) {
        let gone = Set(oldIDs).intersection(memberSet)
        guard !gone.isEmpty else { return }
        memberSet.subtract(gone)
        ids.removeAll { gone.contains($0) }
    }

    /// Toggles every id in `someIDs`: the selected ones are deselected, the others appended
    /// in the given order.
    public mutating func toggle(contentsOf someIDs: some Sequence<ItemID>) {
        let selected = someIDs.filter { memberSet.contains($0) }
        let unselected = someIDs.filter { !memberSet.contains($0) }
        remove(contentsOf: selected)
        insert(contentsOf: unselected)
    }
}
