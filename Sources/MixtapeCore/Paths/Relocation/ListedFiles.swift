/// `LocalFiles` over a list held in memory, answered as the file system adapter answers (exact
/// bytes, then canonically equal, then folded; two folded matches are ambiguous): the files a
/// test or the fuzzer says are here, and the indexed items' files a playlist file's entries
/// may name (`PlaylistRelocation`). Each lookup is one dictionary lookup, since a playlist
/// source asks about thousands of entries.
public struct ListedFiles: LocalFiles {
    public let files: [LocalFile]
    private var exact: Set<ExactPath> = []
    /// By `String` equality, which is canonical equivalence (NFC = NFD).
    private var canonical: [String: [String]] = [:]
    private var folded: [[String]: [String]] = [:]
    private var byTail: [String: [String]] = [:]
    private var byName: [String: [LocalFile]] = [:]
    private var sizes: [ExactPath: Int64] = [:]

    public init(_ files: [LocalFile]) {
        var kept: [LocalFile] = []
        for file in files where exact.insert(ExactPath(file.path)).inserted {
            kept.append(file)
            canonical[file.path, default: []].append(file.path)
            folded[Self.key(file.path), default: []].append(file.path)
            let keys = FoldedPath.keys(file.path)
            byTail[keys.tail, default: []].append(file.path)
            byName[keys.name, default: []].append(file)
            if let size = file.size { sizes[ExactPath(file.path)] = size }
        }
        self.files = kept
    }

    public func look(_ path: String) -> LocalLookup {
        guard path.hasPrefix("/") else { return .none }
        if exact.contains(ExactPath(path)) { return .found(path) }
        if let equal = canonical[path], equal.count == 1 { return .found(equal[0]) }
        let found = folded[Self.key(path)] ?? []
        switch found.count {
        case 0: return .none
        case 1: return .found(found[0])
        default: return .ambiguous(found)
        }
    }

    public func sharingTail(with path: String, limit: Int) -> [String] {
        Array((byTail[FoldedPath.tail(path)] ?? []).prefix(limit))
    }

    public func named(like path: String, size: Int64?, limit: Int) -> [LocalFile] {
        Array((byName[FoldedPath.name(path)] ?? []).lazy.filter { size == nil || $0.size == size }.prefix(limit))
    }

    public func size(of path: String) -> Int64? {
        sizes[ExactPath(path)]
    }

    private static func key(_ path: String) -> [String] {
        FoldedPath.components(path).map(FoldedPath.fold)
    }
}
