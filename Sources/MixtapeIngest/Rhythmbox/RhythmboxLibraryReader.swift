#if canImport(Glibc)
import Glibc
#endif
import MixtapeCore

/// Reads a Rhythmbox database (`<rhythmdb>`, usually `~/.local/share/rhythmbox/rhythmdb.xml`)
/// and the `playlists.xml` Rhythmbox keeps beside it, as a stream, into items and playlists
/// (spec/sources.md). Both files go through `XMLEventStream` under the hostile-XML rules; a
/// malformed one of either is a `MalformedSourceError` located in that file, and nothing is
/// kept. A database with no playlists.xml beside it simply has no playlists.
///
/// Fields and ids: `RhythmboxEntry`; playlists: `RhythmboxPlaylistSink`; automatic playlists'
/// criteria: `RhythmboxQueryTranslator`.
public struct RhythmboxLibraryReader: Sendable {
    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the file at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// The playlists file Rhythmbox keeps beside the database at `path`.
    public static func playlistsPath(besides path: String) -> String {
        FolderPath.parent(of: path) + "/playlists.xml"
    }

    /// Streams the database, handing items to `onItems` in batches in file order, then reads
    /// the playlists file beside it.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its entries are mapped to items, so the
    /// caller maps them on a thread of its choosing.
    public func read(onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let sink = RhythmboxDatabaseSink(source: path)
        let databaseHash = try XMLEventStream.read(path: path, into: sink) {
            guard !sink.pending.isEmpty else { return }
            try onUnmapped(sink.takePending())
        }
        if !sink.pending.isEmpty { try onUnmapped(sink.takePending()) }
        let playlistsPath = Self.playlistsPath(besides: path)
        let playlists = RhythmboxPlaylistSink(source: path, knows: { [ids = sink.ids] in ids.contains($0) })
        var fingerprint = StableHash()
        fingerprint.combine(databaseHash)
        do {
            fingerprint.combine(try XMLEventStream.read(path: playlistsPath, into: playlists))
        } catch let error as SourceReadError where error.code == ENOENT {
            // No playlists.xml: a database Rhythmbox never saved playlists beside, or a copy.
        }
        return summary(sink, playlists, fingerprint: fingerprint.hexDigest)
    }

    /// Reads a file held in memory through the same path, for tests and fuzzing (no
    /// playlists file).
    public static func read(bytes: [UInt8], name: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        try read(bytes: bytes, playlists: nil, name: name)
    }

    /// Reads a database and, when given, its playlists file, both held in memory; the
    /// playlists file is named `playlists.xml` beside `name` in messages.
    public static func read(bytes: [UInt8], playlists: [UInt8]?,
                            name: String) throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        let sink = RhythmboxDatabaseSink(source: name)
        try XMLEventStream.read(bytes: bytes, name: name, into: sink)
        let items = sink.takePending().items()
        let playlistSink = RhythmboxPlaylistSink(source: name, knows: { [ids = sink.ids] in ids.contains($0) })
        if let playlists {
            try XMLEventStream.read(bytes: playlists, name: playlistsPath(besides: name), into: playlistSink)
        }
        return (items, RhythmboxLibraryReader(path: name).summary(sink, playlistSink, fingerprint: nil))
    }

    private func summary(_ database: RhythmboxDatabaseSink, _ playlists: RhythmboxPlaylistSink,
                         fingerprint: String?) -> LibraryReadSummary {
        LibraryReadSummary(playlists: playlists.playlists, warnings: database.warnings + playlists.warnings,
                           trackCount: database.itemCount, applicationVersion: database.applicationVersion,
                           contentFingerprint: fingerprint)
    }
}
