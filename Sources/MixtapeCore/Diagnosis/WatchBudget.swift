/// Whether `mixtape watch` fits in the kernel's inotify limits: pure arithmetic on the folder
/// count and the limits, so the verdict is tested without a kernel.
///
/// `watch` takes one inotify watch per folder of a folder source and one for the folder of
/// each library export. `fs.inotify.max_user_watches` is per user and shared with every other
/// program that watches files (editors, sync clients), so a count near the limit is worth a
/// note even before it is exceeded: `watch` would then fail (exit 71) on the first new folders.
public struct WatchBudget: Hashable, Sendable {
    /// Folders `watch` would watch (for folder sources counted from the index, which does not
    /// record folders holding no media: a lower bound).
    public var folders: Int
    /// `fs.inotify.max_user_watches`; nil when it cannot be read.
    public var watchLimit: Int?
    /// `fs.inotify.max_user_instances`, shown for completeness; nil when it cannot be read.
    public var instanceLimit: Int?

    /// The share of the limit above which a note says to raise it.
    public static let noteFraction = 0.8

    public init(folders: Int, watchLimit: Int?, instanceLimit: Int?) {
        self.folders = folders
        self.watchLimit = watchLimit
        self.instanceLimit = instanceLimit
    }

    /// The limit to suggest: twice what is needed, and never below the half million that
    /// current distributions ship, so one raise lasts.
    public static func suggestedLimit(folders: Int) -> Int { max(524_288, (folders + 1) * 2) }

    /// The folders `watch` would watch: each folder source's root and every folder between it
    /// and a folder its last walk found media in (`mediaFolders`, by root), and the folder of
    /// each library export. Folders holding no media and no such folder below them are not in
    /// the index, so this is a lower bound that costs no walk.
    public static func foldersToWatch(mediaFolders: [String: [String]], folderRoots: [String],
                                      libraryFiles: [String]) -> Set<String> {
        var folders = Set(libraryFiles.map(FolderPath.parent(of:)))
        for root in folderRoots {
            folders.insert(root)
            for var folder in mediaFolders[root] ?? [] where FolderPath.isInside(folder, root) {
                while folder != root {
                    folders.insert(folder)
                    folder = FolderPath.parent(of: folder)
                }
            }
        }
        return folders
    }

    /// The verdict: a problem over the limit, a note above `noteFraction` of it, else ok.
    public var finding: Finding {
        let needs = "watch needs \(folders) inotify \(folders == 1 ? "watch" : "watches") (one per folder)"
        guard let limit = watchLimit else {
            return .note("watch", "\(needs); fs.inotify.max_user_watches cannot be read",
                         fix: "if watch fails with exit 71, use `mixtape watch --poll 60`")
        }
        let instances = instanceLimit.map { ", max_user_instances \($0)" } ?? ""
        let state = "\(needs), limit \(limit) (fs.inotify.max_user_watches\(instances))"
        if folders > limit {
            return .problem("watch", "\(state): watch would fail", fix: raise)
        }
        if Double(folders) > Double(limit) * WatchBudget.noteFraction {
            return .note("watch", "\(state): above \(Int(WatchBudget.noteFraction * 100))% of the limit, "
                         + "which other programs share", fix: raise)
        }
        return .ok("watch", state)
    }

    private var raise: String { WatchBudget.raiseAdvice(folders: folders) }

    /// The two ways out, for `doctor` and for `watch`'s own exit-71 message alike: raise the
    /// limit to `suggestedLimit` (now, and across reboots), or poll.
    public static func raiseAdvice(folders: Int) -> String {
        let wanted = suggestedLimit(folders: folders)
        return "`sudo sysctl fs.inotify.max_user_watches=\(wanted)`, and to keep it across reboots "
            + "`echo fs.inotify.max_user_watches=\(wanted) | sudo tee /etc/sysctl.d/90-mixtape.conf`; "
            + "or watch by polling: `mixtape watch --poll 60`"
    }
}
