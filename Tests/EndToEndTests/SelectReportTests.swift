import Foundation
import Testing

/// `select add|remove|toggle` say what they did (the items by name, the first ten and a count
/// of the rest, what was already selected) and `--dry-run` says the same without saving.
@Suite("select reports what it did")
struct SelectReportTests {
    /// `Artist - Title` of each match, in search order, as the report names items.
    static func names(_ scratch: MixtapeProcess, _ query: String) throws -> [String] {
        try scratch.run(["search", "--json", query]).records.map { record in
            switch (record["artist"] as? String, record["title"] as? String) {
            case let (artist?, title?): "\(artist) - \(title)"
            case let (nil, title?): title
            default: record["id"] as? String ?? "?"
            }
        }
    }

    static func lines(_ result: MixtapeProcess.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init)
    }

    @Test("add names what it added and counts what was already there")
    func addNamesItems() throws {
        let scratch = try SearchTests.indexed()
        let beyonce = try SelectReportTests.names(scratch, "beyonce")
        try #require(beyonce.count == 2)
        let first = try scratch.run(["select", "add", "beyonce"])
        #expect(first.status == 0)
        #expect(SelectReportTests.lines(first) == ["added 2 items:"] + beyonce.map { "  " + $0 } + ["2 selected"])
        let again = try scratch.run(["select", "add", "beyonce"])
        #expect(SelectReportTests.lines(again) == ["nothing changed, 2 already selected; 2 selected"])
        let quiet = try scratch.run(["select", "add", "--quiet", "beyonce"])
        #expect(quiet.stderr.isEmpty)
    }

    @Test("more than ten: the first ten by name, then how many more; -v names them all")
    func firstTenThenACount() throws {
        let scratch = try SearchTests.indexed()
        let all = try SelectReportTests.names(scratch, "year:1900..2100")
        try #require(all.count > 12, "\(all.count) matches")
        let result = try scratch.run(["select", "add", "year:1900..2100"])
        #expect(SelectReportTests.lines(result) == ["added \(all.count) items:"] + all.prefix(10).map { "  " + $0 }
                + ["  … and \(all.count - 10) more", "\(all.count) selected"])
        let verbose = try scratch.run(["select", "remove", "-v", "year:1900..2100"])
        #expect(SelectReportTests.lines(verbose).filter { $0.hasPrefix("  ") } == all.map { "  " + $0 })
        #expect(SelectReportTests.lines(verbose).contains("removed \(all.count) items:"))
    }

    @Test("--dry-run reports the same edit and saves nothing")
    func dryRun() throws {
        let scratch = try SearchTests.indexed()
        #expect(try scratch.run(["select", "add", "beyonce"]).status == 0)
        let query = "'harbour | beyonce"
        let names = try SelectReportTests.names(scratch, query).filter { !$0.contains("Beyonc") }
        let dry = try scratch.run(["select", "add", "--dry-run", query])
        #expect(dry.status == 0)
        let total = names.count + 2
        #expect(SelectReportTests.lines(dry) == ["would add \(names.count) items:"] + names.map { "  " + $0 }
                + ["2 already selected; \(total) would be selected (--dry-run: nothing saved)"])
        #expect(try scratch.run(["select", "list", "--format", "{title}"]).lines.count == 2, "nothing saved")
        let real = try scratch.run(["select", "add", query])
        #expect(SelectReportTests.lines(real) == ["added \(names.count) items:"] + names.map { "  " + $0 }
                + ["2 already selected; \(total) selected"])
        let remove = try scratch.run(["select", "remove", "--dry-run", "beyonce"])
        #expect(SelectReportTests.lines(remove).first == "would remove 2 items:")
        #expect(SelectReportTests.lines(remove).last == "\(total - 2) would be selected (--dry-run: nothing saved)")
        #expect(try scratch.run(["select", "list", "--format", "{title}"]).lines.count == total)
        let toggle = try scratch.run(["select", "toggle", "--dry-run", "--id", "itunes:NOPE"])
        #expect(toggle.status == 1, "an unknown id alone changes nothing: exit 1 as before")
    }
}
