import MixtapeCore

/// A rename inside one folder source, paired by the kernel's cookie: the file or folder at
/// `to` is the one that was at `from`, so its items keep their ids.
public struct FolderRename: Hashable, Sendable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// Where `path` was before the renames in `renames` (applied in order), or nil if none of
    /// them moved it. Folder renames move everything below them; chains (`a` → `b`, then
    /// `b` → `c`) are followed back to the start.
    public static func origin(of path: String, through renames: [FolderRename]) -> String? {
        var current = path
        for rename in renames.reversed() {
            if current == rename.to {
                current = rename.from
            } else if FolderPath.isInside(current, rename.to) {
                current = rename.from + String(decoding: current.utf8.dropFirst(rename.to.utf8.count), as: UTF8.self)
            }
        }
        return current == path ? nil : current
    }
}
