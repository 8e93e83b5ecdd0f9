import MixtapeCore
import MixtapeIngest
import MixtapeStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LocalFiles` answered from this machine: `look` asks the file system (a path as written,
/// its NFC and NFD spellings, then a walk down its folders comparing names folded), the
/// lookups by tail and name ask the index's `FileCatalog`, made only when first needed.
final class FilesOnDisk: LocalFiles {
    private let makeCatalog: () throws -> FileCatalog
    private var catalog: FileCatalog?
    /// Each folder listed by a folded walk: folded name → the names that fold to it (nil: not
    /// a folder). Entries come an album at a time, so one listing answers many.
    private var listings: [String: [String: [String]]?] = [:]
    /// `folderPlace`'s answers, by folder as written.
    private var folderPlaces: [ExactPath: FolderPlace] = [:]
    /// Folders kept at most: a walk over a million folders must not hold them all.
    private let listingLimit = 20_000
    /// The folder `look` placed last, and where it is. Entries come sorted by path, an album's
    /// tracks one after another, so most paths are in the folder of the one before: comparing
    /// bytes answers them, where making each folder's path and hashing it was most of `look`.
    private var lastFolder: (path: String, place: FolderPlace)?

    init(catalog: @escaping () throws -> FileCatalog) {
        makeCatalog = catalog
    }

    func look(_ path: String) -> LocalLookup {
        // A drive path, a relative path or a URL names no file on this machine as written.
        guard path.hasPrefix("/") else { return .none }
        // Most paths not here as written are nowhere here (an export of another machine, every
        // path under a `/Users/…` this machine lacks): their folder, asked once for an album's
        // tracks, says so before a `stat` of each and two Unicode normalisations.
        let folder = place(ofFolderOf: path)
        if folder == .nowhere { return .none }
        // As written first: the other spellings cost two Unicode normalisations, and most
        // paths a run looks at (an export of this machine, a rule's target) are there.
        if folder == .asWritten, Self.isFile(path) { return .found(path) }
        if let spelling = PlayablePath.Finder.spellings(path).dropFirst().first(where: Self.isFile) { return .found(spelling) }
        return folded(path)
    }

    /// Where the folder holding a path is (`folderPlace`).
    private enum FolderPlace {
        /// At the path as written.
        case asWritten
        /// Not as written; the folded walk reaches it, or a name on the way is ambiguous.
        case otherSpelling
        /// In no spelling: no file in it is here.
        case nowhere
    }

    /// Where the folder holding `path` is: the last one's place when it is that folder again.
    private func place(ofFolderOf path: String) -> FolderPlace {
        if let lastFolder, Self.isDirectly(in: lastFolder.path, path) { return lastFolder.place }
        let folder = FolderPath.parent(of: path)
        let place = folderPlace(folder, of: path)
        lastFolder = (folder, place)
        return place
    }

    /// Whether `FolderPath.parent(of: path)` is `folder`, byte for byte, found without making it.
    /// Asked of every entry relocation looks for: native strings lend their bytes as they are,
    /// compared with `memcmp` (copying both into `var`s and comparing them as sequences cost
    /// 15 ms of the 90 ms relocating 100,000 Serato tracks).
    static func isDirectly(in folder: String, _ path: String) -> Bool {
        let lent = path.utf8.withContiguousStorageIfAvailable { path in
            folder.utf8.withContiguousStorageIfAvailable { folder in isDirectly(in: folder, path) }
        }
        if let lent, let answer = lent { return answer }
        var folder = folder, path = path
        return folder.withUTF8 { folder in path.withUTF8 { path in isDirectly(in: folder, path) } }
    }

    private static func isDirectly(in folder: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let parent = max(slash, 1)  // the parent of `/name` is `/`
        return parent == folder.count && memcmp(path.baseAddress!, folder.baseAddress!, parent) == 0
    }

    /// Where `folder`, the folder holding `path`, is: a `stat`, then the folded walk's kept
    /// listings. Kept by folder as written, byte for byte.
    private func folderPlace(_ folder: String, of path: String) -> FolderPlace {
        let key = ExactPath(folder)
        if let known = folderPlaces[key] { return known }
        if folderPlaces.count >= listingLimit { folderPlaces.removeAll(keepingCapacity: true) }
        let place: FolderPlace = if PlayablePath.Finder.kind(folder) == .folder {
            .asWritten
        } else if walksToFolder(path) {
            .otherSpelling
        } else {
            .nowhere
        }
        folderPlaces[key] = place
        return place
    }

    func sharingTail(with path: String, limit: Int) -> [String] {
        (try? files())?.sharingTail(with: path, limit: limit) ?? []
    }

    func named(like path: String, size: Int64?, limit: Int) -> [LocalFile] {
        (try? files())?.named(like: path, size: size, limit: limit, measure: Self.size) ?? []
    }

    func size(of path: String) -> Int64? {
        Self.size(path)
    }

    /// The size of the regular file (or the file a link names) at `path`, nil when there is none.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    private func files() throws -> FileCatalog {
        if let catalog { return catalog }
        let made = try makeCatalog()
        catalog = made
        return made
    }

    /// `path` found by walking down from the root, each component compared folded; the exact
    /// name wins when a folder holds it, two names folding alike are ambiguous.
    private func folded(_ path: String) -> LocalLookup {
        let components = FoldedPath.components(path)
        var current = "/"
        for (index, component) in components.enumerated() {
            guard let names = listing(of: current)?[FoldedPath.fold(component)] else { return .none }
            let name: String
            if names.count == 1 {
                name = names[0]
            } else if let exact = names.first(where: { $0.utf8.elementsEqual(component.utf8) }) {
                name = exact
            } else {
                let rest = components[(index + 1)...].joined(separator: "/")
                return .ambiguous(names.sorted().map { FolderPath.join(current, rest.isEmpty ? $0 : $0 + "/" + rest) })
            }
            current = FolderPath.join(current, name)
        }
        return Self.isFile(current) ? .found(current) : .none
    }

    /// Whether the folder that would hold `path` is here in some spelling: each of its folders
    /// found by the folded walk (true when a name is ambiguous: `folded` says how).
    private func walksToFolder(_ path: String) -> Bool {
        var current = "/"
        // Component by component, `path` being absolute: most paths that are nowhere stop at
        // their first (`/Users`, `/Volumes`), so the rest is never split.
        var rest = Substring(path)
        while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
            let component = rest[..<slash]
            rest = rest[rest.utf8.index(after: slash)...]
            guard !component.isEmpty else { continue }
            guard let names = listing(of: current)?[FoldedPath.fold(component)] else { return false }
            guard names.count == 1 else { return true }
            current = FolderPath.join(current, names[0])
        }
        return true
    }

    private func listing(of folder: String) -> [String: [String]]? {
        if let known = listings[folder] { return known }
        if listings.count >= listingLimit { listings.removeAll(keepingCapacity: true) }
        let listing = FolderWalker.names(in: folder).map { names in
            Dictionary(grouping: names, by: FoldedPath.fold)
        }
        listings[folder] = listing
        return listing
    }

    /// Whether a regular file (or a link to one) is at `path`, named by its own bytes.
    static func isFile(_ path: String) -> Bool {
        PlayablePath.Finder.kind(path) == .regular
    }
}
