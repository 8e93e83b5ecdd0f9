/// The text of a playlist file (or a cue sheet) as the readers see it: a UTF-8 BOM dropped,
/// UTF-8 decoded, and files that are not valid UTF-8 (old `.m3u`, `.pls` and `.cue` from
/// Windows players and rippers) read as Windows-1252 rather than filled with U+FFFD.
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

    /// Lines split at LF, CRLF or a lone CR, empty ones dropped; each keeps its other bytes
    /// (leading spaces included), since a path is taken as it is written.
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        let text = decode(bytes)
        return text.utf8.split(whereSeparator: { $0 == 0x0a || $0 == 0x0d }).map { Substring($0) }
    }
}
