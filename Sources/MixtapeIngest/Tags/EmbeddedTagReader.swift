import CTagLib
import MixtapeCore
import TagLibPropertyMap

/// Reads the tags embedded in one media file (ID3, Vorbis comments, MP4 atoms, ...) and its
/// audio properties through TagLib's C API, into the `TagSet` that folder indexing layers under
/// sidecars and over the file name. It never throws and never prints: a file it cannot use
/// comes back with `isValid == false`, and the caller decides how to warn.
///
/// Safe to call from any thread: every TagLib call goes through `TagLibGate`, because TagLib's
/// C binding keeps process-wide state. Concurrent readers therefore take turns inside TagLib.
///
/// What TagLib's C API can say depends on its version:
/// - every version: title, artist, album, genre, comment, year, track number, and the length
///   in whole seconds, bit rate and sample rate;
/// - TagLib 2.0 and later also have the property map, which adds album artist, track total,
///   disc number and disc total. For TagLib 1.x (Debian 12 ships 1.13) the `TagLibPropertyMap`
///   target reads the same map, and the length in milliseconds, from the same open file
///   through the C++ API, so every version gives every field (see `readableFields`).
public enum EmbeddedTagReader {
    /// Extensions of the containers TagLib reads (its `FileRef` list, 1.13 and 2.x alike).
    /// Matroska, WebM, QuickTime `.mov`, AVI and raw AAC are not among them: for those a file
    /// that TagLib cannot open says nothing about whether it is damaged.
    public static let readableExtensions: Set<String> = [
        "mp3", "mp2", "ogg", "oga", "opus", "spx", "flac", "mpc", "wv", "tta", "m4a", "m4r", "m4b",
        "m4p", "mp4", "3g2", "m4v", "wma", "asf", "aif", "aiff", "afc", "aifc", "wav", "ape",
    ]

    /// True when this build can read the property map: through the C API (TagLib 2.0 and
    /// later) or the C++ bridge (TagLib 1.x).
    public static var readsPropertyMap: Bool {
        mixtape_taglib_has_properties() != 0 || mixtape_taglib1_available() != 0
    }

    /// The fields a reading can ever contain with this build's TagLib, so the indexer can tell
    /// "this file has no album artist" from "this TagLib cannot read album artists".
    public static var readableFields: Set<Field> {
        let basic: Set<Field> = [.title, .artist, .album, .genre, .comments, .year, .trackNumber,
                                 .durationMs, .bitRate, .sampleRate]
        return readsPropertyMap ? basic.union([.albumArtist, .trackCount, .discNumber, .discCount]) : basic
    }

    /// Reads the file at `path`. Unset fields were not found; zero years, track numbers and
    /// lengths (TagLib's "unknown") are left unset. `isValid` is false when TagLib cannot open
    /// the file or does not know its type, and also when it opens it but finds neither a tag
    /// value nor an audio stream (TagLib "opens" an empty file, a folder or random bytes named
    /// `.mp3` without complaint).
    public static func read(path: String) -> EmbeddedTagReading {
        TagLibGate.shared.run { readInsideGate(path: path) }
    }

    /// The reading itself; only ever called inside the gate.
    private static func readInsideGate(path: String) -> EmbeddedTagReading {
        // Read-only, unlike taglib_file_new: see mixtape_taglib_open_read_only.
        // The path's own bytes, so a name that is not UTF-8 opens (`PathBytes`).
        guard let opened = PathBytes.withCString(path, { mixtape_taglib_open_read_only($0) }) else { return .unreadable }
        defer { mixtape_taglib_close_read_only(opened) }
        let file = mixtape_taglib_read_only_file(opened).assumingMemoryBound(to: TagLib_File.self)
        // Frees every string taglib_tag_* returned; each was copied into Swift before this runs.
        defer { taglib_tag_free_strings() }
        guard taglib_file_is_valid(file) != 0 else { return .unreadable }

        var tags = TagSet()
        if let tag = taglib_file_tag(file) { readTag(tag, into: &tags) }
        if readsPropertyMap { readProperties(of: file, into: &tags) }
        var hasAudio = false
        if let audio = taglib_file_audioproperties(file) { hasAudio = readAudio(audio, into: &tags) }
        let milliseconds = mixtape_taglib1_length_ms(file)
        if milliseconds > 0 { tags[.durationMs] = .integer(milliseconds) }
        guard hasAudio || !tags.isEmpty else { return .unreadable }
        let cueSheet = readsPropertyMap ? property("CUESHEET", of: file) : nil
        return EmbeddedTagReading(tags: tags, isValid: true, cueSheet: cueSheet)
    }

