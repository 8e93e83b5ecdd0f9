import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// The first step of an index run: each source that changed is read and written in a
/// transaction of its own, all or nothing (`LibraryStore.sync`); one that fails is recorded in
/// the report and the others go on. A library file is read by the reader its content calls
/// for, a folder walked and only its new and changed files read, a playlist file read as one
/// playlist.
struct ReadSources {
    /// The run's options (`full`, a watch batch's `changes`, `progress`, …).
    let options: IndexSources
    let store: LibraryStore
    /// Media files a watch batch read before the writer lock.
    let readAhead: FolderReadAhead

    /// What the syncs gathered as they wrote, for the steps after the reading.
    struct Gathered {
        /// The lines the last source's sync gathered, when they stand for the whole index (an
        /// earlier source's no longer do).
        var lines: LineSnapshotCollector?
        /// What relocation reads of each library source's rows, by source path: those whose
        /// every row this run inserted (`LocatedRows.Gathering`).
        var locatedRows: [String: LocatedRows.Gathering] = [:]
    }

    /// Reads `targets` in order. `named`: the user named them (one missing is a failure, not a
    /// warning); `unrecorded`: the config file's, not recorded yet.
    func run(_ targets: [String], named: Bool, unrecorded: Set<String>, into report: inout IndexReport) throws -> Gathered {
        var gathered = Gathered()
        for path in targets {
            gathered.lines = try index(path, named: named, recorded: !unrecorded.contains(path), into: &report,
                                       locating: &gathered.locatedRows)
        }
        return gathered
    }

    /// Indexes one source; returns the lines its sync gathered when they stand for the whole
    /// index, and adds its located rows to `locating` when they were all gathered.
    private func index(_ path: String, named: Bool, recorded: Bool, into report: inout IndexReport,
                       locating: inout [String: LocatedRows.Gathering]) throws -> LineSnapshotCollector? {
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
            try options.indexFolder(path, changes: options.changes?.folders[path], store: store, readAhead: readAhead, into: &report)
        case .file(let stamp):
            return try indexLibraryFile(path, stamp: stamp, into: &report, locating: &locating)
        }
        return nil
    }

    /// A playlist file named as a source: one playlist, no items of its own; its entries are
    /// resolved with every other playlist file's at the end of the run.
    private func indexPlaylistFile(_ path: String, format: PlaylistFileFormat, stamp: SourceStamp,
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

    /// A source of playlists with no items of its own (foobar2000's): its playlists are kept as
    /// playlist files' records, resolved with every other playlist file's (as a playlist file
    /// named as a source is); the records it no longer has are forgotten. Throws what the
    /// reader throws (a malformed index: exit 65), before anything is written.
    private func indexPlaylistSource(_ path: String, reader: LibraryFileReader,
                                     read: (_ path: String) throws -> PlaylistFilesRead,
                                     stamp: SourceStamp, into report: inout IndexReport) throws {
        let previous = Set(try store.playlistFileStamps(ofSource: path).keys)
        let playlists = try read(path)
        let paths = Set(playlists.records.map(\.path))
        let record = SourceRecord(path: path, kind: reader.recordedKind,
                                  stamp: LibraryFileReader.stamp(of: path, fileStamp: stamp, kind: reader.recordedKind),
                                  indexedAt: Timestamp(rawValue: Int64(FileFacts.now())))
        // Every file read or gone: one that is gone, or a playlist that moved among the tabs,
        // has every playlist of the source derived again.
        let touched = paths.union(previous)
        let counts = try store.sync(record, derive: ResolvePlaylistFiles.derive(readingFiles: touched)) { sync in
            try sync.writePlaylistFiles(playlists.records, removing: previous.subtracting(paths).sorted())
            return SourceReadout(playlists: nil, contentFingerprint: playlists.contentFingerprint,
                                 applicationVersion: playlists.applicationVersion)
        }
        report.add(counts)
        report.changedPlaylistFiles.formUnion(touched)
        report.warnings += playlists.warnings
    }

    /// Reads a library file with the reader its content calls for (`SourceSniffer`, then
    /// `LibraryFileReader`); a file that is no source, or one not read yet, exits 65. Returns
    /// the lines its sync gathered when they stand for the whole index.
    private func indexLibraryFile(_ path: String, stamp: SourceStamp, into report: inout IndexReport,
                                  locating: inout [String: LocatedRows.Gathering]) throws -> LineSnapshotCollector? {
        do {
            if !options.full, let recorded = try store.source(at: path),
               recorded.stamp == LibraryFileReader.stamp(of: path, fileStamp: stamp, kind: recorded.kind) {
                report.addUnchanged(items: recorded.itemCount, playlists: recorded.playlistCount)
                return nil
            }
            var kind = try SourceSniffer.recognise(path: path)
            if ["empty", "text"].contains(kind.id), try store.source(at: path)?.kind == .foobar2000 {
                // foobar2000 emptied its index (every playlist closed), or a line went bad: its
                // reader says which, at the line, rather than "a text file".
                kind = .foobar2000
            }
            if let format = PlaylistFileFormat(fileName: path), kind.isPlaylistFile || kind.mayBeBrokenPlaylist {
                // A damaged playlist file is still one (its problems are warnings), unless its
                // bytes are plainly something else: audio, an image, an archive, a library.
                try indexPlaylistFile(path, format: format, stamp: stamp, into: &report)
                return nil
            }
            let reader = try LibraryFileReader.reader(for: kind, path: path)
            let read: @Sendable (_ path: String, _ emit: (ReadBatch) throws -> Void) throws -> LibraryFileReader.Outcome
            switch reader.reading {
            case .items(let items): read = items
            case .playlistFiles(let files):
                try indexPlaylistSource(path, reader: reader, read: files, stamp: stamp, into: &report)
                return nil
            }
            var outcome: LibraryFileReader.Outcome?
            var delivered = 0
            let record = SourceRecord(path: path, kind: reader.recordedKind,
                                      stamp: LibraryFileReader.stamp(of: path, fileStamp: stamp, kind: reader.recordedKind),
                                      indexedAt: Timestamp(rawValue: Int64(FileFacts.now())))
            // A library file is read whole, so its lines can become the snapshot as it is
            // written, when they may fit in memory.
            let template = FormatTemplate.standard
            let lines = options.refreshesLineSnapshot && LineSnapshotCollector.mayHold(linesOfFileSized: stamp.size)
                ? LineSnapshotCollector(template: template.text, render: template.render(_:appendingTo:)) : nil
            // A library file spends about a kilobyte on an item: 800 bytes is a low guess.
            let expectedItems = Int(stamp.size / 800)
            lines?.expect(expectedItems)
            let located = LocatedRows.Gathering()
            located.expect(expectedItems)
            let counts = try store.sync(record, lines: lines, locatedRows: located,
                                        derive: ResolvePlaylistFiles.derive(readingFiles: [])) { sync in
                let read = try ReadPipeline.run(weight: \.entryBytes, read: { emit in try read(path, emit) },
                                                aheadOfConsumer: \.mapped) { batch in
                    if let (items, prepared) = batch.takeItems() {
                        let count = items.count
                        try sync.put(items, prepared: prepared)
                        delivered += count
                        options.progress?(path, delivered)
                        return
                    }
                    switch batch {
                    case .items, .unmapped, .prepared:
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
            if located.isWhole { locating[path] = located }
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
