/// `--scope all|music|podcasts|audiobooks|movies|tv|videos` and the picker's scope bar: a
/// shorthand for a `kind:` filter, so a scope and a query compose by plain AND.
///
/// `videos` is the videos that have no scope of their own: `video` and `music-video`
/// (movies and TV shows are `movies` and `tv`). `music` is `music` only: music videos are
/// under `videos`, voice memos, iTunes U, books and `other` only under `all`.
public enum Scope: String, CaseIterable, Hashable, Sendable {
    case all, music, podcasts, audiobooks, movies, tv, videos

    /// The kinds the scope keeps; nil for `all`, which keeps everything.
    public var kinds: Set<Kind>? {
        switch self {
        case .all: nil
        case .music: [.music]
        case .podcasts: [.podcast]
        case .audiobooks: [.audiobook]
        case .movies: [.movie]
        case .tv: [.tv]
        case .videos: [.video, .musicVideo]
        }
    }

    /// The filter the scope adds to a query; nil for `all`.
    public var filter: FieldFilter? {
        kinds.map { FieldFilter(field: "kind", condition: .kind($0), negated: false, range: nil) }
    }
}
