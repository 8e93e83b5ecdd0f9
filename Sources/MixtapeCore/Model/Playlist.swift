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

    /// Paths for every playlist, following `parentID` links. A parent that is missing or a
    /// cycle ends the walk, so hostile input cannot loop.
    public static func paths(of playlists: [Playlist]) -> [PlaylistID: String] {
        var byID: [PlaylistID: Playlist] = [:]
        for playlist in playlists { byID[playlist.id] = playlist }
        var result: [PlaylistID: String] = [:]
        for playlist in playlists {
            var components = [escape(playlist.name)]
            var seen: Set<PlaylistID> = [playlist.id]
            var parent = playlist.parentID
            while let parentID = parent, let folder = byID[parentID], seen.insert(parentID).inserted {
                components.append(escape(folder.name))
                parent = folder.parentID
            }
            result[playlist.id] = components.reversed().joined(separator: "/")
        }
        return result
    }
}
