import MixtapeCore

/// Turns the stream of kernel events into batches of changes per source, the rules of the
/// watch issue as a pure value:
///
/// - **Complete files only.** A file counts once it is closed after writing, renamed into
///   place, deleted or touched (`IN_CLOSE_WRITE`, `IN_MOVED_TO`, ...), never on creation
///   alone: a 400 MB video being copied is read once, when the copy ends. A file created and
///   not yet closed is left out of the walks of its folder until it is (`incomplete`), so a
///   slow copy of an album does not index half-written tracks.
/// - **Moves by cookie.** `movedFrom` and `movedTo` with one cookie are one rename, recorded
///   so the item keeps its id. A `movedFrom` whose other half never comes (the file left the
///   roots) is a deletion; it is given until the next read of events, since the kernel may
///   split a pair across two reads. A `movedTo` with no other half came from outside.
/// - **Debounce.** A batch is due once no event came for `debounce` seconds, or `maxDelay`
///   after its first event, so a copy that goes on for minutes is still applied as it goes.
/// - **What counts.** Hidden names (`.git`, `._x.mp3`, `.x.part`) are skipped, as the walker
///   skips them; files count only if `isRelevant` says their name is media or a sidecar.
///   Folders always count. An `artist.nfo` applies to every folder below it; a `.cue`
///   to its own and the ones below (a sheet may name `CD1/x.flac`).
public struct ChangeCollector: Sendable {
    public let sources: [WatchedSource]
    public let debounce: Double
    public let maxDelay: Double
    private let isRelevant: @Sendable (String) -> Bool
    private var pending = ChangeBatch()
    private var firstChangeAt: Double?
    private var lastChangeAt: Double?
    /// `movedFrom` events waiting for their `movedTo`, with the read they came in.
    private var unpaired: [(event: WatchEvent, read: Int)] = []
    private var reads = 0
    /// Files created and not yet closed after writing: being copied or downloaded.
    private var beingWritten: Set<String> = []
    private var directives: [WatchDirective] = []

    public init(sources: [WatchedSource], debounce: Double, maxDelay: Double? = nil,
                isRelevant: @escaping @Sendable (String) -> Bool) {
        self.sources = sources
        self.debounce = debounce
        self.maxDelay = maxDelay ?? max(2, debounce * 5)
        self.isRelevant = isRelevant
    }

    /// Takes the events of one read, at time `now` (seconds, any monotonic clock). What the
    /// watcher must do about folders at once waits in `drainDirectives()`.
    public mutating func take(_ events: [WatchEvent], at now: Double) {
        reads += 1
        pending.eventCount += events.count
        for event in events {
            if event.kind.contains(.overflow) {
                overflow(at: now)
            } else if event.kind.contains(.movedFrom) {
                unpaired.append((event, reads))
                changed(at: now)
            } else if event.kind.contains(.movedTo), event.cookie != 0,
                      let index = unpaired.firstIndex(where: { $0.event.cookie == event.cookie }) {
                rename(from: unpaired.remove(at: index).event, to: event, at: now)
            } else {
                single(event, at: now)
            }
        }
        // A `movedFrom` left over from an earlier read has lost its partner: it left the roots.
        let stale = unpaired.filter { $0.read < reads }
        unpaired.removeAll { $0.read < reads }
        for (event, _) in stale { departure(event, at: now) }
    }

    /// What the watcher must do about folders now (watch new ones, unwatch departed ones),
    /// in the order the events called for it.
    public mutating func drainDirectives() -> [WatchDirective] {
        defer { directives.removeAll() }
        return directives
    }

    /// When the pending batch is due, if there is one.
    public var deadline: Double? {
        guard let first = firstChangeAt, let last = lastChangeAt else { return nil }
        return min(last + debounce, first + maxDelay)
    }

    /// The pending batch if it is due at `now`; nil if it is not due or nothing counted.
    /// Settling unpaired moves may leave directives to drain.
    public mutating func batch(at now: Double) -> ChangeBatch? {
        guard let deadline, now >= deadline else { return nil }
        for (event, _) in unpaired { departure(event, at: now) }
        unpaired.removeAll()
        for root in pending.folders.keys {
            pending.folders[root]?.incomplete = beingWritten.filter { FolderPath.isInside($0, root) }
        }
        defer {
            pending = ChangeBatch()
            firstChangeAt = nil
            lastChangeAt = nil
        }
        return pending.isEmpty ? nil : pending
    }

    /// A folder source's root that was gone is back (a disk mounted again, a folder moved
    /// back): everything under it is walked again.
    public mutating func rootReturned(_ root: String, at now: Double) {
        pending.folders[root, default: FolderChanges()].rescan = true
        changed(at: now)
    }

    // MARK: rules

    private mutating func overflow(at now: Double) {
        for source in sources {
            switch source {
            case .folder(let root): pending.folders[root, default: FolderChanges()].rescan = true
            case .library(let file, _, _): pending.libraries.insert(file)
            }
        }
        pending.overflowed = true
        directives.append(.rewatchAll)
        changed(at: now)
    }

