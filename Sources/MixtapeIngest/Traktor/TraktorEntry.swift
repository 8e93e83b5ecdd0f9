import MixtapeCore

/// The attributes of one collection `ENTRY` and of the children that carry its fields
/// (`LOCATION`, `ALBUM`, `INFO`, `TEMPO`, `MUSICAL_KEY`), gathered while the entry streams by
/// and mapped to a `MediaItem` when it closes. Only the first child of each name counts.
struct TraktorEntry: Sendable {
    /// The attributes the mapping reads, each with its slot below.
    enum Field: Int, CaseIterable {
        case title, artist, modifiedDate, modifiedTime
        case albumTitle, track, ofTracks
        case genre, label, comment, remixer, key, playCount, playTime, playTimeFloat, ranking, bitRate, fileSize
        case importDate, lastPlayed, releaseDate
        case bpm, musicalKey
    }

    /// Attribute names per element; the rest (AUDIO_ID, cue points, loudness) are never copied.
    static let entryFields: [(StaticString, Field)] = [
        ("TITLE", .title), ("ARTIST", .artist), ("MODIFIED_DATE", .modifiedDate), ("MODIFIED_TIME", .modifiedTime),
    ]
    static let albumFields: [(StaticString, Field)] = [("TITLE", .albumTitle), ("TRACK", .track), ("OF_TRACKS", .ofTracks)]
    static let infoFields: [(StaticString, Field)] = [
        ("GENRE", .genre), ("LABEL", .label), ("COMMENT", .comment), ("REMIXER", .remixer), ("KEY", .key),
        ("PLAYCOUNT", .playCount), ("PLAYTIME", .playTime), ("PLAYTIME_FLOAT", .playTimeFloat), ("RANKING", .ranking),
        ("BITRATE", .bitRate), ("FILESIZE", .fileSize), ("IMPORT_DATE", .importDate), ("LAST_PLAYED", .lastPlayed),
        ("RELEASE_DATE", .releaseDate),
    ]
    static let tempoFields: [(StaticString, Field)] = [("BPM", .bpm)]
    static let musicalKeyFields: [(StaticString, Field)] = [("VALUE", .musicalKey)]

    /// Texts as written (empty kept: an id is made of them).
    private(set) var title, artist, albumTitle, genre, label, comment, remixer, key: String?
    /// TRACK and PLAYTIME as written, for the id of an entry with no LOCATION.
    private(set) var trackText, playTimeText: String?
    /// Numbers and days, read from the attribute's bytes as it arrives (no String of each);
    /// nil when absent or not a number (`TraktorValues`).
    private(set) var track, ofTracks, playCount, playTime, ranking, bitRate, fileSize, musicalKey, modifiedTime: Int64?
    private(set) var playTimeFloat, bpm: Double?
    private(set) var modifiedDate, importDate, lastPlayed, releaseDate: TraktorValues.DateParts?
    var location: TraktorLocation?

    /// Takes one attribute's value into its slot.
    mutating func set(_ field: Field, _ value: XMLAttributeValue) {
        typealias V = TraktorValues
        let bytes = value.bytes
        switch field {
        case .title: title = value.string
        case .artist: artist = value.string
        case .albumTitle: albumTitle = value.string
        case .genre: genre = value.string
        case .label: label = value.string
        case .comment: comment = value.string
        case .remixer: remixer = value.string
        case .key: key = value.string
        case .track: (trackText, track) = (value.string, V.integer(bytes: bytes))
        case .playTime: (playTimeText, playTime) = (value.string, V.integer(bytes: bytes))
        case .ofTracks: ofTracks = V.integer(bytes: bytes)
        case .playCount: playCount = V.integer(bytes: bytes)
        case .ranking: ranking = V.integer(bytes: bytes)
        case .bitRate: bitRate = V.integer(bytes: bytes)
        case .fileSize: fileSize = V.integer(bytes: bytes)
        case .musicalKey: musicalKey = V.integer(bytes: bytes)
        case .modifiedTime: modifiedTime = V.integer(bytes: bytes)
        case .playTimeFloat: playTimeFloat = V.decimal(bytes: bytes)
        case .bpm: bpm = V.decimal(bytes: bytes)
        case .modifiedDate: modifiedDate = V.dateParts(bytes: bytes)
        case .importDate: importDate = V.dateParts(bytes: bytes)
        case .lastPlayed: lastPlayed = V.dateParts(bytes: bytes)
        case .releaseDate: releaseDate = V.dateParts(bytes: bytes)
        }
    }

