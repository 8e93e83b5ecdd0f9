import Foundation
import Testing

/// Identity survives re-exports: iTunes renumbers Track IDs and reorders tracks on every
/// export and replaces the file by rename; item ids must not change.
@Suite("Identity across re-exports")
struct IdentityTests {
    /// Python (plistlib) rewrites an export as iTunes would on the next export: Track IDs
    /// renumbered, tracks in another order, one deleted (the Persistent ID given as the second
    /// argument, or else a random one), optionally one renamed (third argument `rename`);
    /// written to a temporary file and renamed over the original. Prints the deleted and the
    /// renamed Persistent IDs.
    static let reexport = """
        import os, plistlib, random, sys
        path, victim = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else '').upper()
        with open(path, 'rb') as f: lib = plistlib.load(f)
        tracks = list(lib['Tracks'].values())
        random.Random(5).shuffle(tracks)
        doomed = [t for t in tracks if t['Persistent ID'].upper() == victim] or [tracks[-1]]
        tracks.remove(doomed[0])
        if 'rename' in sys.argv[3:]: tracks[0]['Name'] = tracks[0].get('Name', '') + ' (Remastered)'
        renumber = {}
        for n, t in enumerate(tracks):
            renumber[t['Track ID']] = 90000 + n * 3
            t['Track ID'] = renumber[t['Track ID']]
        lib['Tracks'] = {str(t['Track ID']): t for t in tracks}
        for pl in lib.get('Playlists', []):
            items = [{'Track ID': renumber[i['Track ID']]} for i in pl.get('Playlist Items', []) if i['Track ID'] in renumber]
            if 'Playlist Items' in pl: pl['Playlist Items'] = items
        with open(path + '.tmp', 'wb') as f: plistlib.dump(lib, f)
        os.rename(path + '.tmp', path)
        print(doomed[0]['Persistent ID'].upper(), tracks[0]['Persistent ID'].upper())
        """

    @Test("renumbered, reordered, renamed and deleted tracks keep their ids; a plain `index` sees it")
    func reexport() throws {
        let scratch = MixtapeProcess()
        let path = try scratch.generateLibrary(tracks: 800, seed: 3, extra: ["--playlists", "20"])
        try #require(try scratch.run(["index", path]).status == 0)
        let before = try Self.idsAndTitles(scratch)
        let playlistsBefore = try scratch.run(["playlists", "--json"]).records

        // Give the rewrite a different mtime even on coarse file systems.
        usleep(20_000)
        let script = try scratch.write("reexport.py", IdentityTests.reexport)
        let changed = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, path, "", "rename"])
        try #require(changed.status == 0, "\(changed.stderr)")
        let words = changed.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let (deleted, renamed) = ("itunes:" + words[0], "itunes:" + words[1])

        let result = try scratch.run(["index", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.records.first)
        #expect(report["removed"] as? Int == 1)
        #expect(report["updated"] as? Int == 1)
        #expect(report["added"] as? Int == 0)
        #expect(report["unchanged"] as? Int == before.count - 2)

        let after = try Self.idsAndTitles(scratch)
        var expected = before
        expected[deleted] = nil
        expected[renamed] = (before[renamed] ?? "") + " (Remastered)"
        #expect(after == expected)
        // Playlists resolve to the same ids, less the deleted track.
        let playlistsAfter = try scratch.run(["playlists", "--json"]).records
        #expect(playlistsAfter.count == playlistsBefore.count)
        for (old, new) in zip(playlistsBefore, playlistsAfter) {
            let oldItems = (old["items"] as? [String] ?? []).filter { $0 != deleted }
            #expect(new["items"] as? [String] == oldItems, "playlist \(old["name"] ?? "")")
        }
    }

    static func idsAndTitles(_ scratch: MixtapeProcess) throws -> [String: String] {
        var result: [String: String] = [:]
        for record in try scratch.run(["search", "--json"]).records {
            result[record["id"] as? String ?? ""] = record["title"] as? String ?? ""
        }
        return result
    }
}
