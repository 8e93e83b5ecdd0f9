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
        let tree = PlaylistParents(playlists)
        var gathered: [String: PackedStrings] = [:]
        for (index, keys) in Self.references(of: playlists, tree: tree, only: only).enumerated() where !keys.isEmpty {
            var items = PackedStrings()
            tree.walk(from: [index]) { below, _ in Self.append(playlists[below].items, to: &items) }
            for key in keys { gathered[key, default: PackedStrings()].append(contentsOf: items) }
        }
        members = gathered.mapValues(ItemIDSet.init)
    }

    /// Which of `playlists` `init(_:only:)` reads the items of for `only`: those a reference
    /// names and everything below them, by index. A caller that reads entries on demand
    /// reads just these: `playlist:Music` decoded the 350,000 entries of 200 playlists to
    /// gather one playlist's 90,000.
    public static func playlistsRead(_ playlists: [Playlist], only: Set<String>) -> [Int] {
        let tree = PlaylistParents(playlists)
        let references = references(of: playlists, tree: tree, only: only)
        var read: [Int] = []
        tree.walk(from: references.indices.filter { !references[$0].isEmpty }) { index, _ in read.append(index) }
        return Set(read).sorted()
    }

    /// Each playlist's folded references (name, folder path, id), with `only` just those it
    /// holds: folded once each, so a 90,000-item playlist's set is built once and not merged
    /// into three more. With `only`, no path is built: a path is compared with each reference
    /// from its end, one name at a time, so the folders of a 10,000-deep chain do not fold
    /// 10,000 paths of up to 10,000 names each.
    private static func references(of playlists: [Playlist], tree: PlaylistParents, only: Set<String>?) -> [Set<String>] {
        guard let only else {
            let paths = PlaylistPath.paths(of: playlists)
            return playlists.map { playlist in
                Set([playlist.name, paths[playlist.id], playlist.id.rawValue].compactMap { $0 }.map { QueryTextFolding.fold($0) })
            }
        }
        let names = playlists.map { Array(QueryTextFolding.fold(PlaylistPath.escape($0.name)).utf8) }
        let references = only.map { ($0, Array($0.utf8)) }
        return playlists.indices.map { index in
            var keys = Set([playlists[index].name, playlists[index].id.rawValue].map { QueryTextFolding.fold($0) })
            keys.formIntersection(only)
            for (reference, bytes) in references
            where !keys.contains(reference) && pathEnds(bytes, at: index, names: names, tree: tree) {
                keys.insert(reference)
            }
            return keys
        }
    }

    /// Whether the folded path of the playlist at `index` is `reference`: its name ends the
    /// reference, its folder's path and a `/` come before, and nothing before the top one.
    private static func pathEnds(_ reference: [UInt8], at index: Int, names: [[UInt8]], tree: PlaylistParents) -> Bool {
        var end = reference.count
        var next: Int? = index
        while let current = next {
            let name = names[current]
            guard end >= name.count, reference[(end - name.count)..<end].elementsEqual(name) else { return false }
            end -= name.count
            next = tree.parents[current]
            if next != nil {
                guard end > 0, reference[end - 1] == UInt8(ascii: "/") else { return false }
                end -= 1
            }
        }
        return end == 0
    }

    /// The items of the playlists `reference` names; empty when it names none.
    public func members(of reference: String) -> Set<ItemID> {
        members[QueryTextFolding.fold(reference)]?.all ?? []
    }

    /// Whether `id` is in a playlist named by an already folded reference.
    func contains(_ id: ItemID, foldedReference: String) -> Bool {
        members[foldedReference]?.contains(id) ?? false
    }

    private static func append(_ ids: some Sequence<ItemID>, to items: inout PackedStrings) {
        for id in ids { items.append(id.rawValue) }
    }
}
