import Foundation
import Testing

/// The first `index` of a library builds it in a file beside its path and moves it there at
/// the end: the index that lands is an ordinary one (WAL mode, every source that read well),
/// nothing is left beside it, and what a stopped build left does not get in the way.
@Suite("IndexBuildTests: a new index built aside and moved into place")
struct IndexBuildTests {
    let mixtape = MixtapeProcess()

    var aside: String { mixtape.library + ".new" }

    /// `PRAGMA journal_mode` of the index, read by Python's SQLite (not the one under test).
    func journalMode() throws -> String {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode").fetchone()[0])
            """, mixtape.library])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + result.stderr
    }

    /// Rows of `index_state` saying what is worked out from the items is still to do, read by
    /// Python's SQLite.
    func derivedDataPending() throws -> String {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute(
                "SELECT count(*) FROM index_state WHERE key = 'derived_pending'").fetchone()[0])
            """, mixtape.library])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + result.stderr
    }

    @Test func aFirstIndexLandsInWALModeWithNothingLeftBeside() throws {
        #expect(!FileManager.default.fileExists(atPath: mixtape.library))
        let run = try mixtape.run(["index", MixtapeProcess.sample("Library.xml")])
        #expect(run.status == 0, "\(run.stderr)")
        // Everything was written before the move, and nothing opened the index after it: no
        // WAL beside it, and nothing left marked to work out again.
        for leftover in [aside, mixtape.library + "-wal", mixtape.library + "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: leftover), "\(leftover)")
        }
        #expect(try derivedDataPending() == "0")
        #expect(try journalMode() == "wal")
        #expect(try mixtape.run(["search", "--json", ""]).records.count > 0)
        // The next run opens it as any index: a re-read with nothing changed.
        let again = try mixtape.run(["index", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: aside))
    }

    /// Each source of a first run is still written on its own: one that is malformed (exit
    /// 65) leaves the one read before it in the new index.
    @Test func aMalformedSourceOfAFirstIndexLeavesTheOthers() throws {
        let good = MixtapeProcess.sample("Library.xml")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let bad = mixtape.folder + "/Cut.xml"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bad))
        let run = try mixtape.run(["index", good, bad])
        #expect(run.status == 65, "\(run.stderr)")
        let sources = try mixtape.run(["sources", "--json"]).records.compactMap { $0["path"] as? String }
        #expect(sources == [good])
        let alone = MixtapeProcess()
        try #require(try alone.run(["index", good]).status == 0)
        #expect(try mixtape.run(["search", "--json", "--sort", "id", ""]).stdout
                == alone.run(["search", "--json", "--sort", "id", ""]).stdout)
        #expect(try journalMode() == "wal")
        #expect(!FileManager.default.fileExists(atPath: aside))
    }

    /// A build that was stopped (killed, a power cut) left its file; the next first index
    /// replaces it rather than reading or failing on it.
    @Test func whatAStoppedBuildLeftIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/index", withIntermediateDirectories: true)
        try Data("not a database, half a build".utf8).write(to: URL(fileURLWithPath: aside))
        let run = try mixtape.run(["index", MixtapeProcess.sample("Library.xml")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try journalMode() == "wal")
        #expect(!FileManager.default.fileExists(atPath: aside))
        #expect(try mixtape.run(["search", "--json", ""]).records.count > 0)
    }

    /// A first index killed before it moved into place left only its build. The cron form
    /// (`index --quiet`, no source) then made an empty index in silence, and every later run
    /// said nothing either: the library was gone and no one was told. Now it is an error, each
    /// run, until a run names the sources again.
    @Test func aStoppedFirstIndexIsAnErrorForTheCronForm() throws {
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/index", withIntermediateDirectories: true)
        try Data("half a build".utf8).write(to: URL(fileURLWithPath: aside))
        for _ in 0..<2 {
            let cron = try mixtape.run(["index", "--quiet"])
            #expect(cron.status == 74)
            #expect(cron.stderr.contains("first index was stopped") && cron.stderr.contains(aside), "\(cron.stderr)")
            #expect(!FileManager.default.fileExists(atPath: mixtape.library))
        }
        let again = try mixtape.run(["index", "--quiet", MixtapeProcess.sample("Library.xml")])
        #expect(again.status == 0, "\(again.stderr)")
        let cron = try mixtape.run(["index", "--quiet"])
        #expect(cron.status == 0 && cron.stderr.isEmpty, "\(cron.stderr)")
    }
}
