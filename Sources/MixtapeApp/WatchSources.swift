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
    /// Paths as the user typed them; empty means every recorded source.
    public var sources: [String]
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
            log(.started(sources: targets.count, watchedFolders: nil, pollSeconds: pollSeconds))
            try catchUp(stop: stop)
            while !stop.wait(seconds: pollSeconds) {
                var index = indexRun(stop: stop)
                index.sources = targets.map(\.path)
                let report = try apply(index, stop: stop)
                if let report, report.changedSomething {
                    log(.applied(report, sources: index.sources, events: 0, overflowed: false))
                }
            }
        } else {
            let watcher = try SourceWatcher(sources: targets, debounce: debounce, stop: stop,
                                            isRelevant: { FolderWalker.isIndexable(name: $0) })
            try watcher.start()
            log(.started(sources: targets.count, watchedFolders: watcher.watchCount, pollSeconds: nil))
            try catchUp(stop: stop)
            while case .batch(let batch) = try watcher.next() {
                var index = indexRun(stop: stop)
                index.changes = batch
                // A batch that changed nothing (a file saved unchanged, a `touch`) is not
                // worth a log line.
                if let report = try apply(index, stop: stop), report.changedSomething || batch.overflowed {
                    log(.applied(report, sources: batch.sourcePaths, events: batch.eventCount,
                                 overflowed: batch.overflowed))
                }
            }
        }
        log(.stopping)
    }

    /// The sources to watch: the named ones (which must exist), else every recorded one.
    private func watchedSources() throws -> [WatchedSource] {
        if !sources.isEmpty {
            return try sources.map(FileFacts.absolute).map { path in
                switch FileFacts.inspect(path) {
                case .folder: return .folder(root: path)
                case .file: return .library(file: path)
                case .missing: throw SourceFailure(path: path, reason: .missing)
                case .unreadable(let why): throw SourceFailure(path: path, reason: .unreadable(why))
                }
            }
        }
        guard LibraryStore.exists(at: libraryPath) else { throw WatchSetupError.nothingToWatch }
        let recorded = try LibraryStore(path: libraryPath).sources()
        guard !recorded.isEmpty else { throw WatchSetupError.nothingToWatch }
        return recorded.map { $0.kind == .folder ? .folder(root: $0.path) : .library(file: $0.path) }
    }

    /// Indexes what changed while nobody watched (and adds the named sources).
    private func catchUp(stop: StopSignal) throws {
        if let report = try apply(indexRun(stop: stop), stop: stop) { log(.caughtUp(report)) }
    }

    private func indexRun(stop: StopSignal) -> IndexSources {
        var index = IndexSources(libraryPath: libraryPath, sources: sources)
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
            }
        }
    }
}

/// Why `watch` has nothing to do.
public enum WatchSetupError: Error, Sendable {
    case nothingToWatch
}

extension IndexReport {
    /// Whether the run changed the index or has something to say.
    public var changedSomething: Bool {
        added + updated + removed + moved > 0 || !failures.isEmpty || !warnings.isEmpty
    }
}
