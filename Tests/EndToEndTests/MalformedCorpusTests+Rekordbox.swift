import Foundation
import Testing

/// rekordbox collections in the malformed corpus: the hand-written fuzz seed and small real
/// collections truncated and bit-flipped, each mutant indexed over the good index at the same
/// path (exit 0 or 65, never a crash, index unchanged on 65).
extension MalformedCorpusTests {
    /// Small real collections for the regular suite: a 6.x Mac one, a hand-trimmed Windows one
    /// with dangling playlist keys, a 5.6 one without PLAYLISTS, and the truncated one; every
    /// file under stress.
    static let regularRealRekordbox: Set<String> = [
        "dylanljones_pyrekordbox_rekordbox6_database.xml",
        "stefanocorrea_t2rb_rekordbox_export_full.xml",
        "digital-dj-tools_dj-data-converter_rekordbox.xml",
        "malformed/deviationist_rekordbox_truncated.xml",
    ]

    static let rekordboxExports: [ExportSeed] = {
        var seeds: [ExportSeed] = []
        let fuzzSeeds = MixtapeProcess.packageRoot + "/fuzz/seeds/rekordbox"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: fuzzSeeds)) ?? []).sorted() {
            seeds.append(ExportSeed(label: "fuzz/seeds/rekordbox/" + name, origin: .file(fuzzSeeds + "/" + name)))
        }
        guard let shared = MixtapeProcess.shared else { return seeds }
        let root = shared + "/data/real/rekordbox"
        for folder in ["", "malformed/"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".xml") {
                guard stress || regularRealRekordbox.contains(folder + name) else { continue }
                seeds.append(ExportSeed(label: "real/rekordbox/" + folder + name, origin: .file(root + "/" + folder + name)))
            }
        }
        return seeds
    }()

    @Test("rekordbox collections truncated and bit-flipped: exit 0 or 65, never a crash, index unchanged on 65",
          arguments: rekordboxExports)
    func rekordboxExportMutants(seed: ExportSeed) throws {
        try Self.mutateExport(seed)
    }
}
