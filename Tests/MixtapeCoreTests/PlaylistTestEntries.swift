import MixtapeCore

/// The entries the playlist writer tests share: NFD names, `+ # ? %` in a Windows path, an
/// http stream, a title with a line break and control characters, and a repeated item.
enum PlaylistTestEntries {
    static let bjork: MediaItem = {
        var item = MediaItem(id: .itunes(persistentID: "0123456789ABCDEF"))
        item.title = "Jo\u{301}ga"
        item.artist = "Bjo\u{308}rk"
        item.album = "Homogenic"
        item.trackNumber = 3
        item.durationMs = 305_999
        item.persistentID = "0123456789ABCDEF"
        item.location = "/Users/sam/Music/Bjo\u{308}rk/Jo\u{301}ga.m4a"
        return item
    }()

    static let all: [PlaylistEntry] = [
        PlaylistEntry(item: bjork, path: "/mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a"),
        PlaylistEntry(path: "C:/Music/AC+DC #1?/100% Hits.mp3", title: "Hits #1"),
        PlaylistEntry(path: "http://radio.example/stream?x=1&y=2", title: "Radio"),
        PlaylistEntry(path: "/Music/a b.mp3", title: "Line1\nLine2\r\u{1}", artist: "#Hash=Art",
                      album: "A&B <\"'>", durationMs: 1999),
        PlaylistEntry(item: bjork, path: "/mnt/music/Bjo\u{308}rk/Jo\u{301}ga.m4a"),
    ]
}
