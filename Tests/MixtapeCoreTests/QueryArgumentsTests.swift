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
        ([], ""),
    ])
    func join(words: [String], query: String) throws {
        #expect(QueryArguments.join(words) == query)
        _ = try Query(parsing: QueryArguments.join(words))
    }
}
