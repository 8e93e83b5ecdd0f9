import MixtapeCore

/// The fields of the track dictionary being read. A plist dictionary may list its keys in any
/// order (the Persistent ID often comes late), so the item's id and kind are settled only when
/// the dictionary closes.
struct TrackDraft {
    var item = MediaItem(id: ItemID(rawValue: ""))
    var hints = ITunesKindHints()
    /// Where the track's `<dict>` starts, for warnings.
    var position = SourcePosition(file: "", line: 0, column: 0)
    /// The Track ID written as the key in `Tracks`, used when the dict has no `Track ID`.
    var entryTrackID: Int64?
    /// The Persistent ID as a number when it is 16 hex digits (as real exports write it), for
    /// cheap duplicate detection.
    var persistentIDValue: UInt64?

    /// Applies one key's value. A value of the wrong plist type for a field is ignored, as the
    /// spec asks, so the field stays unknown.
    mutating func set(_ key: LibraryKey, _ value: PlistValue, text: UnsafeBufferPointer<UInt8>) {
        switch value {
        case .string:
            if key == .persistentID { persistentIDValue = Self.hexValue(text) }
            if key == .kindText {
                // Only an audiobook hint reads the Kind text; skip building a String otherwise.
                if Self.mayNameAudiobook(text) { hints.kindText = String(decoding: text, as: UTF8.self) }
            } else {
                setString(key, String(decoding: text, as: UTF8.self))
            }
        case .integer(let number): setInteger(key, number)
        case .bool(let flag): setBool(key, flag)
        case .date(let time): setDate(key, time)
        case .data: break
        }
    }

    private mutating func setString(_ key: LibraryKey, _ text: String) {
        switch key {
        case .name: item.title = text
        case .artist: item.artist = text
        case .albumArtist: item.albumArtist = text
        case .album: item.album = text
        case .composer: item.composer = text
        case .genre: item.genre = text; hints.genre = text
        case .grouping: item.grouping = text
        case .comments: item.comments = text
        case .persistentID: item.persistentID = text
        case .location: item.location = LocationDecoder.decode(text)
        default: break
        }
    }

    private mutating func setInteger(_ key: LibraryKey, _ number: Int64?) {
        switch key {
        case .year: item.year = number
        case .bpm: item.bpm = number
        case .playCount: item.playCount = number
        case .skipCount: item.skipCount = number
        case .bitRate: item.bitRate = number
        case .sampleRate: item.sampleRate = number
        case .size: item.size = number
        case .trackNumber: item.trackNumber = number
        case .trackCount: item.trackCount = number
        case .discNumber: item.discNumber = number
        case .discCount: item.discCount = number
        case .totalTime: item.durationMs = number
        case .rating: item.rating = number
        case .trackID: item.trackID = number
        default: break
        }
    }

    private mutating func setBool(_ key: LibraryKey, _ flag: Bool) {
        switch key {
        // `Loved` and the newer `Favorited` mean the same; either one set makes the item loved.
        case .loved, .favorited: item.loved = item.loved || flag
        case .compilation: item.compilation = flag
        case .explicit: item.explicit = flag
        case .disabled: item.disabled = flag
        case .podcast: hints.podcast = flag
        case .iTunesU: hints.itunesU = flag
        case .movie: hints.movie = flag
        case .tvShow: hints.tvShow = flag
        case .musicVideo: hints.musicVideo = flag
        case .hasVideo: hints.hasVideo = flag
        case .voiceMemo: hints.voiceMemo = flag
        default: break
        }
    }

    private mutating func setDate(_ key: LibraryKey, _ time: Timestamp) {
        switch key {
        case .dateAdded: item.dateAdded = time
        case .dateModified: item.dateModified = time
        case .playDateUTC: item.playDate = time
        default: break
        }
    }

    /// Whether `ITunesKindHints` could read this Kind text as an audiobook: it contains `book`
    /// in any ASCII case, or non-ASCII text whose lower-casing is not a plain byte operation.
    static func mayNameAudiobook(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 4 else { return false }
        for byte in text where byte >= 0x80 { return true }
        var index = 0
        while index + 4 <= text.count {
            if text[index] | 0x20 == 0x62, text[index + 1] | 0x20 == 0x6F,
               text[index + 2] | 0x20 == 0x6F, text[index + 3] | 0x20 == 0x6B { return true }
            index += 1
        }
        return false
    }

    /// The value of exactly 16 hex digits (either case, as the id is upper-cased), else nil.
    static func hexValue(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard text.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in text {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// The content-derived id for a track without a Persistent ID (spec/json.md): the fields
    /// that identify a recording, so the next export of the same track agrees.
    var derivedID: ItemID {
        let item = item
        func number(_ value: Int64?) -> String { value.map { String($0) } ?? "" }
        return ItemID.derived(scheme: "itunes-derived", parts: [
            item.artist ?? "", item.album ?? "", item.title ?? "",
            number(item.discNumber), number(item.trackNumber), number(item.durationMs),
        ])
    }
}
