import MixtapeCore

/// How many of a library source's items have their file on this machine: what `doctor` says of
/// an export made on another computer, whose every path may name nothing here.
public struct FilesHere: Sendable, Equatable {
    /// Items whose location is a file that exists here.
    public var here = 0
    /// Items whose location is a path that names nothing here.
    public var missing = 0
    /// The first missing paths (distinct), which `doctor` lists.
    public var examples: [String] = []
    /// Entries relocation left ambiguous, with the files that could each be (the first ones).
    public var ambiguous: [(location: String, candidates: [String])] = []

    /// How many missing paths and ambiguous entries are kept: `doctor` lists these, and counts
    /// the rest, so a 100,000-entry export made elsewhere costs no more memory than a small one.
    public static let exampleLimit = 1_000

    public init(here: Int = 0, missing: Int = 0, examples: [String] = []) {
        self.here = here
        self.missing = missing
        self.examples = examples
    }

    /// Counts one item's location: a path (`/…`, `C:/…`, `//server/…`) found or not; a URL
    /// (a stream) or no location is not counted.
    mutating func count(_ location: String, exists: (String) -> Bool) {
        guard location.hasPrefix("/") || LocationEncoder.isDrivePath(location) else { return }
        if exists(location) {
            here += 1
        } else {
            missing += 1
            listMissing(location)
        }
    }

    /// Lists a missing path already counted (a playlist file's unresolved entry); a URL is
    /// no file.
    mutating func listMissing(_ location: String) {
        guard location.hasPrefix("/") || LocationEncoder.isDrivePath(location) else { return }
        if examples.count < FilesHere.exampleLimit, examples.last != location { examples.append(location) }
    }

    mutating func addAmbiguous(_ location: String, candidates: String) {
        guard ambiguous.count < FilesHere.exampleLimit else { return }
        ambiguous.append((location, candidates.split(separator: "\n").map(String.init)))
    }

    public static func == (left: FilesHere, right: FilesHere) -> Bool {
        left.here == right.here && left.missing == right.missing && left.examples == right.examples
            && left.ambiguous.map(\.location) == right.ambiguous.map(\.location)
            && left.ambiguous.map(\.candidates) == right.ambiguous.map(\.candidates)
    }
}
