/// Turns a path back into a `file://` URL: the inverse of `LocationDecoder`, for the playlist
/// formats that list URIs (XSPF, the iTunes plist).
///
/// - `/a b/x.mp3` → `file:///a%20b/x.mp3`
/// - `C:/Music/x.mp3` or `C:\Music\x.mp3` → `file:///C:/Music/x.mp3` (`file://localhost/C:/…`
///   in the iTunes style, as iTunes for Windows writes it)
/// - `//server/share/x` → `file://server/share/x`
/// - a URL with a scheme (`http://…`, `file://…`) → unchanged
/// - a relative path (`../x y.mp3`) → a relative reference (`../x%20y.mp3`), which XSPF resolves
///   against the playlist's own location
///
/// Encoding is byte-wise over UTF-8 with upper-case hex, and never normalises Unicode: NFD
/// names on disk must stay NFD, so `LocationDecoder.decode` gives the same path back.
public enum LocationEncoder {
    /// Which bytes are left unencoded.
    public enum Style: Sendable {
        /// RFC 3986 unreserved characters and `/` (and the `:` of a drive letter): the safest
        /// URI for any reader; used by XSPF.
        case strict
        /// What iTunes writes (Cocoa's URL path characters): also leaves `! $ & ' ( ) * + , = : @`
        /// as they are, so `AC&DC` and `Guns N' Roses` read as in an iTunes export.
        case itunes
    }

    /// The URI for `path`.
    public static func encode(_ path: String, style: Style = .strict) -> String {
        if hasScheme(path) { return path }
        // The path's own bytes: a name that is not UTF-8 keeps its raw byte (`%E9`).
        let bytes = PathBytes.bytes(path)
        if let drive = drivePath(bytes) {
            let prefix = style == .itunes ? "file://localhost/" : "file:///"
            return prefix + String(decoding: drive.prefix(2), as: UTF8.self)
                + percentEncode(drive.dropFirst(2), style: style)
        }
        if bytes.starts(with: [0x2f, 0x2f]), bytes.count > 2, bytes[2] != 0x2f {
            // UNC: `//server/share`. A server named `localhost` would read back as a local
            // path, so it gets the empty-authority form `file:////localhost/share`.
            let host = bytes.dropFirst(2).prefix { $0 != 0x2f }
            let local = String(decoding: host, as: UTF8.self).lowercased() == "localhost"
            return (local ? "file://" : "file:") + percentEncode(bytes, style: style)
        }
        if LocationDecoder.isDrivePath(bytes) {
            // A POSIX path whose first folder looks like a drive (`/C:/x`): its colon is
            // encoded whatever the style, so it does not read back as `C:/x`.
            return "file:///" + String(decoding: bytes[1...1], as: UTF8.self) + "%3A"
                + percentEncode(bytes.dropFirst(3), style: style)
        }
        if bytes.first == 0x2f { return "file://" + percentEncode(bytes, style: style) }
        return percentEncode(bytes, style: style)
    }

    /// `scheme://` with a scheme of at least two characters, so `C://x` stays a drive path.
    /// A URL is written as it is: re-encoding a stream URL could change what it names.
    public static func hasScheme(_ text: String) -> Bool {
        hasScheme(text.utf8)
    }

    /// `hasScheme` of UTF-8 bytes (a column SQLite hands over, with no `String` made).
    public static func hasScheme(_ bytes: some Collection<UInt8>) -> Bool {
        var count = 0
        for byte in bytes {
            switch byte {
            case 0x41...0x5a, 0x61...0x7a: count += 1
            case 0x30...0x39, 0x2b, 0x2d, 0x2e: guard count > 0 else { return false }; count += 1
            case 0x3a: return count >= 2 && bytes.dropFirst(count + 1).starts(with: [0x2f, 0x2f])
            default: return false
            }
        }
        return false
    }

    /// Whether `path` is a Windows drive path (`C:/…`, `C:\…`, or just `C:`).
    public static func isDrivePath(_ path: String) -> Bool {
        drivePath(Array(path.utf8.prefix(3))) != nil
    }

    /// The bytes of a drive path (`C:/…` or `C:\…`, or just `C:`) with `\` turned into `/`.
    static func drivePath(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2, bytes[1] == 0x3a, isASCIILetter(bytes[0]) else { return nil }
        guard bytes.count == 2 || bytes[2] == 0x2f || bytes[2] == 0x5c else { return nil }
        return bytes.map { $0 == 0x5c ? 0x2f : $0 }
    }

    /// `%XX` for every byte outside the style's allowed set.
    public static func percentEncode(_ bytes: some Sequence<UInt8>, style: Style = .strict) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            if isAllowed(byte, style: style) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8, style: Style) -> Bool {
        switch byte {
        case 0x30...0x39, 0x2d, 0x2e, 0x5f, 0x7e, 0x2f: return true  // digits - . _ ~ /
        case _ where isASCIILetter(byte): return true
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x3d, 0x3a, 0x40:
            return style == .itunes  // ! $ & ' ( ) * + , = : @
        default: return false
        }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
    }
}
