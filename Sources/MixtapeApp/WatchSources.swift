import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

/// The `watch` use case: bring the sources up to date, then keep them so as files change,
/// until SIGTERM or SIGINT.
///
/// Watches are set up before the first index run, so a change made while that run reads is
/// seen afterwards. Each batch is one `IndexSources` run scoped to what changed: it takes the
/// writer lock only while it applies, so a cron `index` simply waits its turn, and readers
/// (`search`, `pick`) never wait at all (WAL). A stop signal ends the wait for events or for
/// the lock, never a batch halfway.
public struct WatchSources {
    public var libraryPath: String
    /// Paths as the user typed them; empty means every recorded source and `defaultSources`.
    public var sources: [String]
    /// The config file's sources, watched (and added) with the recorded ones when `sources`
    /// is empty.
    public var defaultSources: [String] = []
    /// Seconds of quiet before a batch is applied.
    public var debounce = 1.0
    /// Check every this many seconds instead of asking the kernel (file systems without
    /// inotify: NFS, SMB, FUSE mounts).
    public var pollSeconds: Double?
    /// Seconds one batch waits for another writer before it is put off.
    public var wait = 60.0
    public var log: @Sendable (WatchLog) -> Void = { _ in }

    public init(libraryPath: String, sources: [String]) {
        self.libraryPath = libraryPath
        self.sources = sources
    }

    /// Runs until a stop signal. Throws if watching cannot start (nothing to watch, a named
    /// source missing, the kernel's watch limit) or the index fails.
    public func run() throws {
        let stop = StopSignal()
        let targets = try watchedSources()
        if let pollSeconds {
            try poll(targets, every: pollSeconds, stop: stop)
        } else {
            try watch(targets, stop: stop)
        }
        log(.stopping)
    }

    /// Asks the kernel for changes and applies them batch by batch.
    private func watch(_ targets: [WatchedSource], stop: StopSignal) throws {
        let watcher = try SourceWatcher(sources: targets, debounce: debounce, stop: stop,
                                        isRelevant: { FolderWalker.isIndexable(name: $0) })
        try watcher.start()
        log(.started(sources: targets.count, watchedFolders: watcher.watchCount, pollSeconds: nil))
        logSkipped(watcher)
        var said = SaidWarnings()
        var kept = WatchedIndex(path: libraryPath)
        try catchUp(stop: stop, said: &said)
        kept.settle()
        var snapshotStale = false
        watching: while true {
            switch try watcher.next(idleAfter: snapshotStale ? WatchSources.snapshotDelay : nil) {
            case .stopped:
                break watching
            case .idle:
                guard try keep(&kept, targets, stop: stop) else { break watching }
                snapshotStale = try !refreshLineSnapshot(wait: 0)
            case .batch(let batch):
                logSkipped(watcher)
                guard try keep(&kept, targets, stop: stop) else { break watching }
                var index = indexRun(stop: stop)
                index.changes = batch
                index.refreshesLineSnapshot = false
                // The changed files are read before the writer lock is taken, once, however
                // long another writer makes the batch wait: reading a slow file never keeps a
                // cron `index` waiting (`FolderReadAhead`).
                index.readAhead = FolderReadAhead.reading(batch, for: index)
                guard var report = try apply(index, stop: stop) else { break watching }
                if report.added + report.updated + report.removed > 0 { snapshotStale = true }
                report.warnings = said.new(report.warnings)
                // A batch that changed nothing (a file saved unchanged, a `touch`) is not worth
                // a log line.
                if report.changedSomething || batch.overflowed {
                    log(.applied(report, sources: batch.sourcePaths, events: batch.eventCount,
                                 overflowed: batch.overflowed))
                }
            }
        }
        if snapshotStale { _ = try refreshLineSnapshot(wait: 0.5) }
    }

    /// Says which folders could not be watched since the last call: each once, and the watch
    /// goes on without them (exit 71 would stop a service that cannot be restarted out of it).
    private func logSkipped(_ watcher: SourceWatcher) {
        for (folder, reason) in watcher.takeSkipped() { log(.notWatched(folder: folder, reason: reason)) }
    }

    /// Brings the sources up to date every `seconds`, for file systems without inotify.
    private func poll(_ targets: [WatchedSource], every seconds: Double, stop: StopSignal) throws {
        log(.started(sources: targets.count, watchedFolders: nil, pollSeconds: seconds))
        var said = SaidWarnings()
        var kept = WatchedIndex(path: libraryPath)
        try catchUp(stop: stop, said: &said)
        kept.settle()
        while !stop.wait(seconds: seconds) {
            guard try keep(&kept, targets, stop: stop) else { break }
            var index = indexRun(stop: stop)
            index.sources = targets.map(\.path)
            guard var report = try apply(index, stop: stop) else { continue }
            report.warnings = said.new(report.warnings)
            if report.changedSomething {
                log(.applied(report, sources: index.sources, events: 0, overflowed: false))
            }
        }
    }

    /// The sources to watch: the named ones (which must exist), else every recorded one and
    /// the config file's that exist.
    private func watchedSources() throws -> [WatchedSource] {
        if !sources.isEmpty { return try sources.map(NamedSource.path).map(WatchSources.watched) }
        let recorded = LibraryStore.exists(at: libraryPath) ? try LibraryStore(path: libraryPath).sources() : []
        var watched: [WatchedSource] = recorded.map {
            $0.kind == .folder ? .folder(root: $0.path)
                : .library(file: $0.path, companions: LibraryFileReader.companions(of: $0.path, kind: $0.kind),
                           companionFolders: LibraryFileReader.companionFolders(of: $0.path, kind: $0.kind))
        }
        let recordedPaths = Set(recorded.map(\.path))
        for path in defaultSources.map(NamedSource.path) where !recordedPaths.contains(path) {
            // One that is missing or unreadable is skipped: the catch-up index warns about it.
            if let source = try? WatchSources.watched(path) { watched.append(source) }
        }
        guard !watched.isEmpty else { throw WatchSetupError.nothingToWatch }
        return watched
    }

