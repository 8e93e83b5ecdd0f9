import Foundation
import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// One step of an index run (spec/sources.md, "Where the files are now"): every entry of every
/// library source is resolved to its file on this machine, so that one file is one item and
/// `play`, `export-playlist` and `pick` reach it with no flag. It runs after the sources are
/// read, in one transaction; items keep their ids whatever is found.
///
/// The files entries may be found among (`FileCatalog`) are those of the index's folder
/// sources and of the tree each export sits in, walked within bounds, unless that tree is the
/// home folder or a file system's root (walking a whole disk is no one's intent).
struct ResolveLocations {
    var store: LibraryStore
    /// The trees walked while the sources were read (`walkingAhead`).
    var walkedAhead: [TreeWalk] = []
    /// The rows of the sources read in this run, by path, as their syncs inserted them: what
    /// would otherwise be read back from the index.
    var locatedRows: [String: LocatedRows.Gathering] = [:]
    /// Bounds of the walk of an export's own tree.
    static let walkFiles = 200_000
    static let walkSeconds = 10.0

    /// Resolves every library source; returns what each came to.
    func run() throws -> [RelocationOutcome] {
        var outcomes: [RelocationOutcome] = []
        defer { walkedAhead.forEach { $0.stop() } }  // those no source needed
        _ = try store.relocating { session in
            var walked: [String: FolderWalker.WalkLimit?] = [:]
            for source in try session.librarySources() {
                let entries = try session.entries(of: source, gathered: locatedRows[source.path])
                let tree = Self.tree(of: source.path)
                let files = FilesOnDisk {
                    let catalog = try session.files()
                    if let tree, walked[tree] == nil { walked[tree] = try catalogue(tree, into: catalog) }
                    return catalog
                }
                let relocator = Relocator(userRules: try session.userRules(of: source))
                var (placements, relocation) = relocator.relocate(entries.entries, in: files)
                if let tree, let limit = walked[tree] ?? nil { relocation.note = Self.note(tree, limit) }
                let written = try session.write(placements, of: entries, relocation: relocation, source: source)
                placements = []
                outcomes.append(RelocationOutcome(source: source.path, kind: source.kind, summary: RelocationSummary(relocation), changed: written.summaryChanged,
                                                  changedPaths: written.pathsChanged))
            }
        }
        return outcomes
    }

    /// What the playlist-file sources among `targets` found here, for those whose summary
    /// changed since `before`: kept as their entries were resolved, in each sync's `derive`
    /// (`ResolvePlaylistFiles`), and reported with the exports'.
    static func playlistFileOutcomes(among targets: [String], before: [SourceRecord], after: [SourceRecord]) -> [RelocationOutcome] {
        let earlier = Dictionary(before.map { ($0.path, $0.relocation) }, uniquingKeysWith: { first, _ in first })
        let named = Set(targets)
        return after.compactMap { source in
            guard source.kind.isPlaylistSource, named.contains(source.path), let summary = source.relocation else { return nil }
            return RelocationOutcome(source: source.path, kind: source.kind, summary: summary, changed: earlier[source.path] != summary,
                                     changedPaths: false)
        }
    }

    /// Adds the media files under `tree` to the catalog, from its walk ahead when there was
    /// one; returns the limit that stopped the walk, if one did.
    private func catalogue(_ tree: String, into catalog: FileCatalog) throws -> FolderWalker.WalkLimit? {
        if let found = walkedAhead.first(where: { $0.tree == tree })?.take() {
            try found.forEach { try catalog.add($0) }
            return found.limit
        }
        return try TreeWalk.list(tree, files: Self.walkFiles, seconds: Self.walkSeconds) { try catalog.add($0) }
    }

    /// Starts walking, each on a thread of its own, the trees of the exports among `targets`
    /// that relocation is likely to search: those whose entries were not all where they say
    /// last time, and those not indexed yet that seem to name files elsewhere
    /// (`TreeWalk.namesFilesElsewhere`). A playlist file's tree is not walked (nor searched:
    /// its entries are matched to items), nor is a folder source.
    static func walkingAhead(of targets: [String], recorded: [SourceRecord]) -> [TreeWalk] {
        let known = Dictionary(recorded.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var trees: [String] = []
        for target in targets where PlaylistFileFormat(fileName: target) == nil {
            if let record = known[target] {
                guard record.kind.isLibraryFile, record.relocation.map({ $0.asWritten < $0.entries }) ?? true else { continue }
            } else if !TreeWalk.namesFilesElsewhere(target) {
                continue
            }
            if let tree = tree(of: target), !trees.contains(tree) { trees.append(tree) }
        }
        return trees.map { TreeWalk(ahead: $0, files: walkFiles, seconds: walkSeconds) }
    }

    /// The folders, innermost last, an application keeps its database in beside the music it
    /// names (in `~/Music`, at a drive's root): Serato's `_Serato_`, Engine DJ's `Engine
    /// Library` (2.x and later: `Engine Library/Database2`). Relocation searches the folder
    /// that holds them, not the database's own, which holds no music.
    static let applicationFolders: [[String]] = [["Engine Library", "Database2"], ["Engine Library"], ["_Serato_"]]

    /// The folder an export sits in, when relocation may walk it: its parent, or the folder
    /// holding the application's own folders (`applicationFolders`).
    static func tree(of source: String) -> String? {
        var folder = FolderPath.parent(of: source)
        if let names = applicationFolders.first(where: { names in
            var walked = folder
            return names.reversed().allSatisfy { name in
                defer { walked = FolderPath.parent(of: walked) }
                return FolderPath.name(of: walked) == name
            }
        }) {
            for _ in names { folder = FolderPath.parent(of: folder) }
        }
        let home = ProcessInfo.processInfo.environment["HOME"].map(FileFacts.absolute)
        guard folder != "/", folder != home, let device = FileFacts.device(folder),
              FileFacts.device(FolderPath.parent(of: folder)) == device else { return nil }
        return folder
    }

    private static func note(_ tree: String, _ limit: FolderWalker.WalkLimit) -> String {
        switch limit {
        case .files(let count): "the search of \(tree) stopped after \(count.grouped) files"
        case .seconds(let seconds): "the search of \(tree) stopped after \(Int(seconds)) seconds"
        }
    }
}
