/// Reads an XSPF playlist.
///
/// A small scanner rather than an XML parser: it reads the `<title>` before `<trackList>` and,
/// per `<track>`, its `<location>`, `<title>`, `<creator>` and `<duration>`, which covers what
/// `XSPFWriter` writes and the usual files of other players (plain elements, entity and
/// character references, CDATA, UTF-16 with a BOM). It never loads a DTD or expands an entity
/// beyond the five predefined ones and character references, so hostile XML costs nothing.
/// Comments and namespace prefixes are not understood.
public enum XSPFReader {
    /// The paths in track order, repeats kept: `file:` URIs decoded back to paths by
    /// `LocationDecoder`, relative references percent-decoded, other URLs as written; a
    /// percent-encoded byte that is not UTF-8 stays a `PathBytes` escape (the file's own name).
    public static func paths(_ bytes: [UInt8]) -> [String] {
        read(bytes).entries.map(\.location)
    }

    /// The playlist's title and its tracks.
    public static func read(_ bytes: [UInt8]) -> PlaylistFileContent {
        let text = PlaylistFileText.decodeReporting(bytes, alwaysUTF8: true).text
        var undefined: [Substring] = []
        let note = { (reference: Substring) in undefined.append(reference) }
        var (scanner, content) = XMLScanner.titled(text, entriesFrom: "<trackList", undefined: note)
        var found = false
        while let track = scanner.block("track") {
            found = true
            var inner = XMLScanner(track.text)
            guard let location = inner.element("location") else {
                content.problems.append(PlaylistFileProblem(line: track.line, message: "a track with no <location>; skipped"))
                continue
            }
            let creator = inner.element("creator").map { String(XMLScanner.content($0, undefined: note).trimmingXMLSpace) }
            let title = inner.element("title").map { String(XMLScanner.content($0, undefined: note).trimmingXMLSpace) }
            let duration = inner.element("duration").flatMap { Int64(XMLScanner.content($0).trimmingXMLSpace) }
            content.entries.append(PlaylistFileEntry(location: path(fromLocation: location, undefined: note),
                                                     artist: creator?.isEmpty == false ? creator : nil,
                                                     title: title?.isEmpty == false ? title : nil,
                                                     durationMs: duration.flatMap { $0 >= 0 ? $0 : nil },
                                                     line: track.line))
        }
        if !found, !text.utf8.contains(UInt8(ascii: "<")) {
            content.problems.append(PlaylistFileProblem(line: 1, message: "not XML: no playlist in it"))
        }
        content.problems += XMLScanner.undefinedReferences(undefined, in: text)
        return content
    }

    /// One `<location>`'s content as a path.
    static func path(fromLocation content: Substring, undefined: (Substring) -> Void = { _ in }) -> String {
        let uri = String(XMLScanner.content(content, undefined: undefined).trimmingXMLSpace)
        if LocationEncoder.hasScheme(uri) || uri.lowercased().hasPrefix("file:") {
            return LocationDecoder.decode(uri, keepingBytes: true)
        }
        return PathBytes.string(LocationDecoder.percentDecode(uri.utf8))
    }
}

/// Reads a Windows Media Player playlist (`.wpl`, SMIL): `<title>` in `<head>` and one
/// `<media src="…"/>` per entry, with the same forgiving scanner as `XSPFReader`.
public enum WPLReader {
    public static func read(_ bytes: [UInt8]) -> PlaylistFileContent {
        let text = PlaylistFileText.decodeReporting(bytes, alwaysUTF8: true).text
        var undefined: [Substring] = []
        let note = { (reference: Substring) in undefined.append(reference) }
        var (scanner, content) = XMLScanner.titled(text, entriesFrom: "<body", undefined: note)
        while let media = scanner.openTag("media") {
            guard let source = XMLScanner.attribute("src", in: media.text) else {
                content.problems.append(PlaylistFileProblem(line: media.line, message: "a <media> with no src; skipped"))
                continue
            }
            content.entries.append(PlaylistFileEntry(location: String(XMLText.unescaped(source, undefined: note)), line: media.line))
        }
        content.problems += XMLScanner.undefinedReferences(undefined, in: text)
        return content
    }
}

extension Substring {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    var trimmingXMLSpace: Substring {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" }
        var text = self
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return text
    }
}
