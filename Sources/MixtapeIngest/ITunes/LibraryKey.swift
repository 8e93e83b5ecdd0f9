/// Every plist key the iTunes reader acts on, across the dictionaries it understands (the top
/// level, a track, a playlist, a playlist entry). Keys are matched to these cases from their
/// bytes (`LibraryKey+Lookup.swift`), so no String is created for a key.
enum LibraryKey: UInt8, Sendable {
    case unknown
    /// Any key of the `Tracks` dictionary (a Track ID written as text).
    case trackEntry

    // Top level.
    case tracks, playlists, applicationVersion, libraryPersistentID, musicFolder

    // Track strings.
    case name, artist, albumArtist, album, composer, genre, grouping, comments
    case persistentID, location, kindText
    // Track integers.
    case year, bpm, playCount, skipCount, bitRate, sampleRate, size
    case trackNumber, trackCount, discNumber, discCount, totalTime, rating, trackID
    // Track booleans.
    case loved, favorited, compilation, explicit, disabled
    case podcast, iTunesU, movie, tvShow, musicVideo, hasVideo, voiceMemo
    // Track dates.
    case dateAdded, dateModified, playDateUTC

    // Playlists.
    case playlistPersistentID, parentPersistentID, folder, smartInfo, master
    case distinguishedKind, playlistItems

    /// Whether a `<string>` under this key is kept, so its text must be collected.
    var keepsString: Bool {
        switch self {
        case .applicationVersion, .libraryPersistentID, .musicFolder,
             .name, .artist, .albumArtist, .album, .composer, .genre, .grouping, .comments,
             .persistentID, .location, .kindText, .playlistPersistentID, .parentPersistentID:
            true
        default:
            false
        }
    }
}