    /// The fixed fields every TagLib version offers.
    private static func readTag(_ tag: UnsafeMutablePointer<TagLib_Tag>, into tags: inout TagSet) {
        tags[.title] = text(taglib_tag_title(tag))
        tags[.artist] = text(taglib_tag_artist(tag))
        tags[.album] = text(taglib_tag_album(tag))
        tags[.genre] = text(taglib_tag_genre(tag))
        tags[.comments] = text(taglib_tag_comment(tag))
        tags[.year] = positive(Int64(taglib_tag_year(tag)))
        tags[.trackNumber] = positive(Int64(taglib_tag_track(tag)))
    }

    /// Album artist and the "n of total" positions from the property map (TagLib 2.0+). The
    /// property names are TagLib's own, the same for every format: it maps ID3v2 TPE2/TRCK/TPOS,
    /// MP4 aART/trkn/disk and Vorbis comments onto them. Totals may come inside the position
    /// ("3/12") or, as many Vorbis taggers write them, in a separate TRACKTOTAL / TOTALTRACKS.
    private static func readProperties(of file: UnsafeMutablePointer<TagLib_File>, into tags: inout TagSet) {
        tags[.albumArtist] = (property("ALBUMARTIST", of: file) ?? property("ALBUM ARTIST", of: file))
            .map(FieldValue.text)

        let track = property("TRACKNUMBER", of: file).map(NumberAndTotal.init(parsing:)) ?? NumberAndTotal()
        if let number = track.number { tags[.trackNumber] = .integer(number) }
        tags[.trackCount] = (track.total ?? total(of: file, keys: ["TRACKTOTAL", "TOTALTRACKS"]))
            .map(FieldValue.integer)

        let disc = property("DISCNUMBER", of: file).map(NumberAndTotal.init(parsing:)) ?? NumberAndTotal()
        tags[.discNumber] = disc.number.map(FieldValue.integer)
        tags[.discCount] = (disc.total ?? total(of: file, keys: ["DISCTOTAL", "TOTALDISCS"]))
            .map(FieldValue.integer)
    }

    /// The first total found under one of `keys`.
    private static func total(of file: UnsafeMutablePointer<TagLib_File>, keys: [String]) -> Int64? {
        for key in keys {
            if let value = property(key, of: file).flatMap({ NumberAndTotal(parsing: $0).number }) { return value }
        }
        return nil
    }

    /// The first value of property `key`, or nil: from the C API's map (TagLib 2+) or the C++
    /// bridge's (1.x). The list is freed at once.
    private static func property(_ key: String, of file: UnsafeMutablePointer<TagLib_File>) -> String? {
        if mixtape_taglib_has_properties() != 0 {
            guard let values = mixtape_taglib_property_get(file, key) else { return nil }
            defer { mixtape_taglib_property_free(values) }
            return values[0].map { String(cString: $0) }
        }
        guard let values = mixtape_taglib1_property_get(file, key) else { return nil }
        defer { mixtape_taglib1_property_free(values) }
        return values[0].map { String(cString: $0) }
    }

    /// Length, bit rate (kbps) and sample rate (Hz); true when an audio stream was found (a
    /// sample rate above zero), which is what separates a real file from bytes TagLib merely
    /// opened.
    private static func readAudio(_ audio: UnsafePointer<TagLib_AudioProperties>, into tags: inout TagSet) -> Bool {
        tags[.durationMs] = positive(Int64(taglib_audioproperties_length(audio)) * 1000)
        tags[.bitRate] = positive(Int64(taglib_audioproperties_bitrate(audio)))
        let sampleRate = Int64(taglib_audioproperties_samplerate(audio))
        tags[.sampleRate] = positive(sampleRate)
        return sampleRate > 0
    }

    /// A copy of a TagLib string (UTF-8; invalid bytes repaired), or nil. Empty and blank texts
    /// are dropped by `TagSet` itself.
    private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> FieldValue? {
        pointer.map { .text(String(cString: $0)) }
    }

    /// The number when above zero: TagLib reports "unknown" as 0.
    private static func positive(_ value: Int64) -> FieldValue? {
        value > 0 ? .integer(value) : nil
    }
}
