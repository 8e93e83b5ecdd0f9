/// Latin folding, so `beyonce`, `Beyoncé` and `Beyonce\u{301}` match each other.
///
/// Precomposed letters fold through fzf 0.38's table (`src/algo/normalize.go`, the code points
/// U+00C0…U+2184 it maps to a base letter; capitals map to capitals, so a case-sensitive term
/// still sees case). fzf folds nothing else, and neither do we: `Æ`, `Ł`'s capital and most
/// capitals with carons are absent from its table and stay as they are (lower-cased, they fold).
/// The whole table is checked against the real fzf 0.38, code point by code point
/// (FzfCasesTests).
///
/// Decomposed text (NFD) is our extension: the combining marks U+0300…U+0362 are dropped from
/// both the line and the pattern before matching, so a mark belongs to the letter before it:
/// it cannot be matched, is no gap and no character for the length tiebreak. An NFD line thus
/// scores and ranks exactly like its NFC form. (U+0363…U+036F, combining Latin letters, are in
/// fzf's table and fold to their letter as fzf does.)
enum LatinFolding {
    /// True for a combining mark that is dropped before matching.
    @inline(__always)
    static func isDroppedMark(_ value: UInt32) -> Bool {
        value >= 0x0300 && value <= 0x0362
    }

    /// fzf's `normalizeRune`: the base letter of a precomposed Latin letter, else the value.
    @inline(__always)
    static func fold(_ value: UInt32) -> UInt32 {
        guard value >= firstCode && value <= lastCode else { return value }
        let base = table[Int(value - firstCode)]
        return base == 0 ? value : UInt32(base)
    }

    /// The lower-case form fzf compares a text character with when a term ignores case: ASCII
    /// letters and non-ASCII upper-case letters (Go's `unicode.To(LowerCase, r)`, one scalar).
    /// `charClass` is the value's own class (`CharClass.of`).
    @inline(__always)
    static func lower(_ value: UInt32, class charClass: CharClass) -> UInt32 {
        guard charClass == .upper else { return value }
        if value < 0x80 { return value | 0x20 }
        if value < CharClass.tableEnd { return lowerTable[Int(value &- 0x80)] }
        return lowerFromProperties(value)
    }

    /// The first scalar of the Unicode lower-case mapping (the slow path: it builds a String).
    private static func lowerFromProperties(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.first?.value ?? value
    }

    /// `lowerFromProperties` precomputed for the upper-case letters of U+0080 ..<
    /// `CharClass.tableEnd` (other entries are never read), so folding an accented capital
    /// allocates nothing. Built on first use.
    private static let lowerTable: [UInt32] = (0x80..<CharClass.tableEnd).map { value in
        CharClass.of(value) == .upper ? lowerFromProperties(value) : value
    }

    private static let firstCode: UInt32 = 0x00C0
    private static let lastCode: UInt32 = 0x2184

