import Foundation
import Testing

/// A file name, a playlist file's name and a yt-dlp title anyone can choose, holding what
/// drives a terminal (OSC 52 writes the clipboard, `ESC [ 2 J` clears the screen, `\r`
/// overwrites the line, `\n` splits a record, BEL, DEL and the 8-bit CSI U+009B): every line of
/// human output, on stdout and stderr, shows them as `\x1B`, one record per line; `--json`
/// escapes them and holds the value; `--print0` gives the bytes as they are (docs/query.md,
/// "Control characters in output").
@Suite("Terminal escapes: human output shows control characters, data keeps them")
struct TerminalEscapeTests {
    static let hostile = "\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\r\n\u{7F}\u{9B}31m"
    /// `hostile` as every line shows it.
    static let shown = #"\x1B]52;c;aGk=\x07\x1B[2J\x0D\x0A\x7F\xC2\x9B31m"#

    let mixtape = MixtapeProcess()
    /// The source folder, its name hostile too (`sources`, every `{location}`).
    var root: String { mixtape.folder + "/Lib" + Self.hostile }

    /// Indexes `root`: `A….wav` titled by its `.info.json`, `B….wav` titled by its name and
    /// `plain.wav` with a sidecar that is not JSON (a warning naming the file), and a playlist
    /// file `P….m3u8` of `plain.wav`; then selects every item.
    func makeLibrary() throws -> MixtapeProcess.Result {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for stem in ["A" + Self.hostile, "B" + Self.hostile, "plain"] {
            try MixtapeProcess.tool("sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", root + "/" + stem + ".wav",
                                            "synth", "0.2", "sine", "440"])
        }
        let title = #"Title\u001b]52;c;aGk=\u0007\u001b[2J\r\n\u007f\u009b31m"#
        try Data(#"{"title": "\#(title)", "uploader": "Chan"}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/A" + Self.hostile + ".info.json"))
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: root + "/plain.info.json"))
        try Data("#EXTM3U\nplain.wav\n".utf8).write(to: URL(fileURLWithPath: root + "/P" + Self.hostile + ".m3u8"))
        let indexed = try mixtape.run(["index", root])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        let ids = try mixtape.run(["search", "--json"]).records.compactMap { $0["id"] as? String }
        try #require(ids.count == 3)
        let selected = try mixtape.run(["select", "add", "--id"] + ids)
        try #require(selected.status == 0, "\(selected.stderr)")
        return indexed
    }

    /// The scalars of `text` a terminal would act on: C0 but the newline ending a line and a
    /// tab, DEL and C1.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test("a line of human output per record, no control character in it", arguments: [
        (["search"], 3), (["search", "--format", "{title} {location}"], 3), (["search", "--format", "{location}", "'plain"], 1),
        (["select", "list"], 3), (["select", "list", "--format", "{location}"], 3),
        (["playlists"], 1), (["sources"], 1),
    ])
    func humanLines(arguments: [String], records: Int) throws {
        let indexed = try makeLibrary()
        #expect(Self.controls(indexed.stderr).isEmpty, "\(indexed.stderr)")
        let result = try mixtape.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.controls(result.stdout).isEmpty, "\(result.stdout.debugDescription)")
        #expect(result.lines.count == records, "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains(Self.shown), "\(result.stdout.debugDescription)")
    }

    @Test("messages on stderr: a warning, a report, an error and a query's caret show them too")
    func messages() throws {
        let indexed = try makeLibrary()
        #expect(indexed.stderr.contains("Lib" + Self.shown + "/plain.info.json:1:"), "\(indexed.stderr.debugDescription)")
        #expect(Self.controls(indexed.stderr).isEmpty)
        let report = try mixtape.run(["select", "toggle", "31m"])
        #expect(report.stderr.contains("Chan - Title" + Self.shown), "\(report.stderr.debugDescription)")
        #expect(Self.controls(report.stderr).isEmpty)
        let missing = try mixtape.run(["index", root + "/gone" + Self.hostile])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("gone" + Self.shown), "\(missing.stderr.debugDescription)")
        #expect(Self.controls(missing.stderr).isEmpty)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr.debugDescription)")
        let query = try mixtape.run(["search", "year:19\u{1B}[2Jx0", "live"])
        #expect(query.status == 2)
        #expect(Self.controls(query.stderr).isEmpty)
        let lines = query.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(query.stderr.debugDescription)")
        #expect(lines.dropFirst().first == #"year:19\x1B[2Jx0 live"#)
        #expect(lines.dropFirst(2).first == "^" + String(repeating: "~", count: 15), "the caret underlines the term as shown")
    }

    @Test("--json escapes them (C1 too) and holds the value", arguments: [
        ["search", "--json"], ["select", "list", "--json"], ["playlists", "--json"], ["sources", "--json"],
    ])
    func json(arguments: [String]) throws {
        _ = try makeLibrary()
        let result = try mixtape.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.controls(result.stdout).isEmpty, "\(result.stdout.debugDescription)")
        #expect(result.records.count == result.lines.count, "every line is a JSON object")
        let values = result.records.flatMap { record in ["title", "name", "path", "location"].compactMap { record[$0] as? String } }
        #expect(values.contains { $0.contains(Self.hostile) }, "\(values)")
        #expect(!result.stdout.contains("\u{9B}"), "U+009B escaped as \\u009b")
    }

    @Test("--print0 writes the bytes as they are, where the same records as lines show them")
    func print0() throws {
        _ = try makeLibrary()
        let paths: Set<String> = [root + "/A" + Self.hostile + ".wav", root + "/B" + Self.hostile + ".wav", root + "/plain.wav"]
        let data = try mixtape.run(["search", "--print0", "--format", "{location}"])
        #expect(data.status == 0, "\(data.stderr)")
        #expect(Set(data.stdout.split(separator: "\0").map(String.init)) == paths)
        let lines = try mixtape.run(["search", "--format", "{location}"])
        let shown = Set(paths.map { $0.replacingOccurrences(of: Self.hostile, with: Self.shown) })
        #expect(Set(lines.lines) == shown, "\(lines.stdout.debugDescription)")
    }
}
