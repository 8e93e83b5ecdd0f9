/// One entry of a playlist file as it is written, before it is resolved to an item: the
/// location exactly as the file has it (a path, relative or absolute, Windows or POSIX, or a
/// URL) and what an `#EXTINF`, `TitleN=` or `<title>`/`<creator>` says about it.
public struct PlaylistFileEntry: Hashable, Sendable {
    public var location: String
    public var artist: String?
    public var title: String?
    /// From `#EXTINF`, `LengthN=` or `<duration>`; nil when unknown (M3U writes -1).
    public var durationMs: Int64?
    /// 1-based line of the location in the file (0 when unknown), for warnings.
    public var line: Int

    public init(location: String, artist: String? = nil, title: String? = nil, durationMs: Int64? = nil,
                line: Int = 0) {
        self.location = location
        self.artist = artist
        self.title = title
        self.durationMs = durationMs
        self.line = line
    }
}

/// What a playlist file holds: its own name if it states one (`#PLAYLIST:`, `<title>`), its
/// entries in order with repeats, and what was odd about it, by line.
public struct PlaylistFileContent: Hashable, Sendable {
    public var name: String?
    public var entries: [PlaylistFileEntry] = []
    /// Problems that did not stop the reading (an encoding fallback, a line that is no entry).
    public var problems: [PlaylistFileProblem] = []

    public init(name: String? = nil, entries: [PlaylistFileEntry] = [], problems: [PlaylistFileProblem] = []) {
        self.name = name
        self.entries = entries
        self.problems = problems
    }
}

/// A problem found while reading a playlist file: a warning, never a failure (sources.md: "a
/// playlist file that cannot be read is a warning with `file:line`").
public struct PlaylistFileProblem: Hashable, Sendable {
    /// 1-based; 0 for the file as a whole.
    public var line: Int
    /// 1-based; 0 when the problem is about the whole line.
    public var column: Int
    public var message: String

    public init(line: Int, column: Int = 0, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
