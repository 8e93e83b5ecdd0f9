import Foundation
import Testing

/// Every input the fuzz targets must survive, replayed through the plain-built targets (no
/// libFuzzer: `FuzzReplay` reads the files it is given): the hand-written seeds in
/// `fuzz/seeds/<target>` and the saved reproducers in `fuzz/regressions/<target>`, one test case
/// per file so a failure names its input. A crash or a broken promise is a trap, so the test only
/// needs the exit status; stderr says what went wrong. See fuzz/README.md.
@Suite("Fuzz regressions: saved inputs replay without a crash")
struct FuzzRegressionTests {
    static let targets = ["plist", "xmp", "nfo", "infojson", "keys", "query", "playlists", "cue", "traktor", "rekordbox", "rhythmbox", "virtualdj", "serato", "foobar2000", "mpd", "termtext", "relocation"]

    /// One saved input of one target.
    struct Input: CustomTestStringConvertible, Sendable {
        let target: String
        let path: String
        var testDescription: String { "\(target): " + path.dropFirst(MixtapeProcess.packageRoot.count + 1) }
    }

    static let inputs: [Input] = targets.flatMap { target in
        ["fuzz/regressions/", "fuzz/seeds/"].flatMap { folder -> [Input] in
            let path = MixtapeProcess.packageRoot + "/" + folder + target
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { Input(target: target, path: path + "/" + $0) }
        }
    }

    /// The folder holding the fuzz targets: SwiftPM builds every executable beside `mixtape`,
    /// so this is `MixtapeProcess.binary`'s folder, or the test bundle's own (walking up past
    /// a macOS `.xctest` bundle) when `$MIXTAPE_BIN` points elsewhere.
    static let binaries: String = {
        let besideMixtape = URL(fileURLWithPath: MixtapeProcess.binary).deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: besideMixtape.appendingPathComponent("fuzz-query").path) {
            return besideMixtape.path
        }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("fuzz-query").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.path
    }()

    @Test("every target has saved inputs")
    func everyTargetHasInputs() {
        for target in Self.targets {
            #expect(Self.inputs.contains { $0.target == target }, "fuzz/seeds/\(target) and fuzz/regressions/\(target) are empty")
        }
    }

    @Test(arguments: inputs)
    func replays(_ input: Input) throws {
        let program = Self.binaries + "/fuzz-" + input.target
        try #require(FileManager.default.isExecutableFile(atPath: program),
                     "\(program) is missing: `swift build` builds it (make test does)")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // the trap's message is enough, and much faster
        let result = try MixtapeProcess.execute(program, [input.path], environment: environment)
        #expect(result.status == 0, "fuzz-\(input.target) \(input.path): exit \(result.status)\n\(result.stderr.prefix(4000))")
        if result.status == 0 { #expect(result.stdout == "replayed 1 inputs\n", "unexpected output: \(result.stdout)") }
    }
}
