/// A source as the watcher sees it: a folder tree to watch whole, or a library export, which
/// is watched through its parent folder because iTunes and Music replace it by writing a
/// temporary file and renaming it over the old one (a watch on the file itself would stay on
/// the old, unlinked file).
public enum WatchedSource: Hashable, Sendable {
    case folder(root: String)
    case library(file: String)

    public var path: String {
        switch self {
        case .folder(let root): root
        case .library(let file): file
        }
    }
}
