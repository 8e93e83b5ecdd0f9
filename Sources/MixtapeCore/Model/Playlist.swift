/// A playlist or playlist folder from a library export, with its entries resolved to item ids.
public struct Playlist: Hashable, Sendable {
    public var id: PlaylistID
    public var name: String
    /// The enclosing folder, or nil at top level.
    public var parentID: PlaylistID?
    public var isFolder = false
    public var isSmart = false
    public var isMaster = false
    public var distinguishedKind: Int64?
    /// Item ids in playlist order; repeated entries are kept.
    public var items: [ItemID] = []
    /// The entries already packed as the index stores them, by a reader that resolves a large
    /// library's playlists straight into that form (iTunes); `items` is then empty.
    public var packedItems: PackedItemIDs?
    /// Entries whose Track ID names no track in the export.
    public var missing = 0
    /// Absolute path of the source file.
    public var source: String?
    /// For a playlist read from a playlist file (`.m3u8`, `.pls`, …): that file's absolute path.
    public var file: String?
    /// Entries of a playlist file that name no indexed item (a missing file, a stream), each at
    /// its place among all entries: kept for export, counted in `missing`, not in `items`.
    public var unresolved: [UnresolvedEntry] = []
    /// For a smart playlist whose conditions Mixtape evaluates (Rhythmbox's automatic ones):
    /// the query, order and limit they became. Its `items` are computed on the index at the end
    /// of every index run. Nil for every other playlist, an iTunes smart one included (its
    /// export lists its items).
    public var rule: SmartRule?

    public init(id: PlaylistID, name: String) {
        self.id = id
        self.name = name
    }

    /// How many entries name an item, packed or not.
    public var itemCount: Int { packedItems?.count ?? items.count }

    /// The same playlist with its entries in `items`, for callers that look at a few small
    /// playlists (tests, the in-memory read).
    public func unpacked() -> Playlist {
        guard let packedItems else { return self }
        var playlist = self
        playlist.items = packedItems.ids
        playlist.packedItems = nil
        return playlist
    }
}

/// An entry of a playlist file that names no indexed item: a stream URL, a file that is not
/// here or not indexed. An export writes it in its place (`--missing` decides).
public struct UnresolvedEntry: Hashable, Sendable {
    /// Its index among all the playlist's entries (resolved and not).
    public var position: Int
    /// The path (made absolute against the playlist's folder) or URL.
    public var location: String
    public var artist: String?
    public var title: String?
    public var durationMs: Int64?

    public init(position: Int, location: String, artist: String? = nil, title: String? = nil, durationMs: Int64? = nil) {
        self.position = position
        self.location = location
        self.artist = artist
        self.title = title
        self.durationMs = durationMs
    }
}

/// Folder paths of playlists: `Folder/Sub/Name`, with a `/` inside a name written `\/`.
public enum PlaylistPath {
    /// Escapes one name so that `/` separates path components unambiguously.
    public static func escape(_ name: String) -> String {
        var out = ""
        for character in name {
            if character == "/" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Paths for every playlist, following `parentID` links. A parent that is missing ends the
    /// walk, and a cycle is cut (`PlaylistParents`), so hostile input cannot loop. Each path is
    /// its folder's path and one more name, so the work is the length of the paths themselves:
    /// walking up from every folder of a 10,000-deep chain made 50 million steps.
    public static func paths(of playlists: [Playlist]) -> [PlaylistID: String] {
        let tree = PlaylistParents(playlists)
        var paths = [String?](repeating: nil, count: playlists.count)
        var result: [PlaylistID: String] = [:]
        for start in playlists.indices {
            // The chain up to the first playlist whose path is known, then down it.
            var chain: [Int] = []
            var next: Int? = start
            while let index = next, paths[index] == nil {
                chain.append(index)
                next = tree.parents[index]
            }
            for index in chain.reversed() {
                let name = escape(playlists[index].name)
                paths[index] = tree.parents[index].flatMap { paths[$0] }.map { $0 + "/" + name } ?? name
            }
            result[playlists[start].id] = paths[start]
        }
        return result
    }
}
