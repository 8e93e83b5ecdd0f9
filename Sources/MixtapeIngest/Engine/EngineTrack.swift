import MixtapeCore

/// One row of Engine's `Track` table with its fields, as read, then the `MediaItem` it becomes.
///
/// Where the fields are (`EngineSchema`): Engine 1.x keeps texts in `MetaData` rows by type
/// (1 title, 2 artist, 3 album, 4 genre, 5 comment, 6 publisher → label, 7 composer) and
/// numbers in `MetaDataInteger` rows (1 last played, 2 last modified, 4 key, 5 rating);
/// Engine 2.x and later keep them as `Track` columns (`title` … `remixer`, `key`, `rating`,
/// `timeLastPlayed`, `dateAdded`). Both have `path`, `length` (seconds), `bpm` (whole),
/// `bpmAnalyzed` (real), `year`, `playOrder` (the track number), `bitrate`, `fileBytes` (some).
/// What one layout lacks is absent: 1.x has no date added and no remixer, neither has a play
/// count (Engine keeps only whether and when a track was last played).
struct EngineTrack: Sendable {
    var id: Int64
    var path: String
    var title, artist, album, genre, comment, label, composer, remixer: String?
    var length, lengthCalculated, bpm, year, playOrder, bitRate, fileBytes, key, rating: Int64?
    var bpmAnalyzed: Double?
    var lastPlayed, lastModified, dateAdded: Int64?
    var lastPlayedText, dateAddedText: String?

    /// The select list for the schema's family, in the order `init(row:)` reads. Columns a
    /// version lacks read as NULL. 1.x's `MetaData` fields are correlated lookups by the
    /// table's primary key `(id, type)`, so one pass over `Track` yields whole tracks.
    static func query(_ schema: EngineSchema) -> String {
        let t = { (name: String) in schema.column(name, of: "Track", as: "t") }
        let common = ["t.\"id\"", "t.\"path\"", t("length"), t("lengthCalculated"), t("bpm"), t("bpmAnalyzed"),
                      t("year"), t("playOrder"), t("bitrate"), t("fileBytes")]
        let fields: [String]
        if schema.family == .playlistEntities {
            fields = ["title", "artist", "album", "genre", "comment", "label", "composer", "remixer", "key", "rating",
                      "timeLastPlayed", "lastEditTime", "dateAdded"].map(t)
        } else {
            let text = { (type: Int) in "(SELECT \"text\" FROM MetaData WHERE \"id\" = t.\"id\" AND \"type\" = \(type) LIMIT 1)" }
            let number = { (type: Int) in
                "(SELECT \"value\" FROM MetaDataInteger WHERE \"id\" = t.\"id\" AND \"type\" = \(type) LIMIT 1)"
            }
            // remixer: 1.x has none. lastEditTime stands for 1.x's "last modified" (type 2).
            fields = [text(1), text(2), text(3), text(4), text(5), text(6), text(7), "NULL", number(4), number(5),
                      number(1), number(2), "NULL"]
        }
        return "SELECT " + (common + fields).joined(separator: ", ") + " FROM Track AS t"
    }

    /// The row of `query`; nil for a row that is not a track (no id, or Engine's placeholder
    /// rows with no path, which it inserts to keep its id counter).
    init?(row: ForeignRow, family: EngineSchema.Family) {
        guard let id = row.integer(0), let path = row.text(1), !path.isEmpty else { return nil }
        self.id = id
        self.path = path
        (length, lengthCalculated, bpm, bpmAnalyzed) = (row.integer(2), row.integer(3), row.integer(4), row.real(5))
        (year, playOrder, bitRate, fileBytes) = (row.integer(6), row.integer(7), row.integer(8), row.integer(9))
        (title, artist, album, genre) = (row.text(10), row.text(11), row.text(12), row.text(13))
        (comment, label, composer, remixer) = (row.text(14), row.text(15), row.text(16), row.text(17))
        (key, rating) = (row.integer(18), row.integer(19))
        lastPlayed = row.integer(20)
        if family == .playlistEntities {
            // 2.x's lastEditTime is when Engine edited the row, not the file: not read.
            lastPlayedText = lastPlayed == nil ? row.text(20) : nil
            dateAdded = row.integer(22)
            dateAddedText = dateAdded == nil ? row.text(22) : nil
        } else {
            lastModified = row.integer(21)
        }
    }

    /// `engine:` + the database's uuid + `:` + the track's id: Engine's own key for a track
    /// in that database, kept by a re-export, by reordering and by edits to the track.
    static func id(uuid: String, track: Int64) -> ItemID {
        ItemID(rawValue: "engine:" + uuid + ":" + String(track))
    }

    /// The item of this track in the database `uuid` at `source`.
    func item(uuid: String, source: String, libraryFolder: String) -> MediaItem {
        typealias V = EngineValues
        var item = MediaItem(id: Self.id(uuid: uuid, track: id))
        item.source = source
        item.location = V.location(path: path, libraryFolder: libraryFolder)
        item.kind = RekordboxTrack.kind(of: item.location ?? "")
        item.title = V.text(title)
        item.artist = V.text(artist)
        item.album = V.text(album)
        item.genre = V.text(genre)
        item.comments = V.text(comment)
        item.label = V.text(label)
        item.composer = V.text(composer)
        item.remixer = V.text(remixer)
        item.bpm = V.bpm(analyzed: bpmAnalyzed, tagged: bpm)
        item.musicalKey = V.key(key)
        item.durationMs = V.durationMs(seconds: length) ?? V.durationMs(seconds: lengthCalculated)
        item.year = V.year(year)
        item.trackNumber = playOrder.flatMap { $0 <= 9999 ? V.positive($0) : nil }
        item.bitRate = V.positive(bitRate)
        item.size = V.positive(fileBytes)
        item.rating = V.rating(rating)
        item.playDate = V.time(integer: lastPlayed, text: lastPlayedText)
        item.dateModified = V.time(integer: lastModified, text: nil)
        item.dateAdded = V.time(integer: dateAdded, text: dateAddedText)
        return item
    }
}
