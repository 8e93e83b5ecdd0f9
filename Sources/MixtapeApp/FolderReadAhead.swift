import MixtapeCore
import MixtapeIngest
import MixtapeStore
import MixtapeWatch

/// The media files of a watch batch, read before the writer lock is taken.
///
/// Reading a file's tags can take seconds (TagLib on a large file, a slow disk, a damaged
/// file `AudioStart` lets through), and with the lock held that kept a cron `index` waiting
/// (`--wait 5` exited 75) and the next batch too. So a batch surveys its folders and reads what
/// changed first; under the lock it surveys them again and takes a reading from here only for
/// the very same file (path, inode, size, mtime and sidecars, `MediaFile`) planned with the
/// very same id. Anything that changed in between is read again there, so what is written is
/// exactly what reading under the lock would have written.
final class FolderReadAhead {
    private struct Key: Hashable {
        let file: MediaFile
        let id: ItemID
        let source: String
    }

    private var readings: [Key: MediaFileReading] = [:]

    /// At most this many files are read ahead (the rest of a larger batch, a folder copied in,
    /// under the lock): every reading here is held in memory until it is written.
    static let limit = 2048

    init() {}

    /// How many readings are waiting to be taken.
    var count: Int { readings.count }

    /// The reading of `file` made ahead for `id` in `source`, given up (it is written once).
    func take(_ file: MediaFile, id: ItemID, source: String) -> MediaFileReading? {
        readings.removeValue(forKey: Key(file: file, id: id, source: source))
    }

    /// Reads the new and changed media files of `changes`' folder sources as `index` would plan
    /// them now, with no lock; stops early when `index` is told to give up. A survey that fails
    /// (the index being replaced, a folder going away) reads nothing: the batch then reads under
    /// the lock, as it would have anyway.
    static func reading(_ changes: ChangeBatch, for index: IndexSources) -> FolderReadAhead {
        let ahead = FolderReadAhead()
        guard !changes.folders.isEmpty, LibraryStore.exists(at: index.libraryPath),
              let store = try? LibraryStore(path: index.libraryPath) else { return ahead }
        for (root, folderChanges) in changes.folders.sorted(by: { $0.key < $1.key }) {
            guard case .present(let survey)? = try? index.surveyFolder(root, changes: folderChanges, store: store)
            else { continue }
            for (file, id, _) in survey.plan.toRead {
                guard ahead.count < limit, index.giveUpWaiting?() != true else { return ahead }
                ahead.readings[Key(file: file, id: id, source: root)] = MediaFileReader.reading(file, id: id, source: root)
            }
        }
        return ahead
    }
}
