import MixtapeCore
import Testing

@Suite("Playlist writers: iTunes plist")
struct PlaylistITunesTests {
    @Test("one track per distinct item, playlist items in order with repeats")
    func writesPlist() {
        let result = ITunesPlaylistWriter.write(name: "Mix & Match", entries: PlaylistTestEntries.all)
        let playlistID = ITunesPlaylistWriter.persistentID(forName: "Mix & Match")
        let items = [1, 2, 3, 4, 1].map {
            "\t\t\t\t<dict>\n\t\t\t\t\t<key>Track ID</key><integer>\($0)</integer>\n\t\t\t\t</dict>\n"
        }.joined()
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>Major Version</key><integer>1</integer>
            \t<key>Minor Version</key><integer>1</integer>
            \t<key>Application Version</key><string>12.9.5.5</string>
            \t<key>Tracks</key>
            \t<dict>
            \t\t<key>1</key>
            \t\t<dict>
            \t\t\t<key>Track ID</key><integer>1</integer>
            \t\t\t<key>Name</key><string>Jo\u{301}ga</string>
            \t\t\t<key>Artist</key><string>Bjo\u{308}rk</string>
            \t\t\t<key>Album</key><string>Homogenic</string>
            \t\t\t<key>Total Time</key><integer>305999</integer>
            \t\t\t<key>Track Number</key><integer>3</integer>
            \t\t\t<key>Persistent ID</key><string>0123456789ABCDEF</string>
            \t\t\t<key>Track Type</key><string>File</string>
            \t\t\t<key>Location</key><string>file:///mnt/music/Bjo%CC%88rk/Jo%CC%81ga.m4a</string>
            \t\t</dict>
            \t\t<key>2</key>
            \t\t<dict>
            \t\t\t<key>Track ID</key><integer>2</integer>
            \t\t\t<key>Name</key><string>Hits #1</string>
            \t\t\t<key>Track Type</key><string>File</string>
            \t\t\t<key>Location</key><string>file://localhost/C:/Music/AC+DC%20%231%3F/100%25%20Hits.mp3</string>
            \t\t</dict>
            \t\t<key>3</key>
            \t\t<dict>
            \t\t\t<key>Track ID</key><integer>3</integer>
            \t\t\t<key>Name</key><string>Radio</string>
            \t\t\t<key>Track Type</key><string>URL</string>
            \t\t\t<key>Location</key><string>http://radio.example/stream?x=1&amp;y=2</string>
            \t\t</dict>
            \t\t<key>4</key>
            \t\t<dict>
            \t\t\t<key>Track ID</key><integer>4</integer>
            \t\t\t<key>Name</key><string>Line1
            Line2&#13;</string>
            \t\t\t<key>Artist</key><string>#Hash=Art</string>
            \t\t\t<key>Album</key><string>A&amp;B &lt;&quot;&apos;&gt;</string>
            \t\t\t<key>Total Time</key><integer>1999</integer>
            \t\t\t<key>Track Type</key><string>File</string>
            \t\t\t<key>Location</key><string>file:///Music/a%20b.mp3</string>
            \t\t</dict>
            \t</dict>
            \t<key>Playlists</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>Name</key><string>Mix &amp; Match</string>
            \t\t\t<key>Playlist ID</key><integer>5</integer>
            \t\t\t<key>Playlist Persistent ID</key><string>\(playlistID)</string>
            \t\t\t<key>All Items</key><true/>
            \t\t\t<key>Playlist Items</key>
            \t\t\t<array>

            """ + items + """
            \t\t\t</array>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """
        #expect(result.skipped == [])
        #expect(result.text == expected)
    }

    @Test("the playlist's Persistent ID is 16 hex digits, stable, and differs between names")
    func playlistPersistentID() {
        let id = ITunesPlaylistWriter.persistentID(forName: "Mix")
        #expect(id.count == 16)
        #expect(id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        #expect(id == ITunesPlaylistWriter.persistentID(forName: "Mix"))
        #expect(id != ITunesPlaylistWriter.persistentID(forName: "Mix 2"))
    }

    @Test("the same path without an item is one track; an empty path is skipped")
    func distinctByPath() {
        let entries = [PlaylistEntry(path: "/a.mp3"), PlaylistEntry(path: ""), PlaylistEntry(path: "/a.mp3")]
        let result = ITunesPlaylistWriter.write(name: "P", entries: entries)
        #expect(result.skipped == [1])
        #expect(result.text.ranges(of: "<key>Location</key>").count == 1)
        #expect(result.text.contains("<key>Playlist ID</key><integer>2</integer>"))
    }
}
