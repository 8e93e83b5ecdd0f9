import MixtapeCore
import MixtapeStore

/// Why one source could not be brought up to date. Other sources in the same run still are.
public struct SourceFailure: Error, Sendable {
    public enum Reason: Sendable {
        /// The bytes are not a valid library (exit 65).
        case malformed(MalformedSourceError)
        /// A named source does not exist (exit 66).
        case missing
        /// It exists but cannot be read (exit 66).
        case unreadable(String)
        /// A kind of source this version cannot read yet (exit 2).
        case unsupported(String)
    }

    public var path: String
    public var reason: Reason

    public var message: String {
        switch reason {
        case .malformed(let error): "\(error.position): \(error.reason)"
        case .missing: "\(path): no such file or folder"
        case .unreadable(let why): "\(path): cannot be read: \(why)"
        case .unsupported(let why): "\(path): \(why)"
        }
    }
}

/// What relocation made of one library source's (or playlist file's) entries in a run.
public struct RelocationOutcome: Sendable {
    public var source: String
    /// Its kind: a playlist file's entries are found by name and length, an export's by size.
    public var kind: SourceKind
    public var summary: RelocationSummary
    /// Whether it differs from what the last run found (an unchanged one is not reported again).
    public var changed: Bool
    /// Whether an item's path changed.
    public var changedPaths: Bool
}

/// The outcome of one `index` run, summed over its sources.
public struct IndexReport: Sendable {
    public var added = 0, updated = 0, removed = 0, unchanged = 0
    public var playlists = 0
    /// Sources brought up to date or found unchanged.
    public var sources = 0
    /// Sources skipped because size and modification time had not changed.
    public var skipped = 0
    public var warnings: [IndexWarning] = []
    public var failures: [SourceFailure] = []
    /// Sidecars found with no media file beside them (or photo XMPs): skipped, not items.
    public var skippedSidecars = 0
    /// Media files found under another path than last time, keeping their ids.
    public var moved = 0
    /// Library exports read again (their size or modification time had changed), whatever
    /// the counts say: a playlist may have changed with no item.
    public var reread = 0
    /// Playlist files read again, added or gone (their playlists are resolved anew).
    public var playlistFilesRead: Int { changedPlaylistFiles.count }
    /// Their paths.
    public var changedPlaylistFiles: Set<String> = []
    /// The saved exports this run wrote, found unchanged, or could not write.
    public var savedExports: [SavedExports.Outcome] = []
    /// The saved syncs run after it (DEST there or not), with what each did.
    public var savedSyncs: [SavedSyncs.Outcome] = []
    /// What relocation made of each library source's entries (`ResolveLocations`).
    public var relocations: [RelocationOutcome] = []
    public var seconds = 0.0
    /// Whether this run made the index (its first): it holds no saved export or sync yet.
    public var madeIndex = false

    public init() {}

    /// Rows of the sources this run covered that are another covered source's item under a
    /// second id (a file a folder and an export both list: one item, `sources.md`).
    public var sharedWithAnotherSource = 0

    /// Items in the sources this run covered, each file once however many of them list it.
    public var items: Int { added + updated + unchanged - sharedWithAnotherSource }

    /// Whether anything a playlist is made from may have changed.
    public var changedIndex: Bool { added + updated + removed + moved + reread + playlistFilesRead > 0 }

    /// Whether items changed (not only playlist files): every playlist file's entries may now
    /// find other items.
    public var changedItems: Bool { added + updated + removed + moved + reread > 0 }

    /// Counts one source brought up to date.
    mutating func add(_ counts: SyncCounts) {
        added += counts.added
        updated += counts.updated
        removed += counts.removed
        unchanged += counts.unchanged
        playlists += counts.playlists
        sources += 1
    }

    /// Counts one source found unchanged and not read again.
    mutating func addUnchanged(items: Int, playlists: Int) {
        unchanged += items
        self.playlists += playlists
        sources += 1
        skipped += 1
    }
}
