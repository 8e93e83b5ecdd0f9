import MixtapeCore

/// One media file as `MediaFileReader` read it.
public struct MediaFileReading: Sendable {
    public var item: MediaItem
    /// A corrupt media file, then each sidecar's problems, positioned.
    public var warnings: [IndexWarning]
    /// Paths of per-file sidecars read without a problem but describing no media file (a
    /// photo XMP, a `tvshow` root in `NAME.nfo`, a channel's `.info.json`): skipped, to count.
    public var ignoredSidecars: [String]

    public init(item: MediaItem, warnings: [IndexWarning], ignoredSidecars: [String]) {
        self.item = item
        self.warnings = warnings
        self.ignoredSidecars = ignoredSidecars
    }
}
