import MixtapeCore

/// Reads a Traktor collection, history or exported playlist (`<NML>`) as a stream into items
/// and playlists (spec/sources.md): the file goes through `XMLEventStream` a chunk at a time,
/// and items reach the caller in batches while it is read, so a 100,000-track collection never
/// sits in memory whole. Ids are `traktor:` + a hash of the track's PRIMARYKEY (volume +
/// path): they survive a re-export and reordering, not a move (README "Traktor").
public struct TraktorLibraryReader: Sendable {
    /// Items per `onItems` call (a batch may run over: it is cut between chunks). Small, so a
    /// batch stays in a core's cache while it is mapped and prepared (`SeratoLibraryReader`):
    /// 1,024 took 3 to 4% longer on a 100,000-track collection.
    static let batchSize = 128

    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the file at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// Streams the file, handing items to `onItems` in batches in file order. Throws
    /// `MalformedSourceError` with file:line:column for a malformed file or one whose root is not
    /// `<NML>`, `SourceReadError` when it cannot be read; errors from `onItems` propagate.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its entries are mapped to items, so the
    /// caller maps them on a thread of its choosing.
    public func read(onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let sink = TraktorSink(source: path)
        let fingerprint = try XMLEventStream.read(path: path, into: sink) {
            if sink.pending.count >= Self.batchSize { try onUnmapped(Self.take(sink)) }
        }
        if !sink.pending.isEmpty { try onUnmapped(Self.take(sink)) }
        var summary = Self.summary(of: sink)
        summary.contentFingerprint = fingerprint
        return summary
    }

    /// Reads a file held in memory through the same path, for tests and fuzzing; `name` stands
    /// in for the path in messages and `source`.
    public static func read(bytes: [UInt8], name: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        let sink = TraktorSink(source: name)
        var items: [MediaItem] = []
        try XMLEventStream.read(bytes: bytes, name: name, into: sink) { items += take(sink).items() }
        items += take(sink).items()
        return (items, summary(of: sink))
    }

    private static func take(_ sink: TraktorSink) -> UnmappedItems {
        UnmappedItems(taking: &sink.pending) { [source = sink.source] in $0.entry.item(source: source, id: $0.id) }
    }

    private static func summary(of sink: TraktorSink) -> LibraryReadSummary {
        let (playlists, warnings) = sink.tree.playlists(known: sink.known, source: sink.source)
        return LibraryReadSummary(playlists: playlists, warnings: sink.warnings + warnings,
                                  trackCount: sink.known.count, applicationVersion: sink.applicationVersion)
    }
}
