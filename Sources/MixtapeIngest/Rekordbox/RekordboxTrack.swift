import Foundation
import MixtapeCore

/// One `<TRACK>` of a rekordbox `COLLECTION` as a `MediaItem`: the field mapping of
/// spec/sources.md, in one place.
///
/// rekordbox writes every attribute on every track, with `""` and `0` for what it does not
/// know (`Year="0"`, `AverageBpm="0.00"`, `Label=""`), so those are absent here, never values:
/// - text (`Name`, `Artist`, `Album`, `Composer`, `Genre`, `Grouping`, `Comments`, `Tonality`
///   → `musical_key`, `Label`, `Remixer`): blank is absent. `Mix` (the mix's name, "Extended
///   Mix") has no field.
/// - `Year`, `TrackNumber`, `DiscNumber`, `BitRate`, `SampleRate`, `Size`: 0 is absent;
///   `TotalTime` whole seconds → `duration_ms`, 0 absent; `AverageBpm` rounded half up, 0
///   absent; `PlayCount` as it is.
/// - `Rating` 0…255 (stars × 51) → 20 per star, the nearest star for values in between (252 →
///   100); an unrated track is 0, as rekordbox writes it.
/// - `DateAdded`, `DateModified`, `LastPlayed` (`YYYY-MM-DD`) → midnight UTC.
/// - `TrackID` → `track_id` (this export's number only).
/// - kind: `video` for a file with a video extension (`.mp4`, `.mov`, …; rekordbox plays
///   videos), else `music`.
///
/// The id is `rekordbox:` + a hash of the decoded Location in NFC (see `id(location:)`).
struct RekordboxTrack {
    /// The item, with `source` set.
    var item: MediaItem

    /// Extensions rekordbox's video feature plays, and other video containers.
    static let videoExtensions: Set<String> = ["mp4", "m4v", "mkv", "webm", "mov", "avi", "vob", "mpg", "mpeg", "wmv", "flv"]

    /// The item for a `TRACK` element's attributes.
    init(_ attributes: XMLAttributes, source: String) {
        item = MediaItem(id: ItemID(rawValue: ""))
        var raw = RawAttributes()
        for index in 0..<attributes.count {
            raw.take(attributes.name(at: index), attributes.value(at: index), into: &self)
        }
        let location = raw.location.flatMap { $0.isEmpty ? nil : RekordboxLocation.decode($0.string) }
        let text = { (value: XMLAttributeValue?) in value?.string ?? "" }
        item.id = location.map(RekordboxTrack.id(location:))
            ?? RekordboxTrack.id(name: text(raw.name), artist: text(raw.artist), album: text(raw.album), totalTime: text(raw.totalTime))
        item.location = location
        item.kind = location.map(RekordboxTrack.kind(of:)) ?? .music
        item.source = source
    }

    /// `rekordbox:` + 16 hex digits of the path: the same file is the same item in every
    /// export of the collection, whatever its TrackID (rekordbox 5 renumbers them) and its
    /// place in the file. NFC, so a re-export by a tool that writes NFD names keeps it.
    static func id(location: String) -> ItemID {
        ItemID.derived(scheme: "rekordbox", part: isNFC(location) ? location : location.precomposedStringWithCanonicalMapping)
    }

    /// Whether `text` is surely NFC already, without Foundation: every scalar is in a block whose
    /// characters are all NFC_Quick_Check=Yes with combining class 0 (below U+0300: ASCII,
    /// Latin-1, Latin Extended A/B; Cyrillic letters; kana; CJK ideographs; Hangul syllables;
    /// emoji). Most names are, and normalising each costs a quarter of a large read.
    static func isNFC(_ text: String) -> Bool {
        // ASCII is NFC; checking bytes skips decoding scalars for most paths.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0..<0x300, 0x400...0x482, 0x48A...0x4FF, 0x3041...0x3096, 0x30A1...0x30FA,
                 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF: true
            default: false
            }
        }
    }

    /// The id of a track with no Location (hand-made files): its name, artist, album and length.
    static func id(name: String, artist: String, album: String, totalTime: String) -> ItemID {
        ItemID.derived(scheme: "rekordbox", parts: ["rekordbox-no-location", name, artist, album, totalTime])
    }

    /// `video` for a video file's extension, else `music`. On the bytes, the extension packed
    /// into an integer: lower-casing a String and hashing it per track was a twentieth of a
    /// large read.
    static func kind(of location: String) -> Kind {
        var packed: UInt64 = 0
        var length = 0
        for byte in location.utf8.reversed() {
            if byte == UInt8(ascii: ".") { return length > 0 && videoExtensionCodes.contains(packed) ? .video : .music }
            // A longer tail, a folder or a non-ASCII letter is not one of the extensions.
            guard length < 8, byte != UInt8(ascii: "/"), byte < 0x80 else { return .music }
            packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte)
            length += 1
        }
        return .music
    }

    /// Each of `videoExtensions` packed as `kind(of:)` packs a tail read backwards: its first
    /// letter in the lowest byte.
    private static let videoExtensionCodes: [UInt64] = videoExtensions.map { name in
        name.utf8.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// A positive whole number; 0 and below are rekordbox's "unknown".
    static func positive(_ value: XMLAttributeValue) -> Int64? {
        value.integer.flatMap { $0 > 0 ? $0 : nil }
    }

    /// `AverageBpm` (`128.00`) rounded half up; 0 (not analysed) is absent.
    static func bpm(_ value: XMLAttributeValue) -> Int64? {
        var dots = 0, digits = 0
        for (index, byte) in value.bytes.enumerated() {
            switch byte {
            case 0x30...0x39: digits += 1
            case 0x2e where digits > 0 && dots == 0: dots += 1
            case 0x2d where index == 0: continue
            default: return nil
            }
        }
        guard digits > 0, value.bytes.last != 0x2e, let number = Double(String(decoding: value.bytes, as: UTF8.self)), number > 0, number < 1e9 else {
            return nil
        }
        return Int64((number + 0.5).rounded(.down))
    }

    /// `Rating` 0…255 → 0…100 in steps of 20 (the nearest star).
    static func rating(_ value: XMLAttributeValue) -> Int64? {
        guard let raw = value.integer, raw >= 0 else { return nil }
        return min((2 * raw + 51) / 102, 5) * 20
    }

    /// `YYYY-MM-DD` at midnight UTC, or nil for anything else (or a day the month lacks).
    static func date(_ value: XMLAttributeValue) -> Timestamp? {
        let bytes = Array(value.bytes)
        guard bytes.count == 10, bytes[4] == 0x2d, bytes[7] == 0x2d else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var result: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                result = result * 10 + Int64(byte - 0x30)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return Timestamp(year: year, month: month, day: day)
    }
}

