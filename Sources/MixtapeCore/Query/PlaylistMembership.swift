/// Which items `playlist:NAME` finds: the members of every playlist whose name, folder path
/// (`Travel/Road Trip`) or id is NAME, compared ignoring case and Latin accents.
///
/// A folder's members are the members of every playlist inside it, at any depth, so
/// `playlist:Travel` finds what its playlists hold whether or not the export lists the folder's
/// own items. Several playlists with one name contribute all their members. Built once per
/// search and consulted per item; the store can fill it from the playlists it indexed.
public struct PlaylistMembership: Hashable, Sendable {
    private var members: [String: Set<ItemID>]

    /// No playlists: every `playlist:` filter matches nothing.
    public init() { members = [:] }

    /// Members by reference (name, folder path or id); the keys are folded here.
    public init(byReference: [String: Set<ItemID>]) {
        members = [:]
        for (reference, items) in byReference {
            members[QueryTextFolding.fold(reference), default: []].formUnion(items)
        }
    }

    /// Names, folder paths and ids of `playlists`, folders including everything below them.
    /// With `only` (folded references, as a query's `playlist:` filters hold them), just the
    /// playlists those name: a search for one playlist of 500 does not gather all 500.
    public init(_ playlists: [Playlist], only: Set<String>? = nil) {
        let paths = PlaylistPath.paths(of: playlists)
        var children: [PlaylistID: [Playlist]] = [:]
        for playlist in playlists {
            if let parent = playlist.parentID { children[parent, default: []].append(playlist) }
        }
        members = [:]
        for playlist in playlists {
            let references = [playlist.name, paths[playlist.id], playlist.id.rawValue].compactMap { $0 }
            // Folded once each; with `only`, just the references a filter will ask about, so
            // a 90,000-item playlist's set is built once and not merged into three more.
            let keys = Set(references.map { QueryTextFolding.fold($0) }).filter { only?.contains($0) ?? true }
            if keys.isEmpty { continue }
            let items = PlaylistMembership.items(of: playlist, children: children)
            for key in keys {
                if members[key] == nil { members[key] = items } else { members[key]!.formUnion(items) }
            }
        }
    }

    /// The items of the playlists `reference` names; empty when it names none.
    public func members(of reference: String) -> Set<ItemID> {
        members[QueryTextFolding.fold(reference)] ?? []
    }

    /// Whether `id` is in a playlist named by an already folded reference.
    func contains(_ id: ItemID, foldedReference: String) -> Bool {
        members[foldedReference]?.contains(id) ?? false
    }

    /// A playlist's own items and those of everything below it; a cycle in hostile parent links
    /// is walked once.
    private static func items(of playlist: Playlist, children: [PlaylistID: [Playlist]]) -> Set<ItemID> {
        var items: Set<ItemID> = []
        var seen: Set<PlaylistID> = []
        var pending = [playlist]
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            items.formUnion(next.items)
            pending += children[next.id] ?? []
        }
        return items
    }
}
