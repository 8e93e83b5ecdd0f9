import Foundation
import MixtapeCore
import MixtapeStore

/// Saved syncs (`sync DEST --save NAME`, `mixtape saved`): recorded in the index, run again
/// after an `index` or `watch` batch that changed it, when their device is mounted.
///
/// A run is the ordinary incremental `SyncDevice` run, so it writes only what changed and a
/// run with nothing to do costs well under a second. A device that is not there is not a
/// failure (it is in someone's pocket): the saved sync is marked pending, said in one note,
/// and the first index after it is back runs it, whether or not anything changed since.
public struct SavedSyncs {
    public var libraryPath: String
    /// "Now" for relative dates in saved queries (`added:<30d`).
    public var now: Timestamp
    /// Where ffmpeg is looked for.
    public var environment = PlayerEnvironment()

    public init(libraryPath: String, now: Timestamp) {
        self.libraryPath = libraryPath
        self.now = now
    }

    /// What one saved sync's run did.
    public struct Outcome: Sendable {
        public enum Result: Sendable {
            /// It ran: what it wrote, deleted or found unchanged.
            case synced(SyncDevice.Report)
            /// DEST does not exist: the device is not plugged in or not mounted.
            case notThere
            /// It could not run, or stopped: why (a full device, no ffmpeg, a query this
            /// version no longer parses, another sync writing DEST).
            case failed(String)
        }

        public var saved: SavedSync
        public var result: Result

        /// It could not run, or (`--strict`) a source file could not be decoded.
        public var failed: Bool {
            switch result {
            case .failed: true
            case .synced(let report): saved.settings.strict && !(report.outcome?.failed.isEmpty ?? true)
            case .notThere: false
            }
        }

        /// It ran and changed something on the device.
        public var wrote: Bool {
            guard case .synced(let report) = result, let outcome = report.outcome else { return false }
            return outcome.copied + outcome.transcoded + outcome.renamed + outcome.deleted + outcome.playlists > 0
                || !outcome.failed.isEmpty
        }

        public var notThere: Bool { if case .notThere = result { true } else { false } }
    }

    public func list() throws -> [SavedSync] {
        guard LibraryStore.exists(at: libraryPath) else { return [] }
        return try LibraryStore(path: libraryPath).savedSyncs()
    }

    /// Records `saved`, which has just run; true when it replaced one of the same name.
    @discardableResult
    public func save(_ saved: SavedSync) throws -> Bool {
        try LibraryStore(path: libraryPath).save(saved, at: now)
    }

    /// Forgets the saved sync `name` (the files on the device stay); false when there was none.
    public func remove(_ name: String) throws -> Bool {
        guard LibraryStore.exists(at: libraryPath) else { return false }
        return try LibraryStore(path: libraryPath).removeSavedSync(named: name)
    }

    /// Runs the saved syncs named (every one when `names` is nil), in name order.
    public func run(names: [String]? = nil) throws -> [Outcome] {
        guard let store = try opened() else { return [] }
        return try run(store.savedSyncs().filter { names?.contains($0.name) ?? true }, in: store)
    }

    /// After an index run: every saved sync when the index changed; else only those still
    /// pending whose device is back (one still away was said already, and is not said again).
    public func refresh(indexChanged: Bool) throws -> [Outcome] {
        guard let store = try opened() else { return [] }
        let saved = try store.savedSyncs()
        guard !saved.isEmpty else { return [] }
        if indexChanged { return try run(saved, in: store) }
        let pending = try store.pendingSavedSyncs()
        return try run(saved.filter { pending.contains($0.name) && Self.isThere($0.destination) }, in: store)
    }

    /// The index, opened once for the list and the marks; nil when there is none.
    private func opened() throws -> LibraryStore? {
        LibraryStore.exists(at: libraryPath) ? try LibraryStore(path: libraryPath) : nil
    }

    /// Runs `chosen` one after another (each uses every core already), then marks those that
    /// did not run pending and the others done.
    private func run(_ chosen: [SavedSync], in store: LibraryStore) throws -> [Outcome] {
        let outcomes = chosen.map { Outcome(saved: $0, result: run($0)) }
        try store.markSavedSyncs(outcomes.filter { $0.notThere || $0.failed }.map(\.saved.name), pending: true)
        try store.markSavedSyncs(outcomes.filter { !$0.notThere && !$0.failed }.map(\.saved.name), pending: false)
        return outcomes
    }

    private func run(_ saved: SavedSync) -> Outcome.Result {
        guard Self.isThere(saved.destination) else { return .notThere }
        do {
            var sync = try SyncDevice(saved: saved, libraryPath: libraryPath, now: now)
            sync.environment = environment
            return .synced(try sync.run())
        } catch SyncError.noDevice {
            return .notThere
        } catch let error as QueryError {
            return .failed("its query no longer parses: \(error)")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Whether the device is there: DEST holds the manifest the saved sync's first run wrote.
    /// A mount point's folder stays when its stick is unplugged, and filling that folder would
    /// fill the computer's own disk instead; a DEST that is a file, or cannot be written, is
    /// left to the run, which says what is wrong.
    static func isThere(_ path: String) -> Bool {
        if case .missing = FileFacts.inspect(path) { return false }
        if case .missing = FileFacts.inspect(path + "/" + DeviceFolder.manifestPath),
           case .folder = FileFacts.inspect(path) { return false }
        return true
    }
}

extension SyncDevice {
    /// The sync a saved record describes, its query parsed anew.
    init(saved: SavedSync, libraryPath: String, now: Timestamp) throws {
        self.init(libraryPath: libraryPath, destination: saved.destination, now: now)
        switch saved.source {
        case .selection: source = .selection
        case .query(let text): source = .query(try Query(parsing: text))
        case .playlists(let references): source = .playlists(references)
        case .allPlaylists: source = .allPlaylists
        }
        settings = saved.syncSettings
        names = saved.settings.names
        deleting = saved.settings.delete
    }
}
