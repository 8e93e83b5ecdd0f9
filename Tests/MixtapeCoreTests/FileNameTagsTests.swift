import MixtapeCore
import Testing

/// File-name tags are the last resort under sidecars and embedded tags, so the table holds as
/// many names that must *not* be read as numbered as names that must.
@Suite("Tags from a media file's name")
struct FileNameTagsTests {
    /// The whole TagSet expected, so a stray field (a year read as a track) fails the test.
    static func tags(_ title: String, artist: String? = nil, album: String? = nil,
                     track: Int64? = nil, disc: Int64? = nil) -> TagSet {
        var tags = TagSet()
        tags[.title] = .text(title)
        tags[.artist] = artist.map(FieldValue.text)
        tags[.album] = album.map(FieldValue.text)
        tags[.trackNumber] = track.map(FieldValue.integer)
        tags[.discNumber] = disc.map(FieldValue.integer)
        return tags
    }

    @Test("forms that are read", arguments: [
        ("Title.mp3", tags("Title")),
        ("  Spaced Out  .flac", tags("Spaced Out")),
        ("Artist - Title.mp3", tags("Title", artist: "Artist")),
        ("Artist – Title.m4a", tags("Title", artist: "Artist")),
        ("Artist - Title - Live at Wembley.mp3", tags("Title - Live at Wembley", artist: "Artist")),
        ("Artist - Title – 2011 Remaster.mp3", tags("Title – 2011 Remaster", artist: "Artist")),
        ("01 Title.mp3", tags("Title", track: 1)),
        ("12 Title.m4a", tags("Title", track: 12)),
        ("007 Title.ogg", tags("Title", track: 7)),
        ("01 - Title.mp3", tags("Title", track: 1)),
        ("1 - Title.mp3", tags("Title", track: 1)),
        ("01. Title.mp3", tags("Title", track: 1)),
        ("1. Title.mp3", tags("Title", track: 1)),
        ("01.Title.mp3", tags("Title", track: 1)),
        ("01-Title.mp3", tags("Title", track: 1)),
        ("01_Title.mp3", tags("Title", track: 1)),
        ("101. Title.mp3", tags("Title", track: 101)),
        ("1-02 Title.m4a", tags("Title", track: 2, disc: 1)),
        ("2-115 Title.m4a", tags("Title", track: 115, disc: 2)),
        ("1-02 - Title.m4a", tags("Title", track: 2, disc: 1)),
        ("01 - Artist - Title.mp3", tags("Artist - Title", track: 1)),
        ("01 Song - Live.mp3", tags("Song - Live", track: 1)),
        ("Artist - 01 - Title.mp3", tags("Title", artist: "Artist", track: 1)),
        ("Artist - 1-03 - Title.mp3", tags("Title", artist: "Artist", track: 3, disc: 1)),
        ("Artist - Album - 07 - Title.flac", tags("Title", artist: "Artist", album: "Album", track: 7)),
        ("99 Luftballons.mp3", tags("Luftballons", track: 99)),
        ("/music/a/02 Title.mp3", tags("Title", track: 2)),
        ("Smash Mouth - All Star [L_jWHffIx5E].mp4", tags("All Star", artist: "Smash Mouth")),
        ("Pinchflat Example Video [ABC-123_xyz].mkv", tags("Pinchflat Example Video")),
        ("The Simpsons Can Man-m6uto4wQY_g.mp4", tags("The Simpsons Can Man")),
    ])
    func reads(name: String, expected: TagSet) {
        #expect(FileNameTags.tags(fromFileName: name) == expected)
    }

    @Test("names that stay whole titles", arguments: [
        ("1999.mp3", "1999"),
        ("2001 A Space Odyssey.mkv", "2001 A Space Odyssey"),
        ("2001 - A Space Odyssey.mkv", "2001 - A Space Odyssey"),
        ("1999 Title.mp3", "1999 Title"),
        ("7 Seconds.mp3", "7 Seconds"),
        ("100 Years.mp3", "100 Years"),
        ("1.5 Degrees.mp3", "1.5 Degrees"),
        ("1-2-3 Go.mp3", "1-2-3 Go"),
        ("24-7.mp3", "24-7"),
        ("10-15 Minutes.mp3", "10-15 Minutes"),
        ("2019-06-23 Session.wav", "2019-06-23 Session"),
        ("00 Hidden Track.mp3", "00 Hidden Track"),
        ("01.mp3", "01"),
        ("01 - .mp3", "01 -"),
        ("Mr. Brightside.mp3", "Mr. Brightside"),
        ("Op. 10", "Op. 10"),
        ("Vol.2", "Vol.2"),
        ("No Extension", "No Extension"),
        (".mp3", ".mp3"),
        ("Song [Instrumental].mp3", "Song [Instrumental]"),
        ("Song [Live 2019].mp3", "Song [Live 2019]"),
        ("Song.Name.With.Dots.opus", "Song.Name.With.Dots"),
        ("Artist -Title.mp3", "Artist -Title"),
        ("-Title.mp3", "-Title"),
    ])
    func keepsTitle(name: String, title: String) {
        #expect(FileNameTags.tags(fromFileName: name) == Self.tags(title))
    }

    @Test("a blank name gives no tags at all")
    func blankName() {
        #expect(FileNameTags.tags(fromFileName: "").isEmpty)
        #expect(FileNameTags.tags(fromFileName: "   ").isEmpty)
    }

    @Test("an unusual extension is kept as part of the title", arguments: [
        ("Title.verylong", "Title.verylong"),
        ("Title.m4a ", "Title"),
        ("Title.3gp", "Title"),
    ])
    func extensions(name: String, title: String) {
        #expect(FileNameTags.tags(fromFileName: name)[.title] == .text(title))
    }
}
