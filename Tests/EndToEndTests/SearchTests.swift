import Foundation
import Testing

/// `search QUERY` end to end (spec/query.md): fzf's ranking, field filters, scopes, and query
/// errors that exit 2 with a caret under the bad term.
@Suite("Search with a query")
struct SearchTests {
    static func indexed() throws -> MixtapeProcess {
        let scratch = MixtapeProcess()
        try #require(try scratch.run(["index", CommandTests.library, CommandTests.windows]).status == 0)
        return scratch
    }

    static func titles(_ scratch: MixtapeProcess, _ arguments: [String]) throws -> [String] {
        try scratch.run(["search", "--format", "{title}"] + arguments).lines
    }

    /// The project's own ranking queries (Tests/Fixtures/ranking-queries.txt).
    static let rankingQueries: [String] = {
        let file = MixtapeProcess.packageRoot + "/Tests/Fixtures/ranking-queries.txt"
        return ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }()

    /// fzf sees the lines `search --format` prints with no query (library order, which is
    /// fzf's input-order tiebreak); each query's whole ranked list must be the same.
    @Test("ranking identical to fzf 0.38 on every query of Tests/Fixtures/ranking-queries.txt",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf"), "/usr/bin/fzf is absent: ranking not compared"))
    func rankingLikeFzf() throws {
        let scratch = MixtapeProcess()
        let file = try scratch.generateLibrary(tracks: 6000, seed: 21)
        try #require(try scratch.run(["index", file]).status == 0)
        let format = "{artist} - {title} - {album}"
        let corpus = try scratch.write("lines.txt", try scratch.run(["search", "--format", format]).stdout)
        #expect(Self.rankingQueries.count >= 40)
        var differing: [String] = []
        for query in Self.rankingQueries {
            let ours = try scratch.run(["search", "--format", format, query]).lines
            let fzf = try MixtapeProcess.execute("/bin/sh", ["-c", "/usr/bin/fzf --filter \"$1\" < \"$2\"", "sh", query, corpus])
            if ours != fzf.lines {
                let rank = zip(ours, fzf.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(ours.count, fzf.lines.count)
                differing.append("\(query): fzf \(fzf.lines.count) matches, mixtape \(ours.count); first difference at rank \(rank + 1)")
            }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")

        // The line snapshot (text-only queries) and the general path (any filter) agree: the
        // filter `!kind:other` holds for every generated track and forces the general path.
        for query in Self.rankingQueries {
            let fast = try scratch.run(["search", query])
            let general = try scratch.run(["search", query, "!kind:other"])
            #expect(fast.stdout == general.stdout && fast.status == general.status, "\(query)")
        }
    }

    @Test("accents fold both ways: NFC and NFD spellings of Beyoncé, typed with or without the accent",
          arguments: ["beyonce", "beyoncé", "Beyonce\u{301}"])
    func accents(query: String) throws {
        let scratch = try Self.indexed()
        let artists = try scratch.run(["search", "--format", "{artist}", query]).lines
        #expect(artists.count == 2, "\(artists)")
        #expect(Set(artists.map { $0.precomposedStringWithCanonicalMapping }).count == 2)
    }

    @Test("field filters narrow; text ranks; a shell-quoted value is one filter")
    func filters() throws {
        let scratch = try Self.indexed()
        #expect(try Self.titles(scratch, ["kind:podcast"]) == ["Ep. 42: Pressing Matters"])
        #expect(try Self.titles(scratch, ["--scope", "movies"]) == ["The Long Way Home"])
        #expect(try Self.titles(scratch, ["playlist:Road Trips/Europe/Iceland 2019"]).count == 5)
        #expect(try Self.titles(scratch, ["artist:sigur rós"]) == ["Hoppípolla"])
        #expect(try Self.titles(scratch, ["year:2014 artist:lantern"]).count == 5)
        #expect(try Self.titles(scratch, ["!artist:lantern", "year:2014"]).allSatisfy { !$0.isEmpty })
        let loved = try scratch.run(["search", "--json", "loved:yes"]).records
        #expect(!loved.isEmpty && loved.allSatisfy { $0["loved"] as? Bool == true })
        let rated = try scratch.run(["search", "--json", "rating:>=80"]).records
        #expect(!rated.isEmpty && rated.allSatisfy { ($0["rating"] as? Int ?? 0) >= 80 })
        // Without a text term, library order; with one, best first.
        let all = try scratch.run(["search", "--format", "{id}"]).lines
        let recent = try scratch.run(["search", "--format", "{id}", "year:2015.."]).lines
        #expect(!recent.isEmpty && recent == all.filter(Set(recent).contains))
        #expect(try Self.titles(scratch, ["'harbour lights", "--limit", "1"]) == ["Harbour Lights"])
    }

    @Test("query errors exit 2 with the query, a caret under the bad term and a message", arguments: [
        ("year:19x0", 0, "year:"),
        ("live rating:>>3", 5, "rating:"),
        ("added:2015-13", 0, "added:"),
        ("artist:", 0, "artist:"),
    ])
    func errors(query: String, caret: Int, message: String) throws {
        let scratch = try Self.indexed()
        let result = try scratch.run(["search", query])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let queryLine = try #require(lines.firstIndex { $0 == query })
        #expect(lines[queryLine + 1].firstIndex(of: "^").map { lines[queryLine + 1].distance(from: lines[queryLine + 1].startIndex, to: $0) } == caret)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
    }

    /// query.md: `Re:Zero`, `Gladiator: Now` are titles, not fields: text terms, matched as
    /// typed, with a note under --verbose (and none without it).
    @Test("a word: that names no field is searched as text, and --verbose says so")
    func fieldLikeText() throws {
        let scratch = try Self.indexed()
        // "Ep:" names no field: fuzzy text, which finds the podcast episode "Ep. 42: Pressing Matters".
        let episode = try scratch.run(["search", "--format", "{title}", "Ep:"])
        #expect(episode.status == 0 && episode.lines.contains("Ep. 42: Pressing Matters"), "\(episode.stdout)\(episode.stderr)")
        #expect(episode.stderr.isEmpty, "no note without --verbose: \(episode.stderr)")
        let verbose = try scratch.run(["search", "--verbose", "--format", "{title}", "Re:Zero"])
        #expect(verbose.status == 1, "\(verbose.stderr)")
        #expect(verbose.stderr.contains("note: \"Re:\" is not a field: Re:Zero is matched as text"), "\(verbose.stderr)")
        let typo = try scratch.run(["search", "-v", "artst:zzz"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean \"artist:\""), "\(typo.stderr)")
    }

    @Test("nothing matched exits 1, like fzf --filter")
    func noMatch() throws {
        let scratch = try Self.indexed()
        let result = try scratch.run(["search", "zzzqqqxxj"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(try scratch.run(["search", "12:30"]).status == 1, "12:30 is a text term, not a field")
    }
}
