/// A sync recorded with `sync DEST --save NAME`: everything needed to put the same choice on
/// the same device again after the library changed, which `index` and `watch` do whenever DEST
/// is mounted.
///
/// Every setting is kept as it was resolved when saved (the profile and the flags merged), so
/// a later edit of the config file does not quietly change what an existing saved sync writes;
/// and the query as *text*, so relative dates (`added:<30d`) are measured at each run.
public struct SavedSync: Hashable, Sendable {
    /// Where the items come from, as `sync` takes it.
    public enum Source: Hashable, Sendable {
        case selection
        case query(String)
        /// Playlist names, folder paths or ids, as given to `--playlist`.
        case playlists([String])
        case allPlaylists
    }

    /// The options of `sync` after the profile and the flags were merged.
    public struct Settings: Hashable, Sendable {
        public var transcode: SyncTarget
        /// Extensions in lower case, sorted: a set kept in a stable order.
        public var keep: [String]
        public var layout: DeviceLayout
        /// Nil picks by DEST's file system at each run (a stick reformatted keeps working).
        public var names: DeviceNames.Rules?
        public var stemLimit: Int?
        public var artPixels: Int?
        /// False is `--no-delete`.
        public var delete: Bool
        public var strict: Bool
        /// `--playlist-folders` and `--ascii`.
        public var playlistFolders: Bool
        public var ascii: Bool

        public init(transcode: SyncTarget = .standard, keep: [String] = SyncSettings().keep.sorted(),
                    layout: DeviceLayout = .standard, names: DeviceNames.Rules? = nil, stemLimit: Int? = nil,
                    artPixels: Int? = nil, delete: Bool = true, strict: Bool = false, playlistFolders: Bool = false,
                    ascii: Bool = false) {
            self.transcode = transcode
            self.keep = keep.sorted()
            self.layout = layout
            self.names = names
            self.stemLimit = stemLimit
            self.artPixels = artPixels
            self.delete = delete
            self.strict = strict
            self.playlistFolders = playlistFolders
            self.ascii = ascii
        }
    }

    public var name: String
    /// An absolute path: a saved sync runs from cron and `watch`, in any working folder.
    public var destination: String
    public var source: Source
    public var settings: Settings

    public init(name: String, destination: String, source: Source, settings: Settings = Settings()) {
        self.name = name
        self.destination = destination
        self.source = source
        self.settings = settings
    }

    /// The sync settings a run uses (the name rules are DEST's own unless `names` says).
    public var syncSettings: SyncSettings {
        var sync = SyncSettings(transcode: settings.transcode, keep: Set(settings.keep), layout: settings.layout,
                                names: DeviceNames(settings.names ?? .posix, stemLimit: settings.stemLimit, ascii: settings.ascii),
                                artPixels: settings.artPixels)
        sync.playlistFolders = settings.playlistFolders
        return sync
    }

    /// Why a name cannot name a saved sync, or nil: the rules of saved exports' names
    /// (`SavedExport.problem`), since `mixtape saved` lists and runs both by name.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a saved sync needs a name" }
        if name.hasPrefix("-") { return "a saved sync's name cannot start with -" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            return "a saved sync's name cannot contain control characters"
        }
        return nil
    }
}
