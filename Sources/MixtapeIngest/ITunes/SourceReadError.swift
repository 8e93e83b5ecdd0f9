/// A source file that could not be opened or read at all (missing, unreadable, a directory).
/// Distinct from `MalformedSourceError`: the bytes were never seen, so there is no position.
public struct SourceReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The `errno` value, for callers that map it to an exit code.
    public var code: Int32
    public var reason: String

    /// An error for `path` with the `errno` value `code` and its text.
    public init(path: String, code: Int32, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
