/// The lines that might match a query with anchored terms (`^john`, `thunder$`, `^song$`),
/// told from each line's first or last byte before any line is folded: a line whose first
/// character (after leading white space, as fzf trims it) is ASCII and not the term's first
/// letter cannot match `^john`, whatever case or accents fold away. Only such lines are then
/// folded into a corpus and matched, so an anchored search folds a few thousand lines instead
/// of all of them (folding every line was most of `^john`, and what fzf never does).
///
/// It only ever keeps too many lines, never too few: a line starting or ending with a byte
/// from U+0080 on (an accented letter that folds to the term's, a Unicode space) or an ASCII
/// control character is kept; a term whose anchored letter is not an ASCII letter or digit,
/// an inverse term, and every unanchored term decide nothing, and an OR group decides only
/// when each of its terms can. Case is ignored (a case-sensitive term keeps a superset).
public struct AnchorPrefilter: Sendable {
    /// One anchored condition: the line's first (or last) visible byte, lower-cased.
    private struct Check: Sendable {
        var first: UInt8?
        var last: UInt8?
    }

    /// For each AND group that can rule lines out, its terms' checks (a line passes the group
    /// when one check passes).
    private let groups: [[Check]]

    /// The prefilter of `query`, or nil when it could rule out no line.
    public init?(_ query: TextQuery) {
        let groups = query.groups.compactMap { group -> [Check]? in
            let checks = group.map(Self.check)
            return checks.contains { $0 == nil } ? nil : checks.compactMap { $0 }
        }
        guard !groups.isEmpty else { return nil }
        self.groups = groups
    }

    /// The indices of `lines` (ascending, within `candidates` when given) that might match.
    public func candidates(in lines: PackedStrings, among candidates: [Int]? = nil) -> [Int] {
        let all = candidates ?? Array(0..<lines.count)
        return all.filter { index in lines.withUTF8(index) { mightMatch($0) } }
    }

    /// Whether a line whose UTF-8 is `bytes` might match: every group has a check it passes.
    func mightMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0, end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return false }  // nothing but white space: no anchored term matches
        let first = Self.visible(bytes[start]), last = Self.visible(bytes[end - 1])
        return groups.allSatisfy { checks in
            checks.contains { check in
                (check.first == nil || first == nil || first == check.first)
                    && (check.last == nil || last == nil || last == check.last)
            }
        }
    }

    /// A term's check, or nil when the term cannot rule a line out.
    private static func check(_ term: TextTerm) -> Check? {
        guard !term.inverse else { return nil }
        let scalars = Array(term.text.unicodeScalars)
        guard let head = scalars.first, let tail = scalars.last else { return nil }
        switch term.kind {
        case .prefix: return letter(head).map { Check(first: $0) }
        case .suffix: return letter(tail).map { Check(last: $0) }
        case .equal:
            guard let first = letter(head), let last = letter(tail) else { return nil }
            return Check(first: first, last: last)
        case .fuzzy, .exact: return nil
        }
    }

    /// An ASCII letter or digit, lower-cased; nil for anything else.
    private static func letter(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII else { return nil }
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"): return byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte | 0x20
        default: return nil
        }
    }

    /// A line's first or last byte as a check compares it: lower-cased ASCII, or nil (might
    /// be anything) for a byte of a longer character or an ASCII control character.
    private static func visible(_ byte: UInt8) -> UInt8? {
        guard byte >= 0x20, byte < 0x7F else { return nil }
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The ASCII white space fzf trims (`unicode.IsSpace` below U+0080).
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
