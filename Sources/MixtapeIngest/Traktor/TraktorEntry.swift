import MixtapeCore

/// The attributes of one collection `ENTRY` and of the children that carry its fields
/// (`LOCATION`, `ALBUM`, `INFO`, `TEMPO`, `MUSICAL_KEY`), gathered while the entry streams by
/// and mapped to a `MediaItem` when it closes. Only the first child of each name counts.
struct TraktorEntry: Sendable {
    /// The attributes the mapping reads, one slot each in `values`.
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

    var values = [String?](repeating: nil, count: Self.fieldCount)
    /// Kept once: `allCases` builds a new array per call, and this is asked per entry.
    private static let fieldCount = Field.allCases.count
    var location: TraktorLocation?

    subscript(_ field: Field) -> String? {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    /// Traktor's musical notation for `MUSICAL_KEY VALUE` 0–23 (0 = C, 12 = Cm), as its own
    /// "Musical" key display writes them; checked against files holding both it and INFO KEY.
    static let keyNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B",
                           "Cm", "Dbm", "Dm", "Ebm", "Em", "Fm", "F#m", "Gm", "Abm", "Am", "Bbm", "Bm"]

    /// `traktor:` + a hash of the PRIMARYKEY (volume + path): what playlists name a track by, so
    /// it survives a re-export, reordering and Traktor's own renumbering, but not a move. An
    /// entry with no LOCATION hashes what identifies the recording instead.
    var id: ItemID {
        if let location {
            var hash = StableHash()
            location.hashPrimaryKey(into: &hash)
            return ItemID(rawValue: hash.hexDigest(after: "traktor"))
        }
        return ItemID.derived(scheme: "traktor", parts: [
            "no-location", self[.artist] ?? "", self[.albumTitle] ?? "", self[.title] ?? "",
            self[.track] ?? "", self[.playTime] ?? "",
        ])
    }

    /// The id of the entry whose PRIMARYKEY is `primaryKey`.
    static func id(primaryKey: String) -> ItemID {
        ItemID.derived(scheme: "traktor", part: primaryKey)
    }

    /// The item, mapped as README "Traktor" and scripts/read_traktor.py say.
    func item(source: String) -> MediaItem {
        typealias V = TraktorValues
        var item = MediaItem(id: id)
        item.source = source
        item.title = V.text(self[.title])
        item.artist = V.text(self[.artist])
        item.album = V.text(self[.albumTitle])
        item.trackNumber = V.integer(self[.track])
        item.trackCount = V.integer(self[.ofTracks])
        item.genre = V.text(self[.genre])
        item.label = V.text(self[.label])
        item.comments = V.text(self[.comment])
        item.remixer = V.text(self[.remixer])
        item.playCount = V.integer(self[.playCount])
        item.musicalKey = V.text(self[.key]) ?? V.integer(self[.musicalKey]).flatMap {
            (0..<24).contains($0) ? Self.keyNames[Int($0)] : nil
        }
        item.durationMs = durationMs
        item.rating = V.integer(self[.ranking]).flatMap { (0...255).contains($0) ? Self.rating(ranking: $0) : nil }
        item.bitRate = V.integer(self[.bitRate]).flatMap { $0 > 0 && $0 < 1 << 62 ? ($0 + 500) / 1000 : nil }
        item.size = V.integer(self[.fileSize]).flatMap { $0 >= 0 && $0 < 1 << 50 ? $0 * 1024 : nil }
        item.dateAdded = V.timestamp(self[.importDate])
        item.playDate = V.timestamp(self[.lastPlayed])
        item.year = V.dateParts(self[.releaseDate]).flatMap { $0.year > 0 ? $0.year : nil }
        let time = V.integer(self[.modifiedTime]).flatMap { (0..<86_400).contains($0) ? $0 : nil } ?? 0
        item.dateModified = V.timestamp(self[.modifiedDate], seconds: time)
        item.bpm = V.decimal(self[.bpm]).flatMap { $0 > 0 ? V.halfUp($0) : nil }
        item.location = location?.path
        return item
    }

    /// PLAYTIME_FLOAT seconds to ms, rounded; else whole PLAYTIME seconds.
    private var durationMs: Int64? {
        if let seconds = TraktorValues.decimal(self[.playTimeFloat]), seconds >= 0 {
            return TraktorValues.halfUp(seconds * 1000)
        }
        return TraktorValues.integer(self[.playTime]).flatMap { $0 >= 0 && $0 < 1 << 40 ? $0 * 1000 : nil }
    }

    /// RANKING 0–255 → the stars Traktor shows (RANKING / 51, rounded) → 20 per star.
    static func rating(ranking: Int64) -> Int64 {
        (TraktorValues.halfUp(Double(ranking) / 51) ?? 0) * 20
    }
}
