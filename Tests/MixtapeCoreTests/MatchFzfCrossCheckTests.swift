import Foundation
import MixtapeCore
import Testing

/// Runs the real `fzf --filter` (0.38, Debian) as the oracle for the ranking.
enum FzfOracle {
    static let fzf = "/usr/bin/fzf"
    /// The checkout, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The project's own ranking queries (also `SearchTests`').
    static let queriesFile = packageRoot.appendingPathComponent("Tests/Fixtures/ranking-queries.txt").path
    /// The project's own library generator.
    static let generator = packageRoot.appendingPathComponent("bench/gen_itunes.py").path

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: fzf) }
    static var canGenerate: Bool {
        isAvailable && FileManager.default.fileExists(atPath: generator)
            && FileManager.default.fileExists(atPath: queriesFile)
    }

    /// fzf's ranked output for `query` over the lines in `file`.
    static func filter(_ query: String, file: URL) throws -> [String] {
        let output = try run(fzf, ["--filter", query], stdin: file)
        return lines(output)
    }

    static func run(_ tool: String, _ arguments: [String], stdin: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mixtape-match-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `{artist} - {title} - {album}` lines of a generated 5,000-track library (missing = empty).
    static func libraryLines(in folder: URL) throws -> URL {
        let xml = folder.appendingPathComponent("Library.xml"), out = folder.appendingPathComponent("lines.txt")
        _ = try run("/usr/bin/env", ["python3", generator, "--tracks", "5000", "--seed", "1", "--out", xml.path])
        let script = """
            import plistlib, sys
            d = plistlib.load(open(sys.argv[1], 'rb'))
            lines = ['%s - %s - %s' % (t.get('Artist', ''), t.get('Name', ''), t.get('Album', ''))
                     for t in d['Tracks'].values()]
            open(sys.argv[2], 'w', encoding='utf-8').write('\\n'.join(lines) + '\\n')
            """
        _ = try run("/usr/bin/env", ["python3", "-c", script, xml.path, out.path])
        return out
    }
}

@Suite("Match: identical to fzf --filter (needs /usr/bin/fzf)")
struct MatchFzfCrossCheckTests {
    static func compare(queries: [String], linesFile: URL) throws -> [String] {
        let lines = FzfOracle.lines(try String(contentsOf: linesFile, encoding: .utf8))
        var matcher = Matcher(corpus: MatchCorpus(lines: lines))
        var failures: [String] = []
        for query in queries {
            let ours = try matcher.match(TextQuery.parse(query)).ranked.map { lines[$0.index] }
            let theirs = try FzfOracle.filter(query, file: linesFile)
            if ours != theirs {
                let rank = Array(zip(ours, theirs)).firstIndex { $0 != $1 } ?? min(ours.count, theirs.count)
                failures.append("\(query): fzf \(theirs.count) matches, ours \(ours.count); first difference at rank \(rank + 1)")
            }
        }
        return failures
    }

    @Test("every query of Tests/Fixtures/ranking-queries.txt ranks a generated library exactly as fzf",
          .enabled(if: FzfOracle.canGenerate, "needs /usr/bin/fzf and python3"))
    func specQueries() throws {
        let folder = try FzfOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let linesFile = try FzfOracle.libraryLines(in: folder)
        let queries = try String(contentsOfFile: FzfOracle.queriesFile, encoding: .utf8)
            .components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(queries.count >= 40)
        #expect(try Self.compare(queries: queries, linesFile: linesFile) == [])
    }

    /// Lines and queries from a small alphabet of boundaries, delimiters, cases, digits and
    /// folded letters, where every scoring rule and tiebreak decides some ranking.
    @Test("adversarial random lines and queries rank exactly as fzf",
          .enabled(if: FzfOracle.isAvailable, "needs /usr/bin/fzf"), arguments: [1, 2, 3])
    func adversarial(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let alphabet = Array("aabbcAB-_/ .:;|,1(") + ["é", "É", "ö", "ß", "\t", "Š", "x", "z", "ầ", "Ắ"]
        let lines = (0..<300).map { _ in String((0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] }) }
        let operators = ["", "", "", "'", "^", "!", "!^", "!'"]
        let queries = (0..<60).map { _ in
            (0..<(1 + random.next(3))).map { _ -> String in
                let text = String((0..<(1 + random.next(4))).map { _ in Array("abcAB-/.1_ ")[random.next(10)] })
                return operators[random.next(operators.count)] + text + (random.next(7) == 0 ? "$" : "")
                    + (random.next(7) == 0 ? " |" : "")
            }.joined(separator: " ")
        }
        let folder = try FzfOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let linesFile = folder.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: linesFile, atomically: true, encoding: .utf8)
        #expect(try Self.compare(queries: queries, linesFile: linesFile) == [])
    }
}

/// A small seeded generator, so failures reproduce.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
