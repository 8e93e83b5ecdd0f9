import MixtapeCore

/// How the values Engine DJ stores become json.md values. Engine keeps numbers in its own
/// units (seconds, a key number, a rating already 0–100) and no more than that: a value out of
/// the range Engine itself writes is one the file does not really have, so it is absent, never
/// clamped into a guess.
enum EngineValues {
    /// Engine's key numbers 0–23, in its order (the circle of fifths, each major key followed
    /// by its relative minor: 0 C, 1 Am, 2 G, 3 Em … 23 Dm; Camelot 8B, 8A, 9B, 9A …), named in
    /// the notation the Traktor reader writes. Checked against libdjinterop's `musical_key`
    /// (C major 0 … D minor 23) and the real 1.6 databases (3 = Em, 11 = Abm for the test files'
    /// tags).
    static let keyNames = ["C", "Am", "G", "Em", "D", "Bm", "A", "F#m", "E", "Dbm", "B", "Abm",
                           "F#", "Ebm", "Db", "Bbm", "Ab", "Fm", "Eb", "Cm", "Bb", "Gm", "F", "Dm"]
    /// Unix seconds beyond 9999-12-31 are not a date anyone meant.
    static let latestSecond: Int64 = 253_402_300_799
    /// Ten days: longer is not the length of a track.
    static let longestSeconds: Int64 = 864_000

    /// The key's name; nil for anything but 0–23.
    static func key(_ number: Int64?) -> String? {
        guard let number, number >= 0, number < Int64(keyNames.count) else { return nil }
        return keyNames[Int(number)]
    }

    /// Engine's rating is 0–100 already (20 a star); 0 is "not rated" and absent, as is
    /// anything out of range.
    static func rating(_ value: Int64?) -> Int64? {
        guard let value, (1...100).contains(value) else { return nil }
        return value
    }

    /// BPM: the analysed tempo (a real number) rounded half up, else the tagged whole BPM;
    /// a tempo outside 1–999 is absent.
    static func bpm(analyzed: Double?, tagged: Int64?) -> Int64? {
        if let analyzed, analyzed.isFinite, analyzed >= 0.5, analyzed < 999.5 {
            return Int64((analyzed + 0.5).rounded(.down))
        }
        guard let tagged, (1...999).contains(tagged) else { return nil }
        return tagged
    }

    /// Milliseconds from whole seconds (`length`, else `lengthCalculated`).
    static func durationMs(seconds: Int64?) -> Int64? {
        guard let seconds, seconds > 0, seconds <= longestSeconds else { return nil }
        return seconds * 1000
    }

    /// A year 1–9999.
    static func year(_ value: Int64?) -> Int64? {
        guard let value, (1...9999).contains(value) else { return nil }
        return value
    }

    /// A positive count or size (bit rate, file bytes, track number).
    static func positive(_ value: Int64?) -> Int64? {
        guard let value, value > 0 else { return nil }
        return value
    }

    /// A time Engine stored: Unix seconds (1.x's `MetaDataInteger`, 2.x's `DATETIME` columns as
    /// libdjinterop and Engine write them), or a `YYYY-MM-DD HH:MM:SS` text taken as UTC. Zero,
    /// negative and absurd values are absent.
    static func time(integer: Int64?, text: String?) -> Timestamp? {
        if let integer {
            guard integer > 0, integer <= latestSecond else { return nil }
            return Timestamp(rawValue: integer)
        }
        guard let text, text.utf8.count >= 19, text.utf8.count <= 40 else { return nil }
        var iso = text.replacing(" ", with: "T")
        if !iso.hasSuffix("Z"), !iso.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" }) { iso += "Z" }
        return Timestamp(iso8601: iso)
    }

    /// A text value, nil when empty or only blanks (Engine 1.x writes empty `MetaData` rows
    /// for fields it has no value for).
    static func text(_ value: String?) -> String? {
        guard let value, value.hasNonWhitespace else { return nil }
        return value
    }

    /// The folder Engine's relative paths start from: the `Engine Library` folder, which
    /// holds `m.db` (Engine Prime 1.x) or holds `Database2/m.db` (Engine DJ 2 and later).
    static func libraryFolder(databasePath: String) -> String {
        let folder = parent(of: databasePath)
        return folder.split(separator: "/").last == "Database2" ? parent(of: folder) : folder
    }

    /// The track's location: a relative path (Engine's usual `../Music/a.mp3`) made absolute
    /// against the library folder with `.` and `..` resolved by name (the files need not be
    /// here: relocation looks for them); a Windows path (`D:\Music\a.mp3`, `D:/Music/a.mp3`,
    /// which Engine writes for a file on another drive) with `/` for `\` as the other readers
    /// give theirs, for the relocation to map; an absolute Mac/Linux path or a URL as written.
    static func location(path: String, libraryFolder: String) -> String {
        if path.hasPrefix("/") || path.contains("://") { return path }
        let bytes = Array(path.utf8.prefix(3))
        let isDrive = bytes.count == 3 && bytes[1] == UInt8(ascii: ":")
            && (bytes[2] == UInt8(ascii: "/") || bytes[2] == UInt8(ascii: "\\"))
            && ((bytes[0] | 0x20) >= UInt8(ascii: "a") && (bytes[0] | 0x20) <= UInt8(ascii: "z"))
        if isDrive || path.hasPrefix("\\\\") { return path.replacing("\\", with: "/") }
        return normalized(libraryFolder + "/" + path.replacing("\\", with: "/"))
    }

    /// `path` with empty, `.` and `..` components resolved by name (`..` at the root stays at
    /// the root, as the file system does).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
