import Foundation
import Testing

/// Strawberry and Clementine databases truncated and bit-flipped (fuzz/README.md, "SQLite
/// databases"): SQLite files have no libFuzzer target, since the bytes go through SQLite's own
/// b-tree code; mutated copies of real and built databases, each indexed by the binary, prove
/// the reader's side: every outcome is exit 0 or 65, a 65 names the file (`file: table …`, or
/// `file:1:1` when the mutant is no longer recognisable as the player's), and the index is
/// unchanged on 65.
extension MalformedCorpusTests {
    /// A database built from the SQL of `StrawberrySourceTests` and the real ones of
    /// ../shared/data/real/{strawberry,clementine}, read in place.
    static let playerDatabaseSeeds: [String] = {
        var seeds = ["built/strawberry.db", "built/clementine.db"]
        if let shared = MixtapeProcess.shared {
            for kind in ["strawberry", "clementine"] {
                let folder = shared + "/data/real/" + kind
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                seeds += names.filter { $0.hasSuffix(".db") }.sorted().map { "real/\(kind)/" + $0 }
            }
        }
        return seeds
    }()

    @Test("Strawberry and Clementine databases truncated and bit-flipped: exit 0 or 65 located, index unchanged on 65",
          .enabled(if: StrawberrySourceTests.python, "python3 is missing: the databases cannot be built"),
          arguments: playerDatabaseSeeds)
    func playerDatabaseMutants(seed: String) throws {
        let scratch = MixtapeProcess()
        let path: String
        if seed.hasPrefix("built/") {
            let name = (seed as NSString).lastPathComponent
            path = scratch.folder + "/seed-" + name
            try StrawberrySourceTests.build(path, name == "strawberry.db" ? StrawberrySourceTests.strawberrySQL()
                                                                           : StrawberrySourceTests.clementineSQL)
            // The seed's own name must be the source's: the mutants are written to `name`.
            let renamed = scratch.folder + "/seeds/" + name
            try FileManager.default.createDirectory(atPath: scratch.folder + "/seeds", withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: renamed)
            try Self.mutateExport(ExportSeed(label: seed, origin: .file(renamed), database: true))
        } else {
            let shared = try #require(MixtapeProcess.shared)
            path = shared + "/data/" + seed
            try Self.mutateExport(ExportSeed(label: seed, origin: .file(path), database: true))
        }
    }
}
