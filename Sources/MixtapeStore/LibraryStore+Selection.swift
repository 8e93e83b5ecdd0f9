import Foundation
import GRDB
import SQLiteThreading
import MixtapeCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a person keeps in the index besides the library: the selection, the picker's memory
/// and the saved exports.
extension LibraryStore {
    // MARK: selection

    /// `ids` with each alias (a folder's id for a file an export lists) replaced by the id of
    /// the item it names, repeats dropped: what a selection or `--id` stores.
    public func resolve(_ ids: [ItemID]) throws -> [ItemID] {
        try reading { db in try ItemAliases.resolve(ids, in: db) }
    }

    /// The selected ids, in the order they were selected.
    public func selection() throws -> [ItemID] {
        try reading { db in try SelectionStore.ids(in: db) }
    }

    /// Edits the selection in one transaction: `add` appends ids not yet selected, `remove`
    /// removes, `toggle` does either per id, `clear` empties it. With `dryRun` the same
    /// transaction is rolled back, so what it reports is exactly what the edit would do.
    public func editSelection(_ edit: SelectionEdit, ids: [ItemID] = [], dryRun: Bool = false) throws -> SelectionChange {
        let apply = { (db: Database) throws -> SelectionChange in
            var seen = Set<ItemID>()
            let ids = try ItemAliases.resolve(ids, in: db).filter { seen.insert($0).inserted }
            var change = SelectionChange()
            switch edit {
            case .add:
                change.added = try SelectionStore.add(ids, in: db)
                change.alreadySelected = ids.count - change.added.count
            case .remove:
                change.removed = try SelectionStore.remove(ids, in: db)
                change.notSelected = ids.count - change.removed.count
            case .clear:
                change.removed = try SelectionStore.ids(in: db)
                _ = try SelectionStore.clear(in: db)
            case .toggle:
                let selected = Set(try SelectionStore.ids(in: db))
                let (on, off) = (ids.filter { !selected.contains($0) }, ids.filter(selected.contains))
                change.added = try SelectionStore.add(on, in: db)
                change.removed = try SelectionStore.remove(off, in: db)
            }
            change.total = try SelectionStore.ids(in: db).count
            return change
        }
        guard dryRun else { return try writing(apply) }
        try checkWritable()
        return try StoreError.translating {
            try pool.writeWithoutTransaction { db in
                var change = SelectionChange()
                try db.inTransaction {
                    change = try apply(db)
                    return .rollback
                }
                return change
            }
        }
    }

    /// Replaces the selection with `ids`, in this order, in one transaction: what the picker
    /// saves on Enter. Returns how many ids are now selected.
    @discardableResult
    public func replaceSelection(with ids: [ItemID]) throws -> Int {
        try writing { db in
            _ = try SelectionStore.clear(in: db)
            return try SelectionStore.add(try ItemAliases.resolve(ids, in: db), in: db).count
        }
    }

    // MARK: picker

    /// What the picker showed when it last closed, or nil.
    public func pickerMemory() throws -> PickerMemory? {
        try reading { db in try PickerMemory.read(in: db) }
    }

    /// Remembers the picker's state and, when the user accepted, saves `selection` in the same
    /// transaction, so a crash between the two cannot leave one without the other.
    public func closePicker(remembering memory: PickerMemory, selection: [ItemID]?) throws {
        try writing { db in
            try memory.write(in: db)
            if let selection {
                _ = try SelectionStore.clear(in: db)
                try SelectionStore.add(try ItemAliases.resolve(selection, in: db), in: db)
            }
        }
    }

    // MARK: saved exports

    /// Every saved export, by name.
    public func savedExports() throws -> [SavedExport] {
        try reading { db in try SavedExportStore.all(in: db) }
    }

    /// Records `saved` (replacing one of the same name); true when one was replaced.
    @discardableResult
    public func save(_ saved: SavedExport, at time: Timestamp) throws -> Bool {
        try writing { db in try SavedExportStore.save(saved, at: time, in: db) }
    }

    /// Forgets the saved export `name` (its playlist file stays); false when there was none.
    public func removeSavedExport(named name: String) throws -> Bool {
        try writing { db in try SavedExportStore.remove(name, in: db) }
    }
}
