import MixtapeCore

/// Reads a rekordbox collection XML export (`<DJ_PLAYLISTS>`, File › Export Collection in xml
/// format) as a stream into items and playlists (spec/sources.md).
///
/// The file goes through `XMLEventStream` (libxml2's push parser under the hostile-XML rules: no
/// entity expansion, no DTD, no network, a depth cap) a chunk at a time, so a 100,000-track
/// collection never sits in memory: items are handed to the caller after each chunk. The field
/// mapping is `RekordboxTrack`'s, Locations are decoded by `RekordboxLocation`, the playlist
/// tree is `RekordboxPlaylistTree`'s. Any malformed document throws `MalformedSourceError`
/// with file:line:column.
public struct RekordboxLibraryReader: Sendable {
    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the file at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// Streams the file, handing items to `onItems` in batches in file order. Throws
    /// `MalformedSourceError` for a malformed file, `SourceReadError` for one that cannot be
    /// read; errors from `onItems` propagate unchanged.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        let sink = RekordboxSink(source: path)
        let fingerprint = try XMLEventStream.read(path: path, into: sink, afterChunk: { try sink.flush(onItems) })
        try sink.flush(onItems)
        var summary = Self.summary(of: sink)
        summary.contentFingerprint = fingerprint
        return summary
    }

    /// Reads a file held in memory through the same path, for tests and fuzzing; `name` stands
    /// in for the path in messages and `source`.
    public static func read(bytes: [UInt8], name: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        let sink = RekordboxSink(source: name)
        var items: [MediaItem] = []
        let collect: ([MediaItem]) -> Void = { items.append(contentsOf: $0) }
        try XMLEventStream.read(bytes: bytes, name: name, into: sink, afterChunk: { try sink.flush(collect) })
        try sink.flush(collect)
        return (items, summary(of: sink))
    }

    private static func summary(of sink: RekordboxSink) -> LibraryReadSummary {
        LibraryReadSummary(playlists: sink.playlists(), warnings: sink.warnings, trackCount: sink.delivered,
                           applicationVersion: sink.applicationVersion)
    }
}
