import Foundation
import Testing

/// Traktor NML files in the malformed corpus: the hand-written fuzz seeds and small real
/// collections truncated and bit-flipped, each mutant indexed over the good index at the same
/// path (exit 0 or 65, never a crash, index unchanged on 65).
extension MalformedCorpusTests {
    /// Small real files with different quirks for the regular suite (a Traktor Pro 4 playlist
    /// export with wrapped attributes, a history file, Remix Sets); every file under stress.
    static let regularRealTraktor: Set<String> = [
        "fabianmuehlberger_Traktor-NML-to-Rekordbox-XML_playlist_traktor.nml",
        "ryyckxxa_my-traktor-library_history_2010y11m27d_03h31m21s.nml",
        "andersfischernielsen_Traktor-Transition-Finder_collection_fsharp.nml",
    ]

    static let traktorExports: [ExportSeed] = {
        var seeds: [ExportSeed] = []
        let fuzzSeeds = MixtapeProcess.packageRoot + "/fuzz/seeds/traktor"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: fuzzSeeds)) ?? []).sorted() where name != "xxe.nml" {
            seeds.append(ExportSeed(label: "fuzz/seeds/traktor/" + name, origin: .file(fuzzSeeds + "/" + name)))
        }
        guard let shared = MixtapeProcess.shared else { return seeds }
        let root = shared + "/data/real/traktor"
        for folder in ["", "malformed/"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".nml") {
                guard stress || regularRealTraktor.contains(folder + name) else { continue }
                seeds.append(ExportSeed(label: "real/traktor/" + folder + name, origin: .file(root + "/" + folder + name)))
            }
        }
        return seeds
    }()

    @Test("Traktor NML files truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          arguments: traktorExports)
    func traktorExportMutants(seed: ExportSeed) throws {
        try Self.mutateExport(seed)
    }
}
