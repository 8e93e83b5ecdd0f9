/// Text for the line-based formats (M3U, PLS), where a line break inside a title would start a
/// new entry and turn the rest of the title into a path.
enum PlaylistLineText {
    /// The text with every C0 control (CR, LF, tab, …), DEL, NEL and the Unicode line and
    /// paragraph separators replaced by a space: nothing a reader could take for a line end.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBreaking) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isBreaking(scalar) ? " " : scalar) }
        return String(out)
    }

    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7f, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The line that names `path` in M3U or PLS (`PlayerPath`), or nil when none can: an
    /// empty path, a relative one that is not UTF-8, or a line break in one that cannot be a
    /// `file://` URI (a relative path, a URL, a plain path for MPD); an absolute one is written
    /// as its URI, `%0A` for the break.
    /// A relative path that starts with `file:` is written `./file:…`, which names the same
    /// file, where a reader would take `file:…` for a URI and decode it.
    static func location(_ path: String, plain: Bool) -> String? {
        // A relative name that is not UTF-8 has no line either: its percent-encoded form is a
        // URI reference only VLC decodes, and mpv, MPD and our own reader would look for a
        // file named `%E9…`.
        if PathBytes.hasEscapes(path), !PlayerPath.isAbsolute(path), !LocationEncoder.hasScheme(path) { return nil }
        let line = PlayerPath.line(path, plain: plain)
        guard !line.isEmpty, !line.utf8.contains(where: { $0 == 0x0a || $0 == 0x0d }) else { return nil }
        let isURL = line != path || LocationEncoder.hasScheme(path)
        return !isURL && line.utf8.prefix(5).map { $0 | 0x20 } == Array("file:".utf8) ? "./" + line : line
    }

    /// What a player shows for the entry: `Artist - Title`, the title alone when the artist is
    /// unknown, and the file name when the title is unknown (as players show untagged files).
    static func display(_ entry: PlaylistEntry) -> String {
        let title = entry.title ?? fileName(entry.path)
        guard let artist = entry.artist, !artist.isEmpty else { return sanitized(title) }
        return sanitized(artist + " - " + title)
    }

    /// The last component of a path or URL (after `/` or `\`), or the whole text if that is empty.
    static func fileName(_ path: String) -> String {
        let name = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        return name.isEmpty ? path : name
    }
}
