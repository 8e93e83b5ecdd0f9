/// Names a device's file system accepts (spec/cli.md, `sync --names`), made from what the
/// layout renders: a title with a `:` or a `?`, an album called `CON`, a name in NFD from a
/// Mac. `posix` changes only what no POSIX name may hold (`/` and NUL) and keeps a name within
/// the 255 bytes Linux file systems allow; `fat` makes names that FAT32 and exFAT, and the car
/// stereos that read them, accept: no `"*/:<>?\|`, no control characters, no trailing dot or
/// space, none of the names Windows reserves (`CON`, `NUL`, `COM1`…, with any extension), at
/// most 255 UTF-16 units, in NFC.
///
/// Pure: it changes text, and `DeviceNameRegistry` numbers the names that would collide.
public struct DeviceNames: Hashable, Sendable {
    public enum Rules: String, Sendable, CaseIterable {
        case posix, fat
    }

    public var rules: Rules
    /// At most this many characters before the extension (rekordbox's USB export keeps 43),
    /// nil for only the file system's own limit.
    public var stemLimit: Int?
    /// Only ASCII (`--ascii`): accents dropped (`Björk` is `Bjork`, through the folding the
    /// search uses) and any other character replaced, for a stereo that shows only ASCII or
    /// a FAT driver that takes no Unicode names.
    public var ascii: Bool

    public init(_ rules: Rules, stemLimit: Int? = nil, ascii: Bool = false) {
        self.rules = rules
        self.stemLimit = stemLimit
        self.ascii = ascii
    }

    /// What stands in for a character the device refuses.
    static let replacement: Character = "_"
    /// FAT's forbidden printable characters.
    static let fatForbidden: Set<Character> = ["\"", "*", "/", ":", "<", ">", "?", "\\", "|"]
    /// Names Windows reserves for devices, whatever extension follows.
    static let reserved: Set<String> = Set(["CON", "PRN", "AUX", "NUL"]
        + (1...9).map { "COM\($0)" } + (1...9).map { "LPT\($0)" })

    /// One component (a folder's or a file's name) as the device accepts it; `extension`
    /// (without its dot) is kept whole and never cut. An empty result is `_`.
    public func component(_ text: String, extension ext: String? = nil) -> String {
        var stem = clean(text)
        let suffix = ext.map { "." + clean($0) } ?? ""
        if rules == .fat {
            stem = String(stem.drop { $0 == " " })
            while let last = stem.last, last == "." || last == " " { stem.removeLast() }
            if Self.reserved.contains(stem.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? "") {
                stem = String(Self.replacement) + stem
            }
        }
        if let stemLimit, stem.count > stemLimit { stem = trimmed(String(stem.prefix(stemLimit))) }
        stem = fitted(stem, leaving: suffix)
        if stem.isEmpty { stem = String(Self.replacement) }
        return stem + suffix
    }

    /// Every character the device refuses replaced; NFC on FAT (it stores UTF-16 as given,
    /// and a stereo shows an NFD accent as two characters).
    private func clean(_ text: String) -> String {
        let source = ascii ? Self.asciiOnly(text) : rules == .fat ? String(decoding: text._nfcCodeUnits, as: UTF8.self) : text
        var result = ""
        for character in source {
            switch rules {
            case .posix:
                result.append(character == "/" || character == "\0" ? Self.replacement : character)
            case .fat:
                let control = character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
                result.append(control || Self.fatForbidden.contains(character) ? Self.replacement : character)
            }
        }
        return result
    }

    /// Latin letters the folding table leaves alone (they have no base letter), as people
    /// spell them in ASCII.
    static let spelledOut: [Unicode.Scalar: String] = [
        "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
    ]

    /// `text` in ASCII: each letter folded to its base (`é` is `e`, `Ö` is `O`, `æ` is `ae`),
    /// combining marks dropped, anything else outside ASCII replaced.
    static func asciiOnly(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        // In NFC first, so a decomposed `e` + U+0301 is the one letter the table folds.
        for scalar in String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars {
            if LatinFolding.isDroppedMark(scalar.value) { continue }
            if let spelled = spelledOut[scalar] { result.append(contentsOf: spelled.unicodeScalars); continue }
            let folded = LatinFolding.fold(scalar.value)
            result.append(folded < 0x80 ? Unicode.Scalar(folded)! : Unicode.Scalar(UInt8(ascii: "_")))
        }
        return String(result)
    }

    /// `stem` cut, at a character's edge, so that it and `suffix` fit the file system's limit.
    private func fitted(_ stem: String, leaving suffix: String) -> String {
        func size(_ text: String) -> Int { rules == .fat ? text.utf16.count : text.utf8.count }
        let room = 255 - size(suffix)
        guard size(stem) > room else { return stem }
        var cut = ""
        for character in stem {
            guard size(cut) + size(String(character)) <= room else { break }
            cut.append(character)
        }
        return trimmed(cut)
    }

    /// A cut name ends in no dot or space on FAT.
    private func trimmed(_ text: String) -> String {
        guard rules == .fat else { return text }
        var text = text
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        return text
    }
}

/// The names given so far in one sync, so that two items never get one file: on FAT names
/// that differ only in letter case are one name, so the second is numbered (`Song (2).mp3`),
/// and a folder keeps the spelling it was first given (`ABBA/` and `Abba/` are one folder
/// there, which a playlist must name one way). The same owner asking again gets its name.
public struct DeviceNameRegistry: Sendable {
    private let caseless: Bool
    /// Folded path → the owner that has it.
    private var owners: [String: String] = [:]
    /// Folded folder path → its spelling.
    private var folders: [String: String] = [:]

    public init(_ rules: DeviceNames.Rules) {
        caseless = rules == .fat
    }

    private func key(_ path: String) -> String { caseless ? path.lowercased() : path }

    /// `folder/stem.ext` for `owner`, numbered from 2 when another owner has that path or
    /// it is `occupied` (a file on the device the sync did not write).
    public mutating func claim(folder: String, stem: String, extension ext: String, owner: String,
                               occupied: (String) -> Bool = { _ in false }) -> String {
        var spelt = ""
        for part in folder.split(separator: "/") {
            let path = spelt.isEmpty ? String(part) : spelt + "/" + part
            if let known = folders[key(path)] {
                spelt = known
            } else {
                folders[key(path)] = path
                spelt = path
            }
        }
        let folder = spelt
        var number = 1
        while true {
            let name = number == 1 ? stem : "\(stem) (\(number))"
            let path = (folder.isEmpty ? "" : folder + "/") + name + (ext.isEmpty ? "" : "." + ext)
            if let holder = owners[key(path)] {
                if holder == owner { return path }
            } else if !occupied(path) {
                owners[key(path)] = owner
                return path
            }
            number += 1
        }
    }
}
