import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

extension IndexSources {
    /// Brings a folder source up to date: walks it, keeps the files whose path and stamp are
    /// unchanged without reading them, reads the rest (new, changed, moved) through their
    /// sidecars, embedded tags and names, and syncs the source in one transaction. A file
    /// that cannot be read fully is a warning, never a failure of the source.
    ///
    /// With `changes` (a watch batch), only the folders they name are walked, and only their
    /// rows are touched (`LibraryStore.patch`): a change to one file of 100,000 costs one
    /// folder's listing and one file's rows.
    func indexFolder(_ path: String, changes: FolderChanges?, store: LibraryStore, readAhead: FolderReadAhead,
                     into report: inout IndexReport) throws {
        do {
            let survey: FolderSurvey
            switch try surveyFolder(path, changes: changes, store: store) {
            case .unreadableRoot:
                // Not even the root could be listed: keep everything it had, as for a missing source.
                report.failures.append(SourceFailure(path: path, reason: .unreadable("the folder cannot be listed")))
                return
            case .gone(let recorded, let absence):
                report.warnings.append(IndexWarning(position: nil, message:
                    "\(path): \(absence); its \(recorded.itemCount) items are kept (mount it again, "
                    + "or `mixtape sources remove` to forget them)"))
                report.addUnchanged(items: recorded.itemCount, playlists: recorded.playlistCount)
                return
            case .present(let present):
                survey = present
            }
            let (scope, scan, recorded, previous, plan) = (survey.scope, survey.scan, survey.recorded,
                                                           survey.previous, survey.plan)
            let playlistPlan = PlaylistFilePlan(found: scan.playlistFiles,
                                                previous: try store.playlistFileStamps(ofSource: path), scope: scope,
                                                unreadable: scan.unreadableFolders, rereadAll: full)
            if plan.toRead.isEmpty, playlistPlan.isEmpty, Set(plan.records) == Set(previous),
               scope != nil || !previous.isEmpty || !scan.playlistFiles.isEmpty {
                // Nothing new, changed, moved or gone: leave the source (and the line snapshot)
                // untouched, as an unchanged export is.
                // Counted from the source: a kept file may be several items (its cue tracks).
                report.addUnchanged(items: recorded?.itemCount ?? plan.kept.count, playlists: recorded?.playlistCount ?? 0)
                report.skippedSidecars += scan.skippedSidecars
                report.warnings += scan.warnings
                return
            }
            var reading = FolderReading(warnings: scan.warnings)
            let record = SourceRecord(path: path, kind: .folder, stamp: nil,
                                      indexedAt: Timestamp(rawValue: Int64(FileFacts.now())), device: survey.device)
            let counts: SyncCounts
            let playlistFilesRead = Set(playlistPlan.toRead.map(\.path) + playlistPlan.removed)
            let derive = ResolvePlaylistFiles.derive(readingFiles: playlistFilesRead)
            if scope != nil {
                let live = { (records: [FolderFileRecord]) in Set(records.filter { !$0.isGone }.map(\.itemID)) }
                let removed = live(previous).subtracting(live(plan.records))
                counts = try store.patch(record, derive: derive) { patch in
                    var delivered: Set<ItemID> = []
                    try read(plan.toRead, of: path, readAhead: readAhead, into: &reading) { items in
                        delivered.formUnion(items.map(\.id))
                        try patch.put(items)
                    }
                    let touched = plan.toRead.map(\.id) + removed.sorted { $0.rawValue < $1.rawValue }
                    try patch.removeUndelivered(of: touched, delivered: delivered)
                    try patch.replaceFolderFiles(at: previous.map(\.path), with: plan.records)
                    let playlists = readPlaylistFiles(playlistPlan.toRead, root: path, into: &reading)
                    try patch.writePlaylistFiles(playlists, removing: playlistPlan.removed)
                }
            } else {
                counts = try store.sync(record, derive: derive) { sync in
                    sync.keep(plan.kept)
                    try read(plan.toRead, of: path, readAhead: readAhead, into: &reading) { try sync.put($0) }
                    try sync.replaceFolderFiles(plan.records)
                    let playlists = readPlaylistFiles(playlistPlan.toRead, root: path, into: &reading)
                    try sync.writePlaylistFiles(playlists, removing: playlistPlan.removed)
                    return SourceReadout(playlists: nil)
                }
            }
            report.add(counts)
            report.moved += plan.moved
            report.changedPlaylistFiles.formUnion(playlistFilesRead)
            report.skippedSidecars += scan.skippedSidecars + reading.ignoredSidecars
            report.warnings += reading.warnings
        } catch let error as StoreError where error.isStorageFailure {
            throw error
        } catch {
            report.failures.append(SourceFailure(path: path, reason: .unreadable("\(error)")))
        }
    }

    /// What reading a folder's files had to say.
    private struct FolderReading {
        var warnings: [IndexWarning]
        var ignoredSidecars = 0
        /// Warnings already given by an earlier file.
        var seen: Set<IndexWarning> = []
    }

    /// Reads the playlist files of a folder source found under `root`.
    private func readPlaylistFiles(_ files: [PlaylistFileStat], root: String,
                                   into reading: inout FolderReading) -> [PlaylistFileRecord] {
        files.compactMap { file in
            let loaded = PlaylistFileLoader.load(path: file.path, stamp: file.stamp, format: file.format, root: root)
            reading.warnings += loaded.warnings
            return loaded.record
        }
    }

    /// Reads `files`, handing the items to `write` 256 at a time. `date_added` is when the
    /// index first saw the file (`FolderPlan`); `date_modified` the file's mtime (the reader's).
    private func read(_ files: [(file: MediaFile, id: ItemID, added: Timestamp)], of source: String,
                      readAhead: FolderReadAhead, into reading: inout FolderReading,
                      write: ([MediaItem]) throws -> Void) throws {
        var batch: [MediaItem] = []
        for (done, (file, id, added)) in files.enumerated() {
            let read = readAhead.take(file, id: id, source: source) ?? MediaFileReader.reading(file, id: id, source: source)
            // Every item of the file (its cue tracks too) was first seen when the file was.
            batch += read.items.map { item in
                var item = item
                item.dateAdded = added
                return item
            }
            // A folder's cue sheet is read with each of its media files: say its problems once.
            reading.warnings += read.warnings.filter { reading.seen.insert($0).inserted }
            reading.ignoredSidecars += read.ignoredSidecars.count
            if batch.count >= 256 {
                try write(batch)
                batch.removeAll(keepingCapacity: true)
                progress?(source, done + 1)
            }
        }
        try write(batch)
    }
}
