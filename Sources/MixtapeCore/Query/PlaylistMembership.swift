/// Which items `playlist:NAME` finds: the members of every playlist whose name, folder path
/// (`Travel/Road Trip`) or id is NAME, compared ignoring case and Latin accents.
///
/// A folder's members are the members of every playlist inside it, at any depth, so
/// `playlist:Travel` finds what its playlists hold whether or not the export lists the folder's
/// own items. Several playlists with one name contribute all their members. Built once per
/// search and consulted per item; the store can fill it from the playlists it indexed.
public struct PlaylistMembership: Sendable {
    private var members: [String: ItemIDSet]

    /// No playlists: every `playlist:` filter matches nothing.
    public init() { members = [:] }

    /// Members by reference (name, folder path or id); the keys are folded here.
    public init(byReference: [String: Set<ItemID>]) {
        var gathered: [String: PackedStrings] = [:]
        for (reference, items) in byReference {
            Self.append(items, to: &gathered[QueryTextFolding.fold(reference), default: PackedStrings()])
        }
        members = gathered.mapValues(ItemIDSet.init)
    }

    /// Names, folder paths and ids of `playlists`, folders including everything below them.
    /// With `only` (folded references, as a query's `playlist:` filters hold them), just the
    /// playlists those name: a search for one playlist of 500 does not gather all 500.
    public init(_ playlists: [Playlist], only: Set<String>? = nil) {
        let children = Self.children(of: playlists)
        var gathered: [String: PackedStrings] = [:]
        for (playlist, keys) in zip(playlists, Self.references(of: playlists, only: only)) where !keys.isEmpty {
            var items = PackedStrings()
            for below in Self.withEverythingBelow([playlist], children: children) { Self.append(below.items, to: &items) }
            for key in keys { gathered[key, default: PackedStrings()].append(contentsOf: items) }
        }
        members = gathered.mapValues(ItemIDSet.init)
    }

    /// Which of `playlists` `init(_:only:)` reads the items of for `only`: those a reference
    /// names and everything below them, by index. A caller that reads entries on demand
    /// reads just these: `playlist:Music` decoded the 350,000 entries of 200 playlists to
    /// gather one playlist's 90,000.
    public static func playlistsRead(_ playlists: [Playlist], only: Set<String>) -> [Int] {
        var index: [PlaylistID: [Int]] = [:]
        for (position, playlist) in playlists.enumerated() { index[playlist.id, default: []].append(position) }
        let named = zip(playlists, references(of: playlists, only: only)).filter { !$1.isEmpty }.map(\.0)
        let read = withEverythingBelow(named, children: children(of: playlists)).flatMap { index[$0.id] ?? [] }
        return Set(read).sorted()
    }

    /// Each playlist's folded references (name, folder path, id), with `only` just those it
    /// holds: folded once each, so a 90,000-item playlist's set is built once and not merged
    /// into three more.
    private static func references(of playlists: [Playlist], only: Set<String>?) -> [Set<String>] {
        let paths = PlaylistPath.paths(of: playlists)
        return playlists.map { playlist in
            let references = [playlist.name, paths[playlist.id], playlist.id.rawValue].compactMap { $0 }
            return Set(references.map { QueryTextFolding.fold($0) }).filter { only?.contains($0) ?? true }
        }
    }

    /// Each folder's playlists, by the folder's id.
    private static func children(of playlists: [Playlist]) -> [PlaylistID: [Playlist]] {
        var children: [PlaylistID: [Playlist]] = [:]
        for playlist in playlists {
            if let parent = playlist.parentID { children[parent, default: []].append(playlist) }
        }
        return children
    }

    /// The items of the playlists `reference` names; empty when it names none.
    public func members(of reference: String) -> Set<ItemID> {
        members[QueryTextFolding.fold(reference)]?.all ?? []
    }

    /// Whether `id` is in a playlist named by an already folded reference.
    func contains(_ id: ItemID, foldedReference: String) -> Bool {
        members[foldedReference]?.contains(id) ?? false
    }

    /// `playlists` and everything below them, each once (by id): a cycle in hostile parent
    /// links is walked once. An item in two of them is gathered twice, and held once.
    private static func withEverythingBelow(_ playlists: [Playlist], children: [PlaylistID: [Playlist]]) -> [Playlist] {
        var walked: [Playlist] = []
        var seen: Set<PlaylistID> = []
        var pending = playlists
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            walked.append(next)
            pending += children[next.id] ?? []
        }
        return walked
    }

    private static func append(_ ids: some Sequence<ItemID>, to items: inout PackedStrings) {
        for id in ids { items.append(id.rawValue) }
    }
}
