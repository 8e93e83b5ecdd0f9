import MixtapeCore
import MixtapeTerminal

/// What `config.toml` sets. Every setting is optional: nil (or empty) leaves the command's own
/// default, and a flag on the command line wins over any of them.
///
/// ```toml
/// library = "~/.local/share/mixtape/library.sqlite"
/// sources = ["~/Music/iTunes/iTunes Music Library.xml", "/srv/music"]
///
/// [export]
/// format = "m3u8"                 # when -o's extension does not say
/// missing = "skip"                # keep | skip | fail
/// map-prefix = { "/Users/sam/Music" = "/srv/music" }   # or ["/Users/sam/Music=/srv/music"]
///
/// [watch]
/// debounce = 0.5
///
/// [pick]
/// scope = "music"
/// format = "xspf"                 # for pick --export FILE
///
/// [pick.keys]                     # fzf key and action names, over the picker's defaults
/// "ctrl-a" = "select-all"
/// "f5" = "execute:mpv {location}"
///
/// [play]
/// player = "mpd"                  # mpv (default), mpd, vlc or a [players.NAME] below
///
/// [players.speakers]
/// command = ["mpv", "--no-video", "{files}"]   # {files}: every file, one argument each
///
/// [sync.car]                      # mixtape sync --profile car
/// dest = "/media/sam/CAR"
/// playlists = ["Road Trip"]
/// transcode = "mp3:V2"
/// art = 300
/// ```
public struct Config: Hashable, Sendable {
    /// The file these settings came from, or nil when there is none (all defaults).
    public var file: String?
    /// The index database (after `--library` and `$MIXTAPE_LIBRARY`).
    public var library: String?
    /// Sources `index` and `watch` use when none is named, besides those already recorded.
    public var sources: [String] = []
    public var export = Export()
    public var watch = Watch()
    public var pick = Pick()
    public var play = Play()
    /// `[players.NAME]`: players run as commands, by name (never mpv, mpd or vlc).
    public var players: [String: PlayerCommandLine] = [:]
    /// `[sync.NAME]`: the options of `sync --profile NAME`.
    public var sync: [String: SyncProfile] = [:]

    /// `[sync.NAME]`: every option of `sync`, each nil (or empty) when the table is silent.
    public struct SyncProfile: Hashable, Sendable {
        public var destination: String?
        public var query: String?
        public var playlists: [String] = []
        public var allPlaylists: Bool?
        public var transcode: SyncTarget?
        public var keep: [String]?
        public var layout: DeviceLayout?
        public var names: DeviceNames.Rules?
        public var art: Int?
        public var stemLimit: Int?
        public var playlistFolders: Bool?
        public var ascii: Bool?
        /// `delete = false` is `--no-delete`.
        public var delete: Bool?
        public var strict: Bool?
        public init() {}
    }

    /// `[export]`: defaults of `export-playlist` (and of `pick --export` where `[pick]` is silent).
    public struct Export: Hashable, Sendable {
        public var format: PlaylistFormat?
        public var missing: MissingFilePolicy?
        /// Applied before the `--map-prefix` flags; a flag with the same FROM replaces the rule.
        public var mapPrefix: [PathMapping.Rule] = []
        /// Write m3u8, m3u and pls entries as plain paths, never `file://` URIs (for MPD).
        public var plainPaths: Bool?
        public init() {}
    }

    /// `[watch]`.
    public struct Watch: Hashable, Sendable {
        public var debounce: Double?
        public init() {}
    }

    /// `[pick]`: the scope the picker opens in, the playlist format of `pick --export`, and
    /// `[pick.keys]`, key bindings over the picker's defaults (in the file's order).
    public struct Pick: Hashable, Sendable {
        public var scope: Scope?
        public var format: PlaylistFormat?
        public var keys: [PickerKeyMap.Binding] = []
        public init() {}
    }

    /// `[play]`: the player `play` and the picker use when `--player` does not say.
    public struct Play: Hashable, Sendable {
        public var player: String?
        public init() {}
    }

    /// The names `--player` takes without a `[players.NAME]` table.
    public static let builtInPlayers = ["mpv", "mpd", "vlc"]

    public init() {}

    /// The config's rules with `flags` after them; a flag whose FROM is also a config rule's
    /// replaces that rule, so `--map-prefix` can override one line of the file.
    public func mapping(adding flags: [PathMapping.Rule]) -> PathMapping {
        let overridden = Set(flags.map(\.from))
        return PathMapping(rules: export.mapPrefix.filter { !overridden.contains($0.from) } + flags)
    }
}
