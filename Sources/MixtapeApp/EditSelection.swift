import MixtapeCore
import MixtapeStore

/// The `select` use cases: edit the saved selection by query or by id, and list it with the
/// items it names, flagging ids whose item is no longer in the index.
public struct EditSelection {
    public var libraryPath: String

    public init(libraryPath: String) { self.libraryPath = libraryPath }

    /// What an edit did, or with `dryRun` would do.
    public struct Outcome: Sendable {
        public var added = 0, removed = 0
        /// The first items added and removed, in order (up to `shown` of each), for a person
        /// to see what a fuzzy term really took.
        public var addedItems: [MediaItem] = []
        public var removedItems: [MediaItem] = []
        /// `add` targets already selected; `remove` targets that were not.
        public var alreadySelected = 0, notSelected = 0
        /// Ids given with `--id` that name no item in the index (skipped: most likely typos).
        public var unknown: [ItemID] = []
        /// Selected items after the edit.
        public var total = 0
    }

    /// Applies `edit` to the items `search` finds for `query` (in its order), plus `ids`; with
    /// `dryRun` nothing is saved. Up to `shown` added and removed items are read back whole.
    public func run(_ edit: SelectionEdit, query: Query?, ids: [ItemID], now: Timestamp,
                    dryRun: Bool = false, shown: Int = 10) throws -> Outcome {
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
        let change = try store.editSelection(edit, ids: targets, dryRun: dryRun)
        outcome.added = change.added.count
        outcome.removed = change.removed.count
        outcome.alreadySelected = change.alreadySelected
        outcome.notSelected = change.notSelected
        outcome.total = change.total
        // A cleared selection may name items gone from the index: shown by id.
        outcome.addedItems = try change.added.prefix(shown).map { try store.item($0) ?? MediaItem(id: $0) }
        outcome.removedItems = try change.removed.prefix(shown).map { try store.item($0) ?? MediaItem(id: $0) }
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
