import MixtapeConfig
import MixtapeCore
import MixtapeTerminal
import Testing

/// `config.toml` read into settings, and every way it can be wrong, with its line.
struct ConfigFileTests {
    static func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigFile.parse(Array(text.utf8), path: "/c/config.toml", home: "/home/sam")
    }

    @Test func everySetting() throws {
        let config = try Self.parse("""
            # Mixtape
            library = "~/data/library.sqlite"
            sources = ["~/Music/Library.xml", "/srv/music"]

            [export]
            format = "xspf"
            missing = "skip"
            map-prefix = { "/Users/sam/Music" = "/srv/music", 'C:\\Music' = "/mnt/c" }

            [watch]
            debounce = 0.25

            [pick]
            scope = "podcasts"
            format = "pls"
            """)
        #expect(config.library == "/home/sam/data/library.sqlite")
        #expect(config.sources == ["/home/sam/Music/Library.xml", "/srv/music"])
        #expect(config.export.format == .xspf)
        #expect(config.export.missing == .skip)
        #expect(Set(config.export.mapPrefix.map { $0.from + "=" + $0.to }) == ["/Users/sam/Music=/srv/music", "C:\\Music=/mnt/c"])
        #expect(config.watch.debounce == 0.25)
        #expect(config.pick.scope == .podcasts)
        #expect(config.pick.format == .pls)
    }

    @Test func playersAndTheDefaultPlayer() throws {
        let config = try Self.parse("""
            [play]
            player = "speakers"

            [players.speakers]
            command = ["mpv", "--no-video", "{files}"]
            """)
        #expect(config.play.player == "speakers")
        #expect(config.players["speakers"]?.arguments == ["mpv", "--no-video", "{files}"])
        #expect(try Self.parse("[play]\nplayer = \"mpd\"\n").play.player == "mpd")
    }

    @Test("a player table that cannot work, with its line", arguments: [
        ("[players.vlc]\ncommand = [\"x\"]\n", 1, "vlc is built in"),
        ("[players.x]\n\ncommand = \"mpv\"\n", 3, "command must be a list of strings"),
        ("[players.x]\ncommand = [\"p\", \"-f{files}\"]\n", 2, "must be an argument of its own"),
        ("[players.x]\nargs = []\n", 2, "unknown setting args in [players.x]"),
        ("[players.x]\n", 1, "needs command"),
        ("\n[play]\nplayer = \"winamp\"\n", 3, "player \"winamp\" is not one of mpv, mpd, vlc"),
    ])
    func badPlayer(text: String, line: Int, message: String) {
        #expect(throws: ConfigError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func emptyFileIsAllDefaults() throws {
        #expect(try Self.parse("") == Config())
        #expect(try Self.parse("# nothing set\n\n[watch]\n") == Config())
    }

    @Test func mapPrefixAsFlagStrings() throws {
        let config = try Self.parse("[export]\nmap-prefix = [\"/a=/b\", \"/c=\"]\n")
        #expect(config.export.mapPrefix.map(\.from) == ["/a", "/c"])
        #expect(config.export.mapPrefix.map(\.to) == ["/b", ""])
    }

    @Test func mapPrefixTargetsStartingWithTildeAreInTheHomeFolder() throws {
        let list = try Self.parse("[export]\nmap-prefix = [\"C:/Music=~/Music\"]\n")
        #expect(list.export.mapPrefix.map(\.to) == ["/home/sam/Music"])
        let table = try Self.parse("[export]\nmap-prefix = { \"C:/Music\" = \"~/Music\" }\n")
        #expect(table.export.mapPrefix.map(\.to) == ["/home/sam/Music"])
    }

    @Test func plainPaths() throws {
        #expect(try Self.parse("[export]\nplain-paths = true").export.plainPaths == true)
        #expect(try Self.parse("[export]\nplain-paths = false").export.plainPaths == false)
        #expect(try Self.parse("[export]\n").export.plainPaths == nil)
    }

    @Test func integerDebounce() throws {
        #expect(try Self.parse("[watch]\ndebounce = 2").watch.debounce == 2)
    }

    /// A flag with the same FROM as a config rule replaces it; other rules stay, the config's first.
    @Test func flagsOverrideRulesByFrom() throws {
        let config = try Self.parse("[export]\nmap-prefix = [\"/Users/sam/Music=/srv/music\", \"/Volumes/X=/mnt/x\"]")
        let mapping = config.mapping(adding: [try PathMapping.Rule(parsing: "/Users/sam/Music=/media")])
        #expect(mapping.rules.map { $0.from + "=" + $0.to } == ["/Volumes/X=/mnt/x", "/Users/sam/Music=/media"])
        #expect(mapping.map("/Users/sam/Music/a.mp3") == "/media/a.mp3")
    }

    @Test(arguments: [
        ("librar = \"/x\"", 1, "unknown setting librar"),
        ("\n\n[export]\nformats = \"m3u\"", 4, "unknown setting formats in [export]"),
        ("[export]\nformat = \"mp3\"", 2, "format \"mp3\" is not one of m3u8, m3u, pls, xspf, itunes, rekordbox, json"),
        ("[export]\nmissing = \"ignore\"", 2, "missing \"ignore\" is not one of keep, skip, fail"),
        ("[export]\nmissing = 1", 2, "missing must be a string"),
        ("[export]\nplain-paths = \"yes\"", 2, "plain-paths is true or false"),
        ("[export]\nmap-prefix = [\"/a\"]", 2, "/a"),
        ("[export]\nmap-prefix = { \"/a\" = 3 }", 2, "map-prefix maps each FROM to a TO string"),
        ("[export]\nmap-prefix = [\"=/b\"]", 2, "=/b"),
        ("[watch]\ndebounce = -1", 2, "debounce takes seconds"),
        ("[watch]\n\n debounce = \"1s\"", 3, "debounce takes seconds"),
        ("[pick]\nscope = \"songs\"", 2, "scope \"songs\" is not one of all, music"),
        ("library = \"relative/path\"", 1, "relative/path is not an absolute path"),
        ("sources = \"/srv/music\"", 1, "sources must be a list of strings"),
        ("sources = [\"/a\", 3]", 1, "sources must be a list of strings"),
        ("export = 3", 1, "export must be a table"),
        ("export.format = \"m3u\"\nexport.missing = \"no\"", 2, "missing \"no\" is not one of"),
    ])
    func wrongSettingsNameTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.message.contains(message) && error.path == "/c/config.toml"
        }
    }

    @Test(arguments: [
        ("[export\nformat = \"m3u\"", 1),
        ("a = 1\nb = = 2", 2),
        ("[watch]\ndebounce = 1\ndebounce = 2", 3),
        ("x = \"unterminated\n", 1),
    ])
    func syntaxErrorsNameLineAndColumn(text: String, line: Int) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.column != nil && error.description.hasPrefix("/c/config.toml:\(line):")
        }
    }

    @Test func invalidBytesNameTheirPlace() {
        for (bytes, line, column) in [(Array("a = 1\nb = \"x\u{0}\"".utf8), 2, 7),
                                      (Array("a = 1\n\nb = \"".utf8) + [0xff, 0x22], 3, 6)] {
            #expect {
                _ = try ConfigFile.parse(bytes, path: "/c/config.toml", home: nil)
            } throws: { error in
                (error as? ConfigError).map { $0.line == line && $0.column == column } ?? false
            }
        }
    }

    @Test(arguments: [
        (["MIXTAPE_CONFIG": "/etc/mixtape.toml", "XDG_CONFIG_HOME": "/x"], "/etc/mixtape.toml"),
        (["XDG_CONFIG_HOME": "/x", "HOME": "/home/sam"], "/x/mixtape/config.toml"),
        (["XDG_CONFIG_HOME": "", "HOME": "/home/sam"], "/home/sam/.config/mixtape/config.toml"),
        (["MIXTAPE_CONFIG": "", "HOME": "/home/sam"], "/home/sam/.config/mixtape/config.toml"),
    ])
    func whereTheFileIs(environment: [String: String], path: String) {
        #expect(ConfigFile.path(environment: environment) == path)
    }

    @Test func missingFileIsDefaults() throws {
        let config = try ConfigFile.load(environment: ["MIXTAPE_CONFIG": "/nonexistent/mixtape/config.toml"])
        #expect(config == Config())
        #expect(config.file == nil)
    }

    @Test func aFolderIsNotAConfigFile() {
        #expect {
            _ = try ConfigFile.load(environment: ["MIXTAPE_CONFIG": "/tmp"])
        } throws: { error in
            (error as? ConfigError).map { $0.line == nil && $0.message.contains("folder") } ?? false
        }
    }
}

