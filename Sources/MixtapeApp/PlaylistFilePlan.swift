import MixtapeCore
import MixtapeIngest

/// Which playlist files of a folder source to read again, given the stamps the last walk
/// recorded: new and changed files (all of them with `--full`), and the recorded ones that are
/// gone. A file under a folder the walk could not list, or outside a watch batch's scope, is
/// neither: what the index has of it stays.
struct PlaylistFilePlan {
    var toRead: [PlaylistFileStat] = []
    var removed: [String] = []

    var isEmpty: Bool { toRead.isEmpty && removed.isEmpty }

    init(found: [PlaylistFileStat], previous: [String: Int64], scope: FolderScope?, unreadable: [String],
         rereadAll: Bool) {
        toRead = found.filter { rereadAll || previous[$0.path] != $0.stamp }
        let present = Set(found.map(\.path))
        removed = previous.keys.filter { path in
            !present.contains(path) && (scope?.covers(path) ?? true)
                && !unreadable.contains { FolderPath.isWithin(path, $0) }
        }.sorted()
    }
}
