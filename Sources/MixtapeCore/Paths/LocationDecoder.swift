/// Turns an iTunes `Location` URL into the path a person would type (spec/json.md).
///
/// - `file:///Users/a%20b/x.mp3` → `/Users/a b/x.mp3` (percent-decoding as a URL *path*:
///   `+` stays `+`; the bytes are read as UTF-8, invalid sequences become U+FFFD; no Unicode
///   normalisation, since NFD names on disk must stay NFD).
/// - `file://localhost/Users/x.mp3` → `/Users/x.mp3`.
/// - `file://localhost/C:/Music/x.mp3` → `C:/Music/x.mp3` (Windows drive letters lose the slash).
/// - `file://server/share/x.mp3` → `//server/share/x.mp3` (a UNC path).
/// - Any other scheme (`http:` streams) is returned unchanged.
public enum LocationDecoder {
    /// An iTunes `Location`, read as UTF-8 as spec/json.md has it: iTunes and Music.app write
    /// nothing else.
    public static func decode(_ url: String) -> String {
        decode(url, keepingBytes: false)
    }

    /// `decode`, but with `keepingBytes` a percent-encoded byte that is not UTF-8 (`%E9` of a
    /// Latin-1 file name, as Rhythmbox and our own playlist files write it) is kept as a
    /// `PathBytes` escape instead of U+FFFD, so the path still names the file on disk and two
    /// such names stay two paths.
    public static func decode(_ url: String, keepingBytes: Bool) -> String {
        var url = url
        return url.withUTF8 { decode($0, keepingBytes: keepingBytes) } ?? url
    }

    /// `decode` of a URL held as bytes (UTF-8, repaired as `String(decoding:as:)` repairs it):
    /// a reader decodes the text it was handed with no String made for the URL first.
    public static func decode(bytes: UnsafeBufferPointer<UInt8>, keepingBytes: Bool = false) -> String {
        decode(bytes, keepingBytes: keepingBytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// `decode` of a URL's bytes where they lie (a Rhythmbox database decodes one for each
    /// of its 100,000 entries); nil for a URL that is not `file:`, which stays as it is.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, keepingBytes: Bool) -> String? {
        guard bytes.count >= 5, hasFileScheme(bytes) else { return nil }
        var start = 5, end = bytes.count
        var host = start..<start
        if end - start >= 2, bytes[start] == 0x2f, bytes[start + 1] == 0x2f {  // "//" authority
            start += 2
            var hostEnd = start
            while hostEnd < end, bytes[hostEnd] != 0x2f, bytes[hostEnd] != 0x3f, bytes[hostEnd] != 0x23 { hostEnd += 1 }
            host = start..<hostEnd
            start = hostEnd
        }
        // As in a URL, `?` starts a query and `#` a fragment; iTunes percent-encodes both in
        // file names, so a raw one is not part of the path.
        if let cut = (start..<end).first(where: { bytes[$0] == 0x3f || bytes[$0] == 0x23 }) { end = cut }
        let rest = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // A drive letter is recognised before decoding: the encoder writes the colon of a
        // POSIX path that merely looks like one (`/C:/x`) as `%3A`.
        let isDrive = isDrivePath(rest)
        if !isDrive, host.isEmpty, !keepingBytes || !encodesNonASCII(rest) {
            // The common case (`file:///…`): decoded straight into the String, which repairs
            // what is not UTF-8 as `String(decoding:as:)` does (nothing, when every escape is
            // ASCII, so kept bytes need no other way); no intermediate byte array.
            return String(unsafeUninitializedCapacity: rest.count) { percentDecode(rest, into: $0) }
        }
        var path = percentDecode(rest)
        if !host.isEmpty {
            // A UNC server's name keeps a byte that is not UTF-8 as the path does.
            let hostBytes = percentDecode(UnsafeBufferPointer(rebasing: bytes[host]))
            let hostText = String(decoding: hostBytes, as: UTF8.self)
            if !hostBytes.isEmpty, hostText.lowercased() != "localhost" {
                // `//server/t:/x`: a share's first folder that looks like a drive stays a folder.
                path = Array("//".utf8) + (keepingBytes ? hostBytes : Array(hostText.utf8)) + path
            } else if isDrive {
                path.removeFirst()
            }
        } else if isDrive {
            path.removeFirst()
        }
        return keepingBytes ? PathBytes.string(path) : String(decoding: path, as: UTF8.self)
    }

    /// Whether some `%XX` decodes to a byte of 0x80 or more, which may not be UTF-8.
    private static func encodesNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x25, let high = hexValue(bytes[index + 1]), high >= 8, hexValue(bytes[index + 2]) != nil {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether the URL starts with `file:`, compared as `byte | 0x20` (any case).
    private static func hasFileScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let scheme: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0x66, 0x69, 0x6c, 0x65, 0x3a)  // "file:"
        return bytes[0] | 0x20 == scheme.0 | 0x20 && bytes[1] | 0x20 == scheme.1 | 0x20
            && bytes[2] | 0x20 == scheme.2 | 0x20 && bytes[3] | 0x20 == scheme.3 | 0x20
            && bytes[4] | 0x20 == scheme.4 | 0x20
    }

    /// `/C:/…`, `/C:\…` or just `/C:`.
    static func isDrivePath(_ path: [UInt8]) -> Bool {
        path.withUnsafeBufferPointer(isDrivePath)
    }

    /// `isDrivePath` of bytes where they lie.
    static func isDrivePath(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count >= 3, path[0] == 0x2f, path[2] == 0x3a else { return false }
        let letter = path[1] | 0x20
        return letter >= 0x61 && letter <= 0x7a && (path.count == 3 || path[3] == 0x2f || path[3] == 0x5c)
    }

    /// `%XX` → byte; a `%` not followed by two hex digits is kept as it is.
    public static func percentDecode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let decoded = bytes.withContiguousStorageIfAvailable(percentDecode) { return decoded }
        return Array(bytes).withUnsafeBufferPointer(percentDecode)
    }

    /// `percentDecode` of bytes in place, by index: the slice-popping loop it replaces copied
    /// the bytes first and was a tenth of reading a 100,000-entry Rhythmbox database.
    private static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in count = percentDecode(bytes, into: out) }
    }

    /// `percentDecode` of `bytes` written into `out` (at least as long: decoding never
    /// lengthens); returns how many bytes it wrote.
    static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = 0, written = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25, bytes.count - index > 2, let high = hexValue(bytes[index + 1]),
               let low = hexValue(bytes[index + 2]) {
                out[written] = high << 4 | low
                index += 3
            } else {
                out[written] = byte
                index += 1
            }
            written += 1
        }
        return written
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
