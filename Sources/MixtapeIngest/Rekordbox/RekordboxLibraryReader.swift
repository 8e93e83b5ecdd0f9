import MixtapeCore

/// Reads a rekordbox collection XML export (<DJ_PLAYLISTS>) as a stream into items and playlists (spec/sources.md).
public struct RekordboxLibraryReader: Sendable {
    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the file at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// Streams the file, handing items to `onItems` in batches in file order.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        throw MalformedSourceError(position: SourcePosition(file: path, line: 1, column: 1),
                                   reason: "rekordbox: not read yet")
    }

    /// Reads a file held in memory through the same path, for tests and fuzzing.
    public static func read(bytes: [UInt8], name: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        throw MalformedSourceError(position: SourcePosition(file: name, line: 1, column: 1),
                                   reason: "rekordbox: not read yet")
    }
}
