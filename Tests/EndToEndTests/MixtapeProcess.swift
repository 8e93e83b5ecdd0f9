import Foundation
import Testing

/// Runs the built `mixtape` binary as a user would, with its own index in a fresh folder.
struct MixtapeProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// stdout split into lines (no trailing empty line).
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

        /// stdout as JSON Lines objects.
        var records: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    /// A scratch folder, removed when the last copy of this value goes away (a full suite made
    /// tens of gigabytes of them before they were).
    var folder: String { scratch.path }
    private let scratch: ScratchFolder
    var library: String { folder + "/index/library.sqlite" }
    /// `$XDG_CONFIG_HOME` of every run: `config/mixtape/config.toml` here is the config file.
    var configHome: String { folder + "/config" }

    init() {
        scratch = ScratchFolder(NSTemporaryDirectory() + "mixtape-e2e-\(UUID().uuidString)")
    }

    /// Keeps the scratch folder after the test, for a failure whose message points into it.
    func keepFolder() { scratch.kept = true }

    /// The binary under test: `$MIXTAPE_BIN`, else `mixtape` beside the test bundle (SwiftPM
    /// builds products and tests into the same folder).
    /// Whether `nobody` can run the built `mixtape`, for the tests that run it as another user
    /// when they run as root. Not in a clone inside a folder only its owner may enter (what
    /// `mktemp -d` makes): those tests skip there, saying so, rather than fail.
    static let otherUserCanRunBinary: Bool = {
        guard getuid() == 0 else { return true }
        guard let runuser = Players.installed("runuser") else { return false }
        return (try? execute(runuser, ["-u", "nobody", "--", "/usr/bin/test", "-x", binary]))?.status == 0
    }()

    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["MIXTAPE_BIN"], !path.isEmpty { return path }
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        // On macOS the test binary sits inside Foo.xctest/Contents/MacOS.
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("mixtape").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("mixtape").path
    }()

    /// The package root, from this file's path.
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// `../shared` beside the package, if this checkout has it. `MIXTAPE_TEST_SHARED` names
    /// another place for it, or `none` to run as a clone with nothing beside it does (CI runs
    /// the suite once that way).
    static let shared: String? = {
        let path: String
        switch ProcessInfo.processInfo.environment["MIXTAPE_TEST_SHARED"] {
        case "none"?: return nil
        case let named? where !named.isEmpty: path = named
        default: path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared").path
        }
        return FileManager.default.fileExists(atPath: path + "/spec/cli.md") ? path : nil
    }()

    static func sample(_ name: String) -> String { packageRoot + "/samples/" + name }

    /// Writes a library with the project's own generator, `bench/gen_itunes.py`, into this
    /// scratch folder (`extra` are more generator flags) and returns its path; fails the test if
    /// it cannot.
    func generateLibrary(tracks: Int, seed: Int, name: String = "Library.xml", extra: [String] = []) throws -> String {
        let path = folder + "/" + name
        let generated = try MixtapeProcess.execute("/usr/bin/env", [
            "python3", MixtapeProcess.packageRoot + "/bench/gen_itunes.py", "--tracks", String(tracks),
            "--seed", String(seed), "--out", path] + extra)
        try #require(generated.status == 0, "\(generated.stderr)")
        return path
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["MIXTAPE_LIBRARY"] = library
        env["NO_COLOR"] = "1"
        // The user's own config file (~/.config/mixtape/config.toml) must not reach a test.
        env["XDG_CONFIG_HOME"] = configHome
        for (key, value) in environment { env[key] = value }
        return try MixtapeProcess.execute(MixtapeProcess.binary, arguments, environment: env, in: directory)
    }

    /// Runs any program, capturing both streams (read concurrently so a full pipe never stalls).
    static func execute(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                        in directory: String? = nil) throws -> Result {
        let run = try executeBytes(program, arguments, environment: environment, in: directory)
        return Result(status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
                      stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// `execute`, its output as bytes (a name that is not UTF-8 must survive).
    static func executeBytes(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                             in directory: String? = nil) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = LockedData()
        let reader = Thread { errData.value = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.done { usleep(1000) }
        return (process.terminationStatus, Array(outData), Array(errData.value))
    }

    /// Runs a tool such as sox or lame, failing the test with a hint when it is missing.
    static func tool(_ name: String, _ arguments: [String]) throws {
        let path = ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let found = try #require(path, "\(name) is missing: scripts/install-deps.sh installs it")
        let result = try execute(found, arguments)
        try #require(result.status == 0, "\(name) \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    /// Everything the index can tell about itself, to prove a failed run changed nothing.
    func snapshot() throws -> String {
        let parts = try [["search", "--json"], ["playlists", "--json"], ["sources", "--json"]].map { try run($0).stdout }
        return parts.joined(separator: "\n---\n")
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }
}

/// A folder made for one test and removed with everything in it when the test lets go of it;
/// a class, so that copies of a `MixtapeProcess` share it and only the last one removes it.
final class ScratchFolder: @unchecked Sendable {
    let path: String
    /// Set by `MixtapeProcess.keepFolder`: left in place for a person to look at.
    var kept = false

    init(_ path: String) {
        self.path = path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { if !kept { try? FileManager.default.removeItem(atPath: path) } }
}

/// A value filled in by another thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    var value: Data {
        get { lock.withLock { data } }
        set { lock.withLock { data = newValue; finished = true } }
    }
    var done: Bool { lock.withLock { finished } }
}

extension Process {
    /// Ends a helper the test started (a lock holder, a writer) at once and waits for it.
    /// SIGKILL, not `terminate()`'s SIGTERM: Foundation starts a child with the signal mask of
    /// the test's thread, where SIGTERM is blocked, so a terminated helper ran on to its own end
    /// (a 30-second sleep held its test for 30 seconds).
    func end() {
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}
