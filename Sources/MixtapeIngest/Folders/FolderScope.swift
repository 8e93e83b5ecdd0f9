import MixtapeCore

/// The part of a folder source to walk again: the folders whose own files changed, and the
/// subtrees to walk whole. The watcher's change sets become one of these, so a change in a
/// library of 100,000 files costs one folder's listing. The files the scope does not cover
/// keep what the index has.
public struct FolderScope: Hashable, Sendable {
    /// Folders whose files (not subfolders) are listed.
    public var folders: Set<String>
    /// Folders walked with everything below them.
    public var trees: Set<String>
    /// Files created and not yet closed: left out of the walk, and what the index has of them
    /// kept, until they are complete.
    public var incomplete: Set<String>

    public init(folders: Set<String> = [], trees: Set<String> = [], incomplete: Set<String> = []) {
        self.folders = folders
        self.trees = trees
        self.incomplete = incomplete
    }

    /// Whether a file at `path` is one the scoped walk lists (or would list, were it there).
    public func covers(_ path: String) -> Bool {
        if incomplete.contains(path) { return false }
        if folders.contains(FolderPath.parent(of: path)) { return true }
        return trees.contains { FolderPath.isInside(path, $0) }
    }

    /// The trees, without those inside another; the folders, without those a tree covers.
    public var minimal: (folders: [String], trees: [String]) {
        let trees = self.trees.sorted().filter { tree in
            !self.trees.contains { FolderPath.isInside(tree, $0) }
        }
        let scope = FolderScope(trees: Set(trees))
        let folders = self.folders.filter { folder in !trees.contains(folder) && !scope.covers(folder + "/x") }
        return (folders.sorted(), trees)
    }
}
