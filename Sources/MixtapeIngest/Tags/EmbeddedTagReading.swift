import MixtapeCore

/// What one media file's embedded tags say, as `EmbeddedTagReader` found them: the values in
/// the same `TagSet` every tag source gives, so folder indexing can layer them under sidecars.
public struct EmbeddedTagReading: Hashable, Sendable {
    /// The values found: tags and audio properties (duration, bit rate, sample rate).
    public var tags: TagSet
    /// False when the file is missing, unreadable, of a type TagLib does not know, or corrupt
    /// (nothing usable in it). The caller warns and falls back to its other sources (sidecars,
    /// the file name); `tags` is then empty.
    public var isValid: Bool
    /// A cue sheet embedded in the tags (`CUESHEET`: a FLAC Vorbis comment, an APE or WavPack
    /// APE tag), which splits the file into tracks (`CueTracks`).
    public var cueSheet: String?

    public init(tags: TagSet = TagSet(), isValid: Bool, cueSheet: String? = nil) {
        self.tags = tags
        self.isValid = isValid
        self.cueSheet = cueSheet
    }

    /// The reading of a file nothing could be read from.
    static let unreadable = EmbeddedTagReading(isValid: false)
}
