import GRDB
import MixtapeCore

/// What resolving playlist files (`ResolvePlaylistFiles`) reads and writes: the index as a
/// whole (`LibraryStore`, each call a transaction of its own), or the transaction a source is
/// being synced in (`LibraryStore.OpenTransaction`), so that the playlists change with the items
/// they name, in one commit.
public protocol PlaylistFileStore {
    func sources() throws -> [SourceRecord]
    func playlistFiles() throws -> [(source: String, record: PlaylistFileRecord)]
    func playlistFiles(at paths: Set<String>) throws -> [(source: String, record: PlaylistFileRecord)]
    func playlistPlaces(ofFiles paths: Set<String>) throws -> [String: PlaylistPlace]
    func forEachLocation(_ body: (ItemID, _ location: String?, _ artist: String?, _ title: String?,
                                  _ startMs: Int64?) throws -> Void) throws
    func forEachFileHere(_ body: (ItemID, _ path: String, _ size: Int64?, _ durationMs: Int64?,
                                  _ startMs: Int64?) throws -> Void) throws
    /// The rules people set (`sources relocate`), by source path.
    func relocationRules() throws -> [String: [RelocationRule]]
    /// Keeps what relocation made of each playlist-file source named (by path).
    func keepRelocations(_ bySource: [String: PlaylistRelocation.Outcome]) throws
    func updateEntries(ofPlaylistsFromFiles playlists: [Playlist]) throws
    func replacePlaylists(fromFiles bySource: [String: [Playlist]]) throws
}

extension LibraryStore: PlaylistFileStore {}

/// Where a playlist derived from a playlist file stands: its name and its place among its
/// source's playlists.
public struct PlaylistPlace: Hashable, Sendable {
    public var name: String
    public var position: Int
}

extension LibraryStore {
    /// The transaction of a sync or patch, lent to its `derive` step: reads see what the
    /// sync wrote, writes join its commit. It lives only as long as that step.
    public struct OpenTransaction: PlaylistFileStore {
        let db: Database

        public func sources() throws -> [SourceRecord] { try translated { try LibraryStore.sources(in: db) } }

        public func playlistFiles() throws -> [(source: String, record: PlaylistFileRecord)] {
            try translated { try PlaylistFileRows.all(in: db) }
        }

        public func playlistFiles(at paths: Set<String>) throws -> [(source: String, record: PlaylistFileRecord)] {
            try translated { try PlaylistFileRows.all(in: db, paths: paths) }
        }

        public func playlistPlaces(ofFiles paths: Set<String>) throws -> [String: PlaylistPlace] {
            try translated { try LibraryStore.playlistPlaces(ofFiles: paths, in: db) }
        }

        public func forEachLocation(_ body: (ItemID, _ location: String?, _ artist: String?, _ title: String?,
                                             _ startMs: Int64?) throws -> Void) throws {
            try translated { try ItemReader.forEachLocation(in: db, body) }
        }

        public func forEachFileHere(_ body: (ItemID, _ path: String, _ size: Int64?, _ durationMs: Int64?,
                                             _ startMs: Int64?) throws -> Void) throws {
            try translated { try ItemReader.forEachFileHere(in: db, body) }
        }

        public func relocationRules() throws -> [String: [RelocationRule]] {
            try translated { try LibraryStore.relocationRules(in: db) }
        }

        public func keepRelocations(_ bySource: [String: PlaylistRelocation.Outcome]) throws {
            try translated { try LibraryStore.keepRelocations(bySource, in: db) }
        }

        public func updateEntries(ofPlaylistsFromFiles playlists: [Playlist]) throws {
            try translated { try LibraryStore.updateEntries(ofPlaylistsFromFiles: playlists, in: db) }
        }

        public func replacePlaylists(fromFiles bySource: [String: [Playlist]]) throws {
            try translated { try LibraryStore.replacePlaylists(fromFiles: bySource, in: db) }
        }

        private func translated<T>(_ body: () throws -> T) throws -> T { try StoreError.translating(body) }
    }
}