    /// What to watch for the source at `path`, which must exist and be readable.
    private static func watched(_ path: String) throws(SourceFailure) -> WatchedSource {
        switch FileFacts.inspect(path) {
        case .folder: .folder(root: path)
        case .file:
            // Its companions by content: the source may not be recorded yet.
            {
                let reader = (try? SourceSniffer.recognise(path: path)).flatMap { LibraryFileReader.all[$0.id] }
                return .library(file: path, companions: reader?.companions(path) ?? [],
                                companionFolders: reader?.companionFolders(path) ?? [])
            }()
        case .missing: throw SourceFailure(path: path, reason: .missing)
        case .unreadable(let why): throw SourceFailure(path: path, reason: .unreadable(why))
        }
    }

    /// Seconds of quiet after a batch before the line snapshot is rebuilt. Until then
    /// `search` reads the items themselves (about 0.5 s instead of 0.15 s for 100,000 items),
    /// which a burst of batches never waits for: rebuilding it costs time in proportion to the
    /// whole library (0.35 s for 100,000 items), so once per burst, not once per batch.
    static let snapshotDelay = 2.0

    /// Rebuilds the line snapshot if another writer does not hold the lock and the disk takes
    /// it; false if not.
    private func refreshLineSnapshot(wait: Double) throws -> Bool {
        do {
            let lock = try WriterLock(path: LibraryPath.lockPath(for: libraryPath), wait: wait)
            defer { withExtendedLifetime(lock) {} }
            try LineSnapshotRefresh.run(LibraryStore(path: libraryPath))
            return true
        } catch WriterLockError.held {
            return false
        } catch let error as StoreError where error.isStorageFailure {
            return false  // searches read the items meanwhile; tried again at the next quiet moment
        }
    }

    /// Makes sure the index is still the one watch has been keeping: one deleted or put in
    /// its place under it (`rm library.sqlite*`) would otherwise take the next batch as all
    /// it holds, a few items of a library of thousands. It is rebuilt whole from every watched
    /// source instead (a first index is built aside and moved into place, so searches never
    /// see it partly). False if a stop signal came first.
    private func keep(_ index: inout WatchedIndex, _ targets: [WatchedSource], stop: StopSignal) throws -> Bool {
        guard index.wasReplaced else { return true }
        log(.busy("the index \(libraryPath) was deleted or replaced while watch ran; rebuilding it whole "
                  + "from the \(targets.count.counted("watched source"))"))
        var rebuild = indexRun(stop: stop)
        rebuild.sources = targets.map(\.path)
        guard let report = try apply(rebuild, stop: stop) else { return false }
        log(.caughtUp(report))
        index.settle()
        return true
    }

    /// Indexes what changed while nobody watched (and adds the named sources).
    private func catchUp(stop: StopSignal, said: inout SaidWarnings) throws {
        guard var report = try apply(indexRun(stop: stop), stop: stop) else { return }
        report.warnings = said.new(report.warnings)
        log(.caughtUp(report))
    }

    private func indexRun(stop: StopSignal) -> IndexSources {
        var index = IndexSources(libraryPath: libraryPath, sources: sources)
        index.defaultSources = defaultSources
        index.wait = wait
        index.giveUpWaiting = { stop.isRaised }
        return index
    }

    /// Runs `index`, trying again while another writer holds the lock; nil if a stop signal
    /// came first.
    private func apply(_ index: IndexSources, stop: StopSignal) throws -> IndexReport? {
        while true {
            do {
                return try index.run()
            } catch let WriterLockError.held(_, pid, _) {
                if stop.isRaised { return nil }
                log(.busy("the index is locked by another index run (\(pid.map { "pid \($0)" } ?? "unknown pid")); "
                          + "the changes wait for it"))
                if stop.wait(seconds: 1) { return nil }
            } catch let error as StoreError where error.isStorageFailure {
                // A full disk is often for a moment (a download, a copy): nothing of the batch
                // was written, so it is tried again rather than ending the service.
                log(.busy("\(WatchSources.describe(error)); the changes are tried again in "
                          + "\(Int(WatchSources.storageRetrySeconds)) s"))
                if stop.wait(seconds: WatchSources.storageRetrySeconds) { return nil }
            }
        }
    }
}

/// The index file a `watch` keeps, by identity: settled after each run that may have made it.
struct WatchedIndex {
    let path: String
    private var identity: FileIdentity?

    init(path: String) { self.path = path }

    /// Takes the index as it is now as the one being kept.
    mutating func settle() { identity = FileFacts.identity(path) }

    /// Whether the index is gone, or another file is at its path.
    var wasReplaced: Bool { FileFacts.identity(path) != identity }
}

extension WatchSources {
    /// Seconds between tries of a batch the index's disk could not take.
    static let storageRetrySeconds = 10.0

    /// A storage failure as the watch log says it.
    static func describe(_ error: StoreError) -> String {
        if case .cannotWrite(let path, let reason, let free) = error {
            return StoreError.cannotWriteMessage(path: path, reason: reason, freeBytes: free)
        }
        return "the index cannot be written: \(error)"
    }
}

/// Why `watch` has nothing to do.
public enum WatchSetupError: Error, Sendable {
    case nothingToWatch
}

extension IndexReport {
    /// Whether the run changed the index or has something to say.
    public var changedSomething: Bool {
        added + updated + removed + moved + playlistFilesRead > 0 || !failures.isEmpty || !warnings.isEmpty
            || savedSyncs.contains { $0.wrote || $0.failed }
    }
}
