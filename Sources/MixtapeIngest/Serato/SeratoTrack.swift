import MixtapeCore

/// One `otrk` record of a `database V2` as read, then the `MediaItem` it becomes.
///
/// Mapped (json.md keys): `pfil` location, `tsng` title, `tart` artist, `talb` album, `tgen`
/// genre, `tcom` comments (what real databases hold there is comment text: "converted by …",
/// "Recorded 5/14/2021 …"), `tcmp` composer ("D. Gibbs/J Smith/Jay-Z"), `tgrp` grouping,
/// `tlbl` label, `trmx` remixer, `ttyr` year, `tkey` musical_key, `tbpm` bpm, `tlen`
/// duration_ms, `tbit` bit_rate, `tsmp` sample_rate, `ufsb` size, `utkn` track_number, `udsc`
/// disc_number, `uadd` (else `tadd`) date_added, `utme` (the file's time) date_modified; the
/// extension decides video. Not mapped: `ttyp` (the file type), `tsiz` (the size rounded to
/// 0.1 MB; `ufsb` is exact), `ulbl` (the colour), `tiid`, `pvid`, `tcor` (why Serato found the
/// file corrupt), `sbav`, `utpc` (meaning unknown) and the `b…` flags (`bmis` missing, `bply`
/// played, `bcrt` corrupt, `buns` unsupported, `bbgl` beatgrid locked, …): where a file is,
/// mixtape finds itself, and Serato's cue points live in the audio files' tags, not here.
struct SeratoTrack: Sendable {
    var path = ""
    /// Its `identity`, given by the database once the whole record is read (the path may come
    /// last): what a repeat is noticed by.
    var id = ItemID(rawValue: "")
    var title: String?, artist: String?, album: String?, genre: String?, comment: String?, composer: String?
    var grouping: String?, label: String?, remixer: String?, key: String?, addedText: String?
    /// The numbers Serato writes as text, read as the record is (`SeratoRecord.number(file:_:)`):
    /// made into a `String` each first, then parsed, they were a fifth of mapping a track.
    var year: Int64?, bpm: Int64?, durationMs: Int64?, bitRate: Int64?, sampleRate: Int64?
    var added: UInt32?, fileTime: UInt32?, fileSize: UInt32?, trackNumber: UInt32?, discNumber: UInt32?

    // The tags as literals: a `static let` made by a call (`SeratoRecord.tag("pfil")`) is
    // initialised lazily, and the switch below asked for that once per field of every track
    // (13% of a 100,000-track read in `swift_once`). `SeratoTagTests` checks each spelling.
    static let pfil: UInt32 = 0x7066696C, tsng: UInt32 = 0x74736E67, tart: UInt32 = 0x74617274, talb: UInt32 = 0x74616C62
    static let tgen: UInt32 = 0x7467656E, tcom: UInt32 = 0x74636F6D, tcmp: UInt32 = 0x74636D70, tgrp: UInt32 = 0x74677270
    static let tlbl: UInt32 = 0x746C626C, trmx: UInt32 = 0x74726D78, ttyr: UInt32 = 0x74747972, tkey: UInt32 = 0x746B6579
    static let tbpm: UInt32 = 0x7462706D, tlen: UInt32 = 0x746C656E, tbit: UInt32 = 0x74626974, tsmp: UInt32 = 0x74736D70
    static let tadd: UInt32 = 0x74616464, uadd: UInt32 = 0x75616464, utme: UInt32 = 0x75746D65, ufsb: UInt32 = 0x75667362
    static let utkn: UInt32 = 0x75746B6E, udsc: UInt32 = 0x75647363

    /// The track an `otrk` record holds. Fields come in any order; the last of a repeated one
    /// counts. A field that does not fit its record, a text of odd length or a number that is
    /// not 4 bytes is an error at its offset; unknown fields are skipped unread.
    static func read(_ record: SeratoRecord, file: String) throws -> SeratoTrack {
        var track = SeratoTrack()
        try record.fields(file: file) { field in
            let text = { try SeratoValues.nonBlank(field.text(file: file)) }
            switch field.tag {
            case pfil: track.path = try field.text(file: file)
            case tsng: track.title = try text()
            case tart: track.artist = try text()
            case talb: track.album = try text()
            case tgen: track.genre = try text()
            case tcom: track.comment = try text()
            case tcmp: track.composer = try text()
            case tgrp: track.grouping = try text()
            case tlbl: track.label = try text()
            case trmx: track.remixer = try text()
            case ttyr: track.year = try field.number(file: file, SeratoValues.year)
            case tkey: track.key = try text()
            case tbpm: track.bpm = try field.number(file: file, SeratoValues.bpm)
            case tlen: track.durationMs = try field.number(file: file, SeratoValues.durationMs)
            case tbit: track.bitRate = try field.number(file: file, SeratoValues.bitRate)
            case tsmp: track.sampleRate = try field.number(file: file, SeratoValues.sampleRate)
            case tadd: track.addedText = try text()
            case uadd: track.added = try field.number(file: file)
            case utme: track.fileTime = try field.number(file: file)
            case ufsb: track.fileSize = try field.number(file: file)
            case utkn: track.trackNumber = try field.number(file: file)
            case udsc: track.discNumber = try field.number(file: file)
            default: break
            }
        }
        return track
    }

    /// `serato:` + a hash of the path's key (`SeratoValues.key`): what Serato itself knows a
    /// track by (its crates name tracks by path), so it survives a re-export and any reordering,
    /// not a move or rename of the file.
    static func identity(path: String) -> (id: ItemID, hash: UInt64) {
        var hash = StableHash()
        hash.combine(SeratoValues.key(path: path))
        return (ItemID.derived(scheme: "serato", hash: hash), hash.value)
    }

    /// The item; `root` is the drive root its path is relative to. Consuming: the texts move
    /// into the item (`take()`: read from a consumed track, they were copied and then released).
    consuming func item(source: String, root: String) -> MediaItem {
        typealias V = SeratoValues
        var item = MediaItem(id: id)
        item.source = source
        item.location = V.location(path: path, root: root)
        // Serato plays video too (Serato Video); its `ttyp` says `quicktime` for an .m4a as for
        // a .mov, so the extension decides, as for the other DJ formats.
        item.kind = RekordboxTrack.kind(of: path)
        item.title = title.take()
        item.artist = artist.take()
        item.album = album.take()
        item.genre = genre.take()
        item.comments = comment.take()
        item.composer = composer.take()
        item.grouping = grouping.take()
        item.label = label.take()
        item.remixer = remixer.take()
        item.year = year
        item.musicalKey = key.take()
        item.bpm = bpm
        item.durationMs = durationMs
        item.bitRate = bitRate
        item.sampleRate = sampleRate
        item.size = V.positive(fileSize)
        item.trackNumber = V.positive(trackNumber)
        item.discNumber = V.positive(discNumber)
        item.dateAdded = V.time(added) ?? V.time(text: addedText)
        item.dateModified = V.time(fileTime)
        return item
    }
}
