import MixtapeCore
import Testing

/// Every row of spec/query.md, run against `QueryTestLibrary`; the expected ids were worked
/// out by hand from the items there ("now" is 2024-06-15T12:00:00Z).
@Suite("Query: the rows of query.md")
struct QuerySpecTests {
    @Test("text terms (fzf extended syntax)", arguments: [
        ("rdlb", ["d"]),                                          // fuzzy: letters in order
        ("'love", ["b"]),                                         // exact substring
        ("^the", ["a"]),                                          // prefix of the line
        ("love$", ["b"]),                                         // suffix of the line
        ("!love", ["a", "c", "d", "e", "f", "g", "h", "i", "j"]),  // does not contain
        ("!^the", ["b", "c", "d", "e", "f", "g", "h", "i", "j"]),  // negated prefix
        ("!love$", ["a", "c", "d", "e", "f", "g", "h", "i", "j"]), // negated suffix
        ("road\\ song", ["h"]),                                   // \  is a literal space
        ("^the | ^radio", ["a", "d"]),                            // OR
        ("^the | ^radio 'yes", ["a"]),                            // (OR) AND exact
        ("Love", ["b"]),                                          // smart case
        ("LOVE", []),
    ])
    func textTerms(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("string filters: contains, quoted, equals", arguments: [
        ("artist:beatles", ["a"]),
        ("a:BEATLES", ["a"]),
        ("artist:\"the beatles\"", ["a"]),
        ("artist:=Beatles", []),
        ("artist:=\"the beatles\"", ["a"]),
        ("artist:=radiolab", ["d"]),
        ("title:love", ["b"]),
        ("t:halo", ["c"]),
        ("album:radiolab", ["d"]),
        ("al:love", ["b"]),
        ("genre:rock", ["a"]),
        ("g:r&b", ["b"]),
        ("albumartist:beatles", ["a"]),
        ("composer:mccartney", ["a"]),
        ("comments:classic", ["a"]),
        ("location:.mkv", ["e", "f"]),
    ])
    func strings(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("numbers: equality, ranges, comparisons, stars, missing counts as 0", arguments: [
        ("year:1999", ["h"]),
        ("y:1999", ["h"]),
        ("year:=1999", ["h"]),
        ("year:1990..1999", ["h"]),
        ("year:2000..", ["b", "c", "e", "f", "j"]),
        ("year:..1979", ["a", "i"]),
        ("rating:>=80", ["a", "b"]),
        ("rating:<50", ["e", "g"]),
        ("stars:>3", ["a", "b"]),
        ("stars:3", ["c"]),
        ("stars:<=1", ["g"]),
        ("plays:<5", ["b", "c", "d", "e", "f", "g", "i", "j"]),
        ("plays:>3", ["a", "h"]),
        ("skips:0", ["b", "d", "e", "f", "g", "h", "i", "j"]),
        ("bpm:120..130", ["h"]),
        ("track:13", ["a"]),
    ])
    func numbers(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("durations in whole seconds: h, m, s, m:ss", arguments: [
        ("duration:>5m", ["d", "e", "f"]),
        ("duration:3:00..4:30", ["b", "c", "g", "h"]),
        ("length:<90s", ["j"]),
        ("duration:1h", ["d"]),
        ("duration:3:00", ["g"]),
        ("duration:>=2h", ["e"]),
        ("duration:2m..2m30s", ["a"]),
        ("duration:2:28:00", ["e"]),
        ("duration_ms:45000", ["j"]),
    ])
    func durations(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("dates: relative ages from the context's now, calendar ranges in UTC", arguments: [
        ("added:<30d", ["a", "f", "g"]),
        ("played:>1y", ["b"]),
        ("played:<1w", ["a"]),
        ("added:<1d", ["g"]),
        ("added:1d..30d", ["a", "f"]),
        ("added:<4m", ["a", "c", "f", "g"]),
        ("added:>5y", ["e"]),
        ("added:2024-01..2024-06", ["a", "b", "c", "f", "g"]),
        ("added:2024-03-15", ["c"]),
        ("added:2024", ["a", "b", "c", "f", "g"]),
        ("added:2023", ["d"]),
        ("added:>2024-03", ["a", "f", "g"]),
        ("added:<=2024-01", ["b", "d", "e"]),
        ("added:<2024-03-15", ["b", "d", "e"]),
        ("added:2023-12-31T23:59:59Z", ["d"]),
    ])
    func dates(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("booleans, selection, kinds, playlists, paths", arguments: [
        ("loved:yes", ["a"]),
        ("loved:TRUE", ["a"]),
        ("compilation:no", ["a", "b", "d", "e", "f", "g", "h", "i", "j"]),
        ("explicit:1", ["b"]),
        ("disabled:0", ["a", "b", "c", "d", "f", "g", "h", "i", "j"]),
        ("selected:yes", ["b", "e"]),
        ("selected:no", ["a", "c", "d", "f", "g", "h", "i", "j"]),
        ("kind:podcast", ["d"]),
        ("kind:movie,tv", ["e", "f"]),
        ("kind:videos", ["g", "j"]),
        ("kind:video", ["j"]),
        ("kind:Audiobooks,music-video", ["g", "i"]),
        ("playlist:\"Road Trip\"", ["a", "h"]),
        ("playlist:\"road trip\"", ["a", "h"]),
        ("playlist:Travel", ["a", "g", "h"]),
        ("playlist:\"Travel/Road Trip\"", ["a", "h"]),
        ("playlist:p:chill", ["b", "c"]),
        ("playlist:Nowhere", []),
        ("path:/srv/music/jazz", ["c", "g"]),
        ("path:/srv/music/jazz/", ["c", "g"]),
        ("path:/srv/video", ["e", "f"]),
    ])
    func others(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("! negates any filter; a missing value then matches", arguments: [
        ("!artist:beatles", ["b", "c", "d", "e", "f", "g", "h", "i", "j"]),
        ("!rating:<50", ["a", "b", "c", "d", "f", "h", "i", "j"]),
        ("!year:..2000", ["b", "c", "d", "e", "f", "j"]),
        ("!kind:music", ["d", "e", "f", "g", "i", "j"]),
        ("!path:/srv/music", ["d", "e", "f", "h", "i", "j"]),
        ("!played:<1y", ["b", "c", "d", "e", "f", "g", "h", "i", "j"]),
    ])
    func negation(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("filters and text combine: AND of groups, OR inside", arguments: [
        ("kind:podcast | year:1999", ["d", "h"]),
        ("'hobbit | year:1999", ["h", "i"]),
        ("artist:beyonce halo", ["c"]),
        ("year:2000.. !kind:movie 'o", ["b", "c", "f", "j"]),
        ("", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]),
    ])
    func combined(query: String, expected: [String]) throws {
        #expect(try QueryTestLibrary.matches(query) == expected)
    }

    @Test("a scope is a kind: filter", arguments: [
        (Scope.all, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]),
        (.music, ["a", "b", "c", "h"]),
        (.podcasts, ["d"]),
        (.audiobooks, ["i"]),
        (.movies, ["e"]),
        (.tv, ["f"]),
        (.videos, ["g", "j"]),
    ])
    func scopes(scope: Scope, expected: [String]) throws {
        #expect(QueryTestLibrary.matches(Query().restricted(to: scope)) == expected)
        let scoped = try Query(parsing: "year:1990..").restricted(to: scope)
        let expectedInNineties = expected.filter { try! QueryTestLibrary.matches("year:1990..").contains($0) }
        #expect(QueryTestLibrary.matches(scoped) == expectedInNineties)
        #expect(try QueryTestLibrary.matches("kind:\(scope.rawValue)") == expected)
    }
}