    /// Traktor's musical notation for `MUSICAL_KEY VALUE` 0–23 (0 = C, 12 = Cm), as its own
    /// "Musical" key display writes them; checked against files holding both it and INFO KEY.
    static let keyNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B",
                           "Cm", "Dbm", "Dm", "Ebm", "Em", "Fm", "F#m", "Gm", "Abm", "Am", "Bbm", "Bm"]

    /// `traktor:` + a hash of the PRIMARYKEY (volume + path): what playlists name a track by, so
    /// it survives a re-export, reordering and Traktor's own renumbering, but not a move. An
    /// entry with no LOCATION hashes what identifies the recording instead.
    var id: ItemID { identity.id }

    /// The id and the 64-bit hash it spells: two entries have the same id exactly when they
    /// have the same hash, so the reader keeps a set of hashes (8 bytes each, not a String).
    var identity: (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        if let location {
            location.hashPrimaryKey(into: &hash)
        } else {
            for part in ["no-location", artist ?? "", albumTitle ?? "", title ?? "", trackText ?? "", playTimeText ?? ""] {
                hash.combine(part)
            }
        }
        return (ItemID.derived(scheme: "traktor", hash: hash), hash.value)
    }

    /// The id of the entry whose PRIMARYKEY is `primaryKey`, and its hash (`identity`).
    static func identity(primaryKey: String) -> (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        hash.combine(primaryKey)
        return (ItemID.derived(scheme: "traktor", hash: hash), hash.value)
    }

    /// The item, mapped as README "Traktor" and scripts/read_traktor.py say; `id` is this
    /// entry's (`identity`), which the reader makes first to notice repeats.
    func item(source: String, id: ItemID) -> MediaItem {
        typealias V = TraktorValues
        var item = MediaItem(id: id)
        item.source = source
        item.title = V.text(title)
        item.artist = V.text(artist)
        item.album = V.text(albumTitle)
        item.trackNumber = track
        item.trackCount = ofTracks
        item.genre = V.text(genre)
        item.label = V.text(label)
        item.comments = V.text(comment)
        item.remixer = V.text(remixer)
        item.playCount = playCount
        item.musicalKey = V.text(key) ?? musicalKey.flatMap { (0..<24).contains($0) ? Self.keyNames[Int($0)] : nil }
        item.durationMs = durationMs
        item.rating = ranking.flatMap { (0...255).contains($0) ? Self.rating(ranking: $0) : nil }
        item.bitRate = bitRate.flatMap { $0 > 0 && $0 < 1 << 62 ? ($0 + 500) / 1000 : nil }
        item.size = fileSize.flatMap { $0 >= 0 && $0 < 1 << 50 ? $0 * 1024 : nil }
        item.dateAdded = V.timestamp(importDate)
        item.playDate = V.timestamp(lastPlayed)
        item.year = releaseDate.flatMap { $0.year > 0 ? $0.year : nil }
        let time = modifiedTime.flatMap { (0..<86_400).contains($0) ? $0 : nil } ?? 0
        item.dateModified = V.timestamp(modifiedDate, seconds: time)
        item.bpm = bpm.flatMap { $0 > 0 ? V.halfUp($0) : nil }
        item.location = location?.path
        return item
    }

    /// PLAYTIME_FLOAT seconds to ms, rounded; else whole PLAYTIME seconds.
    private var durationMs: Int64? {
        if let seconds = playTimeFloat, seconds >= 0 {
            return TraktorValues.halfUp(seconds * 1000)
        }
        return playTime.flatMap { $0 >= 0 && $0 < 1 << 40 ? $0 * 1000 : nil }
    }

    /// RANKING 0–255 → the stars Traktor shows (RANKING / 51, rounded) → 20 per star.
    static func rating(ranking: Int64) -> Int64 {
        (TraktorValues.halfUp(Double(ranking) / 51) ?? 0) * 20
    }
}
