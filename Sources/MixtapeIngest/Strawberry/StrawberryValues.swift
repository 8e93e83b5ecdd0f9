import MixtapeCore

/// How the numbers Strawberry and Clementine keep become json.md values. Both players write
/// `-1` (and often `0`) for "not set" in every numeric column, and nanoseconds for lengths; a
/// value outside what the player could have written is one the database does not really have,
/// so it is absent rather than a guess.
enum StrawberryValues {
    /// Unix seconds beyond 9999-12-31 are not a date anyone meant.
    static let latestSecond: Int64 = 253_402_300_799
    static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// A count or number that means something only when positive (track, disc, bit rate, play
    /// count, file size): `-1` and `0` are "not set".
    static func positive(_ value: Int64?) -> Int64? {
        guard let value, value > 0 else { return nil }
        return value
    }

    /// A year between 1 and 9999.
    static func year(_ value: Int64?) -> Int64? {
        guard let value, value > 0, value <= 9999 else { return nil }
        return value
    }

    /// Milliseconds from a length in nanoseconds (or, for Clementine databases older than
    /// schema 28, seconds), rounded half up; nil when not positive.
    static func milliseconds(_ value: Int64?, inSeconds: Bool = false) -> Int64? {
        guard let value, value > 0 else { return nil }
        if inSeconds { return value <= Int64.max / 1000 ? value * 1000 : nil }
        let (whole, rest) = value.quotientAndRemainder(dividingBy: nanosecondsPerMillisecond)
        return rest >= nanosecondsPerMillisecond / 2 ? whole + 1 : whole
    }

    /// Milliseconds from an offset in nanoseconds where 0 is meaningful (a cue track's start).
    static func offsetMilliseconds(_ value: Int64?, inSeconds: Bool = false) -> Int64? {
        guard let value, value >= 0 else { return nil }
        return value == 0 ? 0 : milliseconds(value, inSeconds: inSeconds)
    }

    /// `rating`: a fraction 0…1 (0.2 a star), `-1` unrated → 0–100 rounded half up; anything
    /// outside 0…1 is absent.
    static func rating(_ value: Double?) -> Int64? {
        guard let value, value >= 0, value <= 1 else { return nil }
        return Int64((value * 100 + 0.5).rounded(.down))
    }

    /// `bpm` (a REAL, `-1` unset), rounded half up.
    static func bpm(_ value: Double?) -> Int64? {
        guard let value, value > 0, value < 10_000 else { return nil }
        return Int64((value + 0.5).rounded(.down))
    }

    /// `ctime`, `mtime`, `lastplayed`: Unix seconds; `-1`, `0` and the far future are absent.
    static func time(_ seconds: Int64?) -> Timestamp? {
        guard let seconds, seconds > 0, seconds <= latestSecond else { return nil }
        return Timestamp(rawValue: seconds)
    }

    /// A song's file as a location: a `file:` URL decoded as json.md says (a byte that is not
    /// UTF-8 kept, so the path still names the file); a URL of another scheme unchanged; a bare
    /// path (Clementine before schema 31 stored paths, not URLs) as written. Nil when blank.
    static func location(_ stored: String?) -> String? {
        guard let stored = text(stored) else { return nil }
        guard stored.contains("://") || stored.lowercased().hasPrefix("file:") else { return stored }
        return LocationDecoder.decode(stored, keepingBytes: true)
    }

    /// Text that is not blank (only ASCII spaces, tabs and line breaks), looked at as bytes:
    /// a few dozen texts of each of half a million songs.
    static func text(_ value: String?) -> String? {
        guard let value, value.utf8.contains(where: { !isBlank($0) }) else { return nil }
        return value
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
