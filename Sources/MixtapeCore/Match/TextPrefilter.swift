/// The lines that might match a query, told from their UTF-8 before any line is folded into a
/// corpus: a one-shot `search` folds only those (folding every line of the library was most of
/// a text search, and fzf folds nothing it does not match).
///
/// Every term that is not inverse matches only a line holding its pattern's characters in
/// order, each compared as the matcher compares it (the line's characters folded by the same
/// tables as `LineEncoder`, lower-cased unless the term is case-sensitive, combining marks
/// dropped): that is the first test of fzf's fuzzy match, and what a substring, prefix,
/// suffix or whole-line match implies. An anchored term (`^john`, `thunder$`, `^song$`) also
/// needs the line's first or last visible byte to be its letter, where both are ASCII (a
/// byte from U+0080 on, an accented letter that folds to the term's or a Unicode space, or an
/// ASCII control character decides nothing).
///
/// It only ever keeps too many lines, never too few: inverse terms decide nothing, and an OR
/// group decides only when each of its terms can.
public struct TextPrefilter: Sendable {
    /// One term's conditions: its letters in order, and the line's first or last visible
    /// byte, lower-cased.
    private struct Check: Sendable {
        var pattern: [UInt32]
        var caseSensitive: Bool
        var first: UInt8?
        var last: UInt8?
    }

    /// For each AND group that can rule lines out, its terms' checks (a line passes the group
    /// when one check passes).
    private let groups: [[Check]]
    /// Lines per parallel work item.
    private static let chunkSize = 4096

    /// The prefilter of `query`, or nil when it could rule out no line.
    public init?(_ query: TextQuery) {
        let groups = query.groups.compactMap { group -> [Check]? in
            let checks = group.map(Self.check)
            return checks.contains { $0 == nil } ? nil : checks.compactMap { $0 }
        }
        guard !groups.isEmpty else { return nil }
        self.groups = groups
    }

    /// The indices of `lines` (ascending, within `candidates` when given) that might match,
    /// decided in chunks on all cores.
    public func candidates(in lines: PackedStrings, among candidates: [Int]? = nil) -> [Int] {
        let count = candidates?.count ?? lines.count
        let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
        let kept = Parallel.map(chunks) { chunk in
            var reader = FoldedReader()
            return (chunk * Self.chunkSize..<min((chunk + 1) * Self.chunkSize, count)).compactMap { slot -> Int? in
                let index = candidates?[slot] ?? slot
                return lines.withUTF8(index) { mightMatch($0, reader: &reader) } ? index : nil
            }
        }
        return Array(kept.joined())
    }

    /// Whether a line whose UTF-8 is `bytes` might match: every group has a check it passes.
    private func mightMatch(_ bytes: UnsafeBufferPointer<UInt8>, reader: inout FoldedReader) -> Bool {
        var start = 0, end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        let first = start < end ? Self.visible(bytes[start]) : nil
        let last = start < end ? Self.visible(bytes[end - 1]) : nil
        let blank = start == end
        for checks in groups {
            let passes = checks.contains { check in
                if check.first != nil || check.last != nil {
                    // Nothing but white space: no anchored term matches.
                    guard !blank else { return false }
                    guard check.first == nil || first == nil || first == check.first,
                          check.last == nil || last == nil || last == check.last else { return false }
                }
                return check.pattern.withUnsafeBufferPointer {
                    reader.holdsInOrder($0, caseSensitive: check.caseSensitive, in: bytes)
                }
            }
            if !passes { return false }
        }
        return true
    }

    /// A term's check, or nil when the term cannot rule a line out.
    private static func check(_ term: TextTerm) -> Check? {
        guard !term.inverse else { return nil }
        let compiled = CompiledTerm(term)
        var check = Check(pattern: compiled.wide, caseSensitive: compiled.caseSensitive)
        let scalars = Array(term.text.unicodeScalars)
        switch term.kind {
        case .prefix: check.first = scalars.first.flatMap(letter)
        case .suffix: check.last = scalars.last.flatMap(letter)
        case .equal:
            check.first = scalars.first.flatMap(letter)
            check.last = scalars.last.flatMap(letter)
        case .fuzzy, .exact: break
        }
        guard !check.pattern.isEmpty || check.first != nil || check.last != nil else { return nil }
        return check
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

/// Reads a line's characters folded as `LineEncoder` stores them, one worker's: the scalars
/// past the encoding table are looked up through its own memo.
private struct FoldedReader {
    private var memo = ScalarEntryMemo()
    private let table = EncodingTables.shared.scalars

    /// Whether `pattern` occurs in order among the folded characters of well-formed UTF-8
    /// `bytes`: the lower-cased form's, or the case-sensitive one's (`EncodingTables.entry`).
    mutating func holdsInOrder(_ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
                               in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = bytes.baseAddress, !pattern.isEmpty else { return pattern.isEmpty }
        let shift: UInt64 = caseSensitive ? 21 : 0
        var matched = 0, index = 0
        var wanted = pattern[0]
        return table.withUnsafeBufferPointer { table in
            while index < bytes.count {
                let byte = source[index]
                if byte < 0x80 {
                    index += 1
                    let folded = caseSensitive || byte &- UInt8(ascii: "A") >= 26 ? byte : byte | 0x20
                    guard UInt32(folded) == wanted else { continue }
                } else {
                    let value = LineEncoder.decode(source, at: &index)
                    let entry = value < EncodingTables.end ? table[Int(value)] : memo.entry(of: value)
                    guard entry & EncodingTables.markBit == 0,
                          UInt32(truncatingIfNeeded: entry >> shift) & 0x1F_FFFF == wanted else { continue }
                }
                matched += 1
                if matched == pattern.count { return true }
                wanted = pattern[matched]
            }
            return false
        }
    }
}
