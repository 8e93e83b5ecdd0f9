/// What a container of the plist means to the iTunes reader. The structural parser keeps one per
/// open `<dict>`/`<array>`, so a value is interpreted by where it sits, whatever the key order.
enum LibraryContext: UInt8, Sendable {
    /// Inside `<plist>`, before its single value.
    case root
    case top
    case tracks
    case track
    case playlists
    case playlist
    case playlistItems
    case playlistEntry
    /// Anything the reader only validates.
    case other

    /// What a key of a dictionary in this context means; keys the reader does not act on
    /// (and keys of dictionaries it only validates) are `.unknown`.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> LibraryKey {
        switch self {
        case .top: LibraryKey.topLevel(key)
        case .track: LibraryKey.track(key)
        case .playlist: LibraryKey.playlist(key)
        case .playlistEntry: LibraryKey.playlistEntry(key)
        default: .unknown
        }
    }

    /// Where a value of `element` under `key` in this container belongs, or why it cannot be
    /// there. Only the shapes the library relies on are enforced; the rest is validated as
    /// plain plist.
    func child(_ element: PlistElement, key: LibraryKey) -> Result<LibraryContext, PlacementError> {
        switch (self, key) {
        case (.root, _):
            return element == .dict ? .success(.top)
                : .failure(PlacementError("not an iTunes library: the <plist> holds <\(element)>, expected <dict>"))
        case (.top, .tracks):
            return element == .dict ? .success(.tracks)
                : .failure(PlacementError("<key>Tracks</key> must be followed by <dict>, found <\(element)>"))
        case (.top, .playlists):
            return element == .array ? .success(.playlists)
                : .failure(PlacementError("<key>Playlists</key> must be followed by <array>, found <\(element)>"))
        case (.tracks, _):
            return element == .dict ? .success(.track)
                : .failure(PlacementError("a track must be a <dict>, found <\(element)>"))
        case (.playlists, _):
            return element == .dict ? .success(.playlist)
                : .failure(PlacementError("a playlist must be a <dict>, found <\(element)>"))
        case (.playlist, .playlistItems):
            return element == .array ? .success(.playlistItems)
                : .failure(PlacementError("<key>Playlist Items</key> must be followed by <array>, found <\(element)>"))
        case (.playlistItems, _):
            return .success(element == .dict ? .playlistEntry : .other)
        default:
            return .success(.other)
        }
    }
}

/// Why a value cannot stand where it was found.
struct PlacementError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
