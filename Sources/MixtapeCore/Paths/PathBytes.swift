/// File names that are not UTF-8, carried losslessly inside a Swift `String`.
///
/// A Linux file name is bytes; old Latin-1 rips name files like `Caf\xE9 del Mar.mp3`, which no
/// `String` can hold as they are. Skipping them loses music, and replacing the byte with U+FFFD
/// loses the path (the file can no longer be opened). So each byte that is not part of valid
/// UTF-8 becomes one private-use scalar, U+10FF00 + byte (U+10FF80…U+10FFFF, the last 128 code
/// points of Supplementary Private Use Area-B), and goes back to that byte on the way to the
/// file system. Why this range: a `String` cannot hold lone surrogates (Python's
/// `surrogateescape`), private-use scalars never occur in names a person typed, and a real name
/// that does hold one of them has that scalar's own four bytes escaped byte by byte, so
/// `bytes(string(b)) == b` for every byte string `b`, and every such path stays one `String`
/// through the index, the matcher and the store.
///
/// Every place a path reaches the file system converts with `bytes`/`withCString`; every place
/// a path reaches a person shows `escaped` (`Caf\xE9 del Mar.mp3`); URIs percent-encode the
/// raw byte (`Caf%E9%20del%20Mar.mp3`).
public enum PathBytes {
    /// The first scalar of the escape range: byte `b` (0x80…0xFF) is U+10FF00 + b.
    static let base: UInt32 = 0x10FF00

    /// The first byte of every escape scalar's UTF-8 (U+10FF80…U+10FFFF is F4 8F BE/BF xx):
    /// bytes without it carry no escape, so text held as UTF-8 can be written as it is.
    public static let escapeLeadByte: UInt8 = 0xF4

    /// `bytes` as a `String`: valid UTF-8 as it is, every other byte as its escape scalar.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let valid = String(validating: array, as: UTF8.self), !hasEscapes(valid) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = scalar(in: array, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(array[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The exact bytes `path` stands for: the inverse of `string`.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                out.append(UInt8(scalar.value - base))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the file system knows it by.
    public static func withCString<Result>(_ path: String,
                                           _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasEscapes(path) else { return try path.withCString(body) }
        let bytes = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `path` for people: each byte that is not UTF-8 as `\xE9`, the rest as it is.
    public static func escaped(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                let byte = scalar.value - base
                out += "\\x" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xf, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `path` for a one-line message: `escaped`, and line breaks, NUL and the other control
    /// characters shown as `\n`, `\r`, `\0`, `\u{1B}`, so a hostile file name can neither
    /// break a warning into lines of its own nor send the terminal escape sequences.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in escaped(text).unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A name for display in metadata (a title taken from a file name): bytes that are not
    /// UTF-8 read as Latin-1, which is what such names nearly always are (`Café del Mar`).
    /// Bytes 0x80…0x9F, control characters in Latin-1, stay escaped as `\x80`.
    public static func latin1Display(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscape(scalar), scalar.value - base >= 0xA0 {
                out.append(Unicode.Scalar(UInt8(scalar.value - base)))
            } else {
                out.append(contentsOf: isEscape(scalar) ? escaped(String(scalar)).unicodeScalars : String(scalar).unicodeScalars)
            }
        }
        return String(out)
    }

    /// Whether `text` holds a byte that is not UTF-8. Cheap: every escape scalar's UTF-8 starts
    /// with 0xF4 0x8F 0xBE/0xBF, so text without 0xF4 (nearly all) is answered in one scan.
    public static func hasEscapes(_ text: String) -> Bool {
        // Over the contiguous bytes when the String has them (always, for a native one): the
        // generic walk of the UTF-8 view was a third of `search --json`, which asks for every
        // value of every item.
        let leadByte = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { $0.contains(0xF4) }
        }
        guard leadByte ?? text.utf8.contains(0xF4) else { return false }
        return text.unicodeScalars.contains(where: isEscape)
    }

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
    }

    /// The well-formed UTF-8 scalar starting at `index` and its length, or nil.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        guard let text = String(validating: bytes[index..<index + length], as: UTF8.self),
              let scalar = text.unicodeScalars.first else { return nil }
        return (scalar, length)
    }
}
