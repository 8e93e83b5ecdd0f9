/// How a line-based playlist (M3U8, M3U, PLS) names a file so that the common players open it.
///
/// The players read a line differently: mpv and MPD take it as a literal path, while VLC reads
/// every line that is not a URL as a URI reference, so in a plain path `#` starts a fragment
/// (`/m/a#b.mp3` opens `/m/a`), `?` a query, and `%41` is decoded to `A`. A `file://` URI,
/// percent-encoded, opens in VLC and mpv alike. So a path is written plain (as `spec/cli.md`
/// says) unless it holds one of those, and then, when absolute, as a `file://` URI: exactly the entries VLC
/// would otherwise fail, and the only way to name a file whose name is not UTF-8 in a UTF-8
/// playlist. MPD (0.23 and its current source) strips `file://` without decoding it, so it
/// skips those few entries; a plain path would lose them in VLC, the more common player.
/// Verified with VLC 3.0, mpv 0.35 and MPD 0.23 by `PlayerTests`.
public enum PlayerPath {
    /// Whether `path` must be written as a `file://` URI for VLC to open it.
    public static func needsURI(_ path: String) -> Bool {
        if LocationEncoder.hasScheme(path) { return false }
        if PathBytes.hasEscapes(path) { return true }
        let bytes = Array(path.utf8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            // A line break cannot be written plain on a playlist's line at all.
            case UInt8(ascii: "#"), UInt8(ascii: "?"), 0x0a, 0x0d: return true
            case UInt8(ascii: "%") where index + 2 < bytes.count
                && isHex(bytes[index + 1]) && isHex(bytes[index + 2]): return true
            default: continue
            }
        }
        return false
    }

    /// The text of the entry's line: the path as it is, or its `file://` URI when it needs one.
    /// A relative path stays plain even then (mpv and MPD open it, and VLC would read its
    /// URI reference only): `export-playlist --relative` keeps such a path absolute instead.
    /// One that is not UTF-8 is always encoded, since the playlist must stay UTF-8. With
    /// `plain`, every other path is written as it is (MPD's reading; VLC then fails on the few
    /// names that need a URI).
    public static func line(_ path: String, plain: Bool = false) -> String {
        if plain, !PathBytes.hasEscapes(path) { return path }
        guard needsURI(path), isAbsolute(path) || PathBytes.hasEscapes(path) else { return path }
        return LocationEncoder.encode(path, style: .strict)
    }

    /// Whether `--relative` may write `path` relative: only when its line is a plain path (a
    /// relative URI reference opens in VLC alone, a relative plain line in mpv and MPD).
    public static func mayBeRelative(_ path: String, plain: Bool) -> Bool {
        plain ? !PathBytes.hasEscapes(path) : !needsURI(path)
    }

    /// `/…`, `//server/…` or a drive path `C:/…` / `C:\…`.
    static func isAbsolute(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(3))
        if bytes.first == UInt8(ascii: "/") { return true }
        return LocationEncoder.drivePath(bytes) != nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
