import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

extension IndexSources {
    /// A folder source as its files and the index show it, before anything is written.
    enum FolderState {
        /// Not even the root could be listed.
        case unreadableRoot
        /// The root is an unmounted disk's empty mount point, or the like (`FolderRootPresence`).
        case gone(recorded: SourceRecord, absence: String)
        case present(FolderSurvey)
    }

    /// What a folder holds now against what the index recorded of it.
    struct FolderSurvey {
        /// The part a watch batch names; nil for the whole folder.
        let scope: FolderScope?
        let scan: FolderScan
        let recorded: SourceRecord?
        /// The root's file system (`st_dev`).
        let device: UInt64?
        /// The index's records of the files in `scope`.
        let previous: [FolderFileRecord]
        /// What to keep, read and remove.
        let plan: FolderPlan
    }

    /// Walks the folder (or the part `changes` names) and plans its update against the index.
    /// Only reads: `FolderReadAhead` surveys before the writer lock, `indexFolder` again under it.
    func surveyFolder(_ path: String, changes: FolderChanges?, store: LibraryStore) throws -> FolderState {
        let scope = changes.flatMap {
            $0.rescan ? nil : FolderScope(folders: $0.files, trees: $0.trees, incomplete: $0.incomplete)
        }
        let renames = changes?.renames ?? []
        let formerPath = { (path: String) in FolderRename.origin(of: path, through: renames) }
        let scan = FolderWalker.scan(root: path, within: scope)
        if scan.unreadableFolders.contains(path) { return .unreadableRoot }
        let recorded = try store.source(at: path)
        let device = FileFacts.device(path)
        let presence = FolderRootPresence(recordedItems: recorded?.itemCount ?? 0, recordedDevice: recorded?.device,
                                          device: device, isEmpty: FileFacts.isEmptyFolder(path),
                                          isMountPoint: device != FileFacts.device(FolderPath.parent(of: path)),
                                          walkFoundNothing: scope == nil && scan.files.isEmpty && scan.playlistFiles.isEmpty)
        if let recorded, let absence = presence.absence { return .gone(recorded: recorded, absence: absence) }
        let previous = try scope.map { scope in
            let (folders, trees) = scope.minimal
            return try store.folderFiles(ofSource: path, folders: folders, trees: trees)
        } ?? store.folderFiles(ofSource: path)
        let now = Timestamp(rawValue: Int64(FileFacts.now()))
        var plan = FolderPlan(files: scan.files, previous: previous, unreadable: scan.unreadableFolders,
                              scope: scope, formerPath: formerPath, rereadAll: full, now: now)
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
                                  rereadAll: full, now: now)
            }
        }
        return .present(FolderSurvey(scope: scope, scan: scan, recorded: recorded, device: device,
                                     previous: previous, plan: plan))
    }
}