/// The attributes an id needs whatever their order, kept (as views: the element's start is
/// not over) until all are seen.
private struct RawAttributes {
    var location, name, artist, album, totalTime: XMLAttributeValue?

    /// Maps one attribute onto the track (or keeps it here for the id).
    mutating func take(_ name: XMLName, _ value: XMLAttributeValue, into track: inout RekordboxTrack) {
        switch name.bytes[0] {
        case UInt8(ascii: "A"):
            if name.is("Artist") { artist = value; track.item.artist = value.nonBlank }
            else if name.is("Album") { album = value; track.item.album = value.nonBlank }
            else if name.is("AverageBpm") { track.item.bpm = RekordboxTrack.bpm(value) }
        case UInt8(ascii: "B"):
            if name.is("BitRate") { track.item.bitRate = RekordboxTrack.positive(value) }
        case UInt8(ascii: "C"):
            if name.is("Composer") { track.item.composer = value.nonBlank }
            else if name.is("Comments") { track.item.comments = value.nonBlank }
        case UInt8(ascii: "D"):
            if name.is("DiscNumber") { track.item.discNumber = RekordboxTrack.positive(value) }
            else if name.is("DateAdded") { track.item.dateAdded = RekordboxTrack.date(value) }
            else if name.is("DateModified") { track.item.dateModified = RekordboxTrack.date(value) }
        case UInt8(ascii: "G"):
            if name.is("Genre") { track.item.genre = value.nonBlank }
            else if name.is("Grouping") { track.item.grouping = value.nonBlank }
        case UInt8(ascii: "L"):
            if name.is("Location") { location = value }
            else if name.is("Label") { track.item.label = value.nonBlank }
            else if name.is("LastPlayed") { track.item.playDate = RekordboxTrack.date(value) }
        case UInt8(ascii: "N"):
            if name.is("Name") { self.name = value; track.item.title = value.nonBlank }
        case UInt8(ascii: "P"):
            if name.is("PlayCount") { track.item.playCount = value.integer.flatMap { $0 >= 0 ? $0 : nil } }
        case UInt8(ascii: "R"):
            if name.is("Rating") { track.item.rating = RekordboxTrack.rating(value) }
            else if name.is("Remixer") { track.item.remixer = value.nonBlank }
        case UInt8(ascii: "S"):
            if name.is("Size") { track.item.size = RekordboxTrack.positive(value) }
            else if name.is("SampleRate") { track.item.sampleRate = RekordboxTrack.positive(value) }
        case UInt8(ascii: "T"):
            if name.is("TrackID") { track.item.trackID = value.integer }
            else if name.is("TotalTime") { totalTime = value; track.item.durationMs = RekordboxTrack.milliseconds(value) }
            else if name.is("TrackNumber") { track.item.trackNumber = RekordboxTrack.positive(value) }
            else if name.is("Tonality") { track.item.musicalKey = value.nonBlank }
        case UInt8(ascii: "Y"):
            if name.is("Year") { track.item.year = RekordboxTrack.positive(value) }
        default:
            break
        }
    }
}

extension RekordboxTrack {
    /// `TotalTime` whole seconds as milliseconds; 0 (unknown) absent.
    static func milliseconds(_ value: XMLAttributeValue) -> Int64? {
        guard let seconds = positive(value) else { return nil }
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? nil : ms
    }
}
