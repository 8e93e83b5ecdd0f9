import FuzzReplay
import MixtapeCore

/// Any bytes as a line of human output, through `TerminalText` (the sanitiser every line of
/// `search`, `select list`, `playlists`, `sources` and every message goes through), and as a
/// JSON string. What must hold:
/// - no control character a terminal acts on is left: no byte below 0x20 but the tab, no DEL,
///   no C1 (0xC2 0x80–0x9F), whatever the input, valid UTF-8 or not;
/// - the 16-bytes-at-a-time check agrees with the rewrite, and both with a byte-by-byte model;
/// - nothing else is lost: the text of every other character is kept in order (a scalar-level
///   model of valid text), and a line without a backslash comes back byte for byte when its
///   `\xHH` are read back;
/// - rewriting twice changes nothing;
/// - a JSON string literal holds no control byte and no C1 either.
@main
enum FuzzTermText {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let (needs, shown) = bytes.withUnsafeBufferPointer { input -> (Bool, [UInt8]) in
            var out: [UInt8] = []
            TerminalText.appendVisible(input, to: &out)
            return (TerminalText.needsRewrite(input), out)
        }
        fuzzCheck(needs == (shown != bytes), "needsRewrite says \(needs) for \(bytes)")
        fuzzCheck(shown == model(bytes), "rewrite \(shown) differs from the model \(model(bytes)) of \(bytes)")
        fuzzCheck(firstControl(shown, tabAllowed: true) == nil, "control byte left at \(firstControl(shown, tabAllowed: true)!) of \(shown)")
        shown.withUnsafeBufferPointer { fuzzCheck(!TerminalText.needsRewrite($0), "rewriting twice changes \(shown)") }
        if !bytes.contains(0x5C) {
            fuzzCheck(unescaped(shown) == bytes, "\(shown) does not read back as \(bytes)")
        }

        let text = String(decoding: bytes, as: UTF8.self)
        let visible = TerminalText.visible(text)
        let expected = text.unicodeScalars.map { scalar -> String in
            isControl(scalar) ? Array(String(scalar).utf8).map(hex).joined() : String(scalar)
        }.joined()
        fuzzCheck(Array(visible.utf8) == Array(expected.utf8), "visible(\(text.debugDescription)) is \(visible.debugDescription)")

        let json = Array(JSONObjectWriter.quoted(text).utf8)
        fuzzCheck(firstControl(json, tabAllowed: false) == nil, "JSON \(json) holds a control byte")
    }

    /// The rewrite as documented, one byte at a time.
    static func model(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                out += Array(hex(byte).utf8)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                out += Array((hex(byte) + hex(bytes[index + 1])).utf8)
                index += 1
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// Where `bytes` hold a character a terminal acts on, or nil.
    static func firstControl(_ bytes: [UInt8], tabAllowed: Bool) -> Int? {
        bytes.indices.first { index in
            let byte = bytes[index]
            if byte < 0x20 { return !(tabAllowed && byte == 0x09) }
            if byte == 0x7F { return true }
            return byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
        }
    }

    /// Every `\xHH` read back as its byte.
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x5C, index + 3 < bytes.count, bytes[index + 1] == 0x78,
               let high = digit(bytes[index + 2]), let low = digit(bytes[index + 3]) {
                out.append(high << 4 | low)
                index += 4
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
