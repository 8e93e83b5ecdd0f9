import MixtapeCore

/// Finds the playlist `--playlist` names: an id, a folder path (`Road Trips/Europe/Iceland
/// 2019`), or a name, when exactly one playlist has it. Every source has its own `Music`, and
/// one export may hold two `Purchased on Matt`: a path or name that several playlists share is
/// refused with each of them (`PlaylistCandidate`), never settled by taking the first.
enum PlaylistLookup {
    static func find(_ reference: String, in playlists: [(playlist: Playlist, path: String)]) throws -> Playlist {
        if let byID = playlists.first(where: { $0.playlist.id.rawValue.caseInsensitiveCompare(reference) == .orderedSame }) {
            return byID.playlist
        }
        for matches in [playlists.filter { $0.path == reference }, playlists.filter { $0.playlist.name == reference }]
        where !matches.isEmpty {
            guard matches.count == 1 else {
                throw ExportError.ambiguousPlaylist(reference, candidates: matches.map {
                    PlaylistCandidate(id: $0.playlist.id, path: $0.path, source: $0.playlist.source)
                })
            }
            return matches[0].playlist
        }
        let folded = reference.lowercased()
        let close = playlists.map(\.path).filter { $0.lowercased().contains(folded) }
        throw ExportError.noPlaylist(reference, suggestions: Array(close.prefix(5)))
    }
}

/// One of the playlists a `--playlist` reference could mean: what tells it from the others.
public struct PlaylistCandidate: Sendable, Equatable {
    public var id: PlaylistID
    /// Its folder path (`Road Trips/Europe/Iceland 2019`).
    public var path: String
    /// The source it comes from.
    public var source: String?

    /// `itunes-playlist:…  Purchased on Matt  (/home/sam/Library.xml)`, for a line of its own.
    public var line: String {
        "\(id.rawValue)  \(path)" + (source.map { "  (\($0))" } ?? "")
    }
}
