import MixtapeCore

/// rekordbox's `PLAYLISTS` node tree as it streams by, turned into `Playlist` values at the end.
///
/// ```
/// <PLAYLISTS>
///   <NODE Type="0" Name="ROOT" Count="2">                 the root: a container, not listed
///     <NODE Name="Sets" Type="0" Count="1">               a folder
///       <NODE Name="Warm up" Type="1" KeyType="0" Entries="2">
///         <TRACK Key="243315649"/>                        a TrackID (KeyType 0)
///         <TRACK Key="243315649"/>                        repeats kept
/// ```
/// Entries name a track by `TrackID` (`KeyType="0"`, what every real export uses) or by
/// `Location` (`KeyType="1"`); they are kept as written and resolved once the whole file is
/// read, so a key naming no track is counted in `missing` wherever the collection stands.
/// `Entries` and `Count` are not trusted (hand-trimmed files disagree with their children).
///
/// A node's id is `rekordbox-playlist:` + a hash of its path from the top: each name on the
/// way and its place among same-named siblings (the second `Warm up` in a folder is another
/// playlist). It survives a re-export; renaming or moving a playlist (or a folder above it)
/// gives it a new id, as the path is all an export says about it.
struct RekordboxPlaylistTree {
    /// How an entry names its track.
    enum Key {
        case trackID(Int64?)
        case location(String)
    }

    private struct Draft {
        var playlist: Playlist
        var keys: [Key] = []
    }

    private enum FrameKind { case top, container, folder, playlist }

    /// An open level: `PLAYLISTS`, a root container, or a node.
    private struct Frame {
        var kind: FrameKind
        var depth: Int
        var hash = StableHash()
        var id: PlaylistID?
        var draft: Int?
        /// How many children of each name were seen so far.
        var siblings: [String: Int64] = [:]
        var byLocation = false
    }

    private var drafts: [Draft] = []
    private var frames: [Frame] = []
    /// The depth of a node inside a playlist (not a folder): it and all below are ignored.
    private var ignoredFrom: Int?

    /// `<PLAYLISTS>` opens at `depth`.
    mutating func openPlaylists(depth: Int) {
        frames = [Frame(kind: .top, depth: depth)]
        ignoredFrom = nil
    }

    /// `</PLAYLISTS>`.
    mutating func closePlaylists() {
        frames.removeAll()
        ignoredFrom = nil
    }

    /// A `<NODE>` at `depth` with its `Name`, `Type` and `KeyType`.
    mutating func openNode(name: String, type: String?, keyType: String?, depth: Int) {
        guard ignoredFrom == nil, let parent = frames.last, parent.depth == depth - 1 else {
            if ignoredFrom == nil { ignoredFrom = depth }
            return
        }
        let isFolder = type == "0"
        if parent.kind == .playlist {
            ignoredFrom = depth
            return
        }
        if parent.kind == .top, isFolder {
            frames.append(Frame(kind: .container, depth: depth))
            return
        }
        // Children of every root container and of PLAYLISTS itself are one sibling list.
        let counter = parent.kind == .container ? frames.count - 2 : frames.count - 1
        let occurrence = frames[counter].siblings[name, default: 0]
        frames[counter].siblings[name] = occurrence + 1
        var hash = parent.kind == .folder ? parent.hash : StableHash()
        hash.combine(name)
        hash.combine(occurrence)
        let id = PlaylistID(rawValue: "rekordbox-playlist:" + hash.hexDigest)
        var playlist = Playlist(id: id, name: name)
        playlist.parentID = parent.kind == .folder ? parent.id : nil
        playlist.isFolder = isFolder
        drafts.append(Draft(playlist: playlist))
        frames.append(Frame(kind: isFolder ? .folder : .playlist, depth: depth, hash: hash, id: id,
                            draft: drafts.count - 1, byLocation: keyType == "1"))
    }

    /// `</NODE>` at `depth`.
    mutating func closeNode(depth: Int) {
        if let ignored = ignoredFrom {
            if ignored == depth { ignoredFrom = nil }
            return
        }
        if frames.last?.depth == depth, frames.count > 1 { frames.removeLast() }
    }

    /// A `<TRACK Key="…">` at `depth`: an entry when it is a child of a playlist node.
    mutating func entry(key: XMLAttributeValue?, depth: Int) {
        guard ignoredFrom == nil, let frame = frames.last, frame.kind == .playlist, frame.depth == depth - 1,
              let draft = frame.draft else { return }
        let entry: Key = frame.byLocation ? .location(key?.string ?? "") : .trackID(key?.integer)
        drafts[draft].keys.append(entry)
    }

    /// The playlists in file order with their entries resolved; keys naming no track counted
    /// in `missing`. A Location key names the track whose id it makes (`isTrack` says which
    /// ids the collection has), so two spellings of one file are one track, as in the collection.
    func playlists(byTrackID: [Int64: ItemID], isTrack: (ItemID) -> Bool, source: String) -> [Playlist] {
        drafts.map { draft in
            var playlist = draft.playlist
            playlist.source = source
            playlist.items.reserveCapacity(draft.keys.count)
            for key in draft.keys {
                let id: ItemID? = switch key {
                case .trackID(let number): number.flatMap { byTrackID[$0] }
                case .location(let text): text.isEmpty ? nil : Self.track(location: text, isTrack: isTrack)
                }
                if let id { playlist.items.append(id) } else { playlist.missing += 1 }
            }
            return playlist
        }
    }

    private static func track(location: String, isTrack: (ItemID) -> Bool) -> ItemID? {
        let id = RekordboxTrack.id(location: RekordboxLocation.decode(location))
        return isTrack(id) ? id : nil
    }
}
