import MixtapeCore
import MixtapeStore

/// The `select` use cases: edit the saved selection by query or by id, and list it with the
/// items it names, flagging ids whose item is no longer in the index.
public struct EditSelection {
    public var libraryPath: String

    public init(libraryPath: String) { self.libraryPath = libraryPath }

    /// What an edit did.
    public struct Outcome: Sendable {
        public var added = 0, removed = 0
        /// Ids given with `--id` that name no item in the index (skipped: most likely typos).
        public var unknown: [ItemID] = []
        /// Selected items after the edit.
        public var total = 0
    }

    /// Applies `edit` to the items `search` finds for `query` (in its order), plus `ids`.
    public func run(_ edit: SelectionEdit, query: Query?, ids: [ItemID], now: Timestamp) throws -> Outcome {
        let store = try LibraryStore(path: libraryPath)
        var targets: [ItemID] = []
        if let query {
            targets = try SearchItems(libraryPath: libraryPath, query: query, now: now).run().ids
        }
        var outcome = Outcome()
        if !ids.isEmpty {
            // A folder's id for a file an export also lists names the export's item.
            let ids = try store.resolve(ids)
            let known = Set(try store.items(fields: []).map(\.id))
            outcome.unknown = ids.filter { !known.contains($0) }
            targets += ids.filter(known.contains)
        }
        (outcome.added, outcome.removed) = try store.editSelection(edit, ids: targets)
        outcome.total = try store.selection().count
        return outcome
    }

    /// One selected id and its item, or nil when the item is gone from the index.
    public struct Entry: Sendable {
        public var id: ItemID
        public var item: MediaItem?
    }

    /// The selection in the order items were selected.
    public func list(fields: Set<Field> = Set(Field.allCases)) throws -> [Entry] {
        guard LibraryStore.exists(at: libraryPath) else { return [] }
        let store = try LibraryStore(path: libraryPath)
        let ids = try store.selection()
        guard !ids.isEmpty else { return [] }
        var byID: [ItemID: MediaItem] = [:]
        for item in try store.items(fields: fields) { byID[item.id] = item }
        return ids.map { Entry(id: $0, item: byID[$0]) }
    }
}
