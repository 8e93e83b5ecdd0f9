import Foundation
import Testing

/// fzf 0.38's own tests (`Tests/Fixtures/fzf-cases.txt`), run through `search` and the real
/// `fzf --filter` side by side: the same lines in the same order, the same exit status. The
/// spec's one deliberate difference (an accented query term folds too) is written down per
/// query with both sides' output. One index per set of lines; the sets run in parallel.
@Suite("fzf 0.38's own cases: search prints what fzf --filter prints")
struct FzfCasesTests {
    /// Loaded once: the parametrized test's arguments.
    static let sets = FzfCaseSet.load()

    /// Indexes `lines` as the titles of a fresh index and writes them as fzf's input file.
    static func indexed(_ lines: [String]) throws -> (scratch: MixtapeProcess, input: String) {
        let scratch = MixtapeProcess()
        let export = try scratch.write("Library.xml", FzfCaseSet.itunesXML(lines))
        let indexed = try scratch.run(["index", export])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        let input = try scratch.write("lines.txt", lines.map { $0 + "\n" }.joined())
        // The index must hold exactly the lines, in order, or nothing below means anything.
        try #require(try scratch.run(["search", "--format", "{title}"]).lines == lines)
        return (scratch, input)
    }

    /// Fails (rather than skips) without fzf 0.38: the expected differences are its output.
    static func requireFzf() throws {
        try #require(FileManager.default.isExecutableFile(atPath: FzfFilter.path),
                     "fzf is missing: scripts/install-deps.sh installs it")
        let version = try FzfFilter.version()
        try #require(version.hasPrefix("0.38."), "the cases are fzf 0.38's; this fzf is \(version)")
    }

    @Test("the case file has the sets of fzf's tests") func caseFile() {
        #expect(Self.sets.count >= 25)
        #expect(Self.sets.reduce(0) { $0 + $1.queries.count } >= 140)
        #expect(Self.sets.allSatisfy { !$0.lines.isEmpty && !$0.queries.isEmpty })
        #expect(Self.sets.flatMap(\.queries).compactMap(\.difference).allSatisfy { !$0.reason.isEmpty })
    }

    @Test("search and fzf --filter agree on every query", arguments: sets)
    func agree(_ set: FzfCaseSet) throws {
        try Self.requireFzf()
        let (scratch, input) = try Self.indexed(set.lines)
        for query in set.queries {
            let ours = try scratch.run(["search", "--format", "{title}", "--", query.text])
            let theirs = try FzfFilter.run(query.text, file: input)
            let context = "query \"\(query.text)\""
            #expect(ours.stderr.isEmpty, "\(context): \(ours.stderr)")
            guard let difference = query.difference else {
                #expect(ours.lines == theirs.lines, "\(context)")
                #expect(ours.status == theirs.status, "\(context)")
                continue
            }
            #expect(theirs.lines == difference.fzf, "\(context): fzf no longer differs so")
            #expect(ours.lines == difference.ours, "\(context): \(difference.reason)")
            #expect(ours.status == (difference.ours.isEmpty ? 1 : 0), "\(context)")
        }
    }

    /// fzf's table, checked whole: a line per code point it folds from (U+00C0…U+2184), and a
    /// query per letter. A capital is case-sensitive, so it finds the code points that fold to
    /// it; a small letter ignores case, so it finds those whose lower case folds to it.
    @Test("every precomposed letter folds as fzf 0.38 folds it, the Vietnamese ones included")
    func foldingTable() throws {
        try Self.requireFzf()
        let lines = (0xC0...0x2184).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        let (scratch, input) = try Self.indexed(lines)
        var folded = 0
        for letter in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            let ours = try scratch.run(["search", "--format", "{title}", "--", String(letter)])
            let theirs = try FzfFilter.run(String(letter), file: input)
            #expect(ours.lines == theirs.lines, "\(letter)")
            folded += theirs.lines.count
        }
        // The 60 Vietnamese letters are among them, each found by its base letter.
        for code in [0x1EA4, 0x1EB7, 0x1EC2, 0x1ED0, 0x1EDC, 0x1EF0, 0x1EF1] {
            let letter = Character(Unicode.Scalar(code)!)
            let base = String(letter).decomposedStringWithCanonicalMapping.first!
            #expect(try scratch.run(["search", "--format", "{title}", "--", String(base)]).lines.contains(String(letter)))
        }
        #expect(folded > 600)
    }
}
