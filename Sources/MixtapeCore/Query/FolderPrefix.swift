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
        // Split at the bytes: `/` is a component boundary in Characters too unless a scalar
        // beside it joins it into one (a combining mark after it, say), which only a non-ASCII
        // neighbour can do; then split by Characters as the definition says. Splitting every
        // location by Characters was nearly all of a `path:` search over 100,000 items.
        guard !PathSlashes.mayJoin(location) else {
            let parts = location.split(separator: "/")
            guard parts.count >= components.count else { return false }
            return zip(components, parts).allSatisfy { $0 == $1 }
        }
        let parts = location.utf8.split(separator: UInt8(ascii: "/"))
        guard parts.count >= components.count else { return false }
        return zip(components, parts).allSatisfy { $0 == Substring($1) }
    }
}

/// Where a location's `/` bytes are its component boundaries.
enum PathSlashes {
    /// Whether some `/` has a non-ASCII byte just before or after it (which may make it part
    /// of a larger Character); false for every location whose slashes stand alone.
    static func mayJoin(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for index in bytes.indices where bytes[index] == 0x2f {
                if index > 0, bytes[index - 1] >= 0x80 { return true }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return true }
            }
            return false
        }
        return found ?? true
    }
}
