/// A source as the watcher sees it: a folder tree to watch whole, or a library export, which
/// is watched through its parent folder because iTunes and Music replace it by writing a
/// temporary file and renaming it over the old one (a watch on the file itself would stay on
/// the old, unlinked file). `companions` are files in the same folder read with it (the
/// `playlists.xml` beside a Rhythmbox database): a change to one is a change to the source.
/// A companion that ends in `/` is a folder and stands for any file directly in it (foobar2000's
/// playlists folder, where a new playlist's file appears before its index names it).
public enum WatchedSource: Hashable, Sendable {
    case folder(root: String)
    case library(file: String, companions: [String] = [])

    public var path: String {
        switch self {
        case .folder(let root): root
        case .library(let file, _): file
        }
    }

    /// Whether `path` is a file this library source is read from (itself or a companion).
    func reads(_ path: String) -> Bool {
        guard case .library(let file, let companions) = self else { return false }
        return path == file || companions.contains { companion in
            companion.hasSuffix("/") ? path.hasPrefix(companion) && !path.dropFirst(companion.count).contains("/")
                : companion == path
        }
    }
}
