/// A place in a source file, for messages in the `file:line:column` form editors understand.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when unknown (an empty file has no line).
    public var line: Int
    /// 1-based; 0 when unknown.
    public var column: Int
    /// For a binary file, which has no lines (a Serato database): the byte offset of the
    /// record at fault, 0-based; nil for text.
    public var byteOffset: Int?

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A place in a binary file: its byte offset (0-based).
    public init(file: String, byteOffset: Int) {
        self.init(file: file, line: 0, column: 0)
        self.byteOffset = byteOffset
    }

    /// `file:line:column`; a warning about the whole file (a damaged media file, a playlist
    /// file's encoding) has no line and is just `file`, not a meaningless `file:0:0`; a place
    /// in a binary file is `file at byte N`.
    public var description: String {
        if let byteOffset { return "\(file) at byte \(byteOffset)" }
        return line <= 0 ? file : column <= 0 ? "\(file):\(line)" : "\(file):\(line):\(column)"
    }
}

/// A source whose bytes could not be read as what they claim to be (exit 65, spec/cli.md).
/// The index is left exactly as it was for that source.
public struct MalformedSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var reason: String

    public init(position: SourcePosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "\(position): \(reason)" }
}

/// Something worth telling the user that did not stop a source from being indexed
/// (a duplicated Persistent ID, a playlist entry naming no track, ...).
public struct IndexWarning: Hashable, Sendable, CustomStringConvertible {
    public var position: SourcePosition?
    public var message: String

    public init(position: SourcePosition?, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String {
        position.map { "\($0): \(message)" } ?? message
    }
}
