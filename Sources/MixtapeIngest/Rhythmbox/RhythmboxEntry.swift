import MixtapeCore

/// One `<entry>` of rhythmdb.xml as read so far: its type and the text of the children Mixtape
/// maps (spec/sources.md, json.md), then the `MediaItem` it becomes.
///
/// Mapping decisions, which scripts/read_rhythmbox.py (the independent reading the tests
/// compare against) makes the same way:
/// - entry types `song` → music and `podcast-post` → podcast are items; radio stations
///   (`iradio`), `podcast-feed`s, `ignore` entries (files that are not media) are not;
/// - the id is `rhythmbox:` + a hash of the decoded `location`, Rhythmbox's own key for an
///   entry (it has no track id): it survives a re-export, not a move or rename of the file;
/// - every number Rhythmbox keeps defaults to 0, meaning "not set", so a 0 is absent, as is an
///   empty element; `date` is a GLib Julian day and gives the year; `first-seen`, `mtime`,
///   `last-played` are Unix seconds; `rating` is 0–5 stars (fractional allowed) → × 20;
///   `duration` is seconds; `bitrate` kbit/s; `hidden` (the file went missing) → `disabled`;
/// - a podcast post's `location` is the episode's URL; once downloaded, the file is its
///   `mountpoint`, which then becomes the item's location (the id stays on the URL).
struct RhythmboxEntry: Sendable {
    /// The children read, by `Child`.
    enum Child: Int, CaseIterable {
        case title, genre, artist, album, albumArtist, composer, comment
        case trackNumber, trackTotal, discNumber, discTotal, duration, fileSize, bitrate
        case location, mountpoint, mtime, firstSeen, lastPlayed, playCount, rating, date, bpm, hidden

        /// The child for an element name, or nil for one Mixtape does not map. Only the
        /// children whose name starts with the same byte are compared (one to four of them,
        /// not up to two dozen for each of the two million elements of a large database).
        static func named(_ name: XMLName) -> Child? {
            switch name.bytes.pointee {
            case UInt8(ascii: "a"): name.among(.artist, .album, .albumArtist)
            case UInt8(ascii: "b"): name.among(.bitrate, .bpm)
            case UInt8(ascii: "c"): name.among(.comment, .composer)
            case UInt8(ascii: "d"): name.among(.duration, .date, .discNumber, .discTotal)
            case UInt8(ascii: "f"): name.among(.fileSize, .firstSeen)
            case UInt8(ascii: "g"): name.among(.genre)
            case UInt8(ascii: "h"): name.among(.hidden)
            case UInt8(ascii: "l"): name.among(.location, .lastPlayed)
            case UInt8(ascii: "m"): name.among(.mtime, .mountpoint)
            case UInt8(ascii: "p"): name.among(.playCount)
            case UInt8(ascii: "r"): name.among(.rating)
            case UInt8(ascii: "t"): name.among(.title, .trackNumber, .trackTotal)
            default: nil
            }
        }

        /// Whether the child is a whole number read by `RhythmboxValue.count`: its text is
        /// kept as the number when it is only digits (`RhythmboxEntry.Value.digits`).
        var isCount: Bool {
            switch self {
            case .trackNumber, .trackTotal, .discNumber, .discTotal, .duration, .fileSize, .bitrate, .mtime,
                 .firstSeen, .lastPlayed, .playCount, .date, .hidden:
                true
            case .title, .genre, .artist, .album, .albumArtist, .composer, .comment, .location, .mountpoint,
                 .rating, .bpm:
                false
            }
        }

        var element: StaticString {
            switch self {
            case .title: "title"
            case .genre: "genre"
            case .artist: "artist"
            case .album: "album"
            case .albumArtist: "album-artist"
            case .composer: "composer"
            case .comment: "comment"
            case .trackNumber: "track-number"
            case .trackTotal: "track-total"
            case .discNumber: "disc-number"
            case .discTotal: "disc-total"
            case .duration: "duration"
            case .fileSize: "file-size"
            case .bitrate: "bitrate"
            case .location: "location"
            case .mountpoint: "mountpoint"
            case .mtime: "mtime"
            case .firstSeen: "first-seen"
            case .lastPlayed: "last-played"
            case .playCount: "play-count"
            case .rating: "rating"
            case .date: "date"
            case .bpm: "beats-per-minute"
            case .hidden: "hidden"
            }
        }
    }

    /// A child's content: its text, or for a count child (`Child.isCount`) whose text is only
    /// digits, the number (no String made for the ten or so numbers of every entry).
    enum Value {
        /// No such child, or an empty one.
        case absent
        /// The text, for a text child or a count child that is not only digits.
        case text(String)
        /// A count child's digits, read.
        case digits(Int64)
    }

    /// The entry's `type` attribute.
    var type: String
    /// The kind of item its type makes, nil for types that are not items (`kind(ofType:)`).
    let kind: Kind?
    private var values = [Value](repeating: .absent, count: Child.allCases.count)

