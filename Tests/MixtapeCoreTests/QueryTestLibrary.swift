import MixtapeCore

/// Ten hand-built items, three playlists and a selection that the query tables are worked out
/// against by hand. "Now" is pinned to 2024-06-15T12:00:00Z.
enum QueryTestLibrary {
    static func time(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

    static let now = time("2024-06-15T12:00:00Z")

    static func item(_ id: String, _ kind: Kind = .music, build: (inout MediaItem) -> Void) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: id))
        item.kind = kind
        build(&item)
        return item
    }

    static let items: [MediaItem] = [
        item("a") {
            $0.title = "Yesterday"; $0.artist = "The Beatles"; $0.albumArtist = "The Beatles"
            $0.album = "Help!"; $0.genre = "Rock"; $0.composer = "Lennon/McCartney"; $0.comments = "classic"
            $0.year = 1965; $0.bpm = 97; $0.playCount = 12; $0.skipCount = 1; $0.rating = 100
            $0.durationMs = 125_000; $0.loved = true; $0.trackNumber = 13
            $0.location = "/srv/music/rock/beatles/yesterday.mp3"
            $0.dateAdded = time("2024-06-10T08:00:00Z"); $0.playDate = time("2024-06-14T09:00:00Z")
        },
        item("b") {
            $0.title = "Crazy in Love"; $0.artist = "Beyonc\u{E9}"; $0.album = "Dangerously in Love"
            $0.genre = "R&B"; $0.year = 2003; $0.bpm = 99; $0.rating = 80; $0.durationMs = 236_000
            $0.explicit = true; $0.location = "/srv/music/jazzfunk/crazy.m4a"
            $0.dateAdded = time("2024-01-31T23:00:00Z"); $0.playDate = time("2023-01-01T10:00:00Z")
        },
        item("c") {
            $0.title = "Halo"; $0.artist = "Beyonce\u{301}"; $0.album = "I Am... Sasha Fierce"
            $0.year = 2008; $0.bpm = 84; $0.rating = 60; $0.durationMs = 261_500
            $0.playCount = 3; $0.skipCount = 5; $0.compilation = true
            $0.location = "/srv/music/jazz/halo.flac"; $0.dateAdded = time("2024-03-15T00:00:00Z")
        },
        item("d", .podcast) {
            $0.title = "Episode 42"; $0.artist = "Radiolab"; $0.album = "Radiolab"; $0.genre = "Podcast"
            $0.durationMs = 3_600_000; $0.location = "http://example.com/ep42.mp3"
            $0.dateAdded = time("2023-12-31T23:59:59Z")
        },
        item("e", .movie) {
            $0.title = "Inception"; $0.year = 2010; $0.durationMs = 8_880_000; $0.rating = 40
            $0.disabled = true; $0.location = "/srv/video/inception.mkv"
            $0.dateAdded = time("2015-07-01T00:00:00Z")
        },
        item("f", .tv) {
            $0.title = "Pilot"; $0.album = "Show S1"; $0.year = 2011; $0.durationMs = 2_700_000
            $0.location = "/srv/video/show/pilot.mkv"; $0.dateAdded = time("2024-05-20T00:00:00Z")
        },
        item("g", .musicVideo) {
            $0.title = "Thriller (Video)"; $0.artist = "Michael Jackson"; $0.year = 1983; $0.rating = 20
            $0.durationMs = 180_400; $0.location = "/srv/music/jazz/sub/thriller.m4v"
            $0.dateAdded = time("2024-06-14T12:00:01Z")
        },
        item("h") {
            $0.title = "Road Song"; $0.artist = "Bj\u{F6}rk"; $0.genre = "Electronic"; $0.year = 1999
            $0.durationMs = 270_900; $0.playCount = 7; $0.bpm = 130
        },
        item("i", .audiobook) {
            $0.title = "The Hobbit"; $0.artist = "Tolkien"; $0.year = 1937
        },
        item("j", .video) {
            $0.title = "Home movie"; $0.year = 2020; $0.durationMs = 45_000
        },
    ]

    static func playlist(_ id: String, _ name: String, parent: String? = nil, folder: Bool = false,
                         _ items: [String] = []) -> Playlist {
        var playlist = Playlist(id: PlaylistID(rawValue: id), name: name)
        playlist.parentID = parent.map(PlaylistID.init(rawValue:))
        playlist.isFolder = folder
        playlist.items = items.map(ItemID.init(rawValue:))
        return playlist
    }

    static let playlists: [Playlist] = [
        playlist("p:travel", "Travel", folder: true),
        playlist("p:road", "Road Trip", parent: "p:travel", ["a", "h", "a"]),
        playlist("p:summer", "Summer", parent: "p:travel", ["g"]),
        playlist("p:chill", "Chill", ["b", "c"]),
    ]

    static let context = QueryContext(
        now: now, selection: [ItemID(rawValue: "b"), ItemID(rawValue: "e")],
        playlists: PlaylistMembership(playlists))

    /// The ids of the items a query keeps, in library order. Text terms are judged by a plain
    /// (unscored) reading of fzf's term types against the default line, which is all these
    /// tables need; scoring is the matcher's business.
    static func matches(_ query: Query) -> [String] {
        items.filter { item in
            query.matches(item, in: context) { judge($0.term, line: FormatTemplate.standard.render(item)) }
        }.map(\.id.rawValue)
    }

    static func matches(_ text: String) throws -> [String] {
        try matches(Query(parsing: text))
    }

    static func judge(_ term: TextTerm, line: String) -> Bool {
        let haystack = term.caseSensitive ? line : line.lowercased()
        let needle = term.caseSensitive ? term.text : term.text.lowercased()
        let found: Bool = switch term.kind {
        case .fuzzy: isSubsequence(Array(needle), of: Array(haystack))
        case .exact: haystack.contains(needle)
        case .prefix: haystack.hasPrefix(needle)
        case .suffix: haystack.hasSuffix(needle)
        case .equal: haystack == needle
        }
        return found != term.inverse
    }

    private static func isSubsequence(_ needle: [Character], of haystack: [Character]) -> Bool {
        var index = 0
        for character in haystack where index < needle.count && character == needle[index] { index += 1 }
        return index == needle.count
    }
}
