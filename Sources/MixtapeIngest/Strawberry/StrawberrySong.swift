import MixtapeCore

/// One row of `songs` in a Strawberry or Clementine database as read, then the `MediaItem` it
/// becomes (docs/sources.md, "Strawberry and Clementine").
///
/// Mapping decisions, which scripts/read_strawberry.py (the independent reading the tests
/// compare against) makes the same way:
/// - every row of `songs` is an item: that table is the local collection. The tables of online
///   services (`tidal_songs`, `subsonic_songs`, Clementine's `*_songs` of cloud drives and
///   Magnatune/Jamendo catalogues, `radio_channels`, podcasts) are catalogues cached from a
///   service, not the person's library, and are not read. A row whose file is not a `file:`
///   URL keeps its URL as its location and has no path;
/// - `unavailable = 1` (the scanner no longer finds the file; the player keeps the row for its
///   ratings and counts) is an item with `disabled: true`, as Rhythmbox's `hidden` is;
/// - the id is the scheme + a hash of the decoded location (and, for a track of a cue sheet,
///   its start in nanoseconds, since the tracks of one sheet share the file): the player's own
///   key for a song (`ROWID`s are renumbered by a re-scan, the file is not), so it survives a
///   re-scan and reordering, not a move or rename of the file;
/// - numbers the player writes as `-1` or `0` for "not set" are absent; lengths are nanoseconds
///   (`StrawberryValues`); `rating` is 0…1 (-1 unrated) → 0–100; `ctime` → date_added,
///   `mtime` → date_modified, `lastplayed` → play_date (Unix seconds).
struct StrawberrySong: Sendable {
    /// The columns read, each with its name in the database; `location` is the dialect's.
    enum Column: Int, CaseIterable {
        case location, title, artist, album, albumArtist, composer, genre, grouping, comment
        case year, track, disc, length, beginning, cuePath, bitRate, sampleRate, fileSize
        case playCount, skipCount, lastPlayed, created, modified, rating, bpm, initialKey
        case compilation, unavailable

        /// The column's name, or the names to try in order (compilation).
        func names(in dialect: StrawberryDialect) -> [String] {
            switch self {
            case .location: [dialect.songLocation]
            case .title: ["title"]
            case .artist: ["artist"]
            case .album: ["album"]
            case .albumArtist: ["albumartist"]
            case .composer: ["composer"]
            case .genre: ["genre"]
            case .grouping: ["grouping"]
            case .comment: ["comment"]
            case .year: ["year"]
            case .track: ["track"]
            case .disc: ["disc"]
            case .length: ["length"]
            case .beginning: ["beginning"]
            case .cuePath: ["cue_path"]
            case .bitRate: ["bitrate"]
            case .sampleRate: ["samplerate"]
            case .fileSize: ["filesize"]
            case .playCount: ["playcount"]
            case .skipCount: ["skipcount"]
            case .lastPlayed: ["lastplayed"]
            case .created: ["ctime"]
            case .modified: ["mtime"]
            case .rating: ["rating"]
            case .bpm: ["bpm"]
            case .initialKey: ["initial_key"]
            case .compilation: dialect.compilation
            case .unavailable: ["unavailable"]
            }
        }
    }

    /// `ROWID`, for messages.
    let row: Int64
    let location: String
    var title, artist, album, albumArtist, composer, genre, grouping, comment, initialKey: String?
    var year, track, disc, length, beginning, bitRate, sampleRate, fileSize: Int64?
    var playCount, skipCount, lastPlayed, created, modified, compilation, unavailable: Int64?
    var rating, bpm: Double?
    var isCueTrack = false
    var lengthsInSeconds = false

    /// The row as read by the statement `StrawberrySchema.songsQuery` made: `ROWID` first,
    /// then the columns in `Column` order. Nil for a row with no file (skipped with a warning).
    init?(_ values: ForeignRow, lengthsInSeconds: Bool) {
        func text(_ column: Column) -> String? { StrawberryValues.text(values.text(column.rawValue + 1)) }
        func integer(_ column: Column) -> Int64? { values.integer(column.rawValue + 1) }
        row = values.integer(0) ?? 0
        guard let location = StrawberryValues.location(values.text(Column.location.rawValue + 1)) else { return nil }
        self.location = location
        self.lengthsInSeconds = lengthsInSeconds
        (title, artist, album, albumArtist) = (text(.title), text(.artist), text(.album), text(.albumArtist))
        (composer, genre, grouping, comment) = (text(.composer), text(.genre), text(.grouping), text(.comment))
        initialKey = text(.initialKey)
        (year, track, disc, length) = (integer(.year), integer(.track), integer(.disc), integer(.length))
        (bitRate, sampleRate, fileSize) = (integer(.bitRate), integer(.sampleRate), integer(.fileSize))
        (playCount, skipCount, lastPlayed) = (integer(.playCount), integer(.skipCount), integer(.lastPlayed))
        (created, modified) = (integer(.created), integer(.modified))
        (compilation, unavailable) = (integer(.compilation), integer(.unavailable))
        (rating, bpm) = (values.real(Column.rating.rawValue + 1), values.real(Column.bpm.rawValue + 1))
        beginning = integer(.beginning)
        isCueTrack = text(.cuePath) != nil || (beginning ?? 0) > 0
    }

    /// The id of this song in a database of `dialect`, and the hash it spells (the reader keeps
    /// a set of hashes to notice a song listed twice and to resolve playlist entries).
    func identity(in dialect: StrawberryDialect) -> (id: ItemID, hash: UInt64) {
        Self.identity(location: location, cueStart: isCueTrack ? max(beginning ?? 0, 0) : nil, in: dialect)
    }

    /// The id of the song at `location` (decoded), starting at `cueStart` nanoseconds when it
    /// is a track of a cue sheet.
    static func identity(location: String, cueStart: Int64?, in dialect: StrawberryDialect) -> (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        hash.combine(location)
        if let cueStart { hash.combine(String(cueStart)) }
        return (ItemID.derived(scheme: dialect.scheme, hash: hash), hash.value)
    }

    /// The item; `id` is this song's (`identity(in:)`), which the reader makes first.
    func item(source: String, id: ItemID) -> MediaItem {
        typealias V = StrawberryValues
        var item = MediaItem(id: id)
        item.source = source
        item.location = location
        item.title = title
        item.artist = artist
        item.album = album
        item.albumArtist = albumArtist
        item.composer = composer
        item.genre = genre
        item.grouping = grouping
        item.comments = comment
        item.musicalKey = initialKey
        item.year = V.year(year)
        item.trackNumber = V.positive(track)
        item.discNumber = V.positive(disc)
        item.durationMs = V.milliseconds(length, inSeconds: lengthsInSeconds)
        if isCueTrack, let start = V.offsetMilliseconds(beginning, inSeconds: lengthsInSeconds) {
            item.startMs = start
            item.endMs = item.durationMs.flatMap { duration in
                let (end, overflow) = start.addingReportingOverflow(duration)
                return overflow ? nil : end
            }
        }
        item.bitRate = V.positive(bitRate)
        item.sampleRate = V.positive(sampleRate)
        item.size = V.positive(fileSize)
        item.playCount = V.positive(playCount)
        item.skipCount = V.positive(skipCount)
        item.playDate = V.time(lastPlayed)
        item.dateAdded = V.time(created)
        item.dateModified = V.time(modified)
        item.rating = V.rating(rating)
        item.bpm = V.bpm(bpm)
        item.compilation = (compilation ?? 0) > 0
        item.disabled = (unavailable ?? 0) > 0
        return item
    }
}
