import Foundation
import Testing

/// The command surface of spec/cli.md, run as a user would: counts, output flags, playlists,
/// sources, and every exit code this version can produce.
@Suite("Commands end to end")
struct CommandTests {
    static let library = MixtapeProcess.sample("Library.xml")
    static let windows = MixtapeProcess.sample("Library-windows.xml")

    static func indexed() throws -> MixtapeProcess {
        let scratch = MixtapeProcess()
        let result = try scratch.run(["index", "--json", library, windows])
        try #require(result.status == 0, "\(result.stderr)")
        return scratch
    }

    @Test("index reports counts; a second run re-reads nothing; --full re-reads everything")
    func indexCounts() throws {
        let scratch = MixtapeProcess()
        let first = try #require(try scratch.run(["index", "--json", Self.library, Self.windows]).records.first)
        #expect(first["items"] as? Int == 54)
        #expect(first["added"] as? Int == 54)
        #expect(first["playlists"] as? Int == 21)
        #expect(first["sources"] as? Int == 2)
        #expect((first["errors"] as? [Any])?.isEmpty == true)
        for key in ["updated", "removed", "unchanged"] { #expect(first[key] as? Int == 0, "\(key)") }
        #expect(first["warnings"] as? Int == 1)  // the playlist entry that names no track

        let again = try #require(try scratch.run(["index", "--json"]).records.first)
        #expect(again["unchanged"] as? Int == 54 && again["added"] as? Int == 0 && again["skipped"] as? Int == 2)
        let full = try #require(try scratch.run(["index", "--json", "--full"]).records.first)
        #expect(full["unchanged"] as? Int == 54 && full["skipped"] as? Int == 0)

        let human = try scratch.run(["index"])
        #expect(human.status == 0)
        #expect(human.stdout.hasPrefix("indexed 2 sources: 54 items (0 added, 0 updated, 0 removed, 54 unchanged), 21 playlists"))
        #expect(try scratch.run(["index", "--quiet"]).stdout.isEmpty)
    }

    /// The common options (`-v`, `-q`, `--library`, `--color`) before the command name, as
    /// people type global options; after a `--` they are operands.
    @Test("-v, -q, --library and --color work before the command name too")
    func globalOptionsBeforeTheCommand() throws {
        let scratch = MixtapeProcess()
        let other = scratch.folder + "/other.sqlite"
        let indexed = try scratch.run(["-q", "--library", other, "index", Self.library])
        #expect(indexed.status == 0 && indexed.stdout.isEmpty, "\(indexed.stdout)\(indexed.stderr)")
        let verbose = try scratch.run(["-v", "--library=" + other, "--color", "never", "search", "--limit", "1"])
        #expect(verbose.status == 0 && verbose.lines.count == 1, "\(verbose.stderr)")
        #expect(verbose.stderr.contains("index: " + other), "\(verbose.stderr)")
        let operand = try scratch.run(["--library", other, "search", "--", "-v"])
        #expect(operand.status == 0 && !operand.stderr.contains("index:"), "-v after -- is a query term: \(operand.stderr)")
        #expect(try scratch.run(["-v"]).status == 2, "no command: a usage error")
    }

    @Test("search without a query lists every item in library order, in every output form")
    func searchOutput() throws {
        let scratch = try Self.indexed()
        let all = try scratch.run(["search"])
        #expect(all.status == 0)
        #expect(all.lines.count == 54)
        #expect(all.lines.allSatisfy { $0.components(separatedBy: " - ").count >= 3 })

        let json = try scratch.run(["search", "--json"]).records
        #expect(json.count == 54)
        #expect(Set(json.compactMap { $0["id"] as? String }).count == 54)
        #expect(json.allSatisfy { ($0["source"] as? String)?.hasPrefix("/") == true && $0["kind"] is String })
        let artists = json.map { ($0["artist"] as? String)?.lowercased() ?? "\u{10FFFF}" }
        #expect(artists == artists.sorted(), "library order starts with artist, unknown last")

        #expect(try scratch.run(["search", "--limit", "3"]).lines == Array(all.lines.prefix(3)))
        let nul = try scratch.run(["search", "--print0", "--limit", "2", "--format", "{title}"])
        #expect(nul.stdout.filter { $0 == "\0" }.count == 2 && !nul.stdout.contains("\n"))

        let years = try scratch.run(["search", "--sort", "year-", "--format", "{year}"]).lines
        let known = years.compactMap(Int.init)
        #expect(known == known.sorted(by: >) && years.first.flatMap(Int.init) == known.max())
        let unknownYears = years.dropFirst(known.count)
        #expect(unknownYears.allSatisfy { $0.isEmpty }, "unknown years last")
    }

    @Test("playlists: folder tree for people, paths and ordered ids for scripts")
    func playlists() throws {
        let scratch = try Self.indexed()
        let records = try scratch.run(["playlists", "--json"]).records
        #expect(records.count == 21)
        let byName = Dictionary(records.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["Iceland 2019"]?["path"] as? String == "Road Trips/Europe/Iceland 2019")
        #expect(byName["Summer/Winter"]?["path"] as? String == #"Road Trips/Summer\/Winter"#)
        #expect(byName["Road Trips"]?["folder"] as? Bool == true)
        #expect(byName["New Playlist"]?["items"] as? [String] == [])
        #expect(byName["Old Phone Sync"]?["missing"] as? Int == 1)
        #expect(records.filter { $0["master"] as? Bool == true }.count == 2)

        let tree = try scratch.run(["playlists"]).lines
        let iceland = try #require(tree.firstIndex { $0.contains("Iceland 2019") })
        let europe = try #require(tree.firstIndex { $0.contains("Europe/") })
        #expect(europe < iceland)
        #expect(tree[iceland].prefix { $0 == " " }.count > tree[europe].prefix { $0 == " " }.count)
    }

    @Test("sources lists what is indexed; sources remove forgets it and its items")
    func sources() throws {
        let scratch = try Self.indexed()
        let sources = try scratch.run(["sources", "--json"]).records
        #expect(sources.map { $0["path"] as? String } == [Self.library, Self.windows])
        #expect(sources.map { $0["items"] as? Int } == [46, 8])
        #expect(sources.allSatisfy { ($0["indexed_at"] as? String)?.hasSuffix("Z") == true })
        #expect(sources.allSatisfy { ($0["fingerprint"] as? String)?.count == 16 })
        #expect(sources.first?["application_version"] as? String == "12.9.5.5")

        let removed = try scratch.run(["sources", "remove", Self.windows])
        #expect(removed.status == 0 && removed.stderr.contains("8 items"))
        #expect(try scratch.run(["search"]).lines.count == 46)
        #expect(try scratch.run(["sources", "remove", Self.windows]).status == 66)
    }

    @Test("a recorded source that disappears keeps its items, with a warning")
    func vanishedSource() throws {
        let scratch = MixtapeProcess()
        let copy = try scratch.write("Gone.xml", Array(try Data(contentsOf: URL(fileURLWithPath: Self.windows))))
        try #require(try scratch.run(["index", copy]).status == 0)
        try FileManager.default.removeItem(atPath: copy)
        let result = try scratch.run(["index"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("no longer exists"))
        #expect(try scratch.run(["search"]).lines.count == 8)
    }

    @Test("exit codes: missing source 66, usage 2, empty folder 0, empty index 1")
    func exitCodes() throws {
        let scratch = MixtapeProcess()
        let missing = try scratch.run(["index", scratch.folder + "/nope.xml"])
        #expect(missing.status == 66 && missing.stderr.contains("nope.xml"))
        #expect(try scratch.run(["index", "--no-such-flag"]).status == 2)
        #expect(try scratch.run(["search", "--format", "{artst}"]).status == 2)
        #expect(try scratch.run(["search", "--sort", "nope"]).status == 2)
        #expect(try scratch.run(["search", "--limit", "-1"]).status == 2)
        let emptyFolder = scratch.folder + "/Empty"
        try FileManager.default.createDirectory(atPath: emptyFolder, withIntermediateDirectories: true)
        #expect(try scratch.run(["index", emptyFolder]).status == 0)
        let empty = try scratch.run(["search"])
        #expect(empty.status == 1 && empty.stdout.isEmpty)
        #expect(try scratch.run(["--version"]).status == 0)
        #expect(try scratch.run(["index", "--help"]).status == 0)
        // A missing source named with a good one: the good one is still indexed.
        let mixed = try scratch.run(["index", "--json", scratch.folder + "/nope.xml", Self.windows])
        #expect(mixed.status == 66 && mixed.records.first?["added"] as? Int == 8)
    }

    @Test("one writer at a time: a second index waits, then exits 75 naming the lock")
    func lock() throws {
        let scratch = try Self.indexed()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // --no-fork: the holder is `sleep` itself, so ending it frees the lock (no orphan).
        holder.arguments = ["--no-fork", scratch.library + ".lock", "sleep", "30"]
        try holder.run()
        defer { holder.end() }
        usleep(300_000)
        let started = Date()
        let blocked = try scratch.run(["index", "--wait", "0.5"])
        #expect(blocked.status == 75, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("locked"))
        #expect(Date().timeIntervalSince(started) >= 0.5)
        // Readers are never blocked by a writer.
        #expect(try scratch.run(["search"]).lines.count == 54)
    }
}
