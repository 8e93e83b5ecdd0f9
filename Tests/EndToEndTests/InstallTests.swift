import Foundation
import Testing

/// `make install` / `make uninstall` into a scratch prefix with the binary under test, the man
/// page it installs read back through `man`, the bash completion run in a real bash, and the
/// git revision `--version` reports.
///
/// Nothing here runs SwiftPM on the package's `.build`: `swift test` holds its lock, so a
/// nested build would wait forever. The Makefile takes the built binary (`BIN=`) and builds
/// argument-parser's generate-manual tool in a scratch folder of its own (`.build-tools`).
@Suite("make install, completions, --version", .serialized)
struct InstallTests {
    /// The five files `make install` writes under a prefix.
    static let installed = [
        "bin/mixtape",
        "share/man/man1/mixtape.1",
        "share/bash-completion/completions/mixtape",
        "share/zsh/site-functions/_mixtape",
        "share/fish/vendor_completions.d/mixtape.fish",
    ]

    @Test("make install puts binary, man page and completions under PREFIX; make uninstall removes exactly those")
    func installAndUninstall() throws {
        let scratch = MixtapeProcess()
        let prefix = scratch.folder + "/prefix"
        // Someone else's completion beside ours must survive the uninstall.
        let neighbour = prefix + "/share/bash-completion/completions/other-tool"
        try FileManager.default.createDirectory(atPath: (neighbour as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data("complete -F _other other-tool\n".utf8).write(to: URL(fileURLWithPath: neighbour))

        try Self.make(["install", "PREFIX=" + prefix])
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) not installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/mixtape"))
        let version = try MixtapeProcess.execute(prefix + "/bin/mixtape", ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("mixtape 0.9.0 ("), "\(version.stdout)")

        let page = try Self.renderManual(prefix + "/share/man/man1/mixtape.1")
        #expect(page.contains("MIXTAPE(1)"))
        #expect(page.contains("Index, search, pick and export your music and media library."))
        let entries = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for subcommand in ["index", "search", "pick", "export-playlist", "playlists", "sources"] {
            #expect(entries.contains { $0 == subcommand || $0.hasPrefix(subcommand + " ") }, "no \(subcommand) entry in the man page")
        }
        #expect(page.contains("--playlist"))
        // The example ends its own line; the next paragraph does not run on after it.
        let example = entries.first { $0.hasPrefix("mixtape search --format '{artist} - {title} ({year})'") }
        #expect(example == "mixtape search --format '{artist} - {title} ({year})'", "\(example ?? "no example")")

        let bash = try String(contentsOfFile: prefix + "/" + Self.installed[2], encoding: .utf8)
        #expect(bash.contains("_mixtape()"))
        #expect(bash.contains("---completion export-playlist -- --playlist"))
        let zsh = try String(contentsOfFile: prefix + "/" + Self.installed[3], encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef mixtape"))
        #expect(zsh.contains("---completion export-playlist -- --playlist"))
        let fish = try String(contentsOfFile: prefix + "/" + Self.installed[4], encoding: .utf8)
        #expect(fish.contains("---completion search -- positional@0"))
        // Syntax checks where the shell is there (not a CI dependency).
        for (shell, script) in [("zsh", Self.installed[3]), ("fish", Self.installed[4])] {
            guard let program = Self.which(shell) else { continue }
            let check = try MixtapeProcess.execute(program, ["-n", prefix + "/" + script])
            #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
        }

        try Self.make(["uninstall", "PREFIX=" + prefix])
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) left after uninstall")
        }
        #expect(FileManager.default.fileExists(atPath: neighbour), "uninstall removed a file it did not install")
    }

