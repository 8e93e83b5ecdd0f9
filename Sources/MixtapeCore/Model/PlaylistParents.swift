/// The folder of each playlist, by position: the index every tree walk over
/// playlists shares, built once in linear time.
///
/// A parent that is not among the playlists counts as none (the playlist is at the top). A
/// cycle of parent links (an index written before cycles were broken at index time, or a
/// hand-made list) is cut where `PlaylistLinks` finds it, so the member read last is at the
/// top and every walk up or down ends.
public struct PlaylistParents: Sendable {
    /// The position of each playlist's folder, nil at the top.
    public let parents: [Int?]
    /// The positions of each playlist's children, in list order.
    public let children: [[Int]]
    /// The positions at the top, in list order.
    public let roots: [Int]

    public init(_ playlists: [Playlist]) {
        // Ids are per source: two exports of one library share them. The last of two playlists
        // with one id wins, as the index's `INSERT OR REPLACE` does.
        var position: [Key: Int] = [:]
        for (index, playlist) in playlists.enumerated() { position[Key(playlist.source, playlist.id)] = index }
        var links = PlaylistLinks<Key>()
        var parents: [Int?] = []
        parents.reserveCapacity(playlists.count)
        for playlist in playlists {
            let key = Key(playlist.source, playlist.id)
            guard let parentID = playlist.parentID, let parent = position[Key(playlist.source, parentID)],
                  links.link(key, to: Key(playlist.source, parentID)) else {
                parents.append(nil)
                continue
            }
            parents.append(parent)
        }
        var children = [[Int]](repeating: [], count: playlists.count)
        var roots: [Int] = []
        for (index, parent) in parents.enumerated() {
            if let parent { children[parent].append(index) } else { roots.append(index) }
        }
        self.parents = parents
        self.children = children
        self.roots = roots
    }

    private struct Key: Hashable, Sendable {
        var source: String?
        var id: PlaylistID
        init(_ source: String?, _ id: PlaylistID) {
            self.source = source
            self.id = id
        }
    }

    /// The playlists at `start` and below them, each once, in depth-first order (children in
    /// list order), with their depth below the start; a walk without recursion, so any depth
    /// fits on the stack.
    public func walk(from start: [Int], _ visit: (_ index: Int, _ depth: Int) -> Void) {
        var pending = start.reversed().map { ($0, 0) }
        while let (index, depth) = pending.popLast() {
            visit(index, depth)
            for child in children[index].reversed() { pending.append((child, depth + 1)) }
        }
    }
}
