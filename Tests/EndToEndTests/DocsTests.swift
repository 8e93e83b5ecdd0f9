import Foundation
import MixtapeCore
import Testing

/// The reference in `docs/` checked against the code it describes, where the code can say what
/// must be there: every query field and alias, every JSON key the commands print, every exit
/// code, every kind and scope; and every link between the pages leads to a file.
@Suite("docs/ agrees with the code")
struct DocsTests {
    static func page(_ name: String) throws -> String {
        try String(contentsOfFile: MixtapeProcess.packageRoot + "/docs/" + name, encoding: .utf8)
    }

    @Test("every field and alias the query parser accepts is in docs/query.md")
    func queryFields() throws {
        let text = try DocsTests.page("query.md")
        for field in QueryField.all {
            for name in [field.name] + field.aliases {
                #expect(text.contains("`\(name)`"), "docs/query.md does not name the field \(name)")
            }
        }
        for kind in Kind.allCases { #expect(text.contains("`\(kind.rawValue)`"), "kind \(kind.rawValue)") }
        for scope in Scope.allCases { #expect(text.contains("`\(scope.rawValue)`"), "scope \(scope.rawValue)") }
    }

    @Test("every item field is a key of docs/json.md")
    func itemKeys() throws {
        let text = try DocsTests.page("json.md")
        for field in Field.allCases {
            #expect(text.contains("| `\(field.key)` |"), "docs/json.md has no row for \(field.key)")
        }
    }

    /// Every key of every object a `--json` output prints on the samples (nested objects too).
    @Test("every key the commands print with --json is in docs/json.md")
    func printedKeys() throws {
        let mixtape = MixtapeProcess()
        let samples = ["Library.xml", "Library-windows.xml", "Music", "dj/rekordbox.xml", "dj/collection.nml",
                       "dj/rhythmbox/rhythmdb.xml"].map(MixtapeProcess.sample)
        let index = try mixtape.run(["index", "--json"] + samples)
        try #require(index.status == 0, "\(index.stderr)")
        try #require(try mixtape.run(["select", "add", "beyonce"]).status == 0)
        try #require(try mixtape.run(["select", "add", "--id", "itunes:0CEBE70C3F4382BE"]).status == 0)
        let saved = try mixtape.run(["export-playlist", "--query", "beyonce", "-o", mixtape.folder + "/b.m3u8", "--save", "b"])
        try #require(saved.status == 0, "\(saved.stderr)")
        var outputs = [index.stdout]
        for arguments in [["search", "--json"], ["playlists", "--json"], ["sources", "--json"], ["select", "list", "--json"],
                          ["saved", "list", "--json"], ["doctor", "--json"], ["index", "--json", "--full"]] {
            outputs.append(try mixtape.run(arguments).stdout)
        }
        var keys = Set<String>()
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, inner) in object { keys.insert(key); collect(inner) }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        for line in outputs.joined(separator: "\n").split(separator: "\n") {
            collect(try JSONSerialization.jsonObject(with: Data(line.utf8)))
        }
        let export = try mixtape.run(["export-playlist", "--query", "beyonce", "-o", "-", "--format", "json"])
        collect(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)))
        #expect(keys.count > 60, "\(keys.sorted())")
        #expect(keys.isSuperset(of: ["sources", "query", "errors", "fix", "map_prefix", "path"]), "\(keys.sorted())")
        let text = try DocsTests.page("json.md")
        for key in keys.sorted() {
            #expect(text.contains("`\(key)`"), "docs/json.md does not name the key \(key)")
        }
    }

    /// The codes of `ExitStatus` (the one place errors become exit codes), read from its source.
    static func exitCodes() throws -> [Int] {
        let source = try String(contentsOfFile: MixtapeProcess.packageRoot + "/Sources/mixtape/ErrorReporter.swift",
                                encoding: .utf8)
        let body = try #require(source.range(of: "enum ExitStatus").map { source[$0.upperBound...] })
        let enumText = body.prefix { $0 != "}" }
        return enumText.split(separator: "\n").compactMap { line in
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard parts.count == 4, parts[0] == "case", parts[2] == "=" else { return nil }
            return Int(parts[3])
        }
    }

    @Test("every exit code of ErrorReporter has a row in docs/exit-codes.md")
    func exitCodesAreDocumented() throws {
        let codes = try DocsTests.exitCodes()
        #expect(codes.count >= 10, "\(codes)")
        #expect(codes.contains(0) && codes.contains(130))
        let text = try DocsTests.page("exit-codes.md")
        for code in codes {
            #expect(text.contains("\n| \(code) |"), "docs/exit-codes.md has no row for \(code)")
        }
    }

    @Test("every relative link of docs/ leads to a file of the repository")
    func linksResolve() throws {
        let folder = MixtapeProcess.packageRoot + "/docs"
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }
        #expect(pages.count >= 8, "\(pages)")
        for page in pages {
            let text = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != "#" }
                rest = rest[open.upperBound...]
                #expect(!target.contains("://"), "\(page) links outside the repository: \(target)")
                guard !target.isEmpty, !target.contains("://") else { continue }
                #expect(FileManager.default.fileExists(atPath: folder + "/" + target), "\(page): \(target) does not exist")
            }
        }
    }
}

