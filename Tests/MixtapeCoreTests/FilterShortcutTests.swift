@testable import MixtapeCore
import Testing

/// The shortcuts a filter search over 100,000 items takes must answer as the definitions do:
/// `path:` splits a location at its `/` bytes only when no neighbour can join a slash into a
/// larger Character, and `playlist:` with `only` builds just the sets the query asks about.
@Suite("Filter shortcuts: path: byte split and playlist: only")
struct FilterShortcutTests {
    /// The definition: components split by Characters, compared by canonical equivalence.
    static func reference(_ folder: String, _ location: String) -> Bool {
        let components = folder.split(separator: "/")
        guard location.hasPrefix("/") == folder.hasPrefix("/") else { return false }
        let parts = location.split(separator: "/")
        guard parts.count >= components.count else { return false }
        return zip(components, parts).allSatisfy { $0 == $1 }
    }

    @Test("path: agrees with the Character split on joined slashes, NFC/NFD, doubled and relative paths",
          arguments: ["/srv/music/jazz", "/srv/music/jazz/", "srv/music", "/srv/Caf\u{E9}", "/srv/Cafe\u{301}", "/", "/srv/\u{301}x"])
    func folders(folder: String) {
        let locations = [
            "/srv/music/jazz/a.mp3", "/srv/music/jazzfunk/a.mp3", "/srv//music///jazz/b.flac", "/srv/music",
            "srv/music/jazz/c.mp3", "/srv/Cafe\u{301}/d.mp3", "/srv/Caf\u{E9}/d.mp3", "/srv/\u{301}x/e.mp3",
            "/srv/music/jazz\u{301}/f.mp3", "/\u{301}srv/music/jazz/g.mp3", "/srv/music/jazz", "",
            "/srv/\u{1F1EB}\u{1F1F7}/jazz/h.mp3", "/srv\u{600}/music/jazz/i.mp3",
        ]
        let prefix = FolderPrefix(folder)
        for location in locations {
            #expect(prefix.contains(location) == Self.reference(folder, location), "\(folder) in \(location)")
        }
    }

    @Test("a slash with a non-ASCII neighbour takes the Character split")
    func joinedSlashes() {
        #expect(PathSlashes.mayJoin("/srv/\u{301}x"))
        #expect(PathSlashes.mayJoin("/caf\u{E9}/x"))
        #expect(!PathSlashes.mayJoin("/srv/caf\u{E9}x/y"))
        #expect(!PathSlashes.mayJoin("/srv/music/a.mp3"))
    }

    @Test("playlist: with only the references asked gives the same members as without")
    func onlyReferences() {
        let all = PlaylistMembership(QueryTestLibrary.playlists)
        for reference in ["Road Trip", "ROAD TRIP", "Travel", "travel/summer", "p:road", "Chill", "Nowhere"] {
            let folded = QueryTextFolding.fold(reference)
            let only = PlaylistMembership(QueryTestLibrary.playlists, only: [folded])
            #expect(only.members(of: reference) == all.members(of: reference), "\(reference)")
            for id in ["a", "b", "c", "g", "h"].map(ItemID.init(rawValue:)) {
                #expect(only.contains(id, foldedReference: folded) == all.contains(id, foldedReference: folded))
            }
        }
    }

    @Test("playlist: with only the playlists it reads holding their entries gives the same members")
    func onlyThePlaylistsRead() {
        let all = PlaylistMembership(QueryTestLibrary.playlists)
        for reference in ["Road Trip", "Travel", "travel/summer", "p:road", "Chill", "Nowhere"] {
            let folded = QueryTextFolding.fold(reference)
            let read = Set(PlaylistMembership.playlistsRead(QueryTestLibrary.playlists, only: [folded]))
            // The rest as a store hands them over without their entries.
            var playlists = QueryTestLibrary.playlists
            for index in playlists.indices where !read.contains(index) { playlists[index].items = [] }
            let members = PlaylistMembership(playlists, only: [folded]).members(of: reference)
            #expect(members == all.members(of: reference), "\(reference)")
            #expect(read.count < QueryTestLibrary.playlists.count, "\(reference) reads every playlist")
        }
        // A folder is read with everything below it.
        #expect(!PlaylistMembership(QueryTestLibrary.playlists).members(of: "Travel").isEmpty)
    }
}
