import GRDB
import MixtapeCore

/// The saved syncs (`sync DEST --save NAME`), kept in the index beside the saved exports.
extension LibraryStore {
    /// Every saved sync, by name.
    public func savedSyncs() throws -> [SavedSync] {
        try reading { db in try SavedSyncStore.all(in: db) }
    }

    /// The names of the saved syncs that have not run since the index last changed.
    public func pendingSavedSyncs() throws -> Set<String> {
        try reading { db in try SavedSyncStore.pending(in: db) }
    }

    /// Records `saved` (replacing one of the same name); true when one was replaced.
    @discardableResult
    public func save(_ saved: SavedSync, at time: Timestamp) throws -> Bool {
        try writing { db in try SavedSyncStore.save(saved, at: time, in: db) }
    }

    /// Marks saved syncs as waiting for their device (or a run that succeeds), or as done.
    public func markSavedSyncs(_ names: [String], pending: Bool) throws {
        guard !names.isEmpty else { return }
        try writing { db in try SavedSyncStore.mark(names, pending: pending, in: db) }
    }

    /// Forgets the saved sync `name` (what it wrote on the device stays); false when there was none.
    public func removeSavedSync(named name: String) throws -> Bool {
        try writing { db in try SavedSyncStore.remove(name, in: db) }
    }
}
