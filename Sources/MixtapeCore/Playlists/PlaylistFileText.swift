/// The text of a playlist file as the readers see it: a UTF-8 BOM dropped, UTF-8 decoded, and
/// files that are not valid UTF-8 (old `.m3u` and `.pls` from Windows players) read as Latin-1
/// rather than filled with U+FFFD.
enum PlaylistFileText {
    static func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xef, 0xbb, 0xbf]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in body { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// Lines split at LF, CRLF or a lone CR, empty ones dropped; each keeps its other bytes
    /// (leading spaces included), since a path is taken as it is written.
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        let text = decode(bytes)
        return text.utf8.split(whereSeparator: { $0 == 0x0a || $0 == 0x0d }).map { Substring($0) }
    }
}
