/// Key lookups for each dictionary the reader understands, as plain switches over the key's
/// length and bytes: no String, no hashing and no shared table to retain, for the millions of
/// keys in a large library. The spellings are the exact keys iTunes writes (case-sensitive).
extension LibraryKey {
    /// Keys of the top-level dictionary.
    static func topLevel(_ key: UnsafeBufferPointer<UInt8>) -> LibraryKey {
        switch key.count {
        case 6:
            if key.spells("Tracks") { return .tracks }
        case 9:
            if key.spells("Playlists") { return .playlists }
        case 12:
            if key.spells("Music Folder") { return .musicFolder }
        case 19:
            if key.spells("Application Version") { return .applicationVersion }
        case 21:
            if key.spells("Library Persistent ID") { return .libraryPersistentID }
        default: break
        }
        return .unknown
    }

    /// Keys of one track dictionary (spec/json.md, "Item").
    static func track(_ key: UnsafeBufferPointer<UInt8>) -> LibraryKey {
        switch key.count {
        case 3:
            if key.spells("BPM") { return .bpm }
        case 4:
            if key.spells("Name") { return .name }
            if key.spells("Kind") { return .kindText }
            if key.spells("Year") { return .year }
            if key.spells("Size") { return .size }
        case 5:
            if key.spells("Album") { return .album }
            if key.spells("Genre") { return .genre }
            if key.spells("Loved") { return .loved }
            if key.spells("Movie") { return .movie }
        case 6:
            if key.spells("Artist") { return .artist }
            if key.spells("Rating") { return .rating }
        case 7:
            if key.spells("Podcast") { return .podcast }
            if key.spells("iTunesU") { return .iTunesU }
            if key.spells("TV Show") { return .tvShow }
        case 8:
            if key.spells("Composer") { return .composer }
            if key.spells("Grouping") { return .grouping }
            if key.spells("Comments") { return .comments }
            if key.spells("Location") { return .location }
            if key.spells("Bit Rate") { return .bitRate }
            if key.spells("Track ID") { return .trackID }
            if key.spells("Explicit") { return .explicit }
            if key.spells("Disabled") { return .disabled }
        case 9:
            if key.spells("Favorited") { return .favorited }
            if key.spells("Has Video") { return .hasVideo }
        case 10:
            if key.spells("Play Count") { return .playCount }
            if key.spells("Skip Count") { return .skipCount }
            if key.spells("Disc Count") { return .discCount }
            if key.spells("Total Time") { return .totalTime }
            if key.spells("Voice Memo") { return .voiceMemo }
            if key.spells("Date Added") { return .dateAdded }
        case 11:
            if key.spells("Sample Rate") { return .sampleRate }
            if key.spells("Track Count") { return .trackCount }
            if key.spells("Disc Number") { return .discNumber }
            if key.spells("Compilation") { return .compilation }
            if key.spells("Music Video") { return .musicVideo }
        case 12:
            if key.spells("Album Artist") { return .albumArtist }
            if key.spells("Track Number") { return .trackNumber }
        case 13:
            if key.spells("Persistent ID") { return .persistentID }
            if key.spells("Date Modified") { return .dateModified }
            if key.spells("Play Date UTC") { return .playDateUTC }
        default: break
        }
        return .unknown
    }

    /// Keys of one playlist dictionary (spec/json.md, "Playlist").
    static func playlist(_ key: UnsafeBufferPointer<UInt8>) -> LibraryKey {
        switch key.count {
        case 4:
            if key.spells("Name") { return .name }
        case 6:
            if key.spells("Folder") { return .folder }
            if key.spells("Master") { return .master }
        case 10:
            if key.spells("Smart Info") { return .smartInfo }
        case 14:
            if key.spells("Playlist Items") { return .playlistItems }
        case 18:
            if key.spells("Distinguished Kind") { return .distinguishedKind }
        case 20:
            if key.spells("Parent Persistent ID") { return .parentPersistentID }
        case 22:
            if key.spells("Playlist Persistent ID") { return .playlistPersistentID }
        default: break
        }
        return .unknown
    }

    /// Keys of one `Playlist Items` entry.
    static func playlistEntry(_ key: UnsafeBufferPointer<UInt8>) -> LibraryKey {
        switch key.count {
        case 8:
            if key.spells("Track ID") { return .trackID }
        default: break
        }
        return .unknown
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `text` (the caller has already matched the length).
    @inline(__always)
    func spells(_ text: StaticString) -> Bool {
        let expected = text.utf8Start
        var index = 0
        while index < count {
            if self[index] != expected[index] { return false }
            index += 1
        }
        return true
    }
}
