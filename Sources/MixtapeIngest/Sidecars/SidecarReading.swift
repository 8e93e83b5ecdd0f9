import MixtapeCore

/// What one sidecar file (XMP, `.nfo`, yt-dlp `.info.json`) says about the media file beside
/// it. Sidecar readers never throw: a sidecar only enriches a media file that is indexed
/// anyway, so a broken one becomes warnings and no tags rather than a failed source.
public struct SidecarReading: Sendable {
    /// The fields the sidecar gives; folder indexing lays them over embedded tags and the
    /// file name (sidecar > embedded tags > file name).
    public var tags: TagSet
    /// False when the file describes something other than one media file (a channel or
    /// playlist, a TV show, an artist) or could not be read at all, so the caller should not
    /// attach it to a media file.
    public var isMediaSidecar: Bool
    /// Problems found while reading, each with a position when one is known.
    public var warnings: [IndexWarning]

    public init(tags: TagSet = TagSet(), isMediaSidecar: Bool = true, warnings: [IndexWarning] = []) {
        self.tags = tags
        self.isMediaSidecar = isMediaSidecar
        self.warnings = warnings
    }
}
