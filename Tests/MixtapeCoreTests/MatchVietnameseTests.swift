import MixtapeCore
import Testing

/// The 60 Vietnamese letters with two diacritics that fzf 0.38's `normalize.go` folds (written
/// there as character literals, after the `0x…` entries): Ắ Ấ Ằ Ầ Ẳ Ẩ Ẵ Ẫ Ặ Ậ, Ế Ề Ể Ễ Ệ,
/// Ố Ớ Ồ Ờ Ổ Ở Ỗ Ỡ Ộ Ợ, Ứ Ừ Ử Ữ Ự and their small letters.
@Suite("Match: Vietnamese letters with two diacritics fold like fzf 0.38")
struct MatchVietnameseTests {
    /// (letter, the letter fzf folds it to).
    static let letters: [(Character, Character)] = {
        let groups: [(Character, ClosedRange<UInt32>)] = [
            ("A", 0x1EA4...0x1EB7), ("E", 0x1EBE...0x1EC7), ("O", 0x1ED0...0x1EE3), ("U", 0x1EE8...0x1EF1),
        ]
        return groups.flatMap { base, range in
            range.map { code -> (Character, Character) in
                // Even code points are capitals, odd ones small letters.
                (Character(Unicode.Scalar(code)!), code % 2 == 0 ? base : Character(base.lowercased()))
            }
        }
    }()

    @Test("there are 60 of them") func count() {
        #expect(Self.letters.count == 60)
        #expect(Set(Self.letters.map { $0.0.unicodeScalars.first!.properties.isUppercase }).count == 2)
    }

    @Test("each folds to its base letter, a capital to a capital", arguments: letters)
    func folds(letter: Character, base: Character) {
        let line = "x\(letter)y"
        // A small pattern ignores case: it finds capitals and small letters alike.
        #expect(scoreTerm(.equal, "x\(base.lowercased())y", in: line) != nil)
        // A case-sensitive pattern keeps case through the fold.
        #expect(scoreTerm(.equal, "x\(base)y", in: line, caseSensitive: true) != nil)
        let otherCase = base.isUppercase ? base.lowercased() : base.uppercased()
        #expect(scoreTerm(.equal, "x\(otherCase)y", in: line, caseSensitive: true) == nil)
        // It scores as its base letter would.
        #expect(scoreTerm(.fuzzy, "xy", in: line) == scoreTerm(.fuzzy, "xy", in: "x\(base)y"))
    }

    @Test("tran finds Trần; an accented term folds too, so trần finds Tran (the spec's difference)")
    func bothSides() throws {
        let lines = ["Trần Thu Hà", "Tran", "Trân", "Tuấn"]
        var matcher = Matcher(corpus: MatchCorpus(lines: lines))
        #expect(try matcher.match(TextQuery.parse("tran")).ranked.map(\.index) == [1, 2, 0])
        #expect(try matcher.match(TextQuery.parse("trần")).ranked.map(\.index) == [1, 2, 0])
        #expect(try matcher.match(TextQuery.parse("Trần")).ranked.map(\.index) == [1, 2, 0])
        #expect(try matcher.match(TextQuery.parse("'tuan$")).ranked.map(\.index) == [3])
    }

    @Test("library order sorts Trần as Tran")
    func libraryOrder() {
        func key(_ title: String) -> [UInt8] {
            var item = MediaItem(id: ItemID(rawValue: "1"))
            item.title = title
            return LibraryOrder.sortKey(for: item)
        }
        #expect(key("Trần") == key("Tran"))
        #expect(key("Ứng") == key("ung"))
    }
}
