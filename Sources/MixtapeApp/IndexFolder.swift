import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

extension IndexSources {
    /// Brings a folder source up to date: walks it, keeps the files whose path and stamp are
    /// unchanged without reading them, reads the rest (new, changed, moved) through their
    /// sidecars, embedded tags and names, and syncs the source in one transaction. A file
    /// that cannot be read fully is a warning, never a failure of the source.
    /// With `changes` (a watch batch), only the folders they name are walked again.
    func indexFolder(_ path: String, changes: FolderChanges?, store: LibraryStore, into report: inout IndexReport) {
        do {
            let scope = changes.flatMap {
                $0.rescan ? nil : FolderScope(folders: $0.files, trees: $0.trees, incomplete: $0.incomplete)
            }
            let renames = changes?.renames ?? []
            let formerPath = { (path: String) in FolderRename.origin(of: path, through: renames) }
            let scan = FolderWalker.scan(root: path, within: scope)
            if scan.unreadableFolders.contains(path) {
                // Not even the root could be listed: keep everything it had, as for a missing source.
                report.failures.append(SourceFailure(path: path, reason: .unreadable("the folder cannot be listed")))
                return
            }
            let previous = try store.folderFiles(ofSource: path)
            var plan = FolderPlan(files: scan.files, previous: previous, unreadable: scan.unreadableFolders,
                                  scope: scope, formerPath: formerPath, rereadAll: full)
            if plan.hasNewFiles {
                // Perhaps moved here from another folder source: look at that source's files
                // that are gone from their paths.
                let elsewhere = try store.folderFiles(ofSourcesOtherThan: path)
                    .filter { record in
                        if record.isGone { return true }
                        if case .missing = FileFacts.inspect(record.path) { return true }
                        return false
                    }
                if !elsewhere.isEmpty {
                    plan = FolderPlan(files: scan.files, previous: previous, elsewhere: elsewhere,
                                      unreadable: scan.unreadableFolders, scope: scope, formerPath: formerPath,
                                      rereadAll: full)
                }
            }
            if plan.toRead.isEmpty, !previous.isEmpty, Set(plan.records) == Set(previous) {
                // Nothing new, changed, moved or gone: leave the source (and the line snapshot)
                // untouched, as an unchanged export is.
                report.addUnchanged(items: plan.kept.count, playlists: 0)
                report.skippedSidecars += scan.skippedSidecars
                report.warnings += scan.warnings
                return
            }
            var warnings = scan.warnings
            var ignored = 0
            let record = SourceRecord(path: path, kind: .folder, stamp: nil,
                                      indexedAt: Timestamp(rawValue: Int64(FileFacts.now())))
            let counts = try store.sync(record) { sync in
                sync.keep(plan.kept)
                var batch: [MediaItem] = []
                for (done, (file, id)) in plan.toRead.enumerated() {
                    let reading = MediaFileReader.reading(file, id: id, source: path)
                    batch.append(reading.item)
                    warnings += reading.warnings
                    ignored += reading.ignoredSidecars.count
                    if batch.count == 256 {
                        try sync.put(batch)
                        batch.removeAll(keepingCapacity: true)
                        progress?(path, done + 1)
                    }
                }
                try sync.put(batch)
                try sync.replaceFolderFiles(plan.records)
                return SourceReadout(playlists: [])
            }
            report.add(counts)
            report.moved += plan.moved
            report.skippedSidecars += scan.skippedSidecars + ignored
            report.warnings += warnings
        } catch {
            report.failures.append(SourceFailure(path: path, reason: .unreadable("\(error)")))
        }
    }
}
