import Foundation
import MixtapeCore

/// How Serato's values become json.md values. Serato keeps most numbers as the text it shows
/// (`tbpm` `120.73`, `tlen` `04:58.45`, `tbit` `320.0kbps`, `tsmp` `44.1k`, `ttyr` `2019`)
/// and a few as 32-bit numbers (`uadd` date added and `utme` the file's time in Unix seconds,
/// `ufsb` the size in bytes, `utkn`/`udsc` track and disc). A text that is none of the forms
/// read here, or a zero, is a value the track does not have: absent, never a guess.
enum SeratoValues {
    /// The key a path is known by, in the database and in every crate: Serato's path without
    /// a leading `/`, in Unicode NFC (macOS hands Serato decomposed names; a crate and the
    /// database written at different times may spell one name both ways).
    static func key(path: String) -> String {
        var relative = withoutLeadingSlashes(path)
        // Checked on the bytes at hand: the standard library's generic views over a `String`
        // were a tenth of making a track's id.
        if relative.withUTF8({ !$0.contains { $0 >= firstByteOfCombiningMarks } }) { return relative }
        // The standard library's NFC (`FoldedPath.fold` uses it too): Foundation's bridges
        // through `NSString` and was a seventh of reading a library of non-Latin names.
        return String(decoding: relative._nfcCodeUnits, as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")
    /// A text whose characters are all below U+0300 (ASCII, and Latin letters with their
    /// accents composed: `é`, `ş`, `ß`) is in NFC already: none is a combining mark, none
    /// composes with another or decomposes. Its UTF-8 has no byte from 0xCC (the lead byte of
    /// U+0300) up, so most names need no normalisation, which was a third of making an id.
    private static let firstByteOfCombiningMarks: UInt8 = 0xCC

    /// The path without the `/` bytes it starts with: bytes, not characters, since a `/`
    /// followed by a combining mark is one Character that is not `/`.
    static func withoutLeadingSlashes(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            let slashes = leadingSlashes(bytes)
            return slashes == 0 ? nil : String(decoding: bytes[slashes...], as: UTF8.self)
        } ?? path
    }

    /// How many `/` bytes a path's bytes start with.
    private static func leadingSlashes(_ bytes: Bytes) -> Int { bytes.prefix { $0 == slash }.count }

    /// `root` + the path Serato wrote (relative to the root of the drive that holds
    /// `_Serato_`): the absolute path, for the relocation to find here (`SeratoDriveRoot`).
    /// Made in one piece, not by joining strings.
    static func location(path: String, root: String) -> String {
        var path = path, root = root
        return path.withUTF8 { path in
            root.withUTF8 { root in
                let relative = path[leadingSlashes(path)...]
                let head = root.count == 1 && root[0] == slash ? 0 : root.count
                return String(unsafeUninitializedCapacity: head + 1 + relative.count) { out in
                    _ = UnsafeMutableBufferPointer(rebasing: out[..<head]).initialize(fromContentsOf: root[..<head])
                    out[head] = slash
                    _ = UnsafeMutableBufferPointer(rebasing: out[(head + 1)...]).initialize(fromContentsOf: relative)
                    return head + 1 + relative.count
                }
            }
        }
    }

    /// Text that is empty or only blanks is absent; anything else is kept as written.
    static func nonBlank(_ text: String) -> String? {
        text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : text
    }

    /// A text's UTF-8 bytes, as the parsers below read them.
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// A decimal such as `120.73` (and nothing else): Serato writes a dot whatever the locale.
    static func decimal(_ bytes: Bytes) -> Double? {
        switch PlainDecimal.read(bytes) {
        case .exact(let value): value
        case .long: Double(String(decoding: bytes, as: UTF8.self))
        case .other: nil
        }
    }

    /// `tbpm` `120.73` → 121 (half up); `0.00` (not analysed) is absent.
    static func bpm(_ bytes: Bytes) -> Int64? {
        guard let value = decimal(bytes), value > 0, let bpm = TraktorValues.halfUp(value), bpm > 0 else { return nil }
        return bpm
    }

    /// `tlen` `04:58.45` (minutes, seconds and hundredths; minutes past 99 as `120:10.57`, and
    /// an hour part `1:02:03.45` read too) → milliseconds. The parts are found by their colons,
    /// not split into an array.
    static func durationMs(_ bytes: Bytes) -> Int64? {
        guard let lastColon = bytes.lastIndex(of: colon) else { return nil }
        guard let seconds = decimal(Bytes(rebasing: bytes[(lastColon + 1)...])), seconds < 60 else { return nil }
        var total = seconds
        var scale = 60.0
        var restEnd = lastColon
        // Minutes, then hours if there is a colon before them; a third colon is not a duration.
        for partsLeft in stride(from: 2, through: 1, by: -1) {
            let colonBefore = bytes[..<restEnd].lastIndex(of: colon)
            let part = Bytes(rebasing: bytes[(colonBefore.map { $0 + 1 } ?? 0)..<restEnd])
            guard !part.contains(0x2E), let value = decimal(part) else { return nil }
            total += value * scale
            scale *= 60
            guard let colonBefore else { break }
            guard partsLeft > 1 else { return nil }
            restEnd = colonBefore
        }
        guard total > 0, let ms = TraktorValues.halfUp(total * 1000) else { return nil }
        return ms
    }

    private static let colon: UInt8 = 0x3A  // ":"

    /// `bytes` without the ASCII `suffix` they end with, or nil when they do not end with it.
    private static func dropping(suffix: StaticString, from bytes: Bytes) -> Bytes? {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        let start = bytes.count - count
        for index in 0..<count where bytes[start + index] != suffix.utf8Start[index] { return nil }
        return Bytes(rebasing: bytes[..<start])
    }

    /// `tbit` `320.0kbps` or `257kbps` → 320, 257 (kbit/s, half up).
    static func bitRate(_ bytes: Bytes) -> Int64? {
        guard let number = dropping(suffix: "kbps", from: bytes), let value = decimal(number), value > 0 else { return nil }
        return TraktorValues.halfUp(value)
    }

    /// `tsmp` `44.1k` → 44100 Hz. Serato shows one decimal, so 22.05 kHz is `22.1k` and
    /// 11.025 kHz `11.0k`: those two are read as the rates they stand for.
    static func sampleRate(_ bytes: Bytes) -> Int64? {
        guard let number = dropping(suffix: "k", from: bytes), let value = decimal(number), value > 0 else { return nil }
        if number.elementsEqual("22.1".utf8) { return 22_050 }
        if number.elementsEqual("11.0".utf8) || number.elementsEqual("11".utf8) { return 11_025 }
        return TraktorValues.halfUp(value * 1000)
    }

    /// `ttyr` `1997` → 1997; `0` (Serato's "none") and anything but digits are absent; a date
    /// (`2019-05-01`) gives its year.
    static func year(_ bytes: Bytes) -> Int64? {
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        let rest = bytes.dropFirst(digits.count)
        guard (1...4).contains(digits.count), rest.isEmpty || (digits.count == 4 && (rest.first == 0x2D || rest.first == 0x2F))
        else { return nil }
        let year = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
        return year > 0 ? year : nil
    }

    /// Unix seconds as a timestamp; 0 (never set) is absent.
    static func time(_ seconds: UInt32?) -> Timestamp? {
        guard let seconds, seconds > 0 else { return nil }
        return Timestamp(rawValue: Int64(seconds))
    }

    /// `tadd`: the same date added as text, read when a track has no `uadd`.
    static func time(text: String?) -> Timestamp? {
        guard let text, let seconds = UInt32(text) else { return nil }
        return time(seconds)
    }

    /// A count (track, disc, size): 0 is absent.
    static func positive(_ value: UInt32?) -> Int64? {
        guard let value, value > 0 else { return nil }
        return Int64(value)
    }
}
