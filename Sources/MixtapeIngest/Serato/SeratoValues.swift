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
        let relative = withoutLeadingSlashes(path)
        if relative.utf8.allSatisfy({ $0 < 0x80 }) { return relative }
        // The standard library's NFC (`FoldedPath.fold` uses it too): Foundation's bridges
        // through `NSString` and was a seventh of reading a library of non-Latin names.
        return String(decoding: relative._nfcCodeUnits, as: UTF8.self)
    }

    /// The path without the `/` bytes it starts with: bytes, not characters, since a `/`
    /// followed by a combining mark is one Character that is not `/`.
    static func withoutLeadingSlashes(_ path: String) -> String {
        let slashes = path.utf8.prefix { $0 == UInt8(ascii: "/") }.count
        return slashes == 0 ? path : String(decoding: path.utf8.dropFirst(slashes), as: UTF8.self)
    }

    /// `root` + the path Serato wrote (relative to the root of the drive that holds
    /// `_Serato_`): the absolute path, for the relocation to find here (`SeratoDriveRoot`).
    static func location(path: String, root: String) -> String {
        let relative = withoutLeadingSlashes(path)
        return root == "/" ? "/" + relative : root + "/" + relative
    }

    /// Text that is empty or only blanks is absent; anything else is kept as written.
    static func nonBlank(_ text: String) -> String? {
        text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : text
    }

    /// A decimal such as `120.73` (and nothing else): Serato writes a dot whatever the locale.
    static func decimal(_ text: Substring) -> Double? {
        switch PlainDecimal.read(text.utf8) {
        case .exact(let value): value
        case .long: Double(text)
        case .other: nil
        }
    }

    /// `tbpm` `120.73` → 121 (half up); `0.00` (not analysed) is absent.
    static func bpm(_ text: String?) -> Int64? {
        guard let text, let value = decimal(Substring(text)), value > 0, let bpm = TraktorValues.halfUp(value), bpm > 0 else {
            return nil
        }
        return bpm
    }

    /// `tlen` `04:58.45` (minutes, seconds and hundredths; minutes past 99 as `120:10.57`, and
    /// an hour part `1:02:03.45` read too) → milliseconds. The parts are found by their colons,
    /// not split into an array.
    static func durationMs(_ text: String?) -> Int64? {
        guard let text, let lastColon = text.utf8.lastIndex(of: colon) else { return nil }
        guard let seconds = decimal(text[text.utf8.index(after: lastColon)...]), seconds < 60 else { return nil }
        var total = seconds
        var scale = 60.0
        var rest = text[..<lastColon]
        // Minutes, then hours if there is a colon before them; a third colon is not a duration.
        for partsLeft in [2, 1] {
            let colonBefore = rest.utf8.lastIndex(of: colon)
            let part = colonBefore.map { rest[rest.utf8.index(after: $0)...] } ?? rest
            guard !part.utf8.contains(0x2E), let value = decimal(part) else { return nil }
            total += value * scale
            scale *= 60
            guard let colonBefore else { break }
            guard partsLeft > 1 else { return nil }
            rest = rest[..<colonBefore]
        }
        guard total > 0, let ms = TraktorValues.halfUp(total * 1000) else { return nil }
        return ms
    }

    private static let colon: UInt8 = 0x3A  // ":"

    /// `text` without the ASCII `suffix` it ends with, or nil when it does not end with it.
    /// Compared as bytes: a suffix of letters ends a text of digits the same either way.
    private static func dropping(suffix: String, from text: String) -> Substring? {
        let utf8 = text.utf8
        guard utf8.count >= suffix.utf8.count else { return nil }
        let start = utf8.index(utf8.endIndex, offsetBy: -suffix.utf8.count)
        return utf8[start...].elementsEqual(suffix.utf8) ? text[..<start] : nil
    }

    /// `tbit` `320.0kbps` or `257kbps` → 320, 257 (kbit/s, half up).
    static func bitRate(_ text: String?) -> Int64? {
        guard let text, let number = dropping(suffix: "kbps", from: text), let value = decimal(number), value > 0 else {
            return nil
        }
        return TraktorValues.halfUp(value)
    }

    /// `tsmp` `44.1k` → 44100 Hz. Serato shows one decimal, so 22.05 kHz is `22.1k` and
    /// 11.025 kHz `11.0k`: those two are read as the rates they stand for.
    static func sampleRate(_ text: String?) -> Int64? {
        guard let text, let number = dropping(suffix: "k", from: text), let value = decimal(number), value > 0 else {
            return nil
        }
        let written = number.utf8
        if written.elementsEqual("22.1".utf8) { return 22_050 }
        if written.elementsEqual("11.0".utf8) || written.elementsEqual("11".utf8) { return 11_025 }
        return TraktorValues.halfUp(value * 1000)
    }

    /// `ttyr` `1997` → 1997; `0` (Serato's "none") and anything but digits are absent; a date
    /// (`2019-05-01`) gives its year.
    static func year(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let utf8 = text.utf8
        let digits = utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }
        let rest = utf8.dropFirst(digits.count)
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
