import MixtapeCore
@testable import MixtapeIngest
import Testing

/// The pieces of the Traktor reader that turn attribute text into values, at their edges.
@Suite("Traktor values, locations and ids")
struct TraktorValuesTests {
    @Test("an integer is -?[0-9]+ within 64 bits; anything else is absent",
          arguments: [("0", 0), ("007", 7), ("-0", 0), ("42", 42), ("-42", -42),
                      ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
                      ("9223372036854775808", nil), ("-9223372036854775809", nil), ("99999999999999999999", nil),
                      ("", nil), ("-", nil), ("+5", nil), ("12a", nil), (" 1", nil), ("1.0", nil), ("١٢", nil)]
                      as [(String, Int64?)])
    func integer(text: String, expected: Int64?) {
        #expect(TraktorValues.integer(text) == expected)
    }

    @Test("a decimal is -?[0-9]+(.[0-9]*)? or -?.[0-9]+",
          arguments: [("128", 128.0), ("128.5", 128.5), ("-.5", -0.5), ("3.", 3.0), (".", nil), ("", nil),
                      ("1e3", nil), ("nan", nil), ("1.2.3", nil), ("-", nil)] as [(String, Double?)])
    func decimal(text: String, expected: Double?) {
        #expect(TraktorValues.decimal(text) == expected)
    }

    @Test("the path a person sees, from volume, folders and file",
          arguments: [("Macintosh HD", "/:Users/:dj/:", "x.mp3", "/Users/dj/x.mp3"),
                      ("", "/:Music/:", "x.mp3", "/Music/x.mp3"),
                      ("C:", "/:Music/:", "x.mp3", "C:/Music/x.mp3"),
                      ("Backup", "/:Music/:", "x.mp3", "/Volumes/Backup/Music/x.mp3"),
                      ("Data", "/:Users/:dj/:", "x.mp3", "/Users/dj/x.mp3"),
                      ("Data", "/:Users", "x.mp3", "/Volumes/Data/Usersx.mp3"),
                      ("Ünlü", "/:Müzik/:", "şarkı.mp3", "/Volumes/Ünlü/Müzik/şarkı.mp3"),
                      ("C:", "", "x.mp3", "C:/x.mp3"),
                      ("", "", "/x.mp3", "/x.mp3"),
                      ("", "Music/:", ":x.mp3", "/Music/:x.mp3")] as [(String, String, String, String)])
    func path(volume: String, directory: String, file: String, expected: String) {
        #expect(TraktorLocation(volume: volume, directory: directory, file: file).path == expected)
    }

    @Test("an entry's id is the id its playlists name it by, the PRIMARYKEY's")
    func idMatchesThePlaylistKey() {
        for (volume, directory, file) in [("Macintosh HD", "/:Users/:dj/:", "x.mp3"), ("", "", ""), ("C:", "/:Ü/:", "ş.mp3")] {
            var entry = TraktorEntry()
            entry.location = TraktorLocation(volume: volume, directory: directory, file: file)
            let named = TraktorEntry.identity(primaryKey: volume + directory + file)
            #expect(entry.identity == named)  // the id and the hash the reader keeps
            #expect(entry.id.rawValue.hasPrefix("traktor:") && entry.id.rawValue.count == 24)
        }
        // No LOCATION: a hash of what identifies the recording, as `ItemID.derived` spells it.
        let bare = TraktorEntry()
        #expect(bare.id == ItemID.derived(scheme: "traktor", parts: ["no-location", "", "", "", "", ""]))
        #expect(bare.id.rawValue.hasSuffix(String(bare.identity.hash, radix: 16, uppercase: true)))
    }
}
