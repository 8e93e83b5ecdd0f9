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

    /// Reads the playlists file, then streams the database, handing items to `onItems` in
    /// batches in file order (and the automatic playlists' rules to `onRules` first).
    public func read(onRules: ([SmartRule]) throws -> Void = { _ in },
                     onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onRules: onRules, onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its entries are mapped to items, so the
    /// caller maps them on a thread of its choosing. The playlists file is read first (it is
    /// small), so the automatic playlists' rules go to `onRules` before any item: whoever
    /// writes the items can gather what the rules will ask about as they go by. Its static
    /// playlists' entries are checked against the database's items once it has been read.
    public func read(onRules: ([SmartRule]) throws -> Void = { _ in },
                     onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let playlists = RhythmboxPlaylistSink(source: path)
        var playlistsHash: String?
        do {
            playlistsHash = try XMLEventStream.read(path: Self.playlistsPath(besides: path), into: playlists)
        } catch let error as SourceReadError where error.code == ENOENT {
            // No playlists.xml: a database Rhythmbox never saved playlists beside, or a copy.
        }
        try onRules(playlists.playlists.compactMap(\.rule))
        let sink = RhythmboxDatabaseSink(source: path)
        let databaseHash = try XMLEventStream.read(path: path, into: sink) {
            guard !sink.pending.isEmpty else { return }
            try onUnmapped(sink.takePending())
        }
        if !sink.pending.isEmpty { try onUnmapped(sink.takePending()) }
        var fingerprint = StableHash()
        fingerprint.combine(databaseHash)
        if let playlistsHash { fingerprint.combine(playlistsHash) }
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
        let playlistSink = RhythmboxPlaylistSink(source: name)
        if let playlists {
            try XMLEventStream.read(bytes: playlists, name: playlistsPath(besides: name), into: playlistSink)
        }
        let sink = RhythmboxDatabaseSink(source: name)
        try XMLEventStream.read(bytes: bytes, name: name, into: sink)
        let items = sink.takePending().items()
        return (items, RhythmboxLibraryReader(path: name).summary(sink, playlistSink, fingerprint: nil))
    }

    private func summary(_ database: RhythmboxDatabaseSink, _ playlists: RhythmboxPlaylistSink,
                         fingerprint: String?) -> LibraryReadSummary {
        LibraryReadSummary(playlists: playlists.playlists(knowing: database.ids),
                           warnings: database.warnings + playlists.warnings, trackCount: database.itemCount, applicationVersion: database.applicationVersion,
                           contentFingerprint: fingerprint)
    }
}
