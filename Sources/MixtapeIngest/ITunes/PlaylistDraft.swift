import MixtapeCore

/// One playlist as read, with its entries still as export-local Track IDs: the `Playlists`
/// array may come before `Tracks`, so entries are resolved only at the end of the document.
struct PlaylistDraft {
    var name: String?
    var persistentID: String?
    var parentPersistentID: String?
    var isFolder = false
    var isSmart = false
    var isMaster = false
    var distinguishedKind: Int64?
    /// Entries read before every track was known, as Track IDs, resolved at the end.
    var trackIDs: [Int64] = []
    /// Entries resolved as they were read (`addEntry`), and those that named no track.
    var entries = PackedItemIDs()
    var missing = 0
    /// Index in the `Playlists` array, for derived ids and messages.
    var index = 0
    var position = SourcePosition(file: "", line: 0, column: 0)

    /// Applies one key's value; wrong types are ignored like track fields.
    mutating func set(_ key: LibraryKey, _ value: PlistValue, text: UnsafeBufferPointer<UInt8>) {
        switch (key, value) {
        case (.name, .string): name = String(decoding: text, as: UTF8.self)
        case (.playlistPersistentID, .string): persistentID = String(decoding: text, as: UTF8.self)
        case (.parentPersistentID, .string): parentPersistentID = String(decoding: text, as: UTF8.self)
        case (.folder, .bool(let flag)): isFolder = flag
        case (.smartInfo, _): isSmart = true
        case (.master, .bool(let flag)): isMaster = flag
        case (.distinguishedKind, .integer(let number)): distinguishedKind = number
        default: break
        }
    }

    /// Adds entry `trackID` to the resolved entries, or counts it missing.
    mutating func addEntry(_ trackID: Int64, tracks: TrackIDTable) {
        if !tracks.appendID(of: trackID, to: &entries) { missing += 1 }
    }

    /// The finished playlist, its entries packed (the Track IDs still waiting resolved now):
    /// entries naming no track are left out and counted in `missing`.
    func resolve(tracks: TrackIDTable, source: String) -> Playlist {
        let id: PlaylistID
        if let persistentID {
            id = .itunes(persistentID: persistentID)
        } else {
            var hash = StableHash()
            hash.combine(name ?? "")
            hash.combine(Int64(index))
            id = PlaylistID(rawValue: "itunes-playlist-derived:" + hash.hexDigest)
        }
        var playlist = Playlist(id: id, name: name ?? "")
        playlist.parentID = parentPersistentID.map { PlaylistID.itunes(persistentID: $0) }
        playlist.isFolder = isFolder
        playlist.isSmart = isSmart
        playlist.isMaster = isMaster
        playlist.distinguishedKind = distinguishedKind
        var draft = self
        for trackID in trackIDs { draft.addEntry(trackID, tracks: tracks) }
        playlist.packedItems = draft.entries
        playlist.missing = draft.missing
        playlist.source = source
        return playlist
    }
}