    @Test("the installed man page lists every exit code under EXIT STATUS and names the installed reference pages")
    func manualExitStatusAndDocs() throws {
        let scratch = MixtapeProcess()
        let prefix = scratch.folder + "/prefix"
        try Self.make(["install", "PREFIX=" + prefix])
        let docs = prefix + "/share/doc/mixtape"
        for page in ["README.md", "query.md", "sources.md", "json.md", "exit-codes.md", "picker.md", "play.md",
                     "config.md", "picker.png"] {
            #expect(FileManager.default.fileExists(atPath: docs + "/" + page), "\(page) not installed in \(docs)")
        }
        let page = try Self.renderManual(prefix + "/share/man/man1/mixtape.1")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "EXIT STATUS"), "no EXIT STATUS section:\n\(page)")
        let section = lines[(start + 1)...].prefix { $0.isEmpty || $0.hasPrefix(" ") }
        let tags = section.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
        let codes = try DocsTests.exitCodes()
        #expect(codes.count >= 10)
        for code in codes { #expect(tags.contains(code), "EXIT STATUS does not list \(code):\n\(section.joined(separator: "\n"))") }
        #expect(!page.contains("exits 0 on success, and >0 if an error occurs"), "the generic .Ex -std text is replaced")
        #expect(page.contains("FILES") && page.contains("SEE ALSO"))
        #expect(page.contains(docs), "the man page names where the reference is installed")
        #expect(page.contains("share/doc/mixtape"), "the DESCRIPTION (--help) points at the reference")
        try Self.make(["uninstall", "PREFIX=" + prefix])
        #expect(!FileManager.default.fileExists(atPath: docs), "uninstall removes the reference pages and their folder")
    }

    @Test("DESTDIR stages the install under PREFIX for packagers")
    func destdir() throws {
        let scratch = MixtapeProcess()
        let stage = scratch.folder + "/stage"
        try Self.make(["install", "DESTDIR=" + stage, "PREFIX=/opt/mixtape"])
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: stage + "/opt/mixtape/" + file), "\(file) not staged")
        }
        try Self.make(["uninstall", "DESTDIR=" + stage, "PREFIX=/opt/mixtape"])
        #expect(!FileManager.default.fileExists(atPath: stage + "/opt/mixtape/bin/mixtape"))
    }

    @Test("the installed bash completion offers playlists, sources, field names and kinds from a real bash")
    func bashCompletion() throws {
        let scratch = MixtapeProcess()
        let library = MixtapeProcess.sample("Library.xml")
        try #require(try scratch.run(["index", "--quiet", library]).status == 0)
        let prefix = scratch.folder + "/prefix"
        try Self.make(["install", "PREFIX=" + prefix])
        let complete = { (words: [String], environment: [String: String]) throws -> [String] in
            try Self.bashComplete(words, script: prefix + "/" + Self.installed[2], bin: prefix + "/bin",
                                  environment: ["MIXTAPE_LIBRARY": scratch.library].merging(environment) { $1 })
        }

        // A top-level playlist, one in a folder, and none of the folders or the library itself.
        let playlists = try complete(["mixtape", "export-playlist", "--playlist", ""], [:])
        #expect(playlists.contains("Dinner Party"))
        #expect(playlists.contains("Road Trips/Europe/Iceland 2019"))
        #expect(!playlists.contains("Road Trips") && !playlists.contains("Library"))
        #expect(try complete(["mixtape", "export-playlist", "--playlist", "Din"], [:]) == ["Dinner Party"])
        // --library among the words wins over $MIXTAPE_LIBRARY, as it does for the command.
        let elsewhere = ["MIXTAPE_LIBRARY": scratch.folder + "/none.sqlite"]
        #expect(try complete(["mixtape", "export-playlist", "--playlist", "Din"], elsewhere) == [])
        #expect(try complete(["mixtape", "export-playlist", "--library", scratch.library, "--playlist", "Din"],
                             elsewhere) == ["Dinner Party"])

        #expect(try complete(["mixtape", "sources", "remove", ""], [:]) == [library])
        #expect(try complete(["mixtape", "search", "yea"], [:]) == ["year:"])
        #expect(try complete(["mixtape", "select", "add", "rock", "!lov"], [:]) == ["!loved:"])
        #expect(try complete(["mixtape", "export-playlist", "--query", "compil"], [:]) == ["compilation:"])
        // bash splits `kind:pod` at the colon and replaces only what follows it.
        #expect(try complete(["mixtape", "search", "kind", ":", "pod"], [:]) == ["podcast", "podcasts"])
        #expect(try complete(["mixtape", "pick", "kind", ":"], [:]).contains("music-video"))

        // Saved export names for `saved run` and `saved remove`.
        try #require(try scratch.run(["export-playlist", "--query", "harbour", "-o", scratch.folder + "/h.m3u8",
                                      "--save", "harbour-mix", "--quiet"]).status == 0)
        #expect(try complete(["mixtape", "saved", "run", ""], [:]) == ["harbour-mix"])
        #expect(try complete(["mixtape", "saved", "remove", "harb"], [:]) == ["harbour-mix"])
    }

    /// What the zsh and fish scripts receive (they set `SAP_SHELL`); the shells themselves
    /// are not needed. zsh's `_describe` reads `value:description`, so colons come escaped.
    @Test("zsh and fish get whole query words; zsh's colons escaped", arguments: [
        ("zsh", "yea", ["year\\:"]),
        ("zsh", "kind:pod", ["kind\\:podcast", "kind\\:podcasts"]),
        ("fish", "yea", ["year:"]),
        ("fish", "kind:pod", ["kind:podcast", "kind:podcasts"]),
    ])
    func zshAndFishCandidates(shell: String, word: String, expected: [String]) throws {
        let result = try MixtapeProcess().run(["---completion", "search", "--", "positional@0", "2", String(word.count),
                                               "mixtape", "search", word], environment: ["SAP_SHELL": shell])
        #expect(result.status == 0)
        // The shell narrows the candidates down to those that start with what was typed.
        let typed = shell == "zsh" ? word.replacingOccurrences(of: ":", with: "\\:") : word
        #expect(result.lines.filter { $0.hasPrefix(typed) } == expected)
    }

    @Test("with no index, completion offers nothing and prints nothing")
    func completionWithoutIndex() throws {
        let scratch = MixtapeProcess()
        let prefix = scratch.folder + "/prefix"
        try Self.make(["install", "PREFIX=" + prefix])
        let missing = scratch.folder + "/no/such/index.sqlite"
        let garbage = try scratch.write("garbage.sqlite", "not a database\n")
        for index in [missing, garbage] {
            for words in [["mixtape", "export-playlist", "--playlist", ""], ["mixtape", "sources", "remove", ""]] {
                let offered = try Self.bashComplete(words, script: prefix + "/" + Self.installed[2],
                                                    bin: prefix + "/bin", environment: ["MIXTAPE_LIBRARY": index])
                #expect(offered == [], "\(words) with \(index)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "completion created an index")
        #expect(try String(contentsOfFile: garbage, encoding: .utf8) == "not a database\n")
    }

    @Test("--version names the release and a revision")
    func versionFormat() throws {
        let result = try MixtapeProcess().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /mixtape 0\.9\.0 \(([0-9a-f]{7,40}(-dirty)?|unknown revision)\)\n/) != nil,
                "\(result.stdout)")
    }

    @Test("--version names the revision of this checkout",
          .enabled(if: InstallTests.checkoutRevision != nil,
                   "not a git checkout (or git is missing): the baked-in revision cannot be compared"))
    func versionRevision() throws {
        let revision = try #require(Self.checkoutRevision)
        let result = try MixtapeProcess().run(["--version"])
        #expect(result.stdout.contains("(\(revision)"),
                "\(result.stdout) was not built from \(revision) (MIXTAPE_BIN=\(MixtapeProcess.binary))")
    }

    // MARK: - Helpers

    /// `git rev-parse --short HEAD` of the package, or nil outside a git checkout.
    static let checkoutRevision: String? = {
        guard let git = which("git"),
              let result = try? MixtapeProcess.execute(git, ["-C", MixtapeProcess.packageRoot, "rev-parse", "--short", "HEAD"]),
              result.status == 0 else { return nil }
        let revision = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return revision.isEmpty ? nil : revision
    }()

    /// Runs the package's Makefile with the binary under test, never a SwiftPM build of `.build`.
    static func make(_ arguments: [String]) throws {
        let make = try #require(which("make"), "make is missing")
        var environment = ProcessInfo.processInfo.environment
        // A `make test` above us must not hand its jobserver to this make.
        for key in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL"] { environment[key] = nil }
        let result = try MixtapeProcess.execute(
            make, ["-C", MixtapeProcess.packageRoot] + arguments
                + ["BIN=" + MixtapeProcess.binary, "ARGUMENT_PARSER=" + (try argumentParserCheckout())],
            environment: environment)
        try #require(result.status == 0, "make \(arguments.joined(separator: " ")):\n\(result.stdout)\n\(result.stderr)")
    }

    /// swift-argument-parser's checkout in the build folder of the binary under test, whose
    /// generate-manual tool the Makefile builds.
    static func argumentParserCheckout() throws -> String {
        var folder = URL(fileURLWithPath: MixtapeProcess.binary).deletingLastPathComponent()
        while folder.path != "/" {
            let checkout = folder.appendingPathComponent("checkouts/swift-argument-parser")
            if FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) {
                return checkout.path
            }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = MixtapeProcess.packageRoot + "/.build/checkouts/swift-argument-parser"
        try #require(FileManager.default.fileExists(atPath: fallback), "no swift-argument-parser checkout found")
        return fallback
    }

    /// The man page as `man -l` renders it, in plain ASCII and wide enough not to break lines.
    static func renderManual(_ path: String) throws -> String {
        let man = try #require(which("man"), "man is missing: scripts/install-deps.sh installs man-db")
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["MANWIDTH"] = "160"
        environment["MANPAGER"] = "cat"
        let result = try MixtapeProcess.execute(man, ["-l", path], environment: environment)
        try #require(result.status == 0, "man -l \(path): \(result.stderr)")
        return result.stdout
    }

    /// The candidates the installed bash completion offers for `words`, the last being the
    /// word under the cursor at the end of the line, split as bash splits them (at `:` too).
    /// `mixtape` is found on PATH, as in a user's shell.
    static func bashComplete(_ words: [String], script: String, bin: String,
                             environment: [String: String]) throws -> [String] {
        let bash = try #require(which("bash"), "bash is missing")
        // As bash does: `cur` is the text after the last colon, COMP_LINE has no spaces around one.
        let program = #"""
            source "$1"; shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_LINE="${COMP_LINE// :/:}"
            COMP_LINE="${COMP_LINE//: /:}"
            COMP_POINT=${#COMP_LINE}
            cur="${COMP_WORDS[COMP_CWORD]}"
            [[ "$cur" == ":" ]] && cur=""
            COMPREPLY=()
            _mixtape mixtape "$cur" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\n' "${COMPREPLY[@]}"
            """#
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "mixtape-e2e-no-config"
        for (key, value) in environment { env[key] = value }
        let result = try MixtapeProcess.execute(bash, ["--noprofile", "--norc", "-c", program, "bash", script] + words,
                                                environment: env)
        try #require(result.status == 0, "bash: \(result.stderr)")
        #expect(result.stderr.isEmpty, "completion printed: \(result.stderr)")
        return result.lines.filter { !$0.isEmpty }
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
