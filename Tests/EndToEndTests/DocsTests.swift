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
