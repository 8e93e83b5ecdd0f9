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
struct RhythmboxEntry {
    /// The children read, by `Child`.
    enum Child: Int, CaseIterable {
        case title, genre, artist, album, albumArtist, composer, comment
        case trackNumber, trackTotal, discNumber, discTotal, duration, fileSize, bitrate
        case location, mountpoint, mtime, firstSeen, lastPlayed, playCount, rating, date, bpm, hidden

        /// The child for an element name, or nil for one Mixtape does not map. Only the
        /// children whose name starts with the same byte are compared (two or three of them,
        /// not up to two dozen for each of the two million elements of a large database).
        static func named(_ name: XMLName) -> Child? {
            for child in byFirstByte[Int(name.bytes.pointee)] where name.is(child.element) { return child }
            return nil
        }

        /// The children by the first byte of their element name.
        private static let byFirstByte: [[Child]] = (0..<256).map { byte in
            allCases.filter { Int($0.element.utf8Start.pointee) == byte }
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

    /// The entry's `type` attribute.
    var type: String
    /// The kind of item its type makes, nil for types that are not items (`kind(ofType:)`).
    let kind: Kind?
    private var values = [String?](repeating: nil, count: Child.allCases.count)

    init(type: String) {
        self.type = type
        kind = Self.kind(ofType: type)
    }

    subscript(_ child: Child) -> String? {
        get { values[child.rawValue] }
        set { values[child.rawValue] = newValue }
    }

    /// The kind of item an entry type is, or nil for types that are not items.
    static func kind(ofType type: String) -> Kind? {
        switch type {
        case "song": .music
        case "podcast-post": .podcast
        default: nil
        }
    }

    /// The decoded location, the entry's key; nil when it has none.
    var key: String? { self[.location].map(LocationDecoder.decode) }

    /// The id an entry with this decoded location gets, and the 64-bit hash the id spells out
    /// in hex: two keys have the same id exactly when they have the same hash, so the reader
    /// keeps a set of hashes, cheaper to hash and compare than a set of id strings.
    static func identity(forKey key: String) -> (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        hash.combine(key)
        return (ItemID.derived(scheme: "rhythmbox", hash: hash), hash.value)
    }

    /// The item, or nil for an entry type that is not one or an entry with no location.
    /// With it, the hash its id spells (`identity(forKey:)`).
    func item(source: String) -> (item: MediaItem, hash: UInt64)? {
        guard let kind, let key else { return nil }
        let identity = Self.identity(forKey: key)
        var item = MediaItem(id: identity.id)
        item.kind = kind
        item.source = source
        item.title = self[.title]
        item.artist = self[.artist]
        item.album = self[.album]
        item.albumArtist = self[.albumArtist]
        item.composer = self[.composer]
        item.genre = self[.genre]
        item.comments = self[.comment]
        item.trackNumber = RhythmboxValue.count(self[.trackNumber])
        item.trackCount = RhythmboxValue.count(self[.trackTotal])
        item.discNumber = RhythmboxValue.count(self[.discNumber])
        item.discCount = RhythmboxValue.count(self[.discTotal])
        item.size = RhythmboxValue.count(self[.fileSize])
        item.bitRate = RhythmboxValue.count(self[.bitrate])
        item.playCount = RhythmboxValue.count(self[.playCount])
        item.durationMs = RhythmboxValue.count(self[.duration]).flatMap { $0 <= Int64.max / 1000 ? $0 * 1000 : nil }
        item.dateAdded = RhythmboxValue.time(self[.firstSeen])
        item.dateModified = RhythmboxValue.time(self[.mtime])
        item.playDate = RhythmboxValue.time(self[.lastPlayed])
        item.year = RhythmboxValue.year(julianDay: self[.date])
        item.rating = RhythmboxValue.scaled(self[.rating], by: 20).map { min($0, 100) }
        item.bpm = RhythmboxValue.scaled(self[.bpm], by: 1)
        item.disabled = RhythmboxValue.count(self[.hidden]) != nil
        item.location = key
        if kind == .podcast, let file = self[.mountpoint], file.lowercased().hasPrefix("file:") {
            item.location = LocationDecoder.decode(file)
        }
        return (item, identity.hash)
    }
}
