import Foundation
import Testing

/// The saved selection is a list of identities (spec/picker.md): it survives filtering,
/// sorting, re-indexing and re-exports, in the order items were selected.
@Suite("The selection")
struct SelectionTests {
    @Test("select add/remove/toggle/clear/list by query and by id, in the order selected")
    func editing() throws {
        let scratch = try SearchTests.indexed()
        // Ids in search order (text matches the default line; `--format {id}` would match ids).
        func ids(_ query: String) throws -> [String] {
            try scratch.run(["search", "--json", query]).records.compactMap { $0["id"] as? String }
        }
        let harbour = try ids("'harbour lights"), beyonce = try ids("beyonce")
        #expect(harbour.count > 3 && beyonce.count == 2)
        #expect(try scratch.run(["select", "add", "'harbour lights"]).status == 0)
        #expect(try scratch.run(["select", "add", "beyonce"]).status == 0)
        #expect(try scratch.run(["select", "add", "beyonce"]).status == 0, "adding again changes nothing")
        // In the order selected: search order within each add.
        #expect(try scratch.run(["select", "list", "--format", "{id}"]).lines == harbour + beyonce)
        let selected = try ids("selected:yes")
        #expect(Set(selected) == Set(harbour + beyonce))
        #expect(try scratch.run(["search", "!selected:yes"]).lines.count == 54 - selected.count)
        #expect(try scratch.run(["select", "toggle", "beyonce"]).status == 0)
        #expect(try scratch.run(["select", "list", "--format", "{id}"]).lines == harbour)
        let first = try #require(try scratch.run(["select", "list", "--json"]).records.first?["id"] as? String)
        #expect(try scratch.run(["select", "remove", "--id", first]).status == 0)
        #expect(try scratch.run(["select", "list", "--format", "{id}"]).lines == Array(harbour.dropFirst()))
        let unknown = try scratch.run(["select", "add", "--id", "itunes:NOPE"])
        #expect(unknown.status == 1 && unknown.stderr.contains("itunes:NOPE"))
        #expect(try scratch.run(["select", "add", "year:19x0"]).status == 2)
        #expect(try scratch.run(["select", "clear"]).status == 0)
        #expect(try scratch.run(["select", "list"]).stdout.isEmpty)
    }

    @Test("40 items selected one by one in random order survive a re-export that renumbers, reorders and deletes")
    func identityAcrossReexport() throws {
        let scratch = MixtapeProcess()
        let path = try scratch.generateLibrary(tracks: 600, seed: 8, extra: ["--playlists", "10"])
        try #require(try scratch.run(["index", path]).status == 0)
        // Tracks with a file (cloud-only ones have no Location to export), in a seeded random
        // order so a failure can be replayed.
        var generator = SplitMix64(seed: 2026)
        let all = try scratch.run(["search", "--json"]).records.filter { $0["location"] is String }
            .compactMap { $0["id"] as? String }
        let picked = Array(all.shuffled(using: &generator).prefix(40))
        for id in picked { try #require(try scratch.run(["select", "add", "--id", id]).status == 0) }
        #expect(try scratch.run(["select", "list", "--format", "{id}"]).lines == picked)

        // Delete the 7th selected track in a re-export that renumbers and reorders everything.
        let victim = String(picked[6].dropFirst("itunes:".count))
        let script = try scratch.write("reexport.py", IdentityTests.reexport)
        usleep(20_000)
        try #require(try MixtapeProcess.execute("/usr/bin/env", ["python3", script, path, victim]).status == 0)
        let reindexed = try scratch.run(["index", "--json"])
        #expect(reindexed.records.first?["removed"] as? Int == 1)

        let listed = try scratch.run(["select", "list", "--json"]).records
        #expect(listed.compactMap { $0["id"] as? String } == picked)
        #expect(listed.enumerated().allSatisfy { offset, record in
            (record["missing"] as? Bool == true) == (offset == 6)
        })
        // Exported from the selection: 39 entries (the deleted one reported), in selection order.
        let locations = Dictionary(try scratch.run(["search", "--json"]).records.compactMap { record in
            (record["id"] as? String).flatMap { id in (record["location"] as? String).map { (id, $0) } }
        }, uniquingKeysWith: { a, _ in a })
        let exported = try scratch.run(["export-playlist", "-o", "-", "--format", "m3u8"])
        #expect(exported.status == 0)
        #expect(exported.stderr.contains(picked[6]), "the deleted item is reported")
        let expected = picked.enumerated().filter { $0.offset != 6 }.compactMap { locations[$0.element] }
        #expect(expected.count == 39)
        // A path with `#` is written as its `file://` URI (VLC would read `#` as a fragment):
        // compared decoded, as every player reads it.
        let paths = exported.lines.filter { !$0.hasPrefix("#") }.map { line in
            line.hasPrefix("file://") ? URL(string: line)?.path ?? line : line
        }
        #expect(paths == expected)
    }
}

/// A small seeded random number generator (SplitMix64), so shuffles in tests are repeatable.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
