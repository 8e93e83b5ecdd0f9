import MixtapeCore

/// A yt-dlp / youtube-dl `.info.json` as read: the tags every sidecar gives, plus what only
/// this format knows and the caller may want when it settles the item's kind. The reader
/// does not set `kind` itself, because whether the file beside the sidecar holds video is a
/// fact about that file (its container), not about the sidecar.
public struct InfoJSONSidecar: Sendable {
    public var reading: SidecarReading
    /// The site's id for the video (`IgLcQmlN2Xg`), when given.
    public var videoID: String?
    /// The site's categories (`["Music"]`, `["Science & Technology"]`), when given.
    public var categories: [String]

    public init(reading: SidecarReading, videoID: String? = nil, categories: [String] = []) {
        self.reading = reading
        self.videoID = videoID
        self.categories = categories
    }

    /// The kind the categories suggest for a media file whose container does (or does not)
    /// hold video: YouTube's "Music" category makes a video a music video and an extracted
    /// audio track music. Nil when the categories say nothing, so the caller's own rule stands.
    public func kindHint(containerHasVideo: Bool) -> Kind? {
        guard categories.contains("Music") else { return nil }
        return containerHasVideo ? .musicVideo : .music
    }
}
