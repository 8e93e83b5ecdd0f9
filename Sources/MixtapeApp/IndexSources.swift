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
    public func run() throws -> IndexReport {
        let started = FileFacts.now()
        try LibraryStore.createParentFolder(of: libraryPath)
        let readAhead = self.readAhead ?? FolderReadAhead()
        let lock = try WriterLock(path: LibraryPath.lockPath(for: libraryPath), wait: wait,
                                  giveUp: { giveUpWaiting?() ?? false })
        defer { withExtendedLifetime(lock) {} }
        // A first index that was stopped left only its build beside the path: with no source
        // named (the cron form) nothing says what to build again, so say that it happened,
        // each run, rather than quietly make an empty index.
        if changes == nil, sources.isEmpty, defaultSources.isEmpty, let leftover = LibraryStore.stoppedBuild(at: libraryPath) {
            throw StoreError.firstIndexStopped(path: libraryPath, leftover: leftover)
        }
        // The first index of a library is built beside its path and moved there at the end.
        var store = LibraryStore.exists(at: libraryPath) ? try LibraryStore(path: libraryPath)
            : try LibraryStore.building(at: libraryPath)
        defer { store.discardBuild() }  // nothing once moved into place
        var report = IndexReport()
        let named = changes == nil ? sources.map(FileFacts.absolute) : []
        var targets = changes?.sourcePaths ?? named
        var unrecorded: Set<String> = []
        if changes == nil, named.isEmpty {
            // The cron form: every recorded source, and the config file's not recorded yet.
            let recorded = try store.sources().map(\.path)
            let defaults = defaultSources.map(FileFacts.absolute).filter { !recorded.contains($0) }
            targets = recorded + defaults
            unrecorded = Set(defaults)
        }
        // A run killed after writing items but before what is worked out from them left this
        // mark: that work is done again now, even if no source changed since.
        let interrupted = try store.derivedDataPending()
        // The lines the last source's sync gathered, if they stand for the whole index (an
        // earlier source's no longer do).
        var gathered: LineSnapshotCollector?
        for path in targets {
            gathered = try index(path, named: !named.isEmpty, recorded: !unrecorded.contains(path), store: store,
                             readAhead: readAhead, into: &report)
        }
        // A one-source index has its lines already: its sync gathered them as it wrote the items.
        let snapshotDue = try refreshesLineSnapshot && (report.sources > report.skipped || interrupted)
            && gathered == nil && !store.hasLineSnapshot(template: FormatTemplate.standard.text)
        let derive = report.changedIndex || interrupted
        var loaded: RenderedLines?
        // What the syncs left in the WAL goes into the file beside the evaluation below.
        let checkpoint = derive ? store.checkpointInBackground() : nil
        defer { checkpoint?.wait() }
        var stored = true
        if derive {
            // Each sync resolved the playlist files in its own transaction (`derive`); a run
            // killed before that existed, or a `sources remove`, may have left them behind.
            if interrupted { try ResolvePlaylistFiles(store: store).run() }
            let evaluation = EvaluateSmartPlaylists(store: store, libraryPath: libraryPath, now: now)
            if let lines = gathered {
                // The evaluation only reads until it writes what it found, so it runs on a
                // thread of its own while this one stores the gathered snapshot. The rules are
                // read first, and the columns they read if they were gathered with the lines
                // (put in library order here, before two threads use them; held by the
                // evaluating thread alone, which lets them go there).
                let ruled = try store.ruledPlaylists()
                let evaluating = BackgroundTask { [columns = lines.columns()] in
                    try evaluation.evaluate(gathered: columns, ruled: ruled)
                }
                let storing = Result { try store.storeLineSnapshot(lines) }
                let found = try evaluating.value()  // waited for before any error leaves
                stored = try storing.get()
                if let found { try evaluation.write(found) }
                Self.letGo(consume found)
            } else {
                loaded = try evaluation.run(keepingLines: snapshotDue)
            }
            let covered = Set(targets)
            report.playlists = try store.sources().filter { covered.contains($0.path) }.reduce(0) { $0 + $1.playlistCount }
        } else if let lines = gathered {
            stored = try store.storeLineSnapshot(lines)
        }
        if snapshotDue || !stored { try LineSnapshotRefresh.run(store, loaded: loaded) }
        if store.isBeingBuilt { store = try store.movedIntoPlace() }
        // Still under the lock, so a cron `index` and a `watch` batch never write one playlist
        // at once.
        report.savedExports = try SavedExports(libraryPath: libraryPath, now: now)
            .refresh(indexChanged: derive)
        if derive { try store.clearDerivedDataPending() }
        report.sharedWithAnotherSource = try store.aliasCount(among: Set(targets))
        report.seconds = FileFacts.now() - started
        return report
    }

    /// Lets go of `value` on a thread of its own, so what it holds (every item of the index)
    /// is freed beside the rest of the run rather than before it.
    private static func letGo(_ value: consuming EvaluateSmartPlaylists.Found?) {
        let held = value
        _ = BackgroundTask { withExtendedLifetime(held) {} }
    }

    /// Indexes one source; returns the lines its sync gathered when they stand for the whole
    /// index.
    private func index(_ path: String, named: Bool, recorded: Bool, store: LibraryStore,
                       readAhead: FolderReadAhead, into report: inout IndexReport) throws -> LineSnapshotCollector? {
        switch FileFacts.inspect(path) {
        case .missing where !named && !recorded:
            report.warnings.append(IndexWarning(position: nil, message:
                "\(path): a source of the config file, does not exist; skipped"))
        case .missing where !named:
            // A recorded source that went away (an unplugged disk, a moved export): keep what
            // was read from it rather than lose it; `sources remove` forgets it on purpose.
            report.warnings.append(IndexWarning(position: nil, message:
                "\(path): source no longer exists; its items are kept (`mixtape sources remove` forgets it)"))
        case .missing:
            report.failures.append(SourceFailure(path: path, reason: .missing))
        case .unreadable(let why):
            report.failures.append(SourceFailure(path: path, reason: .unreadable(why)))
        case .folder:
            try indexFolder(path, changes: changes?.folders[path], store: store, readAhead: readAhead, into: &report)
        case .file(let stamp):
            return try indexLibraryFile(path, stamp: stamp, store: store, into: &report)
        }
        return nil
    }

    /// A playlist file named as a source: one playlist, no items of its own; its entries are
    /// resolved with every other playlist file's at the end of the run.
    private func indexPlaylistFile(_ path: String, format: PlaylistFileFormat, stamp: SourceStamp, store: LibraryStore,
                                   into report: inout IndexReport) throws {
        do {
            let found = PlaylistFileStat(path: path, size: stamp.size, modificationTimeNs: stamp.modificationTimeNs,
                                         format: format)
            let loaded = PlaylistFileLoader.load(path: path, stamp: found.stamp, format: format, root: nil)
            guard let playlist = loaded.record else {
                report.failures.append(SourceFailure(path: path, reason: .unreadable(
                    loaded.warnings.first?.message ?? "cannot be read")))
                return
            }
            let record = SourceRecord(path: path, kind: .playlistFile, stamp: stamp,
                                      indexedAt: Timestamp(rawValue: Int64(FileFacts.now())))
            let counts = try store.sync(record, derive: ResolvePlaylistFiles.derive(readingFiles: [path])) { sync in
                try sync.writePlaylistFiles([playlist], removing: [])
                return SourceReadout(playlists: nil)
            }
            report.add(counts)
            report.changedPlaylistFiles.insert(path)
            report.warnings += loaded.warnings
        } catch let error as StoreError where error.isStorageFailure {
            throw error
        } catch {
            report.failures.append(SourceFailure(path: path, reason: .unreadable("\(error)")))
        }
    }

    /// Reads a library file with the reader its content calls for (`SourceSniffer`, then
    /// `LibraryFileReader`); a file that is no source, or one not read yet, exits 65. Returns
    /// the lines its sync gathered when they stand for the whole index.
    private func indexLibraryFile(_ path: String, stamp: SourceStamp, store: LibraryStore,
                                  into report: inout IndexReport) throws -> LineSnapshotCollector? {
        do {
            if !full, let recorded = try store.source(at: path),
               recorded.stamp == LibraryFileReader.stamp(of: path, fileStamp: stamp, kind: recorded.kind) {
                report.addUnchanged(items: recorded.itemCount, playlists: recorded.playlistCount)
                return nil
            }
            let kind = try SourceSniffer.recognise(path: path)
            if let format = PlaylistFileFormat(fileName: path), kind.isPlaylistFile || kind.mayBeBrokenPlaylist {
                // A damaged playlist file is still one (its problems are warnings), unless its
                // bytes are plainly something else: audio, an image, an archive, a library.
                try indexPlaylistFile(path, format: format, stamp: stamp, store: store, into: &report)
                return nil
            }
            let reader = try LibraryFileReader.reader(for: kind, path: path)
            var outcome: LibraryFileReader.Outcome?
            var delivered = 0
            let record = SourceRecord(path: path, kind: reader.recordedKind,
                                      stamp: LibraryFileReader.stamp(of: path, fileStamp: stamp, kind: reader.recordedKind),
                                      indexedAt: Timestamp(rawValue: Int64(FileFacts.now())))
            // A library file is read whole, so its lines can become the snapshot as it is
            // written, when they may fit in memory.
            let template = FormatTemplate.standard
            let lines = refreshesLineSnapshot && LineSnapshotCollector.mayHold(linesOfFileSized: stamp.size)
                ? LineSnapshotCollector(template: template.text, render: template.render(_:appendingTo:)) : nil
            // A library file spends about a kilobyte on an item: 800 bytes is a low guess.
            lines?.expect(Int(stamp.size / 800))
            let counts = try store.sync(record, lines: lines, derive: ResolvePlaylistFiles.derive(readingFiles: [])) { sync in
                let read = try ReadPipeline.run(weight: \.entryBytes, read: { emit in try reader.read(path, emit) },
                                                aheadOfConsumer: \.mapped) { batch in
                    if let items = batch.takeItems() {
                        let count = items.count
                        try sync.put(items)
                        delivered += count
                        progress?(path, delivered)
                        return
                    }
                    switch batch {
                    case .items, .unmapped:
                        break  // taken out above
                    case .playlists(let playlists):
                        try sync.appendPlaylists(playlists)
                    case .rules(let rules):
                        if let fields = EvaluateSmartPlaylists.columnFields(of: rules) { lines?.gatherColumns(fields) }
                    }
                }
                outcome = read
                return read.readout
            }
            report.add(counts)
            report.reread += 1
            report.warnings += outcome?.warnings ?? []
            return lines?.standsForIndex == true ? lines : nil
        } catch let error as MalformedSourceError {
            report.failures.append(SourceFailure(path: path, reason: .malformed(error)))
        } catch let error as SourceReadError {
            report.failures.append(SourceFailure(path: path, reason: .unreadable(error.reason)))
        } catch let error as StoreError where error.isStorageFailure {
            throw error  // the index's disk, not the source: no other source can be written either
        } catch {
            report.failures.append(SourceFailure(path: path, reason: .unreadable("\(error)")))
        }
        return nil
    }
}
