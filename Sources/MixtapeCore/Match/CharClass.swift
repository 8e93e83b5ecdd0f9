/// The scoring constants of fzf 0.38 (`src/algo/algo.go`, `--scheme=default`). The values are
/// part of the ranking contract: `mixtape search` must order lines exactly as `fzf --filter`.
enum Score {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    /// Start of a word after a non-word character (`-`, `.`, `(`…).
    static let boundary: Int32 = match / 2
    /// A non-word character itself; needed so a chunk starting with one keeps a bonus.
    static let nonWord: Int32 = match / 2
    /// `camelCase` and `letter123` transitions: a boundary without the one-character gap.
    static let camel123: Int32 = boundary + gapExtension
    /// The least bonus of every character inside a consecutive run.
    static let consecutive: Int32 = -(gapStart + gapExtension)
    /// The first pattern character's bonus counts twice.
    static let firstCharMultiplier: Int32 = 2
    /// Start of a word after white space or at the start of the line.
    static let boundaryWhite: Int32 = boundary + 2
    /// Start of a word after one of `/,:;|`.
    static let boundaryDelimiter: Int32 = boundary + 1
    /// Past this many DP cells fzf switches to its greedy V1 algorithm (its slab holds 100 Ki
    /// 16-bit cells; `N*M > cap` selects V1).
    static let slabCells = 100 * 1024
}

/// fzf's character classes; the bonus of a position depends on the classes of it and of the
/// character before it. The order of the raw values matters: as in fzf, a class above
/// `nonWord` (delimiters, letters, digits) can start a word.
enum CharClass: UInt8 {
    case white = 0, nonWord, delimiter, lower, upper, letter, number

    /// The class of an ASCII byte or a Unicode scalar value, as fzf's `charClassOf`.
    @inline(__always)
    static func of(_ value: UInt32) -> CharClass {
        if value < 0x80 { return asciiClasses[Int(value)] }
        if value < tableEnd { return nonASCIIClasses[Int(value &- 0x80)] }
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        return fromProperties(scalar)
    }

    /// Go's `unicode.IsLower/IsUpper/IsNumber/IsLetter/IsSpace`, in fzf's order.
    static func ofNonASCII(_ scalar: Unicode.Scalar) -> CharClass {
        let value = scalar.value
        if value < tableEnd && value >= 0x80 { return nonASCIIClasses[Int(value &- 0x80)] }
        return fromProperties(scalar)
    }

    /// Table entries cover U+0080 up to here: Latin, Greek, Cyrillic, the other alphabetic
    /// scripts, punctuation and symbols; far enough that CJK and beyond are rare enough for
    /// the property lookups.
    static let tableEnd: UInt32 = 0x2500

    /// `fromProperties` precomputed for U+0080 ..< `tableEnd`, because the Unicode property
    /// lookups dominate encoding accented or Cyrillic lines. Built on first use (about 9,000
    /// lookups, once per process).
    private static let nonASCIIClasses: [CharClass] = (0x80..<tableEnd).map { value in
        Unicode.Scalar(value).map(fromProperties) ?? .nonWord
    }

    /// The class from the scalar's Unicode properties (the slow path).
    private static func fromProperties(_ scalar: Unicode.Scalar) -> CharClass {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        default: return properties.isWhitespace ? .white : .nonWord
        }
    }

    private static let asciiClasses: [CharClass] = (0..<128).map { code -> CharClass in
        switch UInt8(code) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case 0x20, 0x09...0x0D: .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
             UInt8(ascii: "|"): .delimiter
        default: .nonWord
        }
    }
}

/// The bonus for matching a character of class `current` that follows one of class
/// `previous` (fzf's `bonusFor`), precomputed as a 7×7 table.
enum Bonus {
    static func between(_ previous: CharClass, _ current: CharClass) -> Int32 {
        table[Int(previous.rawValue) &* 7 &+ Int(current.rawValue)]
    }

    private static let table: [Int32] = (0..<49).map { cell in
        compute(CharClass(rawValue: UInt8(cell / 7))!, CharClass(rawValue: UInt8(cell % 7))!)
    }

    private static func compute(_ previous: CharClass, _ current: CharClass) -> Int32 {
        if current.rawValue > CharClass.nonWord.rawValue {
            switch previous {
            case .white: return Score.boundaryWhite
            case .delimiter: return Score.boundaryDelimiter
            case .nonWord: return Score.boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return Score.camel123
        }
        // fzf 0.38 gives this bonus to non-word characters but not to delimiters (later
        // versions give it to both); checked against the 0.38 binary.
        switch current {
        case .nonWord: return Score.nonWord
        case .white: return Score.boundaryWhite
        default: return 0
        }
    }
}
