import Foundation
import Testing

/// Messages a person reads: one `mixtape:` prefix, the path a problem is about and what to do,
/// nouns that agree with their counts, and the index's own failures reported with the exit
/// code the spec gives them (the executable knows nothing of GRDB: `StoreError` reaches it).
@Suite("Messages")
struct MessageTests {
    /// An iTunes export of one track, whose file is `folder/only.mp3`.
    static func oneTrackLibrary(in folder: String) throws -> String {
        let path = folder + "/One.xml"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>Tracks</key><dict>
              <key>1</key><dict>
                <key>Track ID</key><integer>1</integer>
                <key>Persistent ID</key><string>0000000000000001</string>
                <key>Name</key><string>Only Song</string>
                <key>Artist</key><string>Solo</string>
                <key>Location</key><string>file://\(folder)/only.mp3</string>
              </dict>
            </dict>
            <key>Playlists</key><array/>
            </dict></plist>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("one of something is singular: 1 source, 1 item, 1 file")
    func singularCounts() throws {
        let mixtape = MixtapeProcess()
        let library = try MessageTests.oneTrackLibrary(in: mixtape.folder)
        let indexed = try mixtape.run(["index", library])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stdout.hasPrefix("indexed 1 source: 1 item (1 added"), "\(indexed.stdout)")
        #expect(indexed.stdout.contains("0 playlists"), "\(indexed.stdout)")
        let sources = try mixtape.run(["sources"])
        #expect(sources.stdout.contains("\t1 item\t"), "\(sources.stdout)")
        // Saved while the file is here; then the file goes, and both the export and the saved
        // export fail on the one missing file.
        try Data("x".utf8).write(to: URL(fileURLWithPath: mixtape.folder + "/only.mp3"))
        let saved = try mixtape.run(["export-playlist", "--query", "only", "-o", mixtape.folder + "/saved.m3u8",
                                     "--missing", "fail", "--save", "only"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.contains("1 entry"), "\(saved.stderr)")
        try FileManager.default.removeItem(atPath: mixtape.folder + "/only.mp3")
        #expect(try mixtape.run(["select", "add", "only"]).status == 0)
        let export = try mixtape.run(["export-playlist", "-o", mixtape.folder + "/out.m3u8", "--missing", "fail"])
        #expect(export.status == 1)
        #expect(export.stderr.contains("1 file missing here"), "\(export.stderr)")
        #expect(!export.stderr.contains("1 files"), "\(export.stderr)")
        let rerun = try mixtape.run(["saved", "run", "only"])
        #expect(rerun.stderr.contains("1 file missing here"), "\(rerun.stderr)")
        #expect(!(rerun.stderr + rerun.stdout).contains("1 files"), "\(rerun.stderr)")
    }

    @Test("an empty SOURCE or DEST (an unset shell variable) is a usage error, not the current folder")
    func emptyPaths() throws {
        let mixtape = MixtapeProcess()
        _ = try mixtape.run(["index", MixtapeProcess.sample("Library.xml")])
        let before = try mixtape.run(["sources"]).stdout
        // Run in a folder of their own: were `""` taken for the current folder, it is that one.
        let current = mixtape.folder + "/current"
        try FileManager.default.createDirectory(atPath: current, withIntermediateDirectories: true)
        for arguments in [["index", ""], ["index", MixtapeProcess.sample("Library.xml"), ""], ["sync", "--query", "x", ""]] {
            let result = try mixtape.run(arguments, in: current)
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("empty (an unset shell variable?)"), "\(arguments): \(result.stderr)")
        }
        #expect(try mixtape.run(["sources"]).stdout == before, "no source was added")
        #expect(try FileManager.default.contentsOfDirectory(atPath: current).isEmpty, "nothing was written there")
    }

    @Test("a folder given as the index names the path and the fix, and leaves no lock file beside it")
    func libraryIsAFolder() throws {
        let mixtape = MixtapeProcess()
        let folder = mixtape.folder + "/music"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for arguments in [["search", "x"], ["index", MixtapeProcess.sample("Library.xml")], ["select", "add", "x"],
                          ["sources", "remove", "/x"], ["playlists"]] {
            let result = try mixtape.run(arguments + ["--library", folder])
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("the index \(folder) is a folder"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(folder + "/library.sqlite"), "\(arguments): \(result.stderr)")
        }
        let fromEnvironment = try mixtape.run(["search", "x"], environment: ["MIXTAPE_LIBRARY": folder])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.contains("the index \(folder) is a folder"), "\(fromEnvironment.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + ".lock"), "no lock file beside the folder")
        let doctor = try mixtape.run(["doctor", "--library", folder])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("the index \(folder) is a folder"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("move it aside"), "\(doctor.stdout)")
    }

    @Test("a file that is no index exits 74 naming it and what to do, through the store's own error type")
    func damagedIndex() throws {
        let mixtape = MixtapeProcess()
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: mixtape.library + suffix) }
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: mixtape.library))
        let result = try mixtape.run(["search", "x"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("mixtape: the index \(mixtape.library) is not a Mixtape index (not an SQLite database): "),
                "\(result.stderr)")
        #expect(result.stderr.contains("--library") && result.stderr.contains("mixtape doctor"), "\(result.stderr)")
    }

    @Test("the executable reports store errors without importing GRDB")
    func executableDoesNotImportGRDB() throws {
        let folder = MixtapeProcess.packageRoot + "/Sources/mixtape"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(!text.contains("import GRDB"), "\(file) imports GRDB")
        }
    }

    @Test("an empty index: `pick` says so with one mixtape: prefix")
    func nothingToPick() throws {
        let mixtape = MixtapeProcess()
        let tmux = try TmuxTerminal(folder: mixtape.folder, width: 160, height: 10,
                                    environment: ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1",
                                                  "LANG": "C.UTF-8", "XDG_CONFIG_HOME": mixtape.configHome])
        try tmux.start(MixtapeProcess.binary, ["pick"])
        let (status, restored) = try tmux.finish()
        #expect(status == 1)
        #expect(restored)
        let screen = try tmux.capture().joined(separator: "\n")
        #expect(screen.contains("mixtape: nothing to pick"), "\(screen)")
        #expect(!screen.contains("mixtape: mixtape:"), "\(screen)")
    }
}
