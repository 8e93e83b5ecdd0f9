/// The entries of one Engine 2.x playlist in order: `PlaylistEntity` rows form a linked list,
/// each naming the next by `nextEntityId` (0 ends it), and the first is the one no other names.
///
/// A hostile or damaged file may hold a loop, a link to no entry, two heads or a fork. The walk
/// visits each entry at most once (so it ends, in time linear in the entries), and entries it
/// does not reach follow in id order and are counted, for the reader to warn: nothing is lost
/// and nothing hangs.
struct EngineEntityChain {
    private var ids: [Int64] = []
    private var tracks: [Int64] = []
    private var nexts: [Int64] = []

    /// Adds one entity (any order).
    mutating func add(id: Int64, track: Int64, next: Int64) {
        ids.append(id)
        tracks.append(track)
        nexts.append(next)
    }

    /// The track ids in chain order, and how many entries were not on the chain.
    func ordered() -> (tracks: [Int64], broken: Int) {
        guard !ids.isEmpty else { return ([], 0) }
        var position: [Int64: Int] = [:]
        position.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() where position[id] == nil { position[id] = index }
        var named = Set<Int64>()
        for next in nexts where next != 0 { named.insert(next) }
        // The head: the entry no other names (the lowest id of several).
        let head = ids.indices.filter { !named.contains(ids[$0]) }.min { ids[$0] < ids[$1] }
        var visited = [Bool](repeating: false, count: ids.count)
        var order: [Int64] = []
        order.reserveCapacity(ids.count)
        var next = head
        while let index = next, !visited[index] {
            visited[index] = true
            order.append(tracks[index])
            next = nexts[index] == 0 ? nil : position[nexts[index]]
        }
        let rest = ids.indices.filter { !visited[$0] }.sorted { ids[$0] < ids[$1] }
        for index in rest { order.append(tracks[index]) }
        return (order, rest.count)
    }
}
