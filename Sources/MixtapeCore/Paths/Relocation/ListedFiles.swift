/// `LocalFiles` over a list held in memory: the files a test or the fuzzer says are here,
/// answered as the file system adapter answers (exact bytes, then canonically equal, then
/// folded; two folded matches are ambiguous).
public struct ListedFiles: LocalFiles {
    public let files: [LocalFile]

    public init(_ files: [LocalFile]) {
        var seen = Set<[UInt8]>()
        self.files = files.filter { seen.insert(Array($0.path.utf8)).inserted }
    }

    public func look(_ path: String) -> LocalLookup {
        guard path.hasPrefix("/") else { return .none }
        if let exact = files.first(where: { $0.path.utf8.elementsEqual(path.utf8) }) { return .found(exact.path) }
        let equal = files.filter { $0.path == path }
        if equal.count == 1 { return .found(equal[0].path) }
        let key = Self.key(path)
        let folded = files.filter { Self.key($0.path) == key }
        switch folded.count {
        case 0: return .none
        case 1: return .found(folded[0].path)
        default: return .ambiguous(folded.map(\.path))
        }
    }

    public func sharingTail(with path: String, limit: Int) -> [String] {
        let tail = FoldedPath.tail(path)
        return Array(files.lazy.filter { FoldedPath.tail($0.path) == tail }.map(\.path).prefix(limit))
    }

    public func named(like path: String, size: Int64?, limit: Int) -> [LocalFile] {
        let name = FoldedPath.name(path)
        return Array(files.lazy.filter { FoldedPath.name($0.path) == name && (size == nil || $0.size == size) }.prefix(limit))
    }

    private static func key(_ path: String) -> [String] {
        FoldedPath.components(path).map(FoldedPath.fold)
    }
}
