import Foundation
import Testing

/// The cases of `Tests/Fixtures/fzf-cases.txt` (its header says the format): fzf 0.38's own
/// tests as sets of lines, each with queries whose output `search` must share with `fzf --filter`.
struct FzfCaseSet: CustomTestStringConvertible, Sendable {
    /// A query, and for a deliberate difference the reason and each side's expected output.
    struct Query: Sendable {
        /// Exactly as typed (one argument to `search`, `--filter`'s value for fzf).
        var text: String
        var difference: Difference?
    }

    /// A query where the spec differs from fzf on purpose: both outputs are written down, so
    /// the test still checks each side (and notices if fzf stops behaving so).
    struct Difference: Sendable {
        var reason: String
        var fzf: [String] = []
        var ours: [String] = []
    }

    /// Which fzf test the set comes from (the `## ` line).
    var name: String
    /// fzf's input, in order: the titles of the index, in library order.
    var lines: [String] = []
    var queries: [Query] = []
    /// The set's name, so a failure names the fzf test.
    var testDescription: String { name }

    /// The case file: runtime data, read from the checkout like the samples.
    static let file = MixtapeProcess.packageRoot + "/Tests/Fixtures/fzf-cases.txt"

    /// Every set of the file, in order; a malformed line stops the test run at once.
    static func load() -> [FzfCaseSet] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        var sets: [FzfCaseSet] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## ") {
                sets.append(FzfCaseSet(name: String(line.dropFirst(3))))
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard !sets.isEmpty, sets[sets.count - 1].add(String(line)) else {
                fatalError("\(file):\(number + 1): not a case line: \(line)")
            }
        }
        return sets
    }

    /// Adds one line of the file to this set; false when the line is not of the format.
    private mutating func add(_ line: String) -> Bool {
        if line.hasPrefix("| ") || line == "|" {
            lines.append(String(line.dropFirst(2)))
        } else if line.hasPrefix("+ ") {
            guard let generated = Self.generate(line.dropFirst(2).split(separator: " ").map(String.init)) else {
                return false
            }
            lines += generated
        } else if line.hasPrefix("?! ") {
            queries.append(Query(text: String(line.dropFirst(3)), difference: Difference(reason: "")))
        } else if line.hasPrefix("? ") {
            queries.append(Query(text: String(line.dropFirst(2))))
        } else if let difference = queries.last?.difference {
            return addToDifference(line, difference)
        } else {
            return false
        }
        return true
    }

    /// Adds a `because:`, `fzf:` or `ours:` line to the last query's difference.
    private mutating func addToDifference(_ line: String, _ difference: Difference) -> Bool {
        var difference = difference
        if line.hasPrefix("because: ") {
            difference.reason = String(line.dropFirst(9))
        } else if line.hasPrefix("fzf: ") {
            difference.fzf.append(String(line.dropFirst(5)))
        } else if line.hasPrefix("ours: ") {
            difference.ours.append(String(line.dropFirst(6)))
        } else {
            return false
        }
        queries[queries.count - 1].difference = difference
        return true
    }

    /// `seq A B`, or `runs C N C N …` (one line).
    private static func generate(_ words: [String]) -> [String]? {
        if words.count == 3, words[0] == "seq", let first = Int(words[1]), let last = Int(words[2]) {
            return (first...last).map(String.init)
        }
        guard words.first == "runs", words.count % 2 == 1 else { return nil }
        var line = ""
        for index in stride(from: 1, to: words.count, by: 2) {
            guard let count = Int(words[index + 1]) else { return nil }
            line += String(repeating: words[index], count: count)
        }
        return [line]
    }

    /// A minimal iTunes export whose tracks are `lines` as titles, numbered in order: with no
    /// artist or album, library order is the track number, so fzf's input order.
    static func itunesXML(_ lines: [String]) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>Tracks</key>
            <dict>

            """
        for (index, line) in lines.enumerated() {
            let id = index + 1
            let title = line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            xml += "<key>\(id)</key><dict><key>Track ID</key><integer>\(id)</integer>"
                + "<key>Name</key><string>\(title)</string><key>Track Number</key><integer>\(id)</integer>"
                + "<key>Persistent ID</key><string>\(String(format: "%016X", id))</string>"
                + "<key>Location</key><string>file:///music/\(id).mp3</string></dict>\n"
        }
        return xml + "</dict>\n<key>Playlists</key><array></array>\n</dict>\n</plist>\n"
    }
}

/// The real `fzf --filter`, with no user options in its environment.
enum FzfFilter {
    /// Debian's fzf, which scripts/install-deps.sh installs.
    static let path = "/usr/bin/fzf"

    /// Ours minus the variables through which a user's fzf options would change its output.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["FZF_DEFAULT_OPTS", "FZF_DEFAULT_COMMAND"] { environment[name] = nil }
        return environment
    }

    /// fzf's output lines and exit status for `query` over the lines in `file`.
    static func run(_ query: String, file: String) throws -> (lines: [String], status: Int32) {
        let result = try MixtapeProcess.execute("/bin/sh", ["-c", "exec \"$0\" --filter \"$1\" < \"$2\"", path, query, file],
                                                environment: environment)
        return (result.lines, result.status)
    }

    /// `fzf --version`, e.g. "0.38.0 (debian)".
    static func version() throws -> String {
        try MixtapeProcess.execute(path, ["--version"], environment: environment).stdout
    }
}
