/// `path:/srv/music/jazz`: the item's location lies in that folder or below it.
///
/// Compared component by component, so `/srv/music/jazz` does not take in
/// `/srv/music/jazzfunk`; a trailing or doubled `/` changes nothing. Components compare with
/// Swift's `String` equality, which is canonical equivalence, so a folder typed in NFC finds
/// files whose names are stored NFD (macOS) and the other way round. Case is kept: paths are
/// case-sensitive on Linux.
public struct FolderPrefix: Hashable, Sendable {
    /// The folder as written.
    public var folder: String
    private var absolute: Bool
    private var components: [Substring]

    public init(_ folder: String) {
        self.folder = folder
        self.absolute = folder.hasPrefix("/")
        self.components = folder.split(separator: "/")
    }

    /// What an error message says `path:` expects.
    public static let expectation = "a folder such as /srv/music/jazz"

    /// Whether `location` is the folder itself or lies somewhere below it.
    public func contains(_ location: String) -> Bool {
        guard location.hasPrefix("/") == absolute else { return false }
        let parts = location.split(separator: "/")
        guard parts.count >= components.count else { return false }
        return zip(components, parts).allSatisfy { $0 == $1 }
    }
}
