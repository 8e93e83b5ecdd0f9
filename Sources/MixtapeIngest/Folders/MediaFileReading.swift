import MixtapeCore

/// One media file as `MediaFileReader` read it.
public struct MediaFileReading: Sendable {
    /// The file as one item.
    public var item: MediaItem
    /// The items of its cue tracks when a cue sheet splits it (then `item` is not indexed).
    public var tracks: [MediaItem]
    /// A corrupt media file, then each sidecar's problems, positioned.
    public var warnings: [IndexWarning]
    /// Paths of per-file sidecars read without a problem but describing no media file (a
    /// photo XMP, a `tvshow` root in `NAME.nfo`, a channel's `.info.json`): skipped, to count.
    public var ignoredSidecars: [String]

    public init(item: MediaItem, tracks: [MediaItem] = [], warnings: [IndexWarning], ignoredSidecars: [String]) {
        self.item = item
        self.tracks = tracks
        self.warnings = warnings
        self.ignoredSidecars = ignoredSidecars
    }

    /// What the index holds for the file: its cue tracks, else the file itself.
    public var items: [MediaItem] { tracks.isEmpty ? [item] : tracks }
}
