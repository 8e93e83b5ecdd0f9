import MixtapeCore

/// What each format promises to give back for a path, from the writers' and readers' own
/// documentation and `PlaylistRoundTripTests` / `PlaylistSafetyTests`: the path itself, byte for
/// byte (never re-normalised), except for the rewrites those documents name.
enum RoundTrip {
    /// M3U and PLS cannot hold an empty path, a relative one that is not UTF-8, nor one with a
    /// line break that cannot be a `file://` URI (a URL, a relative path); such entries are
    /// skipped. An absolute one is written as its URI.
    static func fitsOnLine(_ path: String) -> Bool {
        guard !path.isEmpty else { return false }
        let absolute = path.utf8.first == UInt8(ascii: "/") || isDrivePath(path)
        // A relative name that is not UTF-8 is skipped too: only VLC would decode its URI reference.
        if PathBytes.hasEscapes(path), !absolute, !LocationEncoder.hasScheme(path) { return false }
        guard path.utf8.contains(where: { $0 == 0x0a || $0 == 0x0d }) else { return true }
        return !LocationEncoder.hasScheme(path) && absolute
    }

    /// M3U: a path that starts with `#` is written `./#…`, "which names the same file but is not
    /// a comment"; every other path comes back as written.
    static func m3u(_ path: String) -> String {
        path.utf8.first == UInt8(ascii: "#") ? "./" + path : line(path)
    }

    /// M3U and PLS: an absolute path with `#`, `?`, `%XX` or a line break is written as a
    /// `file://` URI (`PlayerPath`) and read back decoded, with `/` for `\` in a drive path; a
    /// relative path that starts with `file:` as `./file:…`, which names the same file and is
    /// not read as a URI; any other path as written.
    static func line(_ path: String) -> String {
        if LocationEncoder.hasScheme(path) { return decoded(path) }
        if startsWithFile(path), !PathBytes.hasEscapes(path) { return "./" + path }
        guard PlayerPath.needsURI(path), path.utf8.first == UInt8(ascii: "/") || isDrivePath(path) else { return path }
        return isDrivePath(path) ? forwardSlashes(path) : path
    }

    /// A line read back: a `file:` URI decoded to its path, a byte that is not UTF-8 kept as
    /// the index's playlist-file reader keeps it (`PlaylistEntryTarget`): a path with a line
    /// break is written as its URI, and its other bytes must come back too.
    static func decoded(_ line: String) -> String {
        line.lowercased().hasPrefix("file:") ? LocationDecoder.decode(line, keepingBytes: true) : line
    }

    /// Whether the bytes start with `file:` in any case, as `M3UWriter` and players look at a
    /// line: `String.hasPrefix` compares characters, and `file:` followed by a combining mark
    /// is not its prefix there (`:̈` is one character), though a player reads a URI.
    static func startsWithFile(_ path: String) -> Bool {
        Array(path.utf8.prefix(5)).map { $0 | 0x20 } == Array("file:".utf8).map { $0 | 0x20 }
    }

    /// iTunes skips what XSPF does and a name that is not UTF-8 (a `Location` is read as UTF-8).
    static func fitsITunes(_ path: String) -> Bool {
        fitsXML(path) && !PathBytes.hasEscapes(path)
    }

    /// XSPF and iTunes skip an empty path, and a URL (written as it is) holding a character XML
    /// 1.0 cannot; every other path is percent-encoded and so always fits.
    static func fitsXML(_ path: String) -> Bool {
        !path.isEmpty && (!LocationEncoder.hasScheme(path) || path.unicodeScalars.allSatisfy(isXMLLegal))
    }

    /// XSPF: `file:` URIs come back decoded to paths (bytes that are not UTF-8 kept), other URLs as written (less XML white space
    /// at either end, which the reader trims because other players indent `<location>`; a raw
    /// blank is not part of a URI anyway); a drive path comes back with `/` for `\`, as
    /// `LocationEncoder` documents; any other path, absolute or relative, exactly.
    static func xspf(_ path: String) -> String {
        if LocationEncoder.hasScheme(path) {
            let url = trimmingXMLSpace(path)
            // Read as `XSPFReader` reads it: a byte that is not UTF-8 is kept, not U+FFFD.
            return url.lowercased().hasPrefix("file:") ? LocationDecoder.decode(url, keepingBytes: true) : url
        }
        return isDrivePath(path) ? forwardSlashes(path) : path
    }

    /// iTunes: as XSPF for URLs (a `<string>` keeps its white space) and absolute paths; nil for
    /// a relative path, which an iTunes `Location` cannot hold (`LocationEncoder` makes relative
    /// references for XSPF only, and `Location` is always decoded as a `file://` URL).
    static func itunes(_ path: String) -> String? {
        if LocationEncoder.hasScheme(path) { return LocationDecoder.decode(path) }
        if isDrivePath(path) { return forwardSlashes(path) }
        return path.utf8.first == UInt8(ascii: "/") ? path : nil
    }

    /// Text as an XML writer leaves it: characters XML 1.0 cannot hold are dropped (`XMLText`).
    static func xmlText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter(isXMLLegal)))
    }

    /// `C:`, `C:/…` or `C:\…`, as `LocationEncoder` recognises a Windows drive path.
    static func isDrivePath(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(3))
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":"),
              (0x41...0x5a).contains(bytes[0]) || (0x61...0x7a).contains(bytes[0]) else { return false }
        return bytes.count == 2 || bytes[2] == UInt8(ascii: "/") || bytes[2] == UInt8(ascii: "\\")
    }

    /// Every `\` byte made `/` (bytes, not `Character`s: a combining mark may follow it).
    static func forwardSlashes(_ path: String) -> String {
        String(decoding: path.utf8.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }, as: UTF8.self)
    }

    static func isXMLLegal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0a, 0x0d: true
        case 0..<0x20, 0xfffe, 0xffff: false
        default: true
        }
    }

    private static func trimmingXMLSpace(_ text: String) -> String {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, blank(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars.drop(while: blank)))
    }
}
