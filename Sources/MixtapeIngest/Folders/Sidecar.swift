/// A sidecar file found beside a media file (or for its whole folder). The walk only finds
/// and stats it; `MediaFileReader` reads it, so a re-index whose stamps are unchanged never
/// opens a sidecar at all.
public struct Sidecar: Hashable, Sendable {
    /// Which reader the file goes to, and how much of what it says is used.
    public enum Kind: String, Hashable, Sendable {
        /// `NAME.EXT.xmp` or `NAME.xmp`.
        case xmp
        /// `NAME.nfo` (Kodi, Jellyfin, Emby, tinyMediaManager, MediaElch).
        case nfo
        /// `NAME.info.json` (yt-dlp, youtube-dl).
        case infoJSON
        /// `album.nfo` / `artist.nfo` in the media file's folder (`artist.nfo` also in a folder
        /// above it, for Kodi's `Artist/Album/track` layout): album-level fields only.
        case folderNFO
        /// A `.cue` sheet in the media file's folder: every media file of the folder gets the
        /// folder's sheets, so a changed, added or removed sheet changes their stamps; which
        /// file a sheet splits is only known once it is read (its `FILE` lines).
        case cue
    }

    public var kind: Kind
    public var path: String
    public var size: Int64
    public var modificationTimeNs: Int64

    public init(kind: Kind, path: String, size: Int64, modificationTimeNs: Int64) {
        self.kind = kind
        self.path = path
        self.size = size
        self.modificationTimeNs = modificationTimeNs
    }
}
