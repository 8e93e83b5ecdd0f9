import MixtapeCore

/// Watches sources and hands out batches of changes: the kernel adapter, the table of
/// watched folders and the collector's rules, put together. It owns the inotify descriptor,
/// so it is a class; it never touches the index.
public final class SourceWatcher {
    public let sources: [WatchedSource]
    private let inotify: InotifyWatcher
    private let stop: StopSignal
    private var table = WatchTable()
    private var collector: ChangeCollector
    private let origin = ContinuousClock.now
    /// The file system each watched folder root was on when its watch was set: a disk mounted
    /// on it (or unmounted from it) changes that without an event.
    private var rootDevices: [String: UInt64] = [:]
    /// When the roots are next looked at (`checkRoots`).
    private var nextRootCheck = 0.0
    /// Folders that could not be watched, not yet logged (`takeSkipped`), and every one
    /// logged so far: a folder met again on a later walk is not warned about again.
    private var skipped: [(folder: String, reason: String)] = []
    private var warnedSkips: Set<String> = []

    /// What `next()` brought.
    public enum Next: Sendable {
        case batch(ChangeBatch)
        /// Nothing to apply for the time asked.
        case idle
        /// SIGTERM or SIGINT came.
        case stopped
    }

    public init(sources: [WatchedSource], debounce: Double, stop: StopSignal,
                isRelevant: @escaping @Sendable (String) -> Bool) throws(WatchError) {
        self.sources = sources
        self.stop = stop
        inotify = try InotifyWatcher()
        collector = ChangeCollector(sources: sources, debounce: debounce, isRelevant: isRelevant)
    }

    /// How many folders are watched.
    public var watchCount: Int { table.count }

    /// Watches every folder of every folder source, and the folder of every library export.
    /// Throws when the kernel's limit is reached, rather than watch less in silence.
    public func start() throws(WatchError) {
        try perform(.rewatchAll)
    }

    /// Waits for the next batch of changes (after the debounce), or for a stop signal; with
    /// `idleAfter`, returns `.idle` once that many seconds passed with nothing to apply.
    public func next(idleAfter: Double? = nil) throws(WatchError) -> Next {
        var quietSince = now()
        while true {
            if let batch = collector.batch(at: now()) {
                try perform(collector.drainDirectives())
                return .batch(batch)
            }
            try perform(collector.drainDirectives())
            let idleAt = idleAfter.map { quietSince + $0 }
            if let idleAt, collector.deadline == nil, now() >= idleAt { return .idle }
            let wakeAt = [collector.deadline, idleAt, hasFolderRoots ? nextRootCheck : nil].compactMap { $0 }.min()
            switch inotify.wait(timeout: wakeAt.map { max(0, $0 - now()) }, wake: stop.descriptor) {
            case .woken: return .stopped
            case .timedOut:
                break
            case .events(let raw):
                collector.take(resolve(raw), at: now())
                try perform(collector.drainDirectives())
                quietSince = now()
            }
            if hasFolderRoots, now() >= nextRootCheck {
                try checkRoots()
                nextRootCheck = now() + SourceWatcher.rootCheckInterval
            }
        }
    }

    /// How often the folder sources' roots are looked at (seconds): one that was gone may be
    /// back, and one may have had a disk mounted on it or unmounted from it.
    static let rootCheckInterval = 5.0

    private var hasFolderRoots: Bool {
        sources.contains { if case .folder = $0 { true } else { false } }
    }

    /// Watches the roots that are back, and watches again (and has walked again) those now on
    /// another file system than when their watch was set: a disk mounted there, or unmounted.
    private func checkRoots() throws(WatchError) {
        for source in sources {
            guard case .folder(let root) = source else { continue }
            if table.descriptor(of: root) == nil {
                if try watchTree(root, isRoot: true) { collector.rootReturned(root, at: now()) }
            } else if let device = InotifyWatcher.device(of: root), let watched = rootDevices[root], device != watched {
                for descriptor in table.removeTree(root) { inotify.unwatch(descriptor) }
                try watchTree(root, isRoot: true)
                collector.rootReturned(root, at: now())
            }
        }
    }

    /// Kernel events with paths instead of descriptors; the table learns of dropped watches.
    private func resolve(_ raw: [InotifyWatcher.Event]) -> [WatchEvent] {
        var events: [WatchEvent] = []
        for event in raw {
            if event.kind.contains(.overflow) {
                events.append(WatchEvent(.overflow, path: ""))
                continue
            }
            guard let folder = table.path(of: event.descriptor) else { continue }
            if event.watchRemoved {
                table.remove(event.descriptor)
                continue
            }
            let path = event.name.isEmpty ? folder : FolderPath.join(folder, event.name)
            events.append(WatchEvent(event.kind, path: path, cookie: event.cookie))
        }
        return events
    }

    private func perform(_ directives: [WatchDirective]) throws(WatchError) {
        for directive in directives { try perform(directive) }
    }

    private func perform(_ directive: WatchDirective) throws(WatchError) {
        switch directive {
        case .watchTree(let folder):
            try watchTree(folder, isRoot: false)
        case .unwatchTree(let folder):
            for descriptor in table.removeTree(folder) { inotify.unwatch(descriptor) }
        case .renameTree(let from, let to):
            table.renameTree(from: from, to: to)
        case .rewatchAll:
            for source in sources {
                switch source {
                case .folder(let root): try watchTree(root, isRoot: true)
                case .library(let file, _, let folders):
                    try watch(FolderPath.parent(of: file), isRoot: true)
                    // A companion folder that is not there yet is made by the program when
                    // it saves its first crate; until then there is nothing in it to read.
                    for folder in folders where folder != FolderPath.parent(of: file) { try watch(folder, isRoot: false) }
                }
            }
        }
    }

    /// Watches `folder` and every folder below it, top down, so a folder created while this
    /// runs is either listed here or reported by its parent's watch. False if `folder` is gone.
    @discardableResult
    private func watchTree(_ folder: String, isRoot: Bool) throws(WatchError) -> Bool {
        var pending = [(folder, isRoot)]
        var found = false
        while let (next, root) = pending.popLast() {
            guard try watch(next, isRoot: root) else { continue }
            found = true
            for subfolder in InotifyWatcher.subfolders(of: next) ?? [] { pending.append((subfolder, false)) }
        }
        return found
    }

    /// Watches one folder; false if it is gone or skipped.
    @discardableResult
    private func watch(_ folder: String, isRoot: Bool) throws(WatchError) -> Bool {
        switch try inotify.watch(folder: folder, isRoot: isRoot, watchedSoFar: table.count) {
        case .watching(let descriptor):
            table.add(descriptor, path: folder)
            if isRoot { rootDevices[folder] = InotifyWatcher.device(of: folder) }
            return true
        case .gone:
            return false
        case .skipped(let reason):
            if warnedSkips.insert(folder).inserted { skipped.append((folder, reason)) }
            return false
        }
    }

    /// Takes the folders skipped since the last call, each once per run, for the log.
    public func takeSkipped() -> [(folder: String, reason: String)] {
        defer { skipped.removeAll() }
        return skipped
    }

    private func now() -> Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
