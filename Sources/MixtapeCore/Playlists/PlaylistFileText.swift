/// The text of a playlist file (or a cue sheet) as the readers see it: a BOM dropped, UTF-8
/// decoded, and files that are not valid UTF-8 (old `.m3u`, `.pls` and `.cue` from Windows
/// players and rippers) read as Windows-1252 rather than filled with U+FFFD (sources.md,
/// "Encodings").
///
/// Windows-1252, not Latin-1: the two differ in 0x80–0x9F, where Windows-1252 has `€`, `…`,
/// curly quotes and dashes, which is what those bytes mean in files written on Windows.
/// Latin-1 would turn them into invisible C1 control characters. The five bytes Windows-1252
/// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the same-numbered control
/// characters, as the WHATWG encoding standard does, so no byte is ever lost.
enum PlaylistFileText {
    /// Decoded text, and whether it was read as Windows-1252 (the caller warns).
    struct Decoded: Hashable, Sendable {
        var text: String
        var isWindows1252: Bool
    }

    /// The text of `bytes` (see the type comment).
    static func decode(_ bytes: [UInt8]) -> String {
        decoding(bytes).text
    }

    /// The text of `bytes`, saying whether it fell back to Windows-1252.
    static func decoding(_ bytes: [UInt8]) -> Decoded {
        var body = bytes[...]
        if body.starts(with: [0xef, 0xbb, 0xbf]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return Decoded(text: text, isWindows1252: false) }
        var scalars = String.UnicodeScalarView()
        for byte in body { scalars.append(windows1252(byte)) }
        return Decoded(text: String(scalars), isWindows1252: true)
    }

    /// The text of a playlist file, and a problem when it was not UTF-8: read as Windows-1252,
    /// or (for a format that is UTF-8 by definition, `.m3u8`, XSPF, WPL) with U+FFFD for the
    /// bad bytes. A UTF-16 file with a BOM (Windows tools write them) is decoded as UTF-16.
    static func decodeReporting(_ bytes: [UInt8], alwaysUTF8: Bool) -> (text: String, problem: PlaylistFileProblem?) {
        if bytes.starts(with: [0xff, 0xfe]) || bytes.starts(with: [0xfe, 0xff]) {
            return (utf16(bytes.dropFirst(2), bigEndian: bytes.first == 0xfe), nil)
        }
        let decoded = decoding(bytes)
        guard decoded.isWindows1252 else { return (decoded.text, nil) }
        if alwaysUTF8 {
            let body = bytes.starts(with: [0xef, 0xbb, 0xbf]) ? bytes.dropFirst(3) : bytes[...]
            return (String(decoding: body, as: UTF8.self),
                    PlaylistFileProblem(line: 0, message: "not valid UTF-8; bad bytes read as U+FFFD"))
        }
        return (decoded.text, PlaylistFileProblem(line: 0, message: "not UTF-8; read as Windows-1252"))
    }

    /// The character a Windows-1252 byte stands for.
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9f).contains(byte) else { return Unicode.Scalar(byte) }
        let value = highControls[Int(byte) - 0x80]
        return Unicode.Scalar(value) ?? Unicode.Scalar(byte)
    }

    /// Code points of 0x80–0x9F in Windows-1252 (undefined bytes keep their own value).
    private static let highControls: [UInt32] = [
        0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
        0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
        0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
        0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
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
