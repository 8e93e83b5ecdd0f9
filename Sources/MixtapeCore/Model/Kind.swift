/// What sort of media an item is; scopes in `search --scope` and the picker map onto it.
public enum Kind: String, CaseIterable, Sendable {
    case music, podcast, audiobook, movie, tv
    case musicVideo = "music-video"
    case video
    case voiceMemo = "voice-memo"
    case itunesU = "itunes-u"
    case book, other
}

/// The iTunes track flags that decide an item's kind, in the order json.md gives them.
public struct ITunesKindHints: Sendable {
    public var podcast = false, itunesU = false, movie = false, tvShow = false
    public var musicVideo = false, hasVideo = false, voiceMemo = false
    public var kindText: String?
    public var genre: String?

    public init() {}

    /// The first rule that holds wins. `Kind` text is localised in real exports, so it is only
    /// a hint for audiobooks, never the primary signal.
    public var kind: Kind {
        if podcast { return .podcast }
        if itunesU { return .itunesU }
        if movie { return .movie }
        if tvShow { return .tv }
        if musicVideo { return .musicVideo }
        if isAudiobook { return .audiobook }
        if hasVideo { return .video }
        if voiceMemo { return .voiceMemo }
        return .music
    }

    private var isAudiobook: Bool {
        if let text = kindText?.lowercased(), text.contains("audiobook") || text.contains("audio book") {
            return true
        }
        return genre == "Audiobook" || genre == "Audiobooks"
    }
}
