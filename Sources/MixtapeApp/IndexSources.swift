import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

/// The `index` use case: add sources and bring the index up to date, all or nothing per
/// source, one writer at a time.
public struct IndexSources {
    public var libraryPath: String
    /// Paths as the user typed them; empty means every recorded source (the cron form) and
    /// `defaultSources`.
    public var sources: [String]
    /// The config file's sources, indexed with the recorded ones when `sources` is empty (and
    /// so added on the first run). One that does not exist is a warning, as for a recorded
    /// source: the config may name a disk that is not always plugged in.
    public var defaultSources: [String] = []
    /// Re-read sources even when their size and modification time are unchanged (for a
    /// folder: every media file, not only the changed ones).
    public var full = false
    /// Seconds to wait for another writer to finish.
    public var wait = 60.0
    /// A watch batch: bring only these recorded sources up to date, and of a folder source
    /// only the part that changed (`sources` is then ignored).
    public var changes: ChangeBatch?
    /// Rebuild the line snapshot after a run that changed the index (`watch` defers it to a
    /// quiet moment instead, so a batch holds the lock for milliseconds on any library size).
    public var refreshesLineSnapshot = true
    /// Asked while waiting for the writer lock: true ends the wait (a `watch` told to stop).
    public var giveUpWaiting: (@Sendable () -> Bool)?
    /// Told how many items of which source have been read so far, for a progress line.
    public var progress: (@Sendable (_ source: String, _ items: Int) -> Void)?
    /// "Now" for relative dates in the queries of saved exports.
    public var now = Timestamp(rawValue: Int64(FileFacts.now()))
    /// Media files already read, before the writer lock (a watch batch: `FolderReadAhead`).
    var readAhead: FolderReadAhead?

    public init(libraryPath: String, sources: [String]) {
        self.libraryPath = libraryPath
        self.sources = sources
    }

    /// Runs the index. Throws only for failures of the whole run (the lock, the index itself);
    /// a source that fails is recorded in the report and the others go on.
    ///
    /// The steps, each a type of its own: read the sources that changed (`ReadSources`), find
    /// each export's files here (`ResolveLocations`), work out the playlists made from items
    /// and store the line snapshot (`DerivePlaylists`, `LineSnapshotRefresh`), and write the
    /// saved exports again (`SavedExports`). All of it under the writer lock, so a cron `index`
    /// and a `watch` batch never interleave. Then, the lock released, the saved syncs
    /// (`SavedSyncs`): a device being filled for minutes must not keep another writer waiting.
    public func run() throws -> IndexReport {
        var report = try indexed()
        // A new index has none, and is not opened again to find that out.
        if !report.madeIndex {
            report.savedSyncs = try SavedSyncs(libraryPath: libraryPath, now: now).refresh(indexChanged: report.changedIndex)
        }
        return report
    }

    /// The index brought up to date under the writer lock, and the saved exports written.
    private func indexed() throws -> IndexReport {
        let started = FileFacts.now()
        try LibraryStore.createParentFolder(of: libraryPath)
        let lock = try WriterLock(path: LibraryPath.lockPath(for: libraryPath), wait: wait,
                                  giveUp: { giveUpWaiting?() ?? false })
        defer { withExtendedLifetime(lock) {} }
        let store = try openStore()
        var moved = false
        defer { if !moved { store.discardBuild() } }
        var report = IndexReport()
        report.madeIndex = store.isBeingBuilt
        let (targets, unrecorded) = try self.targets(recordedIn: store)
        // A run killed after writing items but before what is worked out from them left this
        // mark: that work is done again now, even if no source changed since.
        let interrupted = try store.derivedDataPending()

        let recorded = try store.sources()
        // Relocation's search of the folders the exports sit in starts now, beside the reading.
        let walkedAhead = ResolveLocations.walkingAhead(of: targets, recorded: recorded)
        let gathered = try ReadSources(options: self, store: store, readAhead: readAhead ?? FolderReadAhead())
            .run(targets, named: changes == nil && !sources.isEmpty, unrecorded: unrecorded, into: &report)
        let derive = report.changedIndex || interrupted
        // Files that came, went or moved, or an export read again, may change where entries
        // are; a batch of tags edited in place does not, and costs no pass over the exports.
        if interrupted || report.added + report.removed + report.moved + report.reread > 0 {
            report.relocations = try ResolveLocations(store: store, walkedAhead: walkedAhead,
                                                      locatedRows: gathered.locatedRows).run()
        }
        let relocated = report.relocations.contains(where: \.changedPaths)
        // A one-source index has its lines already: its sync gathered them as it wrote the
        // items. Relocation may have dropped the snapshot (items merged or parted).
        let snapshotDue = try refreshesLineSnapshot && (report.sources > report.skipped || interrupted || relocated)
            && gathered.lines == nil && !store.hasLineSnapshot(template: FormatTemplate.standard.text)
        var derived = DerivePlaylists.Outcome()
        if derive {
            derived = try DerivePlaylists(store: store, libraryPath: libraryPath, now: now)
                .run(gathered: gathered.lines, columnsHold: !relocated, resolvingFiles: interrupted || relocated,
                     keepingLines: snapshotDue)
            let covered = Set(targets)
            let sources = try store.sources()
            report.playlists = sources.filter { covered.contains($0.path) }.reduce(0) { $0 + $1.playlistCount }
            report.relocations += ResolveLocations.playlistFileOutcomes(among: targets, before: recorded, after: sources)
        } else if let lines = gathered.lines {
            derived.stored = try store.storeLineSnapshot(lines)
        }
        if snapshotDue || !derived.stored { try LineSnapshotRefresh.run(store, loaded: derived.loaded) }
        // A new index has no saved exports yet, and everything else is written before it is
        // moved into place, so it is not opened again.
        if !report.madeIndex {
            report.savedExports = try SavedExports(libraryPath: libraryPath, now: now).refresh(indexChanged: derive)
        }
        if derive { try store.clearDerivedDataPending() }
        report.sharedWithAnotherSource = try store.aliasCount(among: Set(targets))
        if report.madeIndex {
            try store.moveIntoPlace()
            moved = true
        }
        report.seconds = FileFacts.now() - started
        return report
    }

    /// The index to write: the one at `libraryPath`, or for a first index a build beside it,
    /// moved there at the end. A first index that was stopped left only its build: with no
    /// source named (the cron form) nothing says what to build again, so that is said, each
    /// run, rather than an empty index quietly made.
    private func openStore() throws -> LibraryStore {
        if changes == nil, sources.isEmpty, defaultSources.isEmpty, let leftover = LibraryStore.stoppedBuild(at: libraryPath) {
            throw StoreError.firstIndexStopped(path: libraryPath, leftover: leftover)
        }
        return LibraryStore.exists(at: libraryPath) ? try LibraryStore(path: libraryPath)
            : try LibraryStore.building(at: libraryPath)
    }

    /// The sources this run brings up to date: a watch batch's, the ones named, or (the cron
    /// form) every recorded source and the config file's not recorded yet, which are returned
    /// apart (one that does not exist is a warning, not a failure).
    private func targets(recordedIn store: LibraryStore) throws -> (targets: [String], unrecorded: Set<String>) {
        if let changes { return (changes.sourcePaths, []) }
        let named = sources.map(NamedSource.path)
        guard named.isEmpty else { return (named, []) }
        let recorded = try store.sources().map(\.path)
        let defaults = defaultSources.map(NamedSource.path).filter { !recorded.contains($0) }
        return (recorded + defaults, Set(defaults))
    }
}
