@testable import MixtapeCore
import Testing

@Suite("Match: building the corpus in parallel")
struct MatchCorpusBuildTests {
    /// A few thousand lines mixing everything the encoder treats differently: ASCII, accented
    /// capitals and small letters (NFC), decomposed marks (NFD, the dropped U+0300…U+0362 and
    /// the folded U+0363…), wide scripts, capitals whose lower case is special (İ, K, Ω, Ⱥ),
    /// scalars past the lookup tables, white space at the ends, and empty lines.
    static let lines: [String] = {
        let pieces = ["Björk", "SIGUR RÓS", "Sigur Ro\u{301}s", "ÆØÅ æøå", "Ånge\u{300}lo", "İstanbul",
                      "\u{212A}elvin \u{2126}hm", "Ⱥnd Ȿ", "坂本龍一", "Звезда - КИНО", "Ελληνικά ΣΟΦΙΑ",
                      "Daft Punk", "  padded\t", "x\u{363}y\u{36F}", "emoji 🎵🎶", "ｆｕｌｌ", "ǅemal ǈ",
                      "Dvořák", "ŁÓDŹ", "١٢٣ ٤", "\u{2028}sep", "a\u{301}\u{302}\u{362}b", "", "Ǆ"]
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        return (0..<3_000).map { _ in
            (0..<next(5)).map { _ in pieces[next(pieces.count)] }.joined(separator: next(2) == 0 ? " - " : "/")
        }
    }()

    /// Each line as a corpus of its own.
    static let alone = lines.map { MatchCorpus(lines: [$0]) }

    static func arenas(_ corpus: MatchCorpus) -> [[Int64]] {
        [corpus.lines.flatMap { [Int64($0.start), Int64($0.count), Int64($0.wideStart),
                                 Int64($0.trimLength), Int64($0.markMap)] },
         corpus.info.map(Int64.init), corpus.narrowLower.map(Int64.init),
         corpus.narrowCased.map(Int64.init), corpus.wideLower.map(Int64.init),
         corpus.wideCased.map(Int64.init)] + corpus.markMaps.map { $0.map(Int64.init) }
    }

    @Test("the arenas are the same for any chunk size", arguments: [1, 7, 100, 1_000, MatchCorpus.chunkSize])
    func chunkSizes(chunkSize: Int) {
        let sequential = MatchCorpus(lines: Self.lines, chunkSize: Int.max / 2)
        #expect(Self.arenas(MatchCorpus(lines: Self.lines, chunkSize: chunkSize)) == Self.arenas(sequential))
    }

    @Test("a corpus built in parallel encodes each line as a corpus of that line alone")
    func lineByLine() {
        let corpus = MatchCorpus(lines: Self.lines)
        #expect(corpus.count == Self.lines.count)
        #expect(MatchCorpus(lines: Self.lines.lazy.map { $0 }).lines == corpus.lines)
        for (index, text) in Self.lines.enumerated() {
            let alone = Self.alone[index]
            let line = corpus.lines[index], single = alone.lines[0]
            #expect(line.count == single.count && line.trimLength == single.trimLength, "\(text)")
            #expect((line.wideStart < 0) == (single.wideStart < 0), "\(text)")
            #expect((line.markMap < 0) == (single.markMap < 0), "\(text)")
            let range = Int(line.start)..<Int(line.start + line.count)
            #expect(Array(corpus.info[range]) == alone.info, "\(text)")
            #expect(Array(corpus.narrowLower[range]) == alone.narrowLower, "\(text)")
            #expect(Array(corpus.narrowCased[range]) == alone.narrowCased, "\(text)")
            if line.wideStart >= 0 {
                let wide = Int(line.wideStart)..<Int(line.wideStart + line.count)
                #expect(Array(corpus.wideLower[wide]) == alone.wideLower, "\(text)")
                #expect(Array(corpus.wideCased[wide]) == alone.wideCased, "\(text)")
            }
            if line.markMap >= 0 { #expect(corpus.markMaps[Int(line.markMap)] == alone.markMaps[0]) }
        }
    }

    @Test("scores and positions match those of each line alone", arguments: [
        "bjork", "Sigur Rós", "ros", "ǆ", "istanbul", "kelvin", "ωhm", "ⱥnd", "龍一", "кино", "σοφια",
        "'lodz", "^daft", "dvorak$", "x y", "🎵", "ｆｕ", "a b", "emal | zvezda", "!pad ae",
    ])
    func scores(query: String) {
        let corpus = MatchCorpus(lines: Self.lines)
        let parsed = TextQuery.parse(query)
        for (index, text) in Self.lines.enumerated() {
            let alone = Self.alone[index]
            #expect(corpus.score(ofLine: index, for: parsed) == alone.score(ofLine: 0, for: parsed), "\(text)")
            #expect(corpus.positions(ofLine: index, for: parsed) == alone.positions(ofLine: 0, for: parsed),
                    "\(text)")
        }
    }

    @Test("the lookup tables agree with the Unicode properties they replace")
    func tables() {
        for value in UInt32(0x80)..<CharClass.tableEnd + 0x100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let expected: CharClass = switch properties.generalCategory {
            case .lowercaseLetter: .lower
            case .uppercaseLetter: .upper
            case .decimalNumber, .letterNumber, .otherNumber: .number
            case .titlecaseLetter, .modifierLetter, .otherLetter: .letter
            default: properties.isWhitespace ? .white : .nonWord
            }
            #expect(CharClass.of(value) == expected)
            #expect(CharClass.ofNonASCII(scalar) == expected)
            if expected == .upper {
                let lower = properties.lowercaseMapping.unicodeScalars.first!.value
                #expect(LatinFolding.lower(value, class: .upper) == lower)
            }
        }
    }
}

@Suite("Packed lines")
struct PackedLinesTests {
    @Test("a corpus from packed UTF-8 lines scores exactly like one from Strings")
    func packedEqualsStrings() throws {
        let lines = ["Beyonce\u{301} - Halo", "Björk - Jóga", "", "星野凛 - 夜", "ASCII only - line", "Ærø - Ω"]
        let packed = PackedStrings(lines)
        #expect(packed.count == lines.count)
        #expect((0..<packed.count).map { packed[$0] } == lines)
        let fromStrings = MatchCorpus(lines: lines), fromBytes = MatchCorpus(lines: packed)
        for query in ["beyonce", "jo", "ae", "夜", "'line", "!halo"] {
            let parsed = TextQuery.parse(query)
            for index in lines.indices {
                #expect(fromStrings.score(ofLine: index, for: parsed) == fromBytes.score(ofLine: index, for: parsed))
                #expect(fromStrings.positions(ofLine: index, for: parsed) == fromBytes.positions(ofLine: index, for: parsed))
            }
        }
    }
}
