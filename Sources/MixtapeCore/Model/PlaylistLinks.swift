/// Parent links of playlists (by id, or by source and id), kept free of cycles as they are added: the check an export's
/// `Parent Persistent ID`s need, since nothing stops one from naming a folder inside itself.
///
/// A union–find over playlist ids: a link is refused when the child and the parent are
/// already connected. Each id gets one parent link, added when its playlist is read, and a
/// playlist whose link is not yet added is the root of its tree, so "connected" means the
/// parent lies below the child, and the link would close a cycle. Each check is amortised
/// near-constant time, so a 10,000-deep chain of folders costs 10,000 steps, not the 50
/// million of walking up from every folder.
public struct PlaylistLinks<ID: Hashable & Sendable>: Sendable {
    private var slots: [ID: Int] = [:]
    private var leaders: [Int] = []

    public init() {}

    /// Records that `child` sits in `parent`; false (and nothing recorded) when `parent` is
    /// `child` or lies below it, so the link would make a cycle.
    public mutating func link(_ child: ID, to parent: ID) -> Bool {
        let childRoot = root(slot(child)), parentRoot = root(slot(parent))
        guard childRoot != parentRoot else { return false }
        leaders[childRoot] = parentRoot
        return true
    }

    private mutating func slot(_ id: ID) -> Int {
        if let slot = slots[id] { return slot }
        leaders.append(leaders.count)
        slots[id] = leaders.count - 1
        return leaders.count - 1
    }

    /// The representative of `slot`'s set, halving the path on the way.
    private mutating func root(_ slot: Int) -> Int {
        var slot = slot
        while leaders[slot] != slot {
            leaders[slot] = leaders[leaders[slot]]
            slot = leaders[slot]
        }
        return slot
    }
}
