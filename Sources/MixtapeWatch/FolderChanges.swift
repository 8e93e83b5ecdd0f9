/// What changed in one folder source during a batch, as the folders to walk again: the files
/// of a folder whose entries changed (`files`), whole subtrees that appeared, vanished or were
/// renamed (`trees`), or everything (`rescan`, after lost events). The index walks only these
/// and keeps the rest of the source as it was, so a change in a library of 100,000 files costs
/// what its folder costs.
public struct FolderChanges: Hashable, Sendable {
    /// Folders whose own files (not subfolders) must be listed again.
    public var files: Set<String> = []
    /// Folders to walk again with everything under them.
    public var trees: Set<String> = []
    /// Renames paired by cookie, in the order they happened.
    public var renames: [FolderRename] = []
    /// Walk the whole source: events were lost, or the root itself changed.
    public var rescan = false
    /// Files created and not closed yet when the batch was taken: still being written, so
    /// not to be read (their own `closedAfterWrite` brings them in a later batch).
    public var incomplete: Set<String> = []

    public init(files: Set<String> = [], trees: Set<String> = [], renames: [FolderRename] = [], rescan: Bool = false,
                incomplete: Set<String> = []) {
        self.files = files
        self.trees = trees
        self.renames = renames
        self.rescan = rescan
        self.incomplete = incomplete
    }

    /// Adds what `other` says changed.
    public mutating func merge(_ other: FolderChanges) {
        files.formUnion(other.files)
        trees.formUnion(other.trees)
        renames += other.renames
        rescan = rescan || other.rescan
        incomplete = other.incomplete
    }
}