    /// An event that is not half of a rename.
    private mutating func single(_ event: WatchEvent, at now: Double) {
        if event.kind.contains(.movedTo) { return arrival(event, at: now) }
        for source in sources {
            switch source {
            case .library(let file, _, _):
                // A companion folder's file deleted is a change too (a crate removed).
                if source.reads(event.path), !event.kind.isDisjoint(with: [.closedAfterWrite])
                    || source.inCompanionFolder(event.path) && event.kind.contains(.deleted) {
                    pending.libraries.insert(file)
                    changed(at: now)
                }
            case .folder(let root):
                if event.path == root, event.kind.contains(.watchedFolderGone) {
                    // Deleted, moved away or unmounted: the index keeps its items (a source
                    // that went away), and the watcher looks for the root's return.
                    pending.folders[root, default: FolderChanges()].rescan = true
                    directives.append(.unwatchTree(root))
                    changed(at: now)
                    continue
                }
                guard watches(event.path, in: root) else { continue }
                if event.isDirectory {
                    // A deleted folder's watches go by themselves; a created one needs its own,
                    // and may already hold files (`mkdir -p`, `cp -r`): walk it whole.
                    guard !event.kind.isDisjoint(with: [.created, .deleted, .attributesChanged]) else { continue }
                    if event.kind.contains(.created) { directives.append(.watchTree(event.path)) }
                    mark(tree: event.path, in: root, at: now)
                } else if event.kind.contains(.created) {
                    if isRelevant(FolderPath.name(of: event.path)) { beingWritten.insert(event.path) }
                } else if !event.kind.isDisjoint(with: [.closedAfterWrite, .deleted, .attributesChanged]) {
                    if !event.kind.contains(.attributesChanged) { beingWritten.remove(event.path) }
                    mark(file: event.path, in: root, at: now)
                }
            }
        }
    }

    /// Something arrived at `event.path` from outside the roots (or from a hidden name).
    private mutating func arrival(_ event: WatchEvent, at now: Double) {
        var watched = false
        for source in sources {
            switch source {
            case .library(let file, _, _):
                if source.reads(event.path) {
                    pending.libraries.insert(file)
                    changed(at: now)
                }
            case .folder(let root):
                guard watches(event.path, in: root) else { continue }
                watched = true
                if event.isDirectory { mark(tree: event.path, in: root, at: now) } else { mark(file: event.path, in: root, at: now) }
            }
        }
        if watched, event.isDirectory { directives.append(.watchTree(event.path)) }
    }

    /// Something left `event.path` for outside the roots: gone, as if deleted.
    private mutating func departure(_ event: WatchEvent, at now: Double) {
        beingWritten.remove(event.path)
        for source in sources where source.inCompanionFolder(event.path) {
            pending.libraries.insert(source.path)
            changed(at: now)
        }
        var watched = false
        for case .folder(let root) in sources where watches(event.path, in: root) {
            watched = true
            if event.isDirectory { mark(tree: event.path, in: root, at: now) } else { mark(file: event.path, in: root, at: now) }
        }
        if watched, event.isDirectory { directives.append(.unwatchTree(event.path)) }
    }

    /// Both halves of a rename.
    private mutating func rename(from: WatchEvent, to: WatchEvent, at now: Double) {
        if beingWritten.remove(from.path) != nil { beingWritten.insert(to.path) }
        let fromWatched = sources.contains { if case .folder(let root) = $0 { watches(from.path, in: root) } else { false } }
        let toWatched = sources.contains { if case .folder(let root) = $0 { watches(to.path, in: root) } else { false } }
        guard fromWatched, toWatched else {
            if fromWatched { departure(from, at: now) }
            return arrival(to, at: now)
        }
        for case .folder(let root) in sources {
            let inside = (watches(from.path, in: root), watches(to.path, in: root))
            if inside.0 { to.isDirectory ? mark(tree: from.path, in: root, at: now) : mark(file: from.path, in: root, at: now) }
            if inside.1 { to.isDirectory ? mark(tree: to.path, in: root, at: now) : mark(file: to.path, in: root, at: now) }
            if inside.0, inside.1, to.isDirectory || isRelevant(FolderPath.name(of: to.path)) {
                pending.folders[root, default: FolderChanges()].renames.append(FolderRename(from: from.path, to: to.path))
            }
        }
        for source in sources where source.reads(to.path) {
            pending.libraries.insert(source.path)
            changed(at: now)
        }
        if to.isDirectory { directives.append(.renameTree(from: from.path, to: to.path)) }
    }

    // MARK: marking

    private func watches(_ path: String, in root: String) -> Bool {
        FolderPath.isInside(path, root) && !FolderPath.isHidden(path, below: root)
    }

    private mutating func mark(file path: String, in root: String, at now: Double) {
        let name = FolderPath.name(of: path)
        guard isRelevant(name) else { return }
        let folder = FolderPath.parent(of: path)
        pending.folders[root, default: FolderChanges()].files.insert(folder)
        // A cue sheet may split a file in the folder below it (`FILE "CD1/x.flac"`).
        let lowered = name.lowercased()
        if lowered == "artist.nfo" || lowered.hasSuffix(".cue") { pending.folders[root, default: FolderChanges()].trees.insert(folder) }
        changed(at: now)
    }

    private mutating func mark(tree path: String, in root: String, at now: Double) {
        pending.folders[root, default: FolderChanges()].trees.insert(path)
        changed(at: now)
    }

    private mutating func changed(at now: Double) {
        if firstChangeAt == nil { firstChangeAt = now }
        lastChangeAt = now
    }
}
