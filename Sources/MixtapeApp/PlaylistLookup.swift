import MixtapeCore

/// Finds the playlist `--playlist` names: an id, a folder path (`Road Trips/Europe/Iceland
/// 2019`), or a name when only one playlist has it.
enum PlaylistLookup {
    static func find(_ reference: String, in playlists: [(playlist: Playlist, path: String)]) throws -> Playlist {
        if let byID = playlists.first(where: { $0.playlist.id.rawValue.caseInsensitiveCompare(reference) == .orderedSame }) {
            return byID.playlist
        }
        if let byPath = playlists.first(where: { $0.path == reference }) { return byPath.playlist }
        let named = playlists.filter { $0.playlist.name == reference }
        if named.count == 1 { return named[0].playlist }
        if named.count > 1 { throw ExportError.ambiguousPlaylist(reference, paths: named.map(\.path)) }
        let folded = reference.lowercased()
        let close = playlists.map(\.path).filter { $0.lowercased().contains(folded) }
        throw ExportError.noPlaylist(reference, suggestions: Array(close.prefix(5)))
    }
}
