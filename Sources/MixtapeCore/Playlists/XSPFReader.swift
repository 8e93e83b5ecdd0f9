/// Reads the entries of an XSPF playlist, for round-trip tests and later import.
///
/// A small scanner rather than an XML parser: it reads the `<location>` elements after
/// `<trackList>`, which covers what `XSPFWriter` writes and the usual files of other players
/// (plain elements, entity and character references, CDATA). Comments and namespace prefixes
/// are not understood.
public enum XSPFReader {
    /// The paths in track order, repeats kept: `file:` URIs decoded back to paths by
    /// `LocationDecoder`, relative references percent-decoded, other URLs as written.
    public static func paths(_ bytes: [UInt8]) -> [String] {
        let text = PlaylistFileText.decode(bytes)
        var rest = text.utf8[...]
        if let list = rest.firstRange(of: "<trackList>".utf8) { rest = rest[list.upperBound...] }
        var paths: [String] = []
        while let open = rest.firstRange(of: "<location>".utf8),
              let close = rest[open.upperBound...].firstRange(of: "</location>".utf8) {
            paths.append(path(fromLocation: Substring(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return paths
    }

    /// One `<location>`'s content as a path.
    static func path(fromLocation content: Substring) -> String {
        var raw = content
        if raw.hasPrefix("<![CDATA["), raw.hasSuffix("]]>") {
            raw = raw.dropFirst(9).dropLast(3)
        } else {
            raw = Substring(XMLText.unescaped(raw))
        }
        let uri = String(raw.trimmingPrefix(while: isXMLSpace).reversed().drop(while: isXMLSpace).reversed())
        if LocationEncoder.hasScheme(uri) || uri.lowercased().hasPrefix("file:") {
            return LocationDecoder.decode(uri)
        }
        return String(decoding: LocationDecoder.percentDecode(uri.utf8), as: UTF8.self)
    }

    private static func isXMLSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
    }
}