/// Nothing a user reads points outside the repository: `../shared` is beside the checkouts
/// this project is developed in, not in a clone, and the reference lives in `docs/`.
@Suite("no file links outside the repository")
struct OutsideLinkTests {
    /// Tracked files, by `git ls-files` (a CI clone and a worktree both have git).
    static func trackedFiles() throws -> [String] {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["git", "-C", MixtapeProcess.packageRoot, "ls-files", "-z"])
        try #require(result.status == 0, "git ls-files: \(result.stderr)")
        return result.stdout.split(separator: "\0").map(String.init)
    }

    /// The files that really read `../shared` (its generator, query list and real exports):
    /// tests, benchmarks, fuzz seeding and CI. They say so in code, not in text for users.
    static let readsShared = ["Tests/", "bench/", "fuzz/seed.sh", ".ci/"]

    @Test("no tracked file but the tests and tools that read it names ../shared")
    func noSharedReferences() throws {
        let files = try OutsideLinkTests.trackedFiles()
        #expect(files.count > 100)
        for file in files where !OutsideLinkTests.readsShared.contains(where: file.hasPrefix) {
            guard let text = try? String(contentsOfFile: MixtapeProcess.packageRoot + "/" + file, encoding: .utf8) else { continue }
            #expect(!text.contains("../shared") && !text.contains("/work/shared"), "\(file) refers to ../shared")
        }
    }

    @Test("user-facing pages link only into the repository, never to spec/ or the web")
    func pagesLinkInside() throws {
        let pages = try OutsideLinkTests.trackedFiles().filter { $0.hasSuffix(".md") && !$0.hasPrefix("Tests/") }
        #expect(pages.contains("README.md") && pages.contains("docs/query.md"), "\(pages)")
        for page in pages {
            let text = try String(contentsOfFile: MixtapeProcess.packageRoot + "/" + page, encoding: .utf8)
            #expect(!text.contains("](http"), "\(page) links to the web")
            #expect(!text.contains("spec/"), "\(page) points at spec/, which is not in the repository")
        }
    }

    @Test("--help of every command points into docs/, never at spec/")
    func helpTexts() throws {
        let mixtape = MixtapeProcess()
        let root = try mixtape.run(["--help"])
        #expect(root.stdout.contains("share/doc/mixtape"), "\(root.stdout)")
        // Help text is wrapped to the terminal: compare with its lines joined.
        let flat = root.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in try DocsTests.exitCodes() {
            #expect(flat.contains(": \(code) ") || flat.contains("; \(code) "), "--help does not list exit code \(code)")
        }
        let commands = ["index", "watch", "search", "pick", "select add", "select list", "export-playlist", "saved run",
                        "playlists", "sources", "doctor"]
        for command in commands {
            let help = try mixtape.run(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0)
            let text = help.stdout + help.stderr
            #expect(!text.contains("spec/") && !text.contains("../shared"), "\(command) --help: \(text)")
        }
    }
}
