/// Text for a line of human output (a record of `search`, a message on stderr) with every
/// character a terminal would act on rather than draw shown as its bytes, `\x1B`.
///
/// Titles, tags and file names come from files anyone can make: an uploaded video's title in a
/// yt-dlp `.info.json`, an ID3 frame, a file name. Written raw, `ESC ] 52 ; c ; … BEL` sets the
/// user's clipboard, `ESC [ 2 J` clears the screen, a carriage return overwrites the line, and a
/// newline splits one record into two for the next program in a pipe. So every line-oriented
/// output passes through `appendVisible`, whether or not it goes to a terminal; only
/// `--print0` (data for `xargs -0`) and JSON (which escapes them itself) keep the bytes.
///
/// What is rewritten: C0 controls (U+0000–U+001F) except the tab, DEL (U+007F) and C1
/// controls (U+0080–U+009F, which some terminals read as 8-bit `CSI`, `OSC`, …). The tab stays:
/// it moves the cursor right and nothing else, and it is the usual field separator of a
/// `--format` template. Each rewritten character is shown as its UTF-8 bytes in the `\xHH`
/// notation `PathBytes.escaped` uses for bytes that are not UTF-8, so every `\xHH` of a line is
/// one byte of the original (ESC is `\x1B`, a newline `\x0A`, the C1 `CSI` U+009B `\xC2\x9B`)
/// and `printf '%b'` gives the value back. A backslash is not escaped: real names hold them, and
/// a name whose text is `\x1B` reads like an escape; `--json` and `--print0` give exact values.
public enum TerminalText {
    /// `text` with control characters shown as `\xHH` (the type's summary says which); `text`
    /// itself, not a copy, when it has none.
    public static func visible(_ text: String) -> String {
        var copy = text
        let rewritten = copy.withUTF8 { utf8 -> [UInt8]? in
            guard needsRewrite(utf8) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count + 16)
            appendVisible(utf8, to: &out)
            return out
        }
        return rewritten.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Whether `utf8` holds a character `appendVisible` rewrites. This is the check every line of
    /// `search` pays, so it looks at 16 bytes at a time for anything that might be one (a byte
    /// below 0x20, DEL, or 0xC2, the lead byte of every C1) and only then byte by byte: a tab or
    /// a `©` (0xC2 0xA9) is a false alarm the exact check clears. The last 16 bytes are read as
    /// one chunk that overlaps bytes already seen; a line shorter than 16 is read byte by byte.
    public static func needsRewrite(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard let base = utf8.baseAddress, count >= 16 else { return firstRewrite(in: utf8, from: 0, to: count) != nil }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            let start = min(index, count - 16)
            if suspects(raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)),
               firstRewrite(in: utf8, from: start, to: start + 16) != nil { return true }
            index += 16
        }
        return false
    }

    /// Whether one of the 16 bytes of `chunk` is below 0x20, 0x7F or 0xC2.
    @inline(__always)
    static func suspects(_ chunk: SIMD16<UInt8>) -> Bool {
        any(controlMarks(chunk))
    }

    /// The top bit of each byte of `chunk` that is below 0x20, 0x7F or 0xC2 (the lead byte of
    /// every C1), the other bits clear. Written with lane-wise wrapping arithmetic, which
    /// compiles to a few SSE2/NEON instructions, rather than `.<` and `.==`, whose masks Swift
    /// built lane by lane through the stack (that made `search` of 100,000 lines twice as slow).
    /// For a byte `b`, `(b - n) & ~b` has its top bit set exactly when `b < n` (n ≤ 0x80).
    @inline(__always)
    static func controlMarks(_ chunk: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let below = (chunk &- SIMD16(repeating: 0x20)) & ~chunk
        return (below & SIMD16(repeating: 0x80)) | equalMarks(chunk, 0x7F) | equalMarks(chunk, 0xC2)
    }

    /// The top bit of each byte of `chunk` equal to `value`: `b == v` exactly when `b ^ v < 1`.
    @inline(__always)
    static func equalMarks(_ chunk: SIMD16<UInt8>, _ value: UInt8) -> SIMD16<UInt8> {
        let difference = chunk ^ SIMD16(repeating: value)
        return (difference &- SIMD16(repeating: 1)) & ~difference & SIMD16(repeating: 0x80)
    }

    /// Whether any byte of `marks` is non-zero.
    @inline(__always)
    static func any(_ marks: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(marks, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Appends `utf8` to `out`, each control character as `\xHH` per byte, the rest as is.
    /// Runs without one are copied whole.
    public static func appendVisible(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        while let (index, length) = firstRewrite(in: utf8, from: start, to: utf8.count) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            for byte in utf8[index..<index + length] { appendEscape(byte, to: &out) }
            start = index + length
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// The first control character starting in `from..<to` (its offset and byte length: 1 for
    /// C0 and DEL, 2 for a C1, whose second byte may lie at `to`), or nil.
    static func firstRewrite(in utf8: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (Int, Int)? {
        var index = from
        while index < to {
            let byte = utf8[index]
            if byte < 0x20 {
                if byte != 0x09 { return (index, 1) }
            } else if byte == 0x7F {
                return (index, 1)
            } else if byte == 0xC2, index + 1 < utf8.count, utf8[index + 1] & 0xE0 == 0x80 {
                // 0x80…0x9F: the second byte of U+0080…U+009F.
                return (index, 2)
            }
            index += 1
        }
        return nil
    }

    /// `\xHH`, upper-case hex as `PathBytes.escaped` writes it.
    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        out.append(0x78)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0xF)])
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
