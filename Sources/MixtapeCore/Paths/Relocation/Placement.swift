/// Where relocation put one entry (spec/sources.md, "Where the files are now").
public enum Placement: Hashable, Sendable {
    /// The path as written, or the same path but for NFC/NFD or letter case.
    case asWritten(String)
    /// Through the rule at this index of `Relocation.rules`.
    case byRule(Int, String)
    /// The only file here with its name and size (or duration).
    case byName(String)
    /// Two or more equally good candidates: left unresolved, never guessed.
    case ambiguous([String])
    /// No file here.
    case missing

    /// The file here, when one was found.
    public var path: String? {
        switch self {
        case .asWritten(let path), .byRule(_, let path), .byName(let path): path
        case .ambiguous, .missing: nil
        }
    }
}

/// What relocation did for one source: the rules it used and how many entries each rule and
/// step found, as `index`, `sources --json` and `doctor` report it.
public struct Relocation: Hashable, Sendable {
    /// The rules in the order they were tried: the person's, then the learned ones.
    public var rules: [RelocationRule] = []
    /// Entries found through each rule (same index as `rules`).
    public var foundByRule: [Int] = []
    public var foundAsWritten = 0
    public var foundByName = 0
    /// Entries of a playlist file no path settled, found by their `#EXTINF` artist and title
    /// (spec/sources.md, "Playlist files": the last rule).
    public var foundByTags = 0
    public var missing = 0
    public var ambiguous = 0
    /// Set when the search for files here stopped short (a tree too large to walk): said in
    /// the report, since entries may be missing only because of it.
    public var note: String?

    public init() {}

    /// Entries found here by any step.
    public var found: Int { foundAsWritten + foundByRule.reduce(0, +) + foundByName + foundByTags }
    /// Every entry that names a file.
    public var entries: Int { found + missing + ambiguous }

    mutating func count(_ placement: Placement) {
        switch placement {
        case .asWritten: foundAsWritten += 1
        case .byRule(let rule, _): foundByRule[rule] += 1
        case .byName: foundByName += 1
        case .ambiguous: ambiguous += 1
        case .missing: missing += 1
        }
    }
}
