import Foundation
import Testing

/// `search` answers from the line snapshot and a scan of the filtered columns whenever it
/// can, and from items loaded and filtered in memory (the evaluation `pick`, saved exports and
/// smart playlists use) when the index keeps no snapshot: both must print exactly the same,
/// for every kind of filter, with text, `--sort`, `--scope`, `--limit` and `--json`.
@Suite("Search: snapshot path and in-memory evaluation agree")
struct SearchPathsTests {
    /// Every filter form of the query language, alone and with text, sorted, scoped and cut.
    static func queries(artist: String) -> [[String]] {
        let filters: [[String]] = [
            ["artist:john"], ["a:the"], ["artist:=\(artist)"], ["title:love"], ["t:night"], ["album:live"],
            ["al:\"greatest hits\""], ["genre:rock"], ["g:jazz"], ["albumartist:various"], ["composer:bach"],
            ["year:1999"], ["y:1990..1999"], ["year:2000.."], ["year:..1979"],
            ["rating:>=80"], ["stars:>3"], ["rating:60..80"], ["plays:<5"], ["plays:>=10"], ["skips:0"],
            ["bpm:120..130"], ["track_number:1"], ["disc_number:>1"],
            ["duration:>5m"], ["duration:3:00..4:30"], ["length:<90s"], ["duration:1h.."],
            ["added:<3000d"], ["played:>1y"], ["added:2015-01..2018-06"], ["added:2016-03-15"], ["added:2017"],
            ["modified:2019.."], ["played:<20y"],
            ["loved:yes"], ["compilation:no"], ["compilation:yes"], ["explicit:true"], ["disabled:0"],
            ["selected:yes"], ["!selected:yes"],
            ["kind:podcast"], ["kind:movie,tv"], ["kind:audiobook"],
            ["playlist:Music"], ["playlist:Podcasts"],
            ["location:.m4a"], ["path:/Users"], ["source:Library"], ["persistent_id:A"], ["track_id:100..200"],
            ["id:itunes:0"], ["!id:A"],
            ["!artist:the"], ["!year:1990..1999"], ["!loved:yes"],
            ["year:1999 | rating:100"], ["kind:podcast | kind:tv"],
        ]
        let mixed: [[String]] = [
            ["love", "year:1990..1999"], ["^the", "rating:>=60"], ["'night", "!kind:music"], ["live | year:1999"],
            ["john", "artist:john"], ["thunder$", "year:..2010"], ["zzzzqqq", "year:1999"],
        ]
        let options: [[String]] = [
            ["--sort", "year-", "rating:>=60"], ["--sort", "artist,year", "love"], ["--sort", "plays-"],
            ["--sort", "date_added", "kind:podcast"], ["--scope", "music", "love"], ["--scope", "podcasts"],
            ["--scope", "movies", "year:2000.."], ["--limit", "5", "year:1990.."], ["--limit", "3", "fire"],
            ["--sort", "title", "--limit", "7"], ["--sort", "id"], ["--sort", "id-", "year:1990.."],
        ]
        let cases = filters + mixed + options
        return cases + cases.map { ["--json"] + $0 } + [["--json"], ["--json", "fire"], ["--json", "--limit", "2"],
                                                        ["--json", "--print0", "y:1990.."], ["--print0", "love"]]
    }

    @Test("every filter kind, text, --sort, --scope, --limit and --json: same lines, same exit")
    func sameAnswers() throws {
        let scratch = MixtapeProcess()
        let file = try scratch.generateLibrary(tracks: 1200, seed: 23)
        try #require(try scratch.run(["index", file]).status == 0)
        try #require(try scratch.run(["select", "add", "--quiet", "year:1995"]).status == 0)
        let artist = try #require(try scratch.run(["search", "--format", "{artist}", "--limit", "1", "artist:e"]).lines.first)
        let queries = Self.queries(artist: artist)
        let fast = try queries.map { try scratch.run(["search"] + $0) }
        #expect(fast.contains { $0.status == 0 } && fast.contains { $0.status == 1 })
        // The snapshot places rows by rowid. Rows renumbered behind its back (as a VACUUM by
        // another tool may do: every row moved up by one, so each rowid now names another
        // item), then no rowids kept at all (a snapshot written before they were): the rows
        // are placed by their ids instead, with the same answers.
        let placed = queries.filter { $0.contains { $0.contains(":") || $0.hasPrefix("--") } }.prefix(40)
        for (statement, name) in [("UPDATE items SET rowid = -rowid; UPDATE items SET rowid = 1 - rowid;", "renumbered rows"),
                                  ("UPDATE line_snapshots SET rowids = NULL", "no rowids")] {
            try Self.execute(statement, in: scratch.library)
            for (query, answer) in zip(queries, fast) where placed.contains(query) {
                let byID = try scratch.run(["search"] + query)
                #expect(answer.stdout == byID.stdout && answer.status == byID.status && answer.stderr == byID.stderr,
                        "\(name), \(query): \(answer.lines.count) lines against \(byID.lines.count)")
            }
        }
        // Without the snapshot, every search loads the items and filters them in memory.
        try Self.execute("DELETE FROM line_snapshots", in: scratch.library)
        for (query, answer) in zip(queries, fast) {
            let memory = try scratch.run(["search"] + query)
            #expect(answer.stdout == memory.stdout && answer.status == memory.status && answer.stderr == memory.stderr,
                    "\(query): \(answer.lines.count) lines against \(memory.lines.count)")
        }
    }

    /// Runs `sql` on the index at `library` behind Mixtape's back (Python's sqlite3).
    static func execute(_ sql: String, in library: String) throws {
        let done = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()
            """, library, sql])
        try #require(done.status == 0, "\(done.stderr)")
    }
}
