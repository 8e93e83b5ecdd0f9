import MixtapeCore

/// A source as the watcher sees it: a folder tree to watch whole, or a library export, which
/// is watched through its parent folder because iTunes and Music replace it by writing a
/// temporary file and renaming it over the old one (a watch on the file itself would stay on
/// the old, unlinked file). `companions` are files in the same folder read with it (the
/// `playlists.xml` beside a Rhythmbox database): a change to one is a change to the source.
/// `companionFolders` are folders whose every file is a companion (a Serato library's
/// `Subcrates` and `SmartCrates`): they are watched too, and a file written, created, renamed
/// or deleted in one is a change to the source.
public enum WatchedSource: Hashable, Sendable {
    case folder(root: String)
    case library(file: String, companions: [String] = [], companionFolders: [String] = [])

    public var path: String {
        switch self {
        case .folder(let root): root
        case .library(let file, _, _): file
        }
    }

    /// Whether `path` is a file this library source is read from (itself or a companion).
    func reads(_ path: String) -> Bool {
        guard case .library(let file, let companions, let folders) = self else { return false }
        return path == file || companions.contains(path) || folders.contains(FolderPath.parent(of: path))
    }

    /// Whether `path` lies directly in one of this library's companion folders.
    func inCompanionFolder(_ path: String) -> Bool {
        guard case .library(_, _, let folders) = self else { return false }
        return folders.contains(FolderPath.parent(of: path))
    }
}
