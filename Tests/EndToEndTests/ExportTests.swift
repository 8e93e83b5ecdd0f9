import Foundation
import MixtapeCore
import Testing

/// `export-playlist` end to end: every format read back gives exactly the ordered Locations
/// plistlib reads from the export, repeats included; paths are mapped; files are written
/// atomically.
@Suite("export-playlist", .serialized)
struct ExportTests {
    /// What the round-trip checkers share: Location decoding as json.md specifies it, and
    /// reading a playlist file of each format back into its list of paths (m3u8/pls by line,
    /// xspf with ElementTree after `xmllint --noout`, itunes with plistlib).
    static let readBack = #"""
        import collections, concurrent.futures, json, os, plistlib, re, subprocess, sys, tempfile, urllib.parse
        import xml.etree.ElementTree as ET
        def decode(url):
            if not url.lower().startswith('file:'): return url
            parts = urllib.parse.urlsplit(url)
            path = urllib.parse.unquote(parts.path, encoding='utf-8', errors='replace')
            if re.match(r'^/[A-Za-z]:[/\\]', path): path = path[1:]
            if parts.netloc and parts.netloc.lower() != 'localhost': path = '//' + parts.netloc + path
            return path
        def read_back(fmt, path):
            data = open(path, 'rb').read()
            if fmt == 'm3u8':
                # A path VLC cannot open plain is a file:// URI (PlayerPath): read it decoded.
                return [decode(l) for l in data.decode('utf-8').split('\n') if l and not l.startswith('#')]
            if fmt == 'pls':
                found = dict(re.findall(r'^File(\d+)=(.*)$', data.decode('utf-8'), re.M))
                return [decode(found[k]) for k in sorted(found, key=int)]
            if fmt == 'xspf':
                subprocess.run(['xmllint', '--noout', path], check=True)
                ns = {'x': 'http://xspf.org/ns/0/'}
                return [decode(e.text) for e in ET.parse(path).getroot().findall('.//x:track/x:location', ns)]
            lib = plistlib.loads(data)
            tracks = lib['Tracks']
            return [decode(tracks[str(i['Track ID'])]['Location']) for i in lib['Playlists'][0].get('Playlist Items', [])]
        """#

    /// Every playlist of the one library indexed, exported once per format with
    /// `--all-playlists` (file names derived as the command derives them), each file read back
    /// against plistlib's ordered, decoded Locations. A playlist holding a track in `skipped` is
    /// not compared. Returns (passed, failure lines).
    static let checkAllPlaylists = readBack + "\n" + #"""
        FORMATS = [('m3u8', 'm3u8'), ('pls', 'pls'), ('xspf', 'xspf'), ('itunes', 'xml')]
        def file_name(path):
            parts, cur, esc = [], '', False
            for ch in path:
                if esc: cur += '∕' if ch == '/' else ch; esc = False
                elif ch == '\\': esc = True
                elif ch == '/': parts.append(cur); cur = ''
                else: cur += ch
            parts.append(cur)
            return '/'.join('_' + c if c in ('.', '..', '') else c for c in parts)
        def check_all_playlists(mixtape, env, lib, out, skipped=frozenset(), label=''):
            tracks = {t['Track ID']: t for t in lib.get('Tracks', {}).values()}
            by_pid = {'itunes-playlist:' + p['Playlist Persistent ID'].upper(): p
                      for p in lib.get('Playlists', []) if 'Playlist Persistent ID' in p}
            listed = [json.loads(l) for l in subprocess.run([mixtape, 'playlists', '--json'], env=env,
                      capture_output=True, check=True).stdout.decode().splitlines()]
            passed, failures = 0, []
            for fmt, ext in FORMATS:
                folder = '%s/%s' % (out, fmt)
                subprocess.run([mixtape, 'export-playlist', '-q', '--all-playlists', folder, '--include-special',
                                '--format', fmt], env=env, check=True)
                used = set()
                for record in listed:
                    if record['folder']: continue
                    base = folder + '/' + file_name(record['path'])
                    path, n = base + '.' + ext, 1
                    while path in used: n += 1; path = '%s (%d).%s' % (base, n, ext)
                    used.add(path)
                    pl = by_pid.get(record['id'])
                    if pl is None or any(i['Track ID'] in skipped for i in pl.get('Playlist Items', [])): continue
                    want = [decode(tracks[i['Track ID']]['Location']) for i in pl.get('Playlist Items', [])
                            if i['Track ID'] in tracks and 'Location' in tracks[i['Track ID']]]
                    got = read_back(fmt, path)
                    if got == want: passed += 1
                    else: failures.append('FAIL %s %r %s: %d vs %d entries, first diff %r' % (
                        label, record['path'], fmt, len(got), len(want),
                        next(((a, b) for a, b in zip(got, want) if a != b), None)))
            return passed, failures
        """#

    /// Each export file indexed on its own, then every playlist checked (`checkAllPlaylists`).
    /// Prints "N passed, M failed".
    static let roundTrip = checkAllPlaylists + "\n" + #"""
        mixtape, files = sys.argv[1], sys.argv[2:]
        def one_export(source):
            lib = plistlib.load(open(source, 'rb'))
            # Tracks sharing a Persistent ID are one item (the later wins, json.md): their
            # entries cannot round-trip per track, as check_fidelity.py also leaves them out.
            tracks = lib.get('Tracks', {}).values()
            pid = lambda t: str(t.get('Persistent ID', '')).upper()
            counts = collections.Counter(map(pid, tracks))
            shared = frozenset(t['Track ID'] for t in tracks if counts[pid(t)] > 1)
            with tempfile.TemporaryDirectory() as tmp:
                env = dict(os.environ, MIXTAPE_LIBRARY=tmp + '/l.sqlite')
                subprocess.run([mixtape, 'index', '-q', source], env=env, check=True)
                return check_all_playlists(mixtape, env, lib, tmp + '/out', shared, os.path.basename(source))
        passed = failed = 0
        for ok, failures in concurrent.futures.ThreadPoolExecutor(max_workers=2).map(one_export, files):
            passed += ok
            failed += len(failures)
            for line in failures: print(line)
        print('%d passed, %d failed' % (passed, failed))
        """#

    @Test("round trip: every playlist of every real export, in m3u8, pls, xspf and itunes",
          .enabled(if: MixtapeProcess.shared != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"),
                   "../shared or xmllint is absent: round trip not checked"))
    func roundTripRealExports() throws {
        let scratch = MixtapeProcess()
        let folder = MixtapeProcess.shared! + "/data/real/itunes"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".xml") }.sorted().map { folder + "/" + $0 }
        let script = try scratch.write("roundtrip.py", ExportTests.roundTrip)
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, MixtapeProcess.binary] + files)
        #expect(result.lines.last?.hasSuffix(" passed, 0 failed") == true, "\(result.stdout)\n\(result.stderr)")
        #expect((Int(result.lines.last?.split(separator: " ").first ?? "") ?? 0) > 400)
    }

    /// A generated library, already indexed (`MIXTAPE_LIBRARY`), checked by `checkAllPlaylists`.
    static let allPlaylistsRoundTrip = checkAllPlaylists + "\n" + #"""
        mixtape, source, out = sys.argv[1], sys.argv[2], sys.argv[3]
        passed, failures = check_all_playlists(mixtape, os.environ, plistlib.load(open(source, 'rb')), out)
        for line in failures: print(line)
        print('%d passed, %d failed' % (passed, len(failures)))
        """#

    /// 20,000 tracks in every run; 100,000 under `MIXTAPE_STRESS=1` (`make stress`), or
    /// `MIXTAPE_ROUNDTRIP_TRACKS`. Speed at 100,000 and more is `make bench`'s to measure.
    @Test("round trip: --all-playlists of a generated library (20,000 tracks, 100,000 under stress), in m3u8, pls, xspf and itunes",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"),
                   "xmllint is absent: round trip not checked"))
    func roundTripGeneratedLibrary() throws {
        let scratch = MixtapeProcess()
        let tracks = Int(ProcessInfo.processInfo.environment["MIXTAPE_ROUNDTRIP_TRACKS"] ?? "")
            ?? (MalformedCorpusTests.stress ? 100_000 : 20_000)
        let library = try scratch.generateLibrary(tracks: tracks, seed: 12, extra: ["--playlists", "200"])
        try #require(try scratch.run(["index", library]).status == 0)
        let script = try scratch.write("all.py", ExportTests.allPlaylistsRoundTrip)
        var environment = ProcessInfo.processInfo.environment
        environment["MIXTAPE_LIBRARY"] = scratch.library
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, MixtapeProcess.binary, library,
                                                                  scratch.folder + "/out"], environment: environment)
        #expect(result.lines.last?.hasSuffix(" passed, 0 failed") == true, "\(result.stdout)\n\(result.stderr)")
        #expect((Int(result.lines.last?.split(separator: " ").first ?? "") ?? 0) >= 4 * 180)
    }

    /// The files `mixtape` writes, read back by our own readers (MixtapeCore's M3U, PLS and
    /// XSPF readers), give each playlist's Locations as the index holds them, in order with
    /// repeats, for the samples and a spread of real exports (Mac, Windows, NFD, Music.app).
    @Test("round trip through our own readers", arguments: [
        "samples/Library.xml", "samples/Library-windows.xml",
        "shared:TensorBlast_iTunes_Music_Library_11.1.3.xml", "shared:wiraszka_iTunes_Music_Library_12.10.2.3.xml",
        "shared:hugodemiglio_iTunes_Music_Library_10.5.xml", "shared:RichardLiew_Library_Music_1.2.4.3.xml",
        "shared:libpytunes_Test_Library_12.6.0.100.xml",
    ])
    func ownReaders(file: String) throws {
        let path: String
        if file.hasPrefix("shared:") {
            guard let shared = MixtapeProcess.shared else { return }  // real exports need ../shared
            path = shared + "/data/real/itunes/" + file.dropFirst("shared:".count)
        } else {
            path = MixtapeProcess.packageRoot + "/" + file
        }
        let scratch = MixtapeProcess()
        try #require(try scratch.run(["index", path]).status == 0)
        var location: [String: String] = [:]
        for record in try scratch.run(["search", "--json"]).records {
            if let id = record["id"] as? String, let where_ = record["location"] as? String { location[id] = where_ }
        }
        var compared = 0
        for playlist in try scratch.run(["playlists", "--json"]).records where playlist["folder"] as? Bool != true {
            let id = try #require(playlist["id"] as? String)
            let want = (playlist["items"] as? [String] ?? []).compactMap { location[$0] }
            // A line written as a `file://` URI (a path VLC cannot open plain) is read decoded.
            let decoded = { (lines: [String]) in lines.map { $0.hasPrefix("file:") ? LocationDecoder.decode($0) : $0 } }
            let readers: [(String, ([UInt8]) -> [String])] = [("m3u8", { decoded(M3UReader.paths($0)) }),
                                                              ("pls", { decoded(PLSReader.paths($0)) }),
                                                              ("xspf", XSPFReader.paths)]
            for (format, read) in readers {
                let out = try scratch.run(["export-playlist", "-q", "--playlist", id, "-o", "-", "--format", format])
                #expect(read(Array(out.stdout.utf8)) == want, "\(file) \(playlist["name"] ?? "") \(format)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    @Test("our samples round trip too, and a remapped export to a real folder keeps exactly the files that exist")
    func mappingAndMissing() throws {
        let scratch = try SearchTests.indexed()
        let script = try scratch.write("roundtrip.py", ExportTests.roundTrip)
        let samples = try MixtapeProcess.execute("/usr/bin/env", ["python3", script, MixtapeProcess.binary,
                                                                   CommandTests.library, CommandTests.windows])
        #expect(samples.lines.last?.hasSuffix(" passed, 0 failed") == true, "\(samples.stdout)\n\(samples.stderr)")

        // Iceland 2019 lives under /Users/sam/Music/iTunes/iTunes Media/Music (NFD names).
        let music = scratch.folder + "/music"
        let listed = try scratch.run(["export-playlist", "--playlist", "Road Trips/Europe/Iceland 2019",
                                      "-o", "-", "--format", "m3u8"]).lines.filter { !$0.hasPrefix("#") }
        #expect(listed.count == 5)
        let prefix = "/Users/sam/Music/iTunes/iTunes Media/Music"
        let mapped = listed.filter { $0.hasPrefix(prefix) }
        try #require(mapped.count >= 2)
        // Create two of the files, the second under its NFC spelling (as a copy to Linux makes them).
        for (index, path) in mapped.prefix(2).enumerated() {
            var local = music + path.dropFirst(prefix.count)
            if index == 1 { local = local.precomposedStringWithCanonicalMapping }
            try FileManager.default.createDirectory(atPath: (local as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: local, contents: Data()))
        }
        let out = scratch.folder + "/out/iceland.m3u8"
        try FileManager.default.createDirectory(atPath: scratch.folder + "/out", withIntermediateDirectories: true)
        let skipped = try scratch.run(["export-playlist", "--playlist", "Iceland 2019", "-o", out,
                                       "--map-prefix", "/Users/sam/Music/iTunes=/nowhere",
                                       "--map-prefix", prefix + "=" + music, "--missing", "skip"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        let kept = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(kept.count == 2)
        #expect(kept.allSatisfy { FileManager.default.fileExists(atPath: String($0)) })

        // `~/` in TO is the home folder, as the shell would never expand it after `=`.
        let home = try scratch.run(["export-playlist", "--playlist", "Iceland 2019", "-o", "-", "--format", "m3u8",
                                    "--map-prefix", prefix + "=~/music", "--missing", "skip"],
                                   environment: ["HOME": scratch.folder])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.lines.filter { !$0.hasPrefix("#") }.count == 2, "\(home.stdout)\(home.stderr)")

        let relative = try scratch.run(["export-playlist", "--playlist", "Iceland 2019", "-o", out, "--relative",
                                        "--map-prefix", prefix + "=" + music, "--missing", "skip"])
        #expect(relative.status == 0)
        let relativeLines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(relativeLines.allSatisfy { $0.hasPrefix("../music/") })

        let failing = try scratch.run(["export-playlist", "--playlist", "Iceland 2019", "-o", out,
                                       "--map-prefix", prefix + "=" + music, "--missing", "fail"])
        #expect(failing.status == 1)
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 2,
                "a failed export leaves the earlier file as it was")
    }

    /// Both sample libraries have a "Music" playlist: `--playlist Music` is refused with both
    /// (id, path, source), each id then works; `--all-playlists` gives each source a folder.
    @Test("a playlist name two sources share is refused with both; --all-playlists writes a folder per source")
    func playlistsOfSeveralSources() throws {
        let scratch = try SearchTests.indexed()
        let refused = try scratch.run(["export-playlist", "--playlist", "Music", "-o", "-", "--format", "m3u8"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("2 playlists are called \"Music\"; give --playlist the id of the one you mean:"),
                "\(refused.stderr)")
        let ids = refused.stderr.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        }.filter { $0.hasPrefix("itunes-playlist:") }
        #expect(ids.count == 2)
        #expect(refused.stderr.contains("  Music  (" + CommandTests.windows + ")"), "\(refused.stderr)")
        for id in ids {
            #expect(try scratch.run(["export-playlist", "--playlist", id, "-o", "-", "--format", "m3u8"]).status == 0)
        }
        #expect(try scratch.run(["play", "--player", "mpv", "--playlist", "Music"]).status == 2, "play refuses it too")

        let out = scratch.folder + "/all"
        let all = try scratch.run(["export-playlist", "--all-playlists", out, "--include-special", "--format", "m3u8"])
        #expect(all.status == 0, "\(all.stderr)")
        for file in ["Library/Music.m3u8", "Library-windows/Music.m3u8", "Library/Road Trips/Europe/Iceland 2019.m3u8",
                     "Library-windows/Favourites.m3u8"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/Music (2).m3u8"))
    }

    @Test("bad requests: unknown playlist, ambiguous format, unwritable output")
    func errors() throws {
        let scratch = try SearchTests.indexed()
        #expect(try scratch.run(["export-playlist", "--playlist", "Nope", "-o", "-", "--format", "m3u8"]).status == 2)
        #expect(try scratch.run(["export-playlist", "-o", "-"]).status == 2)
        #expect(try scratch.run(["export-playlist", "-o", scratch.folder + "/x.unknown"]).status == 2)
        #expect(try scratch.run(["export-playlist", "--map-prefix", "nodelimiter", "-o", "-", "--format", "pls"]).status == 2)
        #expect(try scratch.run(["export-playlist", "--relative", "-o", scratch.folder + "/x.xml"]).status == 2)
        let unwritable = try scratch.run(["export-playlist", "--query", "beyonce", "-o", "/proc/nope/x.m3u8"])
        #expect(unwritable.status == 73, "\(unwritable.stderr)")
    }

    /// An export over a symlink wrote a plain file in the link's place, and an existing file
    /// lost its group write bit (0664 became 0644).
    @Test("an export writes through a symlink and keeps the existing file's mode", arguments: [
        // (link target as written in the link, relative to the scratch folder or absolute)
        "stick/car.m3u8", "ABSOLUTE",
    ])
    func throughSymlinkKeepingMode(target: String) throws {
        let scratch = try SearchTests.indexed()
        let stick = scratch.folder + "/stick"
        try FileManager.default.createDirectory(atPath: stick, withIntermediateDirectories: true)
        let real = stick + "/car.m3u8"
        _ = try scratch.write("stick/car.m3u8", "old\n")
        #expect(chmod(real, 0o664) == 0)
        let link = scratch.folder + "/car.m3u8"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target == "ABSOLUTE" ? real : target)
        let export = try scratch.run(["export-playlist", "--query", "beyonce", "-o", link])
        #expect(export.status == 0, "\(export.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let written = try String(contentsOfFile: real, encoding: .utf8)
        #expect(written.hasPrefix("#EXTM3U"), "\(written)")
        var info = stat()
        #expect(stat(real, &info) == 0 && info.st_mode & 0o777 == 0o664)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stick) == ["car.m3u8"])
    }
}
