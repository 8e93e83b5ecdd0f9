/// The files of this machine as relocation asks about them: the adapter answers from the file
/// system and from the index's record of the files under its folder sources (and the tree an
/// export sits in), so the matching itself (`Relocator`) is pure and tested with tables.
public protocol LocalFiles {
    /// The file `path` names here: as written, else compared ignoring NFC/NFD, else letter
    /// case. Two files that differ only in letter case are both returned (`.ambiguous`).
    func look(_ path: String) -> LocalLookup
    /// Files whose last two components fold to `path`'s (`FoldedPath.tail`), at most `limit`.
    func sharingTail(with path: String, limit: Int) -> [String]
    /// Files whose name folds to `path`'s (`FoldedPath.name`) with this size (any size when
    /// nil), at most `limit`.
    func named(like path: String, size: Int64?, limit: Int) -> [LocalFile]
    /// The size of the file at `path` (one the other calls returned), nil when none is known.
    func size(of path: String) -> Int64?
}

/// What `LocalFiles.look` found.
public enum LocalLookup: Hashable, Sendable {
    case found(String)
    case ambiguous([String])
    case none
}

/// A file here, with what step 3 compares (spec/sources.md): its size, and its duration when
/// the index read its tags.
public struct LocalFile: Hashable, Sendable {
    public var path: String
    public var size: Int64?
    public var durationMs: Int64?

    public init(path: String, size: Int64?, durationMs: Int64? = nil) {
        self.path = path
        self.size = size
        self.durationMs = durationMs
    }
}
