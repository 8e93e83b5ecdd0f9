import MixtapeCore
import Testing

@Suite("Joining command-line words into a query")
struct QueryArgumentsTests {
    @Test(arguments: [
        (["tiger road"], "tiger road"),
        (["tiger", "road"], "tiger road"),
        (["artist:the beatles", "live"], #"artist:the\ beatles live"#),
        (["!artist:the beatles"], #"!artist:the\ beatles"#),
        (["year:1990..1999 rating:>=80"], "year:1990..1999 rating:>=80"),
        (["artist:abba !gold"], "artist:abba !gold"),
        (["artist:abba ^gold"], "artist:abba ^gold"),
        (["artist:abba | year:1999"], "artist:abba | year:1999"),
        (["'artist:\"the beatles\" live'"], "'artist:\"the beatles\" live'"),
        (["artist:\"the beatles\" live"], "artist:\"the beatles\" live"),
        (["12:30 am"], "12:30 am"),
        // A number, date, duration, yes/no or kind never holds a space: the word is two terms.
        (["bpm:100..140 fire"], "bpm:100..140 fire"),
        (["y:1999 live at budokan"], "y:1999 live at budokan"),
        (["added:<30d love"], "added:<30d love"),
        (["duration:>5m epic"], "duration:>5m epic"),
        (["loved:yes night"], "loved:yes night"),
        (["kind:music jazz"], "kind:music jazz"),
        (["!year:1999 live"], "!year:1999 live"),
        // Text, playlists and folders keep theirs.
        (["playlist:Road Trip"], #"playlist:Road\ Trip"#),
        (["path:/Music/Old Stuff"], #"path:/Music/Old\ Stuff"#),
        (["genre:hip hop"], #"genre:hip\ hop"#),
        ([], ""),
    ])
    func join(words: [String], query: String) throws {
        #expect(QueryArguments.join(words) == query)
        _ = try Query(parsing: QueryArguments.join(words))
    }
}
