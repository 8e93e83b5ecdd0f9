import MixtapeCore

/// How many of a library source's items have their file on this machine: what `doctor` says of
/// an export made on another computer, whose every path may name nothing here.
public struct FilesHere: Sendable, Equatable {
    /// Items whose location is a file that exists here.
    public var here = 0
    /// Items whose location is a path that names nothing here.
    public var missing = 0
    /// The first few missing paths, for the message.
    public var examples: [String] = []

    /// How many examples are kept.
    public static let exampleLimit = 2

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
            if examples.count < FilesHere.exampleLimit { examples.append(location) }
        }
    }
}
