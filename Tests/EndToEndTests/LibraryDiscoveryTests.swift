import Foundation
import Testing

/// Where the applications keep their libraries, through the built `mixtape`: a home folder,
/// a mounted Windows disk and a DJ's drive are laid out in the scratch folder (`HOME` and
/// `MIXTAPE_DISK_ROOTS` point there), with real-looking libraries and a decoy; `index
/// --discover`, `doctor` and `index` with no source each say what they should.
@Suite("Finding the applications' libraries")
struct LibraryDiscoveryTests {
    static let rhythmdb = """
        <?xml version="1.0" standalone="yes"?>
        <rhythmdb version="2.0">
          <entry type="song"><title>Found Song</title><artist>Someone</artist>\
        <location>file:///music/found.mp3</location></entry>
        </rhythmdb>

        """
    static let virtualdj = """
        <?xml version="1.0" encoding="UTF-8"?>
        <VirtualDJ_Database Version="8.5">
         <Song FilePath="E:\\Music\\drive song.mp3"><Tags Author="Drive Artist" Title="Drive Song" /></Song>
        </VirtualDJ_Database>

        """

    /// Lays out a home with Rhythmbox's database, a Windows disk whose profile holds a
    /// VirtualDJ database, a drive with another, and a decoy `database.xml` that is not
    /// VirtualDJ's at a place VirtualDJ uses. Returns (home, disk roots, the three libraries).
    static func layOut(_ scratch: MixtapeProcess) throws -> (home: String, disks: String, libraries: [String]) {
        let home = scratch.folder + "/home", disks = scratch.folder + "/disks"
        let rhythmbox = home + "/.local/share/rhythmbox/rhythmdb.xml"
        let windows = disks + "/WINDOWS/Users/ana/Documents/VirtualDJ/database.xml"
        let drive = disks + "/DJ STICK/VirtualDJ/database.xml"
        let decoy = disks + "/WINDOWS/Users/ana/AppData/Local/VirtualDJ/database.xml"
        let publicProfile = disks + "/WINDOWS/Users/Public/Documents/VirtualDJ/database.xml"
        for (path, text) in [(rhythmbox, rhythmdb), (windows, virtualdj), (drive, virtualdj),
                             (decoy, "<settings><not-a-library/></settings>\n"), (publicProfile, virtualdj)] {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return (home, disks, [rhythmbox, windows, drive])
    }

    @Test("index --discover lists each library found, confirmed by content; the printed command indexes them")
    func discoverListsAndOffers() throws {
        let scratch = MixtapeProcess()
        let (home, disks, libraries) = try Self.layOut(scratch)
        let environment = ["HOME": home, "MIXTAPE_DISK_ROOTS": disks]
        let offered = try scratch.run(["index", "--discover"], environment: environment)
        #expect(offered.status == 0, "\(offered.stderr)")
        #expect(offered.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? "" }
                == ["Rhythmbox", "VirtualDJ", "VirtualDJ"], "\(offered.stdout)")
        for library in libraries { #expect(offered.stdout.contains(library), "\(library) in \(offered.stdout)") }
        #expect(!offered.stdout.contains("AppData"), "the decoy is not VirtualDJ's: \(offered.stdout)")
        #expect(!offered.stdout.contains("Public"), "a system profile is not a person's: \(offered.stdout)")
        #expect(try scratch.run(["sources", "--json"]).records.isEmpty, "without a terminal nothing is indexed")

        // The line it prints is a command that works as printed.
        let command = try #require(offered.stderr.split(separator: "\n").first { $0.contains("to index them: mixtape index") })
        let words = try Self.shellWords(String(command[command.range(of: "mixtape index ")!.upperBound...]))
        #expect(words == libraries)
        let indexed = try scratch.run(["index"] + words, environment: environment)
        #expect(indexed.status == 0, "\(indexed.stderr)")

        let again = try scratch.run(["index", "--discover", "--json"], environment: environment)
        #expect(again.records.map { $0["indexed"] as? Bool } == [true, true, true], "\(again.stdout)")
        #expect(again.records.map { $0["application"] as? String } == ["Rhythmbox", "VirtualDJ", "VirtualDJ"])
        let settled = try scratch.run(["index", "--discover"], environment: environment)
        #expect(settled.stderr.contains("every library found is indexed already"), "\(settled.stderr)")
        #expect(try scratch.run(["index", "--discover", "x.xml"]).status == 2)
    }

    @Test("doctor says which libraries are not indexed, with the command; -v lists every application's places")
    func doctorLibraries() throws {
        let scratch = MixtapeProcess()
        let (home, disks, libraries) = try Self.layOut(scratch)
        let environment = ["HOME": home, "MIXTAPE_DISK_ROOTS": disks]
        _ = try scratch.run(["index", libraries[0]], environment: environment)
        let doctor = try scratch.run(["doctor", "--json"], environment: environment)
        let findings = doctor.records.filter { $0["check"] as? String == "libraries" }
        #expect(findings.map { $0["status"] as? String } == ["ok", "note", "note"], "\(doctor.stdout)")
        #expect((findings[0]["message"] as? String)?.hasSuffix("is indexed") == true)
        #expect((findings[1]["fix"] as? String)?.contains("mixtape index \(libraries[1])`") == true, "\(findings)")
        #expect((findings[2]["fix"] as? String)?.contains("mixtape index '\(libraries[2])'") == true, "a name with a space is quoted")
        let verbose = try scratch.run(["doctor", "-v"], environment: environment)
        #expect(verbose.stdout.contains("Serato keeps its library at ~/Music/_Serato_/database V2 (macOS)"), "\(verbose.stdout)")
        #expect(verbose.stdout.contains("Strawberry keeps its library at ~/.local/share/strawberry/strawberry/strawberry.db (Linux)"))
        #expect(verbose.stdout.contains("%USERPROFILE%\\AppData\\Roaming\\foobar2000-v2\\playlists-v2.0\\index.txt (Windows)"))
    }

    @Test("index with no source and none recorded says where each application keeps its library")
    func firstSteps() throws {
        let scratch = MixtapeProcess()
        let empty = scratch.folder + "/empty-home"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try scratch.run(["index"], environment: ["HOME": empty, "MIXTAPE_DISK_ROOTS": empty])
        #expect(result.status == 0)
        #expect(result.stderr.contains("no sources yet"), "\(result.stderr)")
        #expect(result.stderr.contains("DRIVE/Engine Library/Database2/m.db"), "\(result.stderr)")
        #expect(result.stderr.contains("~/.config/Clementine/clementine.db"))
        let quiet = try scratch.run(["index", "-q"], environment: ["HOME": empty, "MIXTAPE_DISK_ROOTS": empty])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let doctor = try scratch.run(["doctor"], environment: ["HOME": empty, "MIXTAPE_DISK_ROOTS": empty])
        #expect(doctor.stdout.contains("no application's library in the places they keep it"), "\(doctor.stdout)")
    }

    /// The words a POSIX shell makes of `line` (plain words and single-quoted ones, all this
    /// output uses), by asking `sh` itself.
    static func shellWords(_ line: String) throws -> [String] {
        let result = try MixtapeProcess.execute("/bin/sh", ["-c", "for w in " + line + "; do printf '%s\\n' \"$w\"; done"])
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
