/// rekordbox's `Location` attribute: a path dressed as a `file://localhost/` URL, read back to
/// the path a person sees and written the way rekordbox writes it.
///
/// rekordbox's URLs are not quite URLs, so `LocationDecoder` (iTunes) would misread them:
/// - `#` and `?` are written raw (`Secret%20Squirrels%20#14`), so they are part of the name,
///   never a fragment or a query;
/// - third-party writers (VirtualDJ converters) write paths not percent-encoded at all, with
///   raw spaces and a literal `%` (`100% Pure Love`): a `%` not followed by two hex digits
///   stays as it is;
/// - streaming tracks are `file://localhost` glued to the service's id
///   (`file://localhostsoundcloud:tracks:842762641`): the id is what follows.
///
/// Decoding: `file://localhost/Users/a%20b.mp3` → `/Users/a b.mp3`;
/// `file://localhost/C:/Music/x.mp3` → `C:/Music/x.mp3`; `file:///x` → `/x`;
/// `file://server/share/x` → `//server/share/x`; another scheme (`http://…`) → unchanged;
/// bytes read as UTF-8 (invalid ones become U+FFFD), no Unicode normalisation.
///
/// Encoding is what rekordbox 5–7 write (the real exports agree): UTF-8 bytes as lower-case
/// `%xx`, space and `& ' [ ] % " |` encoded, letters, digits and `- . _ ~ / ! $ ( ) * + , ; = :
/// @ # ?` raw.
public enum RekordboxLocation {
    /// The path (or streaming id, or other URL) a `Location` names. On the bytes, into one
    /// string: it runs for every track of a collection.
    public static func decode(_ location: String) -> String {
        var location = location
        return location.withUTF8 { decode(bytes: $0) } ?? location
    }

    /// `decode` of UTF-8 bytes; nil when the location is another scheme's URL, kept as it is.
    private static func decode(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var rest = bytes[...]
        var server = false  // `file://server/…`: the path is `//server/…`
        if hasPrefix(rest, "file://localhost") {
            rest = rest.dropFirst(16)
            // A streaming service's id, not a path: rekordbox writes it after the host.
            if rest.first != slash { return String(decoding: rest, as: UTF8.self) }
        } else if hasPrefix(rest, "file:///") {
            rest = rest.dropFirst(7)
        } else if hasPrefix(rest, "file://") {
            rest = rest.dropFirst(7)
            server = true
        } else if hasScheme(rest) {
            return nil
        }
        // `/C:/x` is the drive path `C:/x`.
        if !server, LocationDecoder.isDrivePath(UnsafeBufferPointer(rebasing: rest)) { rest = rest.dropFirst() }
        return String(unsafeUninitializedCapacity: rest.count + 2) { out in
            var count = 0
            if server {
                out[0] = slash
                out[1] = slash
                count = 2
            }
            return count + LocationDecoder.percentDecode(UnsafeBufferPointer(rebasing: rest), into: UnsafeMutableBufferPointer(rebasing: out[count...]))
        }
    }

    /// The `Location` rekordbox would write for `path`, or nil for what rekordbox cannot
    /// import: an empty or relative path, a URL other than `file:`.
    ///
    /// `/Users/a b.mp3` → `file://localhost/Users/a%20b.mp3`; `C:/x` (or `C:\x`) →
    /// `file://localhost/C:/x`; `//server/share/x` → `file://server/share/x`; a streaming id
    /// as rekordbox wrote it (`soundcloud:tracks:1`) → `file://localhostsoundcloud:tracks:1`.
    public static func encode(_ path: String) -> String? {
        if LocationEncoder.hasScheme(path) { return hasPrefix(Array(path.utf8)[...], "file://") ? path : nil }
        let bytes = PathBytes.bytes(path)
        if let drive = LocationEncoder.drivePath(bytes) {
            return "file://localhost/" + String(decoding: drive.prefix(2), as: UTF8.self) + percentEncode(drive.dropFirst(2))
        }
        if bytes.starts(with: [slash, slash]), bytes.count > 2, bytes[2] != slash {
            return "file:" + percentEncode(bytes)
        }
        if LocationDecoder.isDrivePath(bytes) {
            // A POSIX folder that looks like a drive (`/C:/x`): its colon encoded, so it does
            // not read back as `C:/x`.
            return "file://localhost/" + String(decoding: bytes[1...1], as: UTF8.self) + "%3a" + percentEncode(bytes.dropFirst(3))
        }
        if bytes.first == slash { return "file://localhost" + percentEncode(bytes) }
        if hasScheme(bytes[...]) { return "file://localhost" + path }
        return nil
    }

    /// `%xx` (lower-case) for every byte rekordbox encodes.
    static func percentEncode(_ bytes: some Sequence<UInt8>) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            if isRaw(byte) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isRaw(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5a, 0x61...0x7a: true  // digits, letters
        case 0x2d, 0x2e, 0x5f, 0x7e, 0x2f: true  // - . _ ~ /
        case 0x21, 0x24, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x3b, 0x3d, 0x3a, 0x40, 0x23, 0x3f: true  // ! $ ( ) * + , ; = : @ # ?
        default: false
        }
    }

    private static let slash: UInt8 = 0x2f

    /// Case-insensitive ASCII prefix.
    private static func hasPrefix(_ bytes: some Collection<UInt8>, _ prefix: StaticString) -> Bool {
        let prefix = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard bytes.count >= prefix.count else { return false }
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5a).contains(byte) ? byte | 0x20 : byte }
        return zip(bytes, prefix).allSatisfy { lower($0) == lower($1) }
    }

    /// `scheme:` with a scheme of at least two characters (so `C:` stays a drive letter).
    private static func hasScheme(_ bytes: some Collection<UInt8>) -> Bool {
        var count = 0
        for byte in bytes {
            switch byte {
            case 0x41...0x5a, 0x61...0x7a: count += 1
            case 0x30...0x39, 0x2b, 0x2d, 0x2e: guard count > 0 else { return false }; count += 1
            case 0x3a: return count >= 2
            default: return false
            }
        }
        return false
    }
}
