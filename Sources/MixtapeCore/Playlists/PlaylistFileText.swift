/// The text of a playlist file as the readers see it: a BOM dropped, UTF-8 decoded, and files
/// that are not valid UTF-8 (old `.m3u` and `.pls` from Windows players) read as Windows-1252
/// rather than filled with U+FFFD (sources.md, "Encodings").
enum PlaylistFileText {
    static func decode(_ bytes: [UInt8]) -> String {
        decodeReporting(bytes, alwaysUTF8: false).text
    }

    /// The text, and a problem when it was not UTF-8: read as Windows-1252, or (for a format
    /// that is UTF-8 by definition, `.m3u8`) with U+FFFD for the bad bytes. A UTF-16 file with
    /// a BOM (Windows tools write them) is decoded as UTF-16.
    static func decodeReporting(_ bytes: [UInt8], alwaysUTF8: Bool) -> (text: String, problem: PlaylistFileProblem?) {
        var body = bytes[...]
        if body.starts(with: [0xef, 0xbb, 0xbf]) { body = body.dropFirst(3) }
        if body.starts(with: [0xff, 0xfe]) || body.starts(with: [0xfe, 0xff]) {
            return (utf16(body.dropFirst(2), bigEndian: body.first == 0xfe), nil)
        }
        if let text = String(validating: body, as: UTF8.self) { return (text, nil) }
        if alwaysUTF8 {
            return (String(decoding: body, as: UTF8.self),
                    PlaylistFileProblem(line: 0, message: "not valid UTF-8; bad bytes read as U+FFFD"))
        }
        return (windows1252(body), PlaylistFileProblem(line: 0, message: "not UTF-8; read as Windows-1252"))
    }

    /// Windows-1252: Latin-1 but for 0x80–0x9F, where it has `€`, curly quotes, dashes, `Š`…
    /// (five bytes it leaves undefined are kept as the C1 controls Latin-1 would give).
    static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9f).contains(byte), let mapped = Unicode.Scalar(cp1252High[Int(byte) - 0x80]), mapped.value != 0 {
                scalars.append(mapped)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let cp1252High: [UInt32] = [
        0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
        0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
    ]

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Lines split at LF, CRLF or a lone CR, empty ones dropped; each keeps its other bytes
    /// (leading spaces included), since a path is taken as it is written.
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        numberedLines(decode(bytes)).map(\.text)
    }

    /// The non-empty lines of `text` with their 1-based line numbers (CRLF counts as one end).
    static func numberedLines(_ text: String) -> [(number: Int, text: Substring)] {
        var result: [(Int, Substring)] = []
        let utf8 = text.utf8
        var number = 1
        var start = utf8.startIndex
        var index = utf8.startIndex
        var previous: UInt8 = 0
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0a || byte == 0x0d {
                if start != index { result.append((number, Substring(utf8[start..<index]))) }
                if !(byte == 0x0a && previous == 0x0d) { number += 1 }
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { result.append((number, Substring(utf8[start...]))) }
        return result
    }
}
