import MixtapeCore

/// Turns the plist values the structural parser reports into `MediaItem`s, playlist drafts and
/// library facts. It knows the iTunes schema but nothing about XML or libxml2, so the parser
/// can be tested and optimised apart from the field mapping.
struct LibraryAssembler {
    let source: String
    /// Finished items not yet handed to the caller (the reader drains it between chunks).
    var pending: [MediaItem] = []
    private(set) var delivered = 0
    private(set) var warnings: [IndexWarning] = []
    private(set) var applicationVersion: String?
    private(set) var libraryPersistentID: String?
    private(set) var musicFolder: String?

    private var track = TrackDraft()
    private var playlist = PlaylistDraft()
    private var playlists: [PlaylistDraft] = []
    private var entryTrackID: Int64?
    /// Track ID → item id, to resolve playlist entries at the end.
    private var itemsByTrackID = TrackIDTable()
    /// Persistent IDs seen so far, as numbers: real ones are 16 hex digits, and hashing a
    /// UInt64 is far cheaper than hashing the id string 100,000 times.
    private var seenHexIDs: Set<UInt64> = []
    /// Every other id given out (odd Persistent IDs, derived ids), compared exactly.
    private var seen: Set<ItemID> = []

    init(source: String) {
        self.source = source
        pending.reserveCapacity(ITunesLibraryReader.batchSize * 2)
    }

    /// A container value opens in `context`; `parent`/`key` say where it sits.
    mutating func begin(_ context: LibraryContext, parent: LibraryContext, key: LibraryKey,
                        position: SourcePosition?) {
        switch context {
        case .track:
            track = TrackDraft()
            track.entryTrackID = entryTrackID
            track.position = position ?? track.position
        case .playlist:
            playlist = PlaylistDraft()
            playlist.index = playlists.count
            playlist.position = position ?? playlist.position
        case .playlistEntry:
            entryTrackID = nil
        default:
            if parent == .playlist, key == .smartInfo { playlist.isSmart = true }
        }
    }

    /// The container opened in `context` has closed.
    mutating func end(_ context: LibraryContext) {
        switch context {
        case .track: finishTrack()
        case .playlist: playlists.append(playlist)
        case .playlistEntry: if let entryTrackID { playlist.trackIDs.append(entryTrackID) }
        default: break
        }
    }

    /// A key of the `Tracks` dictionary: the Track ID as text, a fallback for tracks that lack
    /// a `Track ID` field.
    mutating func trackEntryKey(_ number: Int64?) {
        entryTrackID = number
    }

    /// A scalar value under `key` in a container of `context`; its text is in `text`.
    mutating func value(_ value: PlistValue, text: UnsafeBufferPointer<UInt8>, context: LibraryContext, key: LibraryKey) {
        switch context {
        case .track:
            track.set(key, value, text: text)
        case .playlist:
            playlist.set(key, value, text: text)
        case .playlistEntry:
            if key == .trackID, case .integer(let number) = value { entryTrackID = number }
        case .top:
            guard case .string = value else { return }
            switch key {
            case .applicationVersion: applicationVersion = String(decoding: text, as: UTF8.self)
            case .libraryPersistentID: libraryPersistentID = String(decoding: text, as: UTF8.self)
            case .musicFolder: musicFolder = LocationDecoder.decode(String(decoding: text, as: UTF8.self))
            default: break
            }
        default:
            break
        }
    }

    /// Hands out the pending items and counts them as delivered.
    mutating func takePending() -> [MediaItem] {
        delivered += pending.count
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Playlists with entries resolved, plus a warning per playlist with missing entries.
    mutating func resolvePlaylists() -> [Playlist] {
        var result: [Playlist] = []
        result.reserveCapacity(playlists.count)
        for draft in playlists {
            let resolved = draft.resolve(tracks: itemsByTrackID, source: source)
            if resolved.missing > 0 {
                warnings.append(IndexWarning(position: draft.position, message:
                    "playlist \"\(resolved.name)\": \(resolved.missing.counted("entry", "entries")) "
                    + "\(resolved.missing == 1 ? "names" : "name") no track in this file"))
            }
            result.append(resolved)
        }
        return result
    }

    private mutating func finishTrack() {
        var item = MediaItem(id: ItemID(rawValue: ""))
        swap(&item, &track.item)  // move the fields out instead of retaining each one
        if let persistentID = item.persistentID {
            item.id = .itunes(persistentID: persistentID)
            let fresh = track.persistentIDValue.map { seenHexIDs.insert($0).inserted }
                ?? seen.insert(item.id).inserted
            if !fresh {
                warnings.append(IndexWarning(position: track.position, message:
                    "Persistent ID \(persistentID) appears again; the later track (\(item.id)) replaces the earlier one"))
            }
        } else {
            let base = track.derivedID
            var candidate = base
            var suffix = 2
            while !seen.insert(candidate).inserted {
                candidate = ItemID(rawValue: base.rawValue + "-\(suffix)")
                suffix += 1
            }
            item.id = candidate
        }
        item.kind = track.hints.kind
        item.source = source
        if let trackID = item.trackID ?? track.entryTrackID { itemsByTrackID[trackID] = item.id }
        pending.append(item)
    }
}