@Suite("Config file: [pick.keys]")
struct ConfigPickKeysTests {
    @Test func bindingsAreReadInTheFilesTerms() throws {
        let config = try ConfigFileTests.parse("""
            [pick.keys]
            "ctrl-a" = "select-all"
            "f5" = "execute:echo {id} >> /tmp/out"
            "alt-d" = "deselect-all+down"
            """)
        let bindings = Dictionary(uniqueKeysWithValues: config.pick.keys.map { ($0.key, $0.actions) })
        #expect(bindings[.ctrl("a")] == [.selectAll])
        #expect(bindings[.function(5)] == [.execute("echo {id} >> /tmp/out")])
        #expect(bindings[.alt("d")] == [.deselectAll, .down])
    }

    @Test func anInlineTableUnderPickWorksToo() throws {
        let config = try ConfigFileTests.parse("[pick]\nscope = \"music\"\nkeys = { \"?\" = \"ignore\" }")
        #expect(config.pick.keys == [PickerKeyMap.Binding(key: .character("?"), actions: [.ignore])])
    }

    @Test(arguments: [
        ("[pick.keys]\n\"ctrl-a\" = \"select-all\"\n\"ctl-b\" = \"accept\"", 3, "\"ctl-b\" is not a key name"),
        ("[pick.keys]\n\n\"ctrl-a\" = \"selectall\"", 3, "\"selectall\" is not an action"),
        ("[pick.keys]\n\"ctrl-a\" = 3", 2, "the action for ctrl-a must be a string"),
        ("[pick.keys]\n\"ctrl-a\" = \"execute:\"", 2, "\"execute:\" is not an action"),
        ("[pick]\nkeys = \"ctrl-a\"", 2, "keys must be a table"),
    ])
    func badBindingsNameTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try ConfigFileTests.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }
}
