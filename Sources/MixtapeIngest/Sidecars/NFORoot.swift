import MixtapeCore

/// The root elements of Kodi-style `.nfo` files the reader maps, with what each describes.
/// Kodi, Jellyfin, Emby, tinyMediaManager and MediaElch all write these names; anything else
/// (`season`, NextPVR's `recording`) is not read.
enum NFORoot: String, CaseIterable, Sendable {
    case song, musicvideo, movie, episodedetails
    case album, artist, tvshow

    /// Looks the root up by element name, without case.
    init?(elementName: String) { self.init(rawValue: elementName.lowercased()) }

    /// The kind of media the file describes.
    var kind: Kind {
        switch self {
        case .musicvideo: .musicVideo
        case .movie: .movie
        case .episodedetails, .tvshow: .tv
        case .song, .album, .artist: .music
        }
    }

    /// True for a file beside one media file; false for `album.nfo`, `artist.nfo` and
    /// `tvshow.nfo`, which describe a whole folder (the caller decides whether to use their
    /// album-level tags for the folder's files).
    var describesOneFile: Bool {
        switch self {
        case .song, .musicvideo, .movie, .episodedetails: true
        case .album, .artist, .tvshow: false
        }
    }
}
