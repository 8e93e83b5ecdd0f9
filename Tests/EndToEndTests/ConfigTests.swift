import Foundation
import Testing

/// The config file end to end: its settings reach the commands, flags win over it, and a
/// broken file stops every command with exit 2 and its file:line.
@Suite("config file")
struct ConfigTests {
    let mixtape = MixtapeProcess()
    var configFile: String { mixtape.configHome + "/mixtape/config.toml" }

    init() throws {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
    }

    func writeConfig(_ text: String) throws {
        try text.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The sample's Locations are under /Users/sam/Music (its `Music Folder`).
    @Test func mapPrefixAndDefaultFormatApplyToAPlainExportAndFlagsOverrideEach() throws {
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        try writeConfig("""
            [export]
            format = "xspf"
            map-prefix = { "/Users/sam/Music" = "/srv/music" }
            """)
        let out = mixtape.folder + "/out"
        let plain = try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out])
        try #require(plain.status == 0, "\(plain.stderr)")
        let xspf = try read(out)
        #expect(xspf.contains("<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\">"))
        #expect(xspf.contains("<location>file:///srv/music/iTunes/iTunes%20Media/Music/Beyonce%CC%81/"))
        #expect(!xspf.contains("/Users/sam"))

        // --format wins over the file's format; the rules still apply.
        let m3u = try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out, "--format", "m3u8"])
        try #require(m3u.status == 0, "\(m3u.stderr)")
        #expect(try read(out).hasPrefix("#EXTM3U\n"))
        #expect(try read(out).contains("\n/srv/music/iTunes/iTunes Media/Music/"))

        // A --map-prefix with the file's FROM replaces its rule.
        let mapped = try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out, "--map-prefix", "/Users/sam/Music=/mnt/nas"])
        try #require(mapped.status == 0, "\(mapped.stderr)")
        #expect(try read(out).contains("<location>file:///mnt/nas/iTunes/"))
        #expect(try !read(out).contains("/srv/music"))

        // The output's extension says the format when --format does not.
        try #require(try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out + ".pls"]).status == 0)
        #expect(try read(out + ".pls").hasPrefix("[playlist]"))
    }

    @Test func missingPolicyComesFromTheFileAndTheFlagOverridesIt() throws {
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        try writeConfig("[export]\nmissing = \"fail\"\n")
        let out = mixtape.folder + "/out.m3u8"
        let failed = try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("--missing fail"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try mixtape.run(["export-playlist", "--query", "'Halo", "-o", out, "--missing", "keep"]).status == 0)
    }

    @Test func theLibraryPathAndDefaultSourcesComeFromTheFile() throws {
        let library = mixtape.folder + "/elsewhere/index.sqlite"
        let export = mixtape.folder + "/Library.xml"
        try FileManager.default.copyItem(atPath: MixtapeProcess.sample("Library.xml"), toPath: export)
        try writeConfig("library = \"\(library)\"\nsources = [\"\(export)\", \"\(mixtape.folder)/unplugged\"]\n")
        // $MIXTAPE_LIBRARY wins over the file, as the spec orders them: unset it here.
        let indexed = try mixtape.run(["index", "--json"], environment: ["MIXTAPE_LIBRARY": ""])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        #expect(FileManager.default.fileExists(atPath: library))
        let counts = try #require(indexed.records.first)
        #expect(counts["added"] as? Int == 46)
        #expect(indexed.stderr.contains("unplugged: a source of the config file, does not exist; skipped"))
        let sources = try mixtape.run(["sources", "--json", "--library", library])
        #expect(sources.records.compactMap { $0["path"] as? String } == [export])
        // --library wins over the file: that index has nothing.
        #expect(try mixtape.run(["search", "--library", mixtape.library]).status == 1)
    }

    @Test(arguments: [
        ("[export]\nformat = \"mp3\"\n", ":2: format \"mp3\" is not one of"),
        ("\n[export\n", ":2:8: "),
        ("colour = \"always\"\n", ":1: unknown setting colour"),
    ])
    func aMalformedFileStopsEveryCommandWithItsLine(text: String, message: String) throws {
        try writeConfig(text)
        for arguments in [["search", "x"], ["index"], ["export-playlist", "-o", "-", "--format", "m3u8"], ["sources"]] {
            let result = try mixtape.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("config file: " + configFile + message), "\(arguments): \(result.stderr)")
        }
        // Help still works, to find out what to fix.
        #expect(try mixtape.run(["export-playlist", "--help"]).status == 0)
    }

    @Test func anUnreadableFileIsAnError() throws {
        // A folder where the file should be: unreadable even as root.
        try FileManager.default.createDirectory(atPath: configFile, withIntermediateDirectories: true)
        let result = try mixtape.run(["search"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(configFile + ": cannot be read"))
    }

    /// `MIXTAPE_CONFIG=/dev/null` is the usual way to say "no settings": an empty file; a
    /// device that never ends is refused, not read forever.
    @Test func devNullIsAnEmptyConfigAndAnEndlessDeviceIsRefused() throws {
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        let empty = try mixtape.run(["search", "--limit", "1"], environment: ["MIXTAPE_CONFIG": "/dev/null"])
        #expect(empty.status == 0, "\(empty.stderr)")
        let endless = try mixtape.run(["search", "--limit", "1"], environment: ["MIXTAPE_CONFIG": "/dev/zero"])
        #expect(endless.status == 2 && endless.stderr.contains("/dev/zero: cannot be read: larger than"), "\(endless.stderr)")
    }

    @Test func verboseSaysWhichConfigAndIndexAreUsed() throws {
        let none = try mixtape.run(["sources", "-v"])
        #expect(none.stderr.contains("config: none (\(configFile) does not exist)"))
        #expect(none.stderr.contains("index: \(mixtape.library)"))
        try writeConfig("[watch]\ndebounce = 2\n")
        #expect(try mixtape.run(["sources", "--verbose"]).stderr.contains("config: \(configFile)\n"))
        #expect(try !mixtape.run(["sources"]).stderr.contains("config:"))
        // -v lists every file an export could not find here.
        try #require(try mixtape.run(["index", MixtapeProcess.sample("Library.xml")]).status == 0)
        let export = try mixtape.run(["export-playlist", "--query", "'Halo", "-o", "-", "--format", "m3u8", "-v"])
        #expect(export.stderr.contains("missing here: /Users/sam/Music/iTunes/iTunes Media/Music/Beyonce\u{301}/"))
        #expect(try !mixtape.run(["export-playlist", "--query", "'Halo", "-o", "-", "--format", "m3u8"]).stderr.contains("missing here:"))
    }

    @Test func colourFollowsTheFlagAndNoColor() throws {
        let plain = try mixtape.run(["search", "year:abc"])
        #expect(plain.status == 2)
        #expect(plain.stderr.hasPrefix("mixtape: query syntax error"))
        let always = try mixtape.run(["search", "year:abc", "--color", "always"])
        #expect(always.stderr.hasPrefix("\u{1B}[1;31mmixtape:\u{1B}[0m query syntax error"))
        let never = try mixtape.run(["search", "year:abc", "--color", "never"], environment: ["NO_COLOR": ""])
        #expect(never.stderr.hasPrefix("mixtape: query syntax error"))
        #expect(try mixtape.run(["search", "--color", "sometimes"]).status == 2)
    }
}