    /// Dense lookup over U+00C0…U+2184: the ASCII base letter, or 0 when fzf keeps the value.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: Int(lastCode - firstCode) + 1)
        for (base, codes) in sources + vietnamese {
            for code in codes.split(separator: " ") {
                table[Int(UInt32(code, radix: 16)! - firstCode)] = base.asciiValue!
            }
        }
        return table
    }()

    /// fzf's table, grouped by the letter each code point folds to.
    private static let sources: [(Character, String)] = [
        ("a", "00E1 0103 01CE 00E2 00E4 0227 1EA1 0201 00E0 1EA3 0203 0101 0105 1E9A 00E5 1E01 00E3 0363 0250 0251"),
        ("b", "1E03 1E05 0253 1E07 0180 0183"),
        ("c", "0107 010D 00E7 0109 0255 010B 0188 023C 0368 0297 2184"),
        ("d", "010F 1E11 1E13 0221 1E0B 1E0D 0257 1E0F 0111 0256 018C 0369"),
        ("e", "00E9 0115 011B 0229 1E19 00EA 00EB 0117 1EB9 0205 00E8 1EBB 025D 0207 0113 0119 0247 1E1B 1EBD"
            + " 0364 029A 025E 025B 0258 025C 01DD 1D08"),
        ("f", "1E1F 0192"),
        ("g", "01F5 011F 01E7 0123 011D 0121 0260 1E21 01E5 0261"),
        ("h", "1E2B 021F 1E29 0125 1E27 1E23 1E25 02AE 0266 1E96 0127 036A 0265 2095"),
        ("i", "00ED 012D 01D0 00EE 00EF 1ECB 0209 00EC 1EC9 020B 012B 012F 0268 1E2D 0129 0365 0131 1D09 1D62 2071"),
        ("j", "01F0 0135 029D 0249 025F 0237"),
        ("k", "1E31 01E9 0137 1E33 0199 1E35 029E 2096"),
        ("l", "013A 019A 026C 013E 013C 1E3D 0234 1E37 1E3B 0140 026B 026D 0142 2097"),
        ("m", "1E3F 1E41 1E43 0271 0270 036B 1D1F 026F 2098"),
        ("n", "0144 0148 0146 1E4B 0235 1E45 1E47 01F9 0272 1E49 019E 0273 00F1 2099"),
        ("o", "00F3 014F 01D2 00F4 00F6 022F 1ECD 0151 020D 00F2 1ECF 01A1 020F 014D 01EB 00F8 1D13 00F5 0366"
            + " 0275 1D17 0254 1D11 1D12 1D16"),
        ("p", "1E55 1E57 01A5 209A"),
        ("q", "024B 02A0"),
        ("r", "0155 0159 0157 1E59 1E5B 0211 027E 027F 027B 0213 1E5F 027C 027A 024D 027D 036C 0279 1D63"),
        ("s", "015B 0161 015F 015D 0219 1E61 1E9B 1E63 0282 023F 017F 00DF 209B"),
        ("t", "0165 0163 1E71 021B 0236 1E97 1E6B 1E6D 01AD 1E6F 01AB 0288 0167 036D 0287 209C"),
        ("u", "0289 00FA 016D 01D4 1E77 00FB 1E73 00FC 1EE5 0171 0215 00F9 1EE7 01B0 0217 016B 0173 016F 1E75"
            + " 0169 0367 1D1D 1D1E 1D64"),
        ("v", "1E7F 028B 1E7D 036E 028C 1D65"),
        ("w", "1E83 0175 1E85 1E87 1E89 1E81 1E98 028D"),
        ("x", "1E8D 1E8B 036F"),
        ("y", "00FD 0177 00FF 1E8F 1EF5 1EF3 1EF7 01B4 0233 1E99 024F 1EF9 028E"),
        ("z", "017A 017E 1E91 0291 017C 1E93 0225 1E95 0290 01B6 0240"),
        ("A", "00C1 00C2 00C4 00C0 00C5 023A 00C3 1D00"),
        ("B", "0181 0243 0299 1D03"),
        ("C", "00C7 023B 1D04"),
        ("D", "018A 0189 1D05"),
        ("E", "00C9 00CA 00CB 00C8 0246 0190 018E 1D07"),
        ("G", "0193 029B 0262"),
        ("H", "029C"),
        ("I", "00CD 00CE 00CF 0130 00CC 0197 026A"),
        ("J", "0248 1D0A"),
        ("K", "1D0B"),
        ("L", "023D 1D0C 029F"),
        ("M", "019C 1D0D"),
        ("N", "019D 0220 00D1 0274 1D0E"),
        ("O", "00D3 00D4 00D6 00D2 019F 00D8 00D5 0186 1D0F 1D10"),
        ("P", "1D18"),
        ("Q", "024A"),
        ("R", "024C 0280 0281 1D19 1D1A"),
        ("T", "023E 01AE 1D1B"),
        ("U", "0244 00DA 00DB 00DC 00D9 1D1C"),
        ("V", "01B2 0245 1D20"),
        ("W", "1D21"),
        ("Y", "00DD 0178 024E 028F"),
        ("Z", "1D22"),
    ]

    /// The rest of fzf's table: the 60 Vietnamese letters with two diacritics (a circumflex,
    /// breve or horn, plus a tone mark: Ầ, Ắ, Ể, Ố, Ờ, Ự, …), which fzf writes as character
    /// literals after the code points above. Without them `tran` would not find `Trần`.
    private static let vietnamese: [(Character, String)] = [
        ("a", "1EAF 1EA5 1EB1 1EA7 1EB3 1EA9 1EB5 1EAB 1EB7 1EAD"),
        ("e", "1EBF 1EC1 1EC3 1EC5 1EC7"),
        ("o", "1ED1 1EDB 1ED3 1EDD 1ED5 1EDF 1ED7 1EE1 1ED9 1EE3"),
        ("u", "1EE9 1EEB 1EED 1EEF 1EF1"),
        ("A", "1EAE 1EA4 1EB0 1EA6 1EB2 1EA8 1EB4 1EAA 1EB6 1EAC"),
        ("E", "1EBE 1EC0 1EC2 1EC4 1EC6"),
        ("O", "1ED0 1EDA 1ED2 1EDC 1ED4 1EDE 1ED6 1EE0 1ED8 1EE2"),
        ("U", "1EE8 1EEA 1EEC 1EEE 1EF0"),
    ]
}
