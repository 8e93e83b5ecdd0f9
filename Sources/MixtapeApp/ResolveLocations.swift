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
    /// Bounds of the walk of an export's own tree.
    var walkFiles = 200_000
    var walkSeconds = 10.0

    /// Resolves every library source; returns what each came to.
    func run() throws -> [RelocationOutcome] {
        var outcomes: [RelocationOutcome] = []
        _ = try store.relocating { session in
            var walked: [String: FolderWalker.WalkLimit?] = [:]
            for source in try session.librarySources() {
                let entries = try session.entries(of: source)
                let tree = Self.tree(of: source.path)
                let files = FilesOnDisk {
                    let catalog = try session.files()
                    if let tree, walked[tree] == nil {
                        walked[tree] = try FolderWalker.mediaFiles(under: tree, files: walkFiles, seconds: walkSeconds) {
                            try catalog.add(LocalFile(path: $0, size: $1))
                        }
                    }
                    return catalog
                }
                let relocator = Relocator(userRules: try session.userRules(of: source))
                var (placements, relocation) = relocator.relocate(entries.entries, in: files)
                if let tree, let limit = walked[tree] ?? nil { relocation.note = Self.note(tree, limit) }
                let written = try session.write(placements, of: entries, relocation: relocation, source: source)
                placements = []
                outcomes.append(RelocationOutcome(source: source.path, relocation: relocation, changed: written.summaryChanged,
                                                  changedPaths: written.pathsChanged))
            }
        }
        return outcomes
    }

    /// The folder an export sits in, when relocation may walk it.
    static func tree(of source: String) -> String? {
        let folder = FolderPath.parent(of: source)
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