    init(type: String) {
        self.type = type
        kind = Self.kind(ofType: type)
    }

    /// A child's text (nil when absent or empty); for a count child kept as digits, the digits
    /// as Rhythmbox wrote them are gone: read those with `count`.
    subscript(_ child: Child) -> String? {
        get { if case .text(let text) = values[child.rawValue] { text } else { nil } }
        set { values[child.rawValue] = newValue.map(Value.text) ?? .absent }
    }

    /// Sets a child from its text's bytes: a count child's digits as the number, anything else
    /// as text (empty text is absent, as an empty element means "not set").
    mutating func set(_ child: Child, bytes: UnsafeBufferPointer<UInt8>) {
        if child.isCount, let digits = RhythmboxValue.wholeNumber(bytes) {
            values[child.rawValue] = .digits(digits)
        } else if child == .location {
            // Only its decoded form is ever read (`key`): decoded from the bytes, not from a
            // String made of them first (two large Strings per entry were a tenth of the read).
            // A Latin-1 file name is written `%E9`: kept as that byte, so the path opens the file.
            key = bytes.isEmpty ? nil : LocationDecoder.decode(bytes: bytes, keepingBytes: true)
        } else {
            values[child.rawValue] = bytes.isEmpty ? .absent : .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A count child's number, as `RhythmboxValue.count` reads its text.
    func count(_ child: Child) -> Int64? {
        switch values[child.rawValue] {
        case .absent: nil
        case .text(let text): RhythmboxValue.count(text)
        case .digits(let value): value > 0 ? value : nil
        }
    }

    /// The kind of item an entry type is, or nil for types that are not items.
    static func kind(ofType type: String) -> Kind? {
        switch type {
        case "song": .music
        case "podcast-post": .podcast
        default: nil
        }
    }

    /// The decoded location, the entry's key; nil when it has none (`set` decodes it).
    private(set) var key: String?

    /// The id an entry with this decoded location gets, and the 64-bit hash the id spells out
    /// in hex: two keys have the same id exactly when they have the same hash, so the reader
    /// keeps a set of hashes, cheaper to hash and compare than a set of id strings.
    static func identity(forKey key: String) -> (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        hash.combine(key)
        return (ItemID.derived(scheme: "rhythmbox", hash: hash), hash.value)
    }

    /// What `identity(forKey:)` makes of the entry's key; nil for an entry type that is not an
    /// item or an entry with no location. What the reader needs at once (to skip a location
    /// listed twice); the rest of the item can be mapped later.
    var identity: (id: ItemID, hash: UInt64)? {
        guard kind != nil, let key else { return nil }
        return Self.identity(forKey: key)
    }

    /// The item of an entry that has an `identity`, whose id is `id`.
    func item(source: String, id: ItemID) -> MediaItem {
        var item = MediaItem(id: id)
        item.kind = kind ?? .music  // an entry with an identity has a kind
        item.source = source
        item.title = self[.title]
        item.artist = self[.artist]
        item.album = self[.album]
        item.albumArtist = self[.albumArtist]
        item.composer = self[.composer]
        item.genre = self[.genre]
        item.comments = self[.comment]
        item.trackNumber = count(.trackNumber)
        item.trackCount = count(.trackTotal)
        item.discNumber = count(.discNumber)
        item.discCount = count(.discTotal)
        item.size = count(.fileSize)
        item.bitRate = count(.bitrate)
        item.playCount = count(.playCount)
        item.durationMs = count(.duration).flatMap { $0 <= Int64.max / 1000 ? $0 * 1000 : nil }
        item.dateAdded = RhythmboxValue.time(count: count(.firstSeen))
        item.dateModified = RhythmboxValue.time(count: count(.mtime))
        item.playDate = RhythmboxValue.time(count: count(.lastPlayed))
        item.year = RhythmboxValue.year(julianDayCount: count(.date))
        item.rating = RhythmboxValue.scaled(self[.rating], by: 20).map { min($0, 100) }
        item.bpm = RhythmboxValue.scaled(self[.bpm], by: 1)
        item.disabled = count(.hidden) != nil
        item.location = key
        if kind == .podcast, let file = self[.mountpoint], file.lowercased().hasPrefix("file:") {
            item.location = LocationDecoder.decode(file, keepingBytes: true)
        }
        return item
    }
}

extension XMLName {
    /// The first of up to four children whose element name this is (fixed arguments, not a
    /// variadic array made for each element).
    fileprivate func among(_ a: RhythmboxEntry.Child, _ b: RhythmboxEntry.Child? = nil,
                           _ c: RhythmboxEntry.Child? = nil, _ d: RhythmboxEntry.Child? = nil) -> RhythmboxEntry.Child? {
        if self.is(a.element) { return a }
        if let b, self.is(b.element) { return b }
        if let c, self.is(c.element) { return c }
        if let d, self.is(d.element) { return d }
        return nil
    }
}
