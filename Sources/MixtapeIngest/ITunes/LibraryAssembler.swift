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

    /// Playlists resolved as soon as they closed, not yet handed to the caller (the reader
    /// drains it between chunks, like `pending`).
    var pendingPlaylists: [Playlist] = []

    private var track = TrackDraft()
    private var playlist = PlaylistDraft()
    /// Playlists that closed before the track list did, resolved at the end of the document.
    private var deferred: [PlaylistDraft] = []
    /// Playlists seen so far, for the index of the next one.
    private var playlistCount = 0
    /// Whether the `Tracks` dictionary has closed, so a playlist can be resolved as it closes.
    private var tracksClosed = false
    private var entryTrackID: Int64?
    /// Track ID → item id, to resolve playlist entries, and the hex Persistent IDs seen so far
    /// (as numbers: hashing a UInt64 is far cheaper than hashing the id string).
    private var itemsByTrackID = TrackIDTable()
    /// The folder links of the playlists resolved so far, to break a cycle of them.
    private var folderLinks = PlaylistLinks<PlaylistID>()
    /// Every other id given out (odd Persistent IDs, derived ids), compared exactly.
    private var seen: Set<ItemID> = []
    /// For a derived id that came more than once, the suffix its next repeat tries first:
    /// tracks of an old library often share every field the id is made of, and counting up
    /// from 2 for each of them made 10,000 such tracks take 35 s instead of 1.4.
    private var nextSuffix: [ItemID: Int] = [:]

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
            playlist.index = playlistCount
            playlistCount += 1
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
        case .tracks:
            tracksClosed = true
            // Let the Persistent IDs' index go before the playlists come. (A second `Tracks`
            // key would still replace repeated ids, only without the warning; derived ids stay
            // unique, `seen` is kept.)
            itemsByTrackID.forgetPersistentIDs()
        case .playlist:
            // Resolved at once when every track is known, so a library's playlists stream out
            // as they are read instead of all waiting, as Track IDs, for the end of the file;
            // in file order: once one waits, the rest wait too.
            if tracksClosed, deferred.isEmpty {
                pendingPlaylists.append(resolve(playlist))
            } else {
                deferred.append(playlist)
            }
        case .playlistEntry:
            guard let entryTrackID else { break }
            // Resolved as read once the playlist will be (every track known, none waiting
            // before it), so a million-entry playlist is never held as Track IDs too.
            if tracksClosed, deferred.isEmpty {
                playlist.addEntry(entryTrackID, tracks: itemsByTrackID)
            } else {
                playlist.trackIDs.append(entryTrackID)
            }
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

    /// Hands out the playlists resolved as they closed.
    mutating func takePendingPlaylists() -> [Playlist] {
        defer { pendingPlaylists.removeAll() }
        return pendingPlaylists
    }

    /// The playlists that had to wait for the end of the document, resolved now.
    mutating func resolveDeferredPlaylists() -> [Playlist] {
        defer { deferred.removeAll() }
        return deferred.map { resolve($0) }
    }

    /// One playlist with its entries packed, plus a warning when entries name no track.
    private mutating func resolve(_ draft: PlaylistDraft) -> Playlist {
        var resolved = draft.resolve(tracks: itemsByTrackID, source: source)
        if let parent = resolved.parentID, !folderLinks.link(resolved.id, to: parent) {
            // Its folder is itself or inside it: every walk of the tree would loop or lose the
            // cycle's playlists, so this one, the last of the cycle read, goes to the top.
            warnings.append(IndexWarning(position: draft.position, message:
                "playlist \"\(resolved.name)\": its Parent Persistent ID \(draft.parentPersistentID ?? parent.rawValue) "
                + "is the playlist itself or a folder inside it (a cycle); listed at the top level"))
            resolved.parentID = nil
        }
        if resolved.missing > 0 {
            warnings.append(IndexWarning(position: draft.position, message:
                "playlist \"\(resolved.name)\": \(resolved.missing.counted("entry", "entries")) "
                + "\(resolved.missing == 1 ? "names" : "name") no track in this file"))
        }
        return resolved
    }

    private mutating func finishTrack() {
        // Made from the fields before they move out of the draft: made after, every track
        // without a Persistent ID had the id of empty fields, told apart only by file order.
        let derived = track.item.persistentID == nil ? track.derivedID : nil
        var item = MediaItem(id: ItemID(rawValue: ""))
        swap(&item, &track.item)  // move the fields out instead of retaining each one
        let hex = item.persistentID == nil ? nil : track.persistentIDValue
        if let persistentID = item.persistentID {
            item.id = .itunes(persistentID: persistentID)
        } else if let base = derived {
            // The first track of its content gets the derived id, the next ones `-2`, `-3`…
            // in file order, so a re-export gives every one of them the same id again.
            var candidate = base
            if !seen.insert(base).inserted {
                var suffix = nextSuffix[base, default: 2]
                repeat {
                    candidate = ItemID(rawValue: base.rawValue + "-\(suffix)")
                    suffix += 1
                } while !seen.insert(candidate).inserted
                nextSuffix[base] = suffix
            }
            item.id = candidate
        }
        // The table tells whether a hex Persistent ID came before; `seen` any other.
        let fresh = itemsByTrackID.add(item.id, hex: hex, trackID: item.trackID ?? track.entryTrackID)
        if let persistentID = item.persistentID, !(hex == nil ? seen.insert(item.id).inserted : fresh) {
            warnings.append(IndexWarning(position: track.position, message:
                "Persistent ID \(persistentID) appears again; the later track (\(item.id)) replaces the earlier one"))
        }
        item.kind = track.hints.kind
        item.source = source
        pending.append(item)
    }
}
