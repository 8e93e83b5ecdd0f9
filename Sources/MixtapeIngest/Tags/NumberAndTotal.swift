/// A position written as "number/total" ("3/12": track 3 of 12; "1/2": disc 1 of 2), as ID3v2
/// (TRCK, TPOS), MP4 (trkn, disk) and many Vorbis taggers store it, and as TagLib's property
/// map hands it out. Taggers write either half alone too ("3", "/12"), pad with zeros ("03")
/// or spaces. Zero means "unknown" in every tag format, so a zero half reads as absent.
struct NumberAndTotal: Equatable {
    var number: Int64?
    var total: Int64?

    init(number: Int64? = nil, total: Int64? = nil) {
        self.number = number
        self.total = total
    }

    /// Parses "3/12", "3", "/12", " 03 / 12 "; a half that is not a positive whole number is
    /// absent.
    init(parsing text: String) {
        let halves = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        number = NumberAndTotal.positive(halves.first)
        total = halves.count > 1 ? NumberAndTotal.positive(halves[1]) : nil
    }

    /// The half as a number when it is digits only (spaces around allowed) and above zero.
    private static func positive(_ text: Substring?) -> Int64? {
        guard let text, let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let digits = text[first...last]
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits), value > 0
        else { return nil }
        return value
    }
}
