import Foundation
import Testing

/// `../shared/tools/check_fidelity.py`: what `mixtape` indexes, compared field by field with
/// Python's plistlib, on every real export and on generated libraries of every flavour.
@Suite("Fidelity against plistlib", .serialized)
struct FidelityTests {
    static func checkFidelity(_ files: [String]) throws -> MixtapeProcess.Result {
        let shared = try #require(MixtapeProcess.shared)
        return try MixtapeProcess.execute("/usr/bin/env",
            ["python3", shared + "/tools/check_fidelity.py", "--mixtape", MixtapeProcess.binary] + files)
    }

    @Test("every real iTunes / Music.app export in ../shared/data/real/itunes",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real exports not checked"))
    func realExports() throws {
        let folder = MixtapeProcess.shared! + "/data/real/itunes"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".xml") }.sorted().map { folder + "/" + $0 }
        #expect(files.count >= 40)
        let result = try FidelityTests.checkFidelity(files)
        #expect(result.lines.last == "\(files.count) passed, 0 failed", "\(result.stdout)")
        #expect(result.status == 0)
    }

    /// Music.app exists on macOS only, so there is no Music/Windows flavour.
    @Test("generated libraries: both flavours, both platforms",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: generator not available"),
          arguments: [("itunes", "mac"), ("itunes", "windows"), ("music", "mac")])
    func generated(flavor: String, platform: String) throws {
        let scratch = MixtapeProcess()
        let file = try scratch.generateLibrary(tracks: 1500, seed: 11, name: "\(flavor)-\(platform).xml",
                                               extra: ["--playlists", "40", "--flavor", flavor, "--platform", platform])
        let result = try FidelityTests.checkFidelity([file])
        #expect(result.lines.last == "1 passed, 0 failed", "\(result.stdout)")
    }

    @Test("our own samples", .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: checker not available"),
          arguments: ["Library.xml", "Library-windows.xml"])
    func samples(name: String) throws {
        let result = try FidelityTests.checkFidelity([MixtapeProcess.sample(name)])
        #expect(result.lines.last == "1 passed, 0 failed", "\(result.stdout)")
    }
}
