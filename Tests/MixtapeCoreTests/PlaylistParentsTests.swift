import MixtapeCore
import Testing

/// Folder links of playlists: cycles cut once, and every walk over a deep chain linear.
@Suite("Playlists: folder links")
struct PlaylistParentsTests {
    static func playlist(_ id: String, parent: String? = nil, items: [String] = [], source: String = "/l.xml") -> Playlist {
        var playlist = Playlist(id: PlaylistID(rawValue: id), name: id)
        playlist.parentID = parent.map(PlaylistID.init(rawValue:))
        playlist.items = items.map(ItemID.init(rawValue:))
        playlist.source = source
        return playlist
    }

    @Test("a cycle is cut where its last link is read; missing parents are the top", arguments: [
        // (id, parent) in list order → the parent position of each, nil at the top
        ([("a", "a")], [nil]),
        ([("a", "b"), ("b", "a")], [1, nil]),
        ([("a", "c"), ("b", "a"), ("c", "b"), ("d", "b")], [2, 0, nil, 1]),
        ([("a", "gone"), ("b", "a")], [nil, 0]),
        ([("a", nil), ("b", "a"), ("c", "b")], [nil, 0, 1]),
    ] as [([(String, String?)], [Int?])])
    func cutsCycles(_ links: [(String, String?)], parents: [Int?]) {
        let tree = PlaylistParents(links.map { Self.playlist($0.0, parent: $0.1) })
        #expect(tree.parents == parents)
        var walked: [Int] = []
        tree.walk(from: tree.roots) { index, _ in walked.append(index) }
        #expect(walked.sorted() == Array(links.indices))
    }

    @Test("two sources sharing ids keep their own trees")
    func sourcesApart() {
        let tree = PlaylistParents([Self.playlist("f", source: "/a.xml"), Self.playlist("p", parent: "f", source: "/a.xml"),
                                    Self.playlist("f", source: "/b.xml"), Self.playlist("p", parent: "f", source: "/b.xml")])
        #expect(tree.parents == [nil, 0, nil, 2])
    }

    /// 10,000 folders, each in the one before, and a playlist at the bottom: walking up from
    /// every folder was 50 million steps, and a recursive walk down overflows the stack.
    static let depth = 10_000
    static let chain: [Playlist] = (0..<depth).map { playlist("f\($0)", parent: $0 == 0 ? nil : "f\($0 - 1)") }
        + [playlist("deep", parent: "f\(depth - 1)", items: ["x"])]

    @Test("a 10,000-deep chain: paths, depths and members")
    func deepChain() {
        let tree = PlaylistParents(Self.chain)
        var deepest = 0
        tree.walk(from: tree.roots) { _, depth in deepest = max(deepest, depth) }
        #expect(deepest == Self.depth)
        let path = (0..<Self.depth).map { "f\($0)" }.joined(separator: "/") + "/deep"
        #expect(PlaylistPath.paths(of: Self.chain)[PlaylistID(rawValue: "deep")] == path)
        let members = PlaylistMembership(Self.chain, only: [path, "f0", "f5000/f5001", "deep"])
        #expect(members.members(of: path).map(\.rawValue) == ["x"])
        #expect(members.members(of: "f0").map(\.rawValue) == ["x"])
        #expect(members.members(of: "f5000/f5001").isEmpty)
        #expect(PlaylistMembership.playlistsRead(Self.chain, only: ["f9999"]) == [Self.depth - 1, Self.depth])
    }
}
