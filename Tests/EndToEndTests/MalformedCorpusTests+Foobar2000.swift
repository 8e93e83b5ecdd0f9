import Foundation
import Testing

/// foobar2000's playlists folders in the malformed corpus: the real 2.x and 1.x folders (and one
/// written here when ../shared is absent) copied into a scratch folder, then one file at a time
/// (the index, or one playlist file) truncated and bit-flipped, each mutant indexed over the
/// good index at the same path: exit 0 or 65, never a crash, a hang or a large memory; on 65 the
/// message names the index or a playlist file at a line and column, and the index is unchanged.
///
/// The regular suite copies the small files only (a playlist file not copied is a warning, its
/// playlist listed empty: the base stays a clean read) and mutates them; `MIXTAPE_STRESS=1`
/// copies and mutates every file.
extension MalformedCorpusTests {
    /// One file of one playlists folder to mutate.
    struct Foobar2000Seed: Sendable, CustomTestStringConvertible {
        /// The real folder (nil: one written here).
        var folder: String?
        /// The files copied, by name; the first is the index.
        var files: [String]
        /// The one mutated.
        var mutated: String
        var testDescription: String { (folder.map { ($0 as NSString).lastPathComponent } ?? "written") + ": " + mutated }
    }

    /// Small enough to index a mutant in well under a second in a debug build.
    static let foobar2000SmallFile = 200_000

    static let foobar2000Seeds: [Foobar2000Seed] = {
        var seeds: [Foobar2000Seed] = []
        if let shared = MixtapeProcess.shared {
            for label in ["chyyran_foobar/playlists-v2.0", "ductran95_Foobar200-Config/playlists-v1.4"] {
                let folder = shared + "/data/real/foobar2000/" + label
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                    $0.hasSuffix(".fplite") || $0.hasSuffix(".fpl")
                }
                let small = names.filter { name in
                    let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? .max
                    return stress || size <= foobar2000SmallFile
                }.sorted()
                guard let index = ["index.txt", "index.dat"].first(where: { FileManager.default.fileExists(atPath: folder + "/" + $0) })
                else { continue }
                for mutated in [index] + small {
                    seeds.append(Foobar2000Seed(folder: folder, files: [index] + small, mutated: mutated))
                }
            }
        }
        for mutated in ["index.txt", "playlist-\(Foobar2000SourceTests.guidA).fplite", "index.dat", FPL1.name(1)] {
            seeds.append(Foobar2000Seed(folder: nil, files: [], mutated: mutated))
        }
        return seeds
    }()

    @Test("foobar2000's index and playlist files truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          arguments: foobar2000Seeds)
    func foobar2000Mutants(seed: Foobar2000Seed) throws {
        try Self.mutateFoobar2000(seed)
    }

    static func mutateFoobar2000(_ seed: Foobar2000Seed) throws {
        let scratch = MixtapeProcess()
        let folder = scratch.folder + "/profile/" + (seed.mutated.hasSuffix(".fplite") || seed.mutated == "index.txt"
                                                     ? "playlists-v2.0" : "playlists-v1.4")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let baseTime = 1_600_000_000.0
        if let real = seed.folder {
            for name in seed.files {
                try write(Array(try Data(contentsOf: URL(fileURLWithPath: real + "/" + name))), to: folder + "/" + name,
                          modified: baseTime)
            }
        } else if folder.hasSuffix("v2.0") {
            _ = try Foobar2000SourceTests.writeV2(in: scratch, [
                (Foobar2000SourceTests.guidA, "A", ["file://C:\\Music\\a.mp3", "file://\\\\nas\\b.mp3", "http://x/s"]),
                (Foobar2000SourceTests.guidB, "B", ["file://C:\\Music\\a.mp3"]),
            ])
        } else {
            try FPL1.write(folder, [("A", FPL1.name(1), (0..<16).map { UInt8($0) }, [("file://C:\\a.mp3", 3), ("file://C:\\b.mp3", nil)]),
                                    ("B", FPL1.name(2), nil, [("file://C:\\c.mp3", 1)])])
        }
        let index = folder + "/" + (folder.hasSuffix("v2.0") ? "index.txt" : "index.dat")
        let target = folder + "/" + seed.mutated
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: target)))
        let setup = try BoundedRun.mixtape(["index", "--json", index], in: scratch, timeout: runTimeout)
        try #require(setup.status == 0, "\(seed.testDescription): the good index failed: \(setup.summary)\n\(setup.stderr)")
        let before = try scratch.snapshot()
        let saved = scratch.folder + "/good-index"
        try copyIndex(from: scratch.folder + "/index", to: saved)
        var random = SplitMix64(seed: Self.seed ^ Self.fnv1a(seed.testDescription))
        var problems: [String] = []
        var tally: [String: Int] = [:]
        for (number, mutant) in Mutant.series(count: mutantsPerKind, size: good.count, using: &random).enumerated() {
            try write(mutant.apply(to: good), to: target, modified: baseTime + Double(number + 1))
            let result = try BoundedRun.mixtape(["index", "--json", index], in: scratch, timeout: runTimeout)
            tally[result.summary, default: 0] += 1
            var problem: String?
            switch result.status {
            case 0:
                if (result.jsonObject?["errors"] as? [Any])?.isEmpty != true { problem = "exit 0 with errors: \(result.stdout)" }
            case 65:
                if !names(index, withPositionIn: result.stderr), !names(target, withPositionIn: result.stderr) {
                    problem = "exit 65 without the index's or \(seed.mutated)'s line:column"
                } else if try scratch.snapshot() != before {
                    problem = "exit 65 but the index changed"
                }
            default:
                problem = result.summary
            }
            if result.maxRSSKB > memoryLimitKB { problem = (problem.map { $0 + "; " } ?? "") + "peak RSS \(result.maxRSSKB / 1024) MB" }
            if let problem {
                problems.append("\(seed.testDescription) (seed \(Self.seed), \(mutant)): \(problem)\n  stderr: \(result.stderr.prefix(400))")
            }
            if result.status != 65 || problem != nil { try copyIndex(from: saved, to: scratch.folder + "/index") }
        }
        print("corpus foobar2000 \(seed.testDescription): \(good.count) bytes; "
              + tally.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "))
        #expect(problems.isEmpty, "\(problems.count) mutants failed:\n\(problems.prefix(10).joined(separator: "\n"))")
    }
}
