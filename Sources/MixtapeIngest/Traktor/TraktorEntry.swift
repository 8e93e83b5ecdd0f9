import MixtapeCore

/// The attributes of one collection `ENTRY` and of the children that carry its fields
/// (`LOCATION`, `ALBUM`, `INFO`, `TEMPO`, `MUSICAL_KEY`), gathered while the entry streams by
/// and mapped to a `MediaItem` when it closes. Only the first child of each name counts.
struct TraktorEntry: Sendable {
    var entry: [String: String] = [:]
    var location: TraktorLocation?
    var album: [String: String] = [:]
    var info: [String: String] = [:]
    var tempo: [String: String] = [:]
    var musicalKey: [String: String] = [:]

    /// Attribute names read from each element; the rest (AUDIO_ID, cue points, loudness) are
    /// skipped without being copied.
    static let entryNames: Set<String> = ["TITLE", "ARTIST", "MODIFIED_DATE", "MODIFIED_TIME"]
    static let albumNames: Set<String> = ["TITLE", "TRACK", "OF_TRACKS"]
    static let infoNames: Set<String> = [
        "GENRE", "LABEL", "COMMENT", "REMIXER", "KEY", "PLAYCOUNT", "PLAYTIME", "PLAYTIME_FLOAT",
        "RANKING", "BITRATE", "FILESIZE", "IMPORT_DATE", "LAST_PLAYED", "RELEASE_DATE",
    ]
    static let tempoNames: Set<String> = ["BPM"]
    static let musicalKeyNames: Set<String> = ["VALUE"]

    /// Traktor's musical notation for `MUSICAL_KEY VALUE` 0–23 (0 = C, 12 = Cm), as its own
    /// "Musical" key display writes them; checked against files holding both it and INFO KEY.
    static let keyNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B",
                           "Cm", "Dbm", "Dm", "Ebm", "Em", "Fm", "F#m", "Gm", "Abm", "Am", "Bbm", "Bm"]

    /// `traktor:` + a hash of the PRIMARYKEY (volume + path): what playlists name a track by, so
    /// it survives a re-export, reordering and Traktor's own renumbering, but not a move. An
    /// entry with no LOCATION hashes what identifies the recording instead.
    var id: ItemID {
        if let location { return Self.id(primaryKey: location.primaryKey) }
        return ItemID.derived(scheme: "traktor", parts: [
            "no-location", entry["ARTIST"] ?? "", album["TITLE"] ?? "", entry["TITLE"] ?? "",
            album["TRACK"] ?? "", info["PLAYTIME"] ?? "",
        ])
    }

    /// The id of the entry whose PRIMARYKEY is `primaryKey`.
    static func id(primaryKey: String) -> ItemID {
        ItemID.derived(scheme: "traktor", parts: [primaryKey])
    }

    /// The item, mapped as README "Traktor" and scripts/read_traktor.py say.
    func item(source: String) -> MediaItem {
        typealias V = TraktorValues
        var item = MediaItem(id: id)
        item.source = source
        item.title = V.text(entry["TITLE"])
        item.artist = V.text(entry["ARTIST"])
        item.album = V.text(album["TITLE"])
        item.trackNumber = V.integer(album["TRACK"])
        item.trackCount = V.integer(album["OF_TRACKS"])
        item.genre = V.text(info["GENRE"])
        item.label = V.text(info["LABEL"])
        item.comments = V.text(info["COMMENT"])
        item.remixer = V.text(info["REMIXER"])
        item.playCount = V.integer(info["PLAYCOUNT"])
        item.musicalKey = V.text(info["KEY"]) ?? V.integer(musicalKey["VALUE"]).flatMap {
            (0..<24).contains($0) ? Self.keyNames[Int($0)] : nil
        }
        item.durationMs = durationMs
        item.rating = V.integer(info["RANKING"]).flatMap { (0...255).contains($0) ? Self.rating(ranking: $0) : nil }
        item.bitRate = V.integer(info["BITRATE"]).flatMap { $0 > 0 && $0 < 1 << 62 ? ($0 + 500) / 1000 : nil }
        item.size = V.integer(info["FILESIZE"]).flatMap { $0 >= 0 && $0 < 1 << 50 ? $0 * 1024 : nil }
        item.dateAdded = V.timestamp(info["IMPORT_DATE"])
        item.playDate = V.timestamp(info["LAST_PLAYED"])
        item.year = V.dateParts(info["RELEASE_DATE"]).flatMap { $0.year > 0 ? $0.year : nil }
        let time = V.integer(entry["MODIFIED_TIME"]).flatMap { (0..<86_400).contains($0) ? $0 : nil } ?? 0
        item.dateModified = V.timestamp(entry["MODIFIED_DATE"], seconds: time)
        item.bpm = V.decimal(tempo["BPM"]).flatMap { $0 > 0 ? V.halfUp($0) : nil }
        item.location = location?.path
        return item
    }

    /// PLAYTIME_FLOAT seconds to ms, rounded; else whole PLAYTIME seconds.
    private var durationMs: Int64? {
        if let seconds = TraktorValues.decimal(info["PLAYTIME_FLOAT"]), seconds >= 0 {
            return TraktorValues.halfUp(seconds * 1000)
        }
        return TraktorValues.integer(info["PLAYTIME"]).flatMap { $0 >= 0 && $0 < 1 << 40 ? $0 * 1000 : nil }
    }

    /// RANKING 0–255 → the stars Traktor shows (RANKING / 51, rounded) → 20 per star.
    static func rating(ranking: Int64) -> Int64 {
        (TraktorValues.halfUp(Double(ranking) / 51) ?? 0) * 20
    }
}
