import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The promises that take many processes to check: an `index` killed at any moment leaves the
/// index whole and holding one source's state before or after, never a part; writers take
/// turns while readers never fail. Sized for `make test`; `make stress` (MIXTAPE_STRESS=1)
/// runs them larger.
@Suite("ReliabilityTests: kill -9 and concurrency", .serialized)
struct ReliabilityTests {
    let mixtape = MixtapeProcess()

    static let stress = ProcessInfo.processInfo.environment["MIXTAPE_STRESS"] == "1"

    /// `PRAGMA integrity_check` through Python's sqlite3 (another SQLite than the one under
    /// test, which also recovers the WAL a killed writer left, as the next open would).
    static func integrity(of database: String) throws -> String {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])
            """, database])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : result.stderr
    }

    /// What a user can see of the index: every item and playlist (not `sources`, whose
    /// index times differ between two runs that read the same bytes).
    func contents() throws -> String {
        let items = try mixtape.run(["search", "--json", "--sort", "id"])
        let playlists = try mixtape.run(["playlists", "--json"])
        return items.stdout + "\n---\n" + playlists.stdout + "\n---\n" + items.stderr
    }

    func copyIndex(from: String, to: String) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: to + suffix)
            if FileManager.default.fileExists(atPath: from + suffix) {
                try FileManager.default.copyItem(atPath: from + suffix, toPath: to + suffix)
            }
        }
    }

    /// Runs `index export` and kills it with SIGKILL after the `kill`-th of `kills` delays
    /// spread over a run of `duration` seconds, a little past its end too (a kill after the
    /// commit); returns the delay and how the run ended.
    func indexKilled(_ export: String, kill: Int, of kills: Int, in duration: TimeInterval,
                     flags: [String] = []) throws -> (delay: Double, status: Int32?) {
        let delay = duration * 1.1 * Double(kill) / Double(max(1, kills - 1))
        var environment = ProcessInfo.processInfo.environment
        environment["MIXTAPE_LIBRARY"] = mixtape.library
        let run = try DetachedProcess.spawn(MixtapeProcess.binary, ["index", "--quiet"] + flags + [export],
                                            environment: environment)
        usleep(useconds_t(delay * 1_000_000))
        run.signal(SIGKILL)
        return (delay, run.wait(timeout: 30))
    }

    /// Re-indexes a changed export and kills the run with SIGKILL at moments spread over its
    /// whole length; after each kill the index must pass `integrity_check` and hold exactly
    /// the state before or after the export changed.
    @Test func aKilledIndexLeavesTheStateBeforeOrAfterNeverAPart() throws {
        let tracks = Self.stress ? 20_000 : 5_000
        let kills = Self.stress ? 40 : 8
        let before = try mixtape.generateLibrary(tracks: tracks, seed: 11, name: "before.xml")
        let after = try mixtape.generateLibrary(tracks: tracks, seed: 12, name: "after.xml")
        let export = mixtape.folder + "/Library.xml"
        let saved = mixtape.folder + "/saved"
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)

        // The two states, and how long a full re-index from one to the other takes.
        try FileManager.default.copyItem(atPath: before, toPath: export)
        try #require(try mixtape.run(["index", "--quiet", export]).status == 0)
        let beforeState = try contents()
        try copyIndex(from: mixtape.library, to: saved + "/before.sqlite")
        try FileManager.default.removeItem(atPath: export)
        try FileManager.default.copyItem(atPath: after, toPath: export)
        let started = Date()
        try #require(try mixtape.run(["index", "--quiet", export]).status == 0)
        let duration = Date().timeIntervalSince(started)
        let afterState = try contents()
        try #require(beforeState != afterState)

        var outcomes: [String: Int] = [:]
        for kill in 0..<kills {
            try copyIndex(from: saved + "/before.sqlite", to: mixtape.library)
            let (delay, status) = try indexKilled(export, kill: kill, of: kills, in: duration)
            #expect(try Self.integrity(of: mixtape.library) == "ok", "kill \(kill) at \(delay) s")
            let state = try contents()
            let outcome = state == beforeState ? "before" : state == afterState ? "after" : "PART"
            #expect(outcome != "PART", "kill \(kill) at \(String(format: "%.3f", delay)) s (exit \(String(describing: status))) left a part")
            outcomes[outcome, default: 0] += 1
        }
        print("kill -9 at \(kills) moments of a \(String(format: "%.2f", duration)) s re-index of \(tracks) tracks: \(outcomes)")
        #expect(outcomes["before", default: 0] > 0)
        // The next run brings it to the new state, whatever the last kill left.
        #expect(try mixtape.run(["index", "--quiet", export]).status == 0)
        #expect(try contents() == afterState)
    }

    /// The same for a folder source with playlist files: the playlists' entries are resolved
    /// in the transaction that writes the items, so a kill never leaves the new items with the
    /// old playlists (an entry whose file was deleted still counted as found: 5 of 40 kills did).
    @Test func aKilledFolderIndexLeavesItsPlaylistsWithItsItems() throws {
        let files = Self.stress ? 6_000 : 2_000
        let kills = Self.stress ? 40 : 12
        let music = mixtape.folder + "/Music"
        let sample = try Data(contentsOf: URL(fileURLWithPath: MixtapeProcess.sample("Music/Singles/Lantern #2.mp3")))
        var names: [String] = []
        for index in 0..<files {
            let folder = music + "/Album \(index / 100)"
            if index % 100 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let name = "Album \(index / 100)/\(String(format: "%05d", index)) Track.mp3"
            try sample.write(to: URL(fileURLWithPath: music + "/" + name))
            names.append(name)
        }
        // Three playlists naming every seventh file, and one naming the files deleted below.
        for list in 0..<3 {
            let entries = stride(from: list, to: files, by: 7).map { names[$0] }
            try ("#EXTM3U\n" + entries.joined(separator: "\n") + "\n").write(
                toFile: music + "/List \(list).m3u8", atomically: true, encoding: .utf8)
        }
        let doomed = stride(from: 0, to: files, by: 20).map { names[$0] }
        try ("#EXTM3U\n" + doomed.joined(separator: "\n") + "\n").write(
            toFile: music + "/Doomed.m3u8", atomically: true, encoding: .utf8)
        let saved = mixtape.folder + "/before.sqlite"

        try #require(try mixtape.run(["index", "--quiet", music]).status == 0)
        let beforeState = try contents()
        try copyIndex(from: mixtape.library, to: saved)
        for name in doomed { try FileManager.default.removeItem(atPath: music + "/" + name) }
        let started = Date()
        try #require(try mixtape.run(["index", "--quiet", "--full", music]).status == 0)
        let duration = Date().timeIntervalSince(started)
        let afterState = try contents()
        try #require(beforeState != afterState)

        var outcomes: [String: Int] = [:]
        for kill in 0..<kills {
            try copyIndex(from: saved, to: mixtape.library)
            let (delay, status) = try indexKilled(music, kill: kill, of: kills, in: duration, flags: ["--full"])
            #expect(try Self.integrity(of: mixtape.library) == "ok", "kill \(kill) at \(delay) s")
            let state = try contents()
            let outcome = state == beforeState ? "before" : state == afterState ? "after" : "PART"
            #expect(outcome != "PART", "kill \(kill) at \(String(format: "%.3f", delay)) s (exit \(String(describing: status))) left a part")
            outcomes[outcome, default: 0] += 1
        }
        print("kill -9 at \(kills) moments of a \(String(format: "%.2f", duration)) s folder re-index of \(files) files "
              + "with 4 playlist files: \(outcomes)")
        #expect(outcomes["before", default: 0] > 0)
        #expect(try mixtape.run(["index", "--quiet", music]).status == 0)
        #expect(try contents() == afterState)
    }

    /// Kills a first index (no index before it, so it is built aside and moved into place) at
    /// moments spread over its whole length: afterwards there is no index at all, or the whole
    /// one, never a part; the next run builds it over whatever the kill left beside it.
    @Test func aKilledFirstIndexLeavesNoIndexOrTheWholeOne() throws {
        let tracks = Self.stress ? 20_000 : 5_000
        let kills = Self.stress ? 40 : 8
        let export = try mixtape.generateLibrary(tracks: tracks, seed: 13)
        let started = Date()
        try #require(try mixtape.run(["index", "--quiet", export]).status == 0)
        let duration = Date().timeIntervalSince(started)
        let whole = try contents()

        func removeIndex() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: mixtape.library + suffix) }
        }
        var outcomes: [String: Int] = [:]
        for kill in 0..<kills {
            removeIndex()
            let (delay, status) = try indexKilled(export, kill: kill, of: kills, in: duration)
            var outcome = "none"
            if FileManager.default.fileExists(atPath: mixtape.library) {
                #expect(try Self.integrity(of: mixtape.library) == "ok", "kill \(kill) at \(delay) s")
                outcome = try contents() == whole ? "whole" : "PART"
            }
            #expect(outcome != "PART", "kill \(kill) at \(String(format: "%.3f", delay)) s (exit \(String(describing: status))) left a part")
            outcomes[outcome, default: 0] += 1
        }
        print("kill -9 at \(kills) moments of a \(String(format: "%.2f", duration)) s first index of \(tracks) tracks: \(outcomes)")
        #expect(outcomes["none", default: 0] > 0)
        removeIndex()
        #expect(try mixtape.run(["index", "--quiet", export]).status == 0)
        #expect(try contents() == whole)
        #expect(!FileManager.default.fileExists(atPath: mixtape.library + ".new"))
    }

    /// Two `index` runs on different sources, a search loop and selection edits, all at once:
    /// the writers take turns through the lock, every process succeeds, and none reports
    /// "database is locked".
    @Test func writersTakeTurnsAndReadersNeverFail() throws {
        let tracks = Self.stress ? 20_000 : 2_000
        let rounds = Self.stress ? 10 : 3
        let first = try mixtape.generateLibrary(tracks: tracks, seed: 21, name: "first.xml")
        let second = try mixtape.generateLibrary(tracks: tracks, seed: 22, name: "second.xml", extra: ["--flavor", "music"])
        try #require(try mixtape.run(["index", "--quiet", first, second]).status == 0)
        let expected = try mixtape.run(["search", "--json"]).records.count
        let problems = ProblemLog()
        let mixtape = self.mixtape
        let group = DispatchGroup()
        for export in [first, second] {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<rounds {
                    problems.check("index --full \(export)") { try mixtape.run(["index", "--full", "--quiet", export]) }
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            for round in 0..<(rounds * 10) {
                problems.check("search") { try mixtape.run(["search", "--limit", "3", "a"]) }
                problems.check("search field filter") { try mixtape.run(["search", "--limit", "3", "year:1990..\(2000 + round)"]) }
            }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<(rounds * 5) {
                problems.check("select add") { try mixtape.run(["select", "add", "--quiet", "a"]) }
                problems.check("select remove") { try mixtape.run(["select", "remove", "--quiet", "e"]) }
                problems.check("select list") { try mixtape.run(["select", "list", "--json"]) }
            }
        }
        group.wait()
        #expect(problems.entries.isEmpty, "\(problems.entries.joined(separator: "\n"))")
        #expect(try mixtape.run(["search", "--json"]).records.count == expected)
        #expect(try Self.integrity(of: mixtape.library) == "ok")
    }
}
