/// Path arithmetic on absolute paths as plain strings, for the folder walk and the watcher,
/// which compare and rewrite paths they built themselves: no normalisation is needed, only
/// care with the `/` boundary (`/music/a` is not inside `/music/ab`).
public enum FolderPath {
    /// Whether `path` is strictly below `folder`.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "/" { return path.count > 1 && path.hasPrefix("/") }
        return path.utf8.count > folder.utf8.count && path.hasPrefix(folder)
            && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/")
    }

    /// Whether `path` is `folder` or below it.
    public static func isWithin(_ path: String, _ folder: String) -> Bool {
        path == folder || isInside(path, folder)
    }

    /// The folder that holds `path` (`/` for a top-level name).
    public static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// `folder/name`, without doubling the slash of `/`.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether any component of `path` below `root` starts with a dot: the walker skips
    /// hidden files and folders (`.git`, AppleDouble `._x.mp3`, `.part` downloads), so the
    /// watcher ignores them too.
    public static func isHidden(_ path: String, below root: String) -> Bool {
        guard isInside(path, root) else { return false }
        let rest = path.utf8.dropFirst(root == "/" ? 0 : root.utf8.count)
        var previous: UInt8 = 0
        for byte in rest {
            if previous == UInt8(ascii: "/") && byte == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }
}
