import MixtapeCore

/// How VirtualDJ's attribute texts become json.md values. VirtualDJ writes what the file's tags
/// said (`Year="20140730"`, `TrackNumber="01/15"`) and its own numbers in units of its own
/// (seconds per beat; VirtualDJ 7: samples at 44.1 kHz); a text that is none of the forms read
/// here is a value the file does not really have, so it is absent rather than a guess.
enum VirtualDJValues {
    /// VirtualDJ 7 counts lengths and beats in samples of 44.1 kHz audio, whatever the file's
    /// own rate (checked against file sizes and bit rates of real v6 databases).
    static let legacySampleRate = 44_100.0
    /// Unix seconds before 1998 are not a time VirtualDJ saw a file: VirtualDJ 7.4 databases
    /// hold `FirstSeen="1121903"` (January 1970 as Unix seconds), a count in some other unit.
    static let earliestSecond: Int64 = 883_612_800
    /// Unix seconds beyond 9999-12-31 are not a date anyone meant.
    static let latestSecond: Int64 = 253_402_300_799

    /// Whether the root's `Version` is VirtualDJ 7's (`700`, `740`: a whole number below 800),
    /// whose lengths and BPMs are in samples; VirtualDJ 8 writes `8.5`, `2025`.
    static func isLegacy(version: String?) -> Bool {
        guard let version, let number = Int(version) else { return false }
        return number < 800
    }

    /// Rounds half up (118.5 → 119); nil when not finite or out of 64 bits.
    static func halfUp(_ number: Double) -> Int64? {
        guard number.isFinite else { return nil }
        let rounded = (number + 0.5).rounded(.down)
        guard rounded >= -9.2e18, rounded < 9.2e18 else { return nil }
        return Int64(rounded)
    }

    /// BPM from a beat's length: seconds (0.5 is 120 BPM), or samples for VirtualDJ 7.
    static func bpm(beat: Double?, legacy: Bool) -> Int64? {
        guard let beat, beat > 0 else { return nil }
        let seconds = legacy ? beat / legacySampleRate : beat
        guard let bpm = halfUp(60 / seconds), bpm > 0 else { return nil }
        return bpm
    }

    /// Milliseconds from `SongLength`: seconds, or samples for VirtualDJ 7.
    static func durationMs(length: Double?, legacy: Bool) -> Int64? {
        guard let length, length > 0 else { return nil }
        return halfUp(legacy ? length * 1000 / legacySampleRate : length * 1000)
    }

    /// Unix seconds as a timestamp, when they are a time VirtualDJ could have written.
    static func time(_ seconds: Int64?) -> Timestamp? {
        guard let seconds, seconds >= earliestSecond, seconds <= latestSecond else { return nil }
        return Timestamp(rawValue: seconds)
    }

    /// `1999`, or the year of a date written as digits (`20140730`, `2014-07-30`): four leading
    /// digits, or fewer that are the whole text. Nil for 0 and anything else.
    static func year(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let utf8 = text.utf8
        // ASCII, as nearly every year is: each byte is a character, so the bytes are read
        // (characters and their properties were 2% of indexing 100,000 songs).
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let digits = utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            let whole = digits == utf8.count
            let kept: Int
            switch digits {
            case 4: kept = 4  // whatever follows is not a digit
            case 8 where whole: kept = 4
            case 1...3 where whole: kept = digits
            default: return nil
            }
            let year = utf8.prefix(kept).reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
            return year > 0 ? year : nil
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        let year: Int64?
        switch digits.count {
        case 4 where rest.isEmpty || !(rest.first?.isNumber ?? false): year = Int64(digits)
        case 8 where rest.isEmpty: year = Int64(digits.prefix(4))
        case 1...3 where rest.isEmpty: year = Int64(digits)
        default: year = nil
        }
        guard let year, year > 0 else { return nil }
        return year
    }

    /// `7`, `07` or `07/15`: the number and, after a slash, the count. Zero is absent.
    static func track(_ text: String?) -> (number: Int64?, count: Int64?) {
        guard let text else { return (nil, nil) }
        if let plain = plainTrack(text.utf8) { return plain }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let positive = { (part: Substring?) -> Int64? in
            guard let part, let value = Int64(String(part).trimmingBlanks), value > 0 else { return nil }
            return value
        }
        return (positive(parts.first), parts.count > 1 ? positive(parts[1]) : nil)
    }

    /// `track` of what nearly every text is, digits with one slash or none (`7`, `03/12`),
    /// read from the bytes; nil for any other text, which `track` reads as text. Splitting and
    /// trimming substrings cost 3% of the thread that mapped 100,000 songs.
    private static func plainTrack(_ utf8: String.UTF8View) -> (number: Int64?, count: Int64?)? {
        var parts: (number: Int64, count: Int64) = (0, 0)
        var digits = 0
        var afterSlash = false
        for byte in utf8 {
            if byte == UInt8(ascii: "/"), !afterSlash {
                afterSlash = true
                digits = 0
                continue
            }
            // Eighteen digits cannot overflow; a longer number, a sign or a blank is for `track`.
            guard byte >= 0x30, byte <= 0x39, digits < 18 else { return nil }
            let digit = Int64(byte - 0x30)
            if afterSlash { parts.count = parts.count * 10 + digit } else { parts.number = parts.number * 10 + digit }
            digits += 1
        }
        return (parts.number > 0 ? parts.number : nil, parts.count > 0 ? parts.count : nil)
    }

    /// `Stars` 1–5 → 20 per star; 0 (not rated) and anything else are absent.
    static func rating(stars: Int64?) -> Int64? {
        guard let stars, (1...5).contains(stars) else { return nil }
        return stars * 20
    }

    /// A path as a location: a Windows path (`C:\Music\a.mp3`, `\\server\share\a.mp3`) with `/`
    /// for `\`, as the Traktor and rekordbox readers give theirs (`C:/Music/a.mp3`), which the
    /// relocation reads; a Mac or Linux path (it starts with `/`) and a `netsearch://` stream
    /// as written.
    static func location(filePath: String) -> String {
        guard filePath.utf8.first != UInt8(ascii: "/") else { return filePath }
        return filePath.replacingBackslashes
    }
}
