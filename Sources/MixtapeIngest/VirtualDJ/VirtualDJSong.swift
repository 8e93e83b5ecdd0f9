import MixtapeCore

/// One `<Song>` of a VirtualDJ database as read so far, then the `MediaItem` it becomes.
///
/// Both layouts are read into the same slots:
/// - VirtualDJ 8 (`database.xml`): `<Tags Author Title Album Genre Composer Remix Remixer Label
///   Grouping Year TrackNumber Stars Bpm Key>`, `<Infos SongLength FirstSeen LastPlay
///   PlayCount Bitrate LastModified>`, `<Scan Bpm Key>`, `<Comment>`; lengths in seconds, BPM
///   as seconds per beat.
/// - VirtualDJ 7 (`VirtualDJ Local Database v6.xml`): `<Display …>` in place of `<Tags>`,
///   `<BPM Bpm>` and `<FAME Key>` in place of `<Scan>`, `Infos BpmTag`; lengths and beats in
///   samples at 44.1 kHz (`VirtualDJValues`).
///
/// The tag's BPM and key (what the person or the file's tags said) come before the scan's
/// (what VirtualDJ measured). `Remixer` is the remixer; VirtualDJ 8's older `Remix` field,
/// where people wrote a mix's name or its remixer, stands in when there is no `Remixer`.
/// Cue points, automix marks, colours and links are not read.
struct VirtualDJSong: Sendable {
    /// The attributes the mapping reads, each with its slot below.
    enum Field {
        case title, artist, album, genre, composer, remix, remixer, label, grouping, year, track, stars
        case tagBeat, tagKey, scanBeat, scanKey
        case length, firstSeen, lastPlay, lastModified, playCount, bitRate
    }

    /// Attribute names per element; every other attribute is ignored.
    static let tagFields: [(StaticString, Field)] = [
        ("Author", .artist), ("Title", .title), ("Album", .album), ("Genre", .genre), ("Composer", .composer),
        ("Remix", .remix), ("Remixer", .remixer), ("Label", .label), ("Grouping", .grouping), ("Year", .year),
        ("TrackNumber", .track), ("Stars", .stars), ("Bpm", .tagBeat), ("Key", .tagKey),
    ]
    static let infoFields: [(StaticString, Field)] = [
        ("SongLength", .length), ("FirstSeen", .firstSeen), ("LastPlay", .lastPlay),
        ("LastModified", .lastModified), ("PlayCount", .playCount), ("Bitrate", .bitRate), ("BpmTag", .tagBeat),
    ]
    static let scanFields: [(StaticString, Field)] = [("Bpm", .scanBeat), ("Key", .scanKey)]
    /// VirtualDJ 7's scan, in two elements: `<BPM Bpm>` (samples per beat) and `<FAME Key>`.
    static let legacyBPMFields: [(StaticString, Field)] = [("Bpm", .scanBeat)]
    static let legacyFAMEFields: [(StaticString, Field)] = [("Key", .scanKey)]

    /// `FilePath` as written: the id is made of it.
    let filePath: String
    /// Its `identity`, given by the sink once the song is read, before it waits to be mapped:
    /// the id is spelled out of it only then, by whichever thread maps the song (spelling it as
    /// the song was read was a fortieth of VirtualDJ's reading thread, the busier one).
    var identity = StableHash()
    let fileSize: Int64?
    /// Whether lengths and beats are VirtualDJ 7's samples.
    let legacy: Bool
    /// Texts, nil when absent or blank.
    private(set) var title, artist, album, genre, composer, remix, remixer, label, grouping, tagKey, scanKey: String?
    /// Texts read as numbers only when mapped (`VirtualDJValues`).
    private(set) var yearText, trackText: String?
    var comment: String?
    private(set) var stars, firstSeen, lastPlay, lastModified, playCount, bitRate: Int64?
    private(set) var tagBeat, scanBeat, length: Double?

    init(filePath: String, fileSize: Int64?, legacy: Bool) {
        self.filePath = filePath
        self.fileSize = fileSize
        self.legacy = legacy
    }

    /// Takes one attribute's value into its slot.
    mutating func set(_ field: Field, _ value: XMLAttributeValue) {
        switch field {
        case .title: title = value.nonBlank
        case .artist: artist = value.nonBlank
        case .album: album = value.nonBlank
        case .genre: genre = value.nonBlank
        case .composer: composer = value.nonBlank
        case .remix: remix = value.nonBlank
        case .remixer: remixer = value.nonBlank
        case .label: label = value.nonBlank
        case .grouping: grouping = value.nonBlank
        case .tagKey: tagKey = value.nonBlank
        case .scanKey: scanKey = value.nonBlank
        case .year: yearText = value.nonBlank
        case .track: trackText = value.nonBlank
        case .stars: stars = value.integer
        case .firstSeen: firstSeen = value.integer
        case .lastPlay: lastPlay = value.integer
        case .lastModified: lastModified = value.integer
        case .playCount: playCount = value.integer
        case .bitRate: bitRate = value.integer
        case .tagBeat: tagBeat = value.decimal
        case .scanBeat: scanBeat = value.decimal
        case .length: length = value.decimal
        }
    }

    /// The hash of `FilePath` as VirtualDJ writes it, the song's own key: it survives a
    /// re-export and reordering, not a move or rename of the file.
    static func identity(filePath: String) -> StableHash {
        var hash = StableHash()
        hash.combine(filePath)
        return hash
    }

    /// `virtualdj:` + the 16 hex digits of `identity`.
    var id: ItemID { ItemID.derived(scheme: "virtualdj", hash: identity) }

    /// The item. Consuming: the texts move into the item (`take()`), not copied and released.
    consuming func item(source: String) -> MediaItem {
        typealias V = VirtualDJValues
        var item = MediaItem(id: id)
        item.source = source
        item.location = V.location(filePath: filePath)
        // VirtualDJ plays video too (`.mp4` clips) and says nothing of a song's kind: its
        // extension decides, as for rekordbox, the other DJ format that does not say.
        item.kind = RekordboxTrack.kind(of: item.location ?? "")
        item.title = title.take()
        item.artist = artist.take()
        item.album = album.take()
        item.genre = genre.take()
        item.composer = composer.take()
        item.remixer = remixer.take() ?? remix.take()
        item.label = label.take()
        item.grouping = grouping.take()
        item.comments = comment.take()
        item.year = V.year(yearText)
        (item.trackNumber, item.trackCount) = V.track(trackText)
        item.rating = V.rating(stars: stars)
        item.bpm = V.bpm(beat: tagBeat, legacy: legacy) ?? V.bpm(beat: scanBeat, legacy: legacy)
        item.musicalKey = tagKey.take() ?? scanKey.take()
        item.durationMs = V.durationMs(length: length, legacy: legacy)
        item.playCount = playCount.flatMap { $0 > 0 ? $0 : nil }
        item.bitRate = bitRate.flatMap { $0 > 0 ? $0 : nil }
        item.size = fileSize.flatMap { $0 > 0 ? $0 : nil }
        item.dateAdded = V.time(firstSeen)
        item.playDate = V.time(lastPlay)
        item.dateModified = V.time(lastModified)
        return item
    }
}
