/// A value of one item field, typed so output, sorting and (later) query filters can treat
/// numbers as numbers and dates as dates.
public enum FieldValue: Hashable, Sendable {
    case text(String)
    case integer(Int64)
    case bool(Bool)
    case timestamp(Timestamp)

    /// How the value reads in a `--format` template and in plain output.
    public var plainText: String {
        switch self {
        case .text(let text): text
        case .integer(let int): String(int)
        case .bool(let bool): bool ? "true" : "false"
        case .timestamp(let time): time.rfc3339
        }
    }
}

/// The field registry: every item field by its JSON key name (spec/json.md), in the order the
/// JSON output writes them. Output, `--format`, `--sort` and the query language all look fields
/// up here, so adding a field means adding a case, not touching each consumer.
public enum Field: String, CaseIterable, Sendable {
    case id, title, artist
    case albumArtist = "album_artist"
    case album, composer, genre, grouping, comments
    /// From DJ collections (rekordbox `Tonality`, Traktor `KEY`) and tags: `8A`, `Am`, `F#m`.
    case musicalKey = "musical_key"
    /// The record label (rekordbox `Label`, Traktor `LABEL`).
    case label
    case remixer
    case year, bpm
    case playCount = "play_count"
    case skipCount = "skip_count"
    case bitRate = "bit_rate"
    case sampleRate = "sample_rate"
    case size
    case trackNumber = "track_number"
    case trackCount = "track_count"
    case discNumber = "disc_number"
    case discCount = "disc_count"
    case durationMs = "duration_ms"
    /// Where a cue track starts and ends in its file (json.md); nil for a whole file.
    case startMs = "start_ms"
    case endMs = "end_ms"
    case rating, loved, compilation, explicit, disabled, kind, location
    /// The item's file on this machine (json.md): a folder item's own path, an export's entry
    /// as relocation found it here (spec/sources.md, "Where the files are now"); nil when no
    /// file here was found. Worked out by the index, never read from a source.
    case path
    case dateAdded = "date_added"
    case dateModified = "date_modified"
    case playDate = "play_date"
    case persistentID = "persistent_id"
    case trackID = "track_id"
    case source

    /// The field's JSON key.
    public var key: String { rawValue }

    /// Looks a field up by its JSON key.
    public init?(key: some StringProtocol) { self.init(rawValue: String(key)) }

    /// The item's value for this field, or nil when unknown.
    @inline(__always)
    public func value(of item: MediaItem) -> FieldValue? {
        switch self {
        case .year: item.year.map(FieldValue.integer)
        case .bpm: item.bpm.map(FieldValue.integer)
        case .playCount: item.playCount.map(FieldValue.integer)
        case .skipCount: item.skipCount.map(FieldValue.integer)
        case .bitRate: item.bitRate.map(FieldValue.integer)
        case .sampleRate: item.sampleRate.map(FieldValue.integer)
        case .size: item.size.map(FieldValue.integer)
        case .trackNumber: item.trackNumber.map(FieldValue.integer)
        case .trackCount: item.trackCount.map(FieldValue.integer)
        case .discNumber: item.discNumber.map(FieldValue.integer)
        case .discCount: item.discCount.map(FieldValue.integer)
        case .durationMs: item.durationMs.map(FieldValue.integer)
        case .startMs: item.startMs.map(FieldValue.integer)
        case .endMs: item.endMs.map(FieldValue.integer)
        case .rating: item.rating.map(FieldValue.integer)
        case .loved: .bool(item.loved)
        case .compilation: .bool(item.compilation)
        case .explicit: .bool(item.explicit)
        case .disabled: .bool(item.disabled)
        case .dateAdded: item.dateAdded.map(FieldValue.timestamp)
        case .dateModified: item.dateModified.map(FieldValue.timestamp)
        case .playDate: item.playDate.map(FieldValue.timestamp)
        case .trackID: item.trackID.map(FieldValue.integer)
        case .id, .title, .artist, .albumArtist, .album, .composer, .genre, .grouping, .comments, .musicalKey,
             .label, .remixer, .kind, .location, .path, .persistentID, .source:
            withText(of: item) { $0.map(FieldValue.text) }
        }
    }

