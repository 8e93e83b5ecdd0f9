import MixtapeCore
import Testing

@Suite("Completing a query word from the field registry")
struct QueryCompletionTests {
    @Test(arguments: [
        ("yea", ["year:"]),
        ("!yea", ["!year:"]),
        ("kin", ["kind:"]),
        ("pla", ["play_count:", "plays:", "play_date:", "played:", "playlist:"]),
        ("tiger", []),
        ("year:19", []),
        ("nosuchfield:", []),
        ("loved:", ["loved:yes", "loved:no"]),
        ("selected:y", ["selected:yes", "selected:no"]),
    ])
    func candidates(word: String, expected: [String]) {
        #expect(QueryCompletion.candidates(for: word) == expected)
    }

    @Test func kindValuesListEveryKindAndScopeOnce() {
        let values = QueryCompletion.candidates(for: "kind:")
        #expect(values.contains("kind:podcast"))
        #expect(values.contains("kind:music-video"))
        #expect(values.contains("kind:videos"))
        #expect(Set(values).count == values.count)
        // Each value is one the parser accepts.
        for value in values { #expect(throws: Never.self) { try Query(parsing: value) } }
    }

    @Test func onlyTheLastItemOfAKindListIsCompleted() {
        #expect(QueryCompletion.candidates(for: "kind:movie,t").contains("kind:movie,tv"))
        #expect(QueryCompletion.candidates(for: "!KIND:").first == "!KIND:music")
    }

    @Test func nothingTypedOffersEachFieldOnceByName() {
        let names = QueryCompletion.candidates(for: "")
        #expect(names.count == QueryField.all.count)
        #expect(names.contains("artist:") && !names.contains("a:") && !names.contains("plays:"))
    }
}