    /// The item's text for this field, lent to `body` rather than returned (nil when unknown,
    /// and for a field whose values are not texts). A text returned is retained, and released
    /// again once used: writing a row and fingerprinting an item go through every text of it,
    /// and that was a twentieth of the writing thread of a large import.
    @inline(__always)
    public func withText<Result>(of item: MediaItem, _ body: (String?) -> Result) -> Result {
        switch self {
        case .id: body(item.id.rawValue)
        case .title: body(item.title)
        case .artist: body(item.artist)
        case .albumArtist: body(item.albumArtist)
        case .album: body(item.album)
        case .composer: body(item.composer)
        case .genre: body(item.genre)
        case .grouping: body(item.grouping)
        case .comments: body(item.comments)
        case .musicalKey: body(item.musicalKey)
        case .label: body(item.label)
        case .remixer: body(item.remixer)
        case .kind: body(item.kind.rawValue)
        case .location: body(item.location)
        case .path: body(item.path)
        case .persistentID: body(item.persistentID)
        case .source: body(item.source)
        default: body(nil)
        }
    }
}

/// The type of a field's values: decides its storage column, JSON form and sort order.
public enum FieldType: Sendable {
    case text, integer, bool, timestamp
}

extension Field {
    /// The type of this field's values.
    public var type: FieldType {
        switch self {
        case .id, .title, .artist, .albumArtist, .album, .composer, .genre, .grouping, .comments,
             .musicalKey, .label, .remixer, .kind, .location, .path, .persistentID, .source:
            .text
        case .year, .bpm, .playCount, .skipCount, .bitRate, .sampleRate, .size, .trackNumber,
             .trackCount, .discNumber, .discCount, .durationMs, .startMs, .endMs, .rating, .trackID:
            .integer
        case .loved, .compilation, .explicit, .disabled:
            .bool
        case .dateAdded, .dateModified, .playDate:
            .timestamp
        }
    }

    /// Sets this field on an item; a value of the wrong type, or nil, clears it (booleans
    /// become false, an unknown kind becomes `.other`). `id` is left alone: identity is not a
    /// field to overwrite.
    public func set(_ value: FieldValue?, on item: inout MediaItem) {
        let text: String? = if case .text(let t) = value { t } else { nil }
        let int: Int64? = if case .integer(let i) = value { i } else { nil }
        let bool: Bool = if case .bool(let b) = value { b } else { false }
        let time: Timestamp? = if case .timestamp(let t) = value { t } else { nil }
        switch self {
        case .id: break
        case .title: item.title = text
        case .artist: item.artist = text
        case .albumArtist: item.albumArtist = text
        case .album: item.album = text
        case .composer: item.composer = text
        case .genre: item.genre = text
        case .grouping: item.grouping = text
        case .comments: item.comments = text
        case .musicalKey: item.musicalKey = text
        case .label: item.label = text
        case .remixer: item.remixer = text
        case .year: item.year = int
        case .bpm: item.bpm = int
        case .playCount: item.playCount = int
        case .skipCount: item.skipCount = int
        case .bitRate: item.bitRate = int
        case .sampleRate: item.sampleRate = int
        case .size: item.size = int
        case .trackNumber: item.trackNumber = int
        case .trackCount: item.trackCount = int
        case .discNumber: item.discNumber = int
        case .discCount: item.discCount = int
        case .durationMs: item.durationMs = int
        case .startMs: item.startMs = int
        case .endMs: item.endMs = int
        case .rating: item.rating = int
        case .loved: item.loved = bool
        case .compilation: item.compilation = bool
        case .explicit: item.explicit = bool
        case .disabled: item.disabled = bool
        case .kind: item.kind = text.flatMap(Kind.init(rawValue:)) ?? .other
        case .location: item.location = text
        case .path: item.path = text
        case .dateAdded: item.dateAdded = time
        case .dateModified: item.dateModified = time
        case .playDate: item.playDate = time
        case .persistentID: item.persistentID = text
        case .trackID: item.trackID = int
        case .source: item.source = text
        }
    }
}
