/// The lines to search, folded and encoded once so every keystroke only scans memory.
///
/// Each line is stored as three parallel arrays of its (fold-visible) characters: the
/// case-insensitive form (lower-cased, then Latin-folded), the case-sensitive form (Latin-folded
/// only) and one `info` byte holding the character's fzf class and its bonus against the
/// character before it. A line whose folded characters are all ASCII (most lines, including
/// accented Latin ones) is stored one byte per character; any other line as 32-bit scalars.
/// Combining marks dropped by folding are remembered per line so highlight positions can be
/// reported in the line's own Unicode scalars.
public struct MatchCorpus: Sendable {
    /// Where one line lives in the arenas.
    struct Line: Sendable {
        /// Offset into `info` and, for a narrow line, into the narrow arenas.
        var start: Int32
        var count: Int32
        /// Offset into the wide arenas, or -1 for a line stored as bytes.
        var wideStart: Int32
        /// fzf's `TrimLength`: characters without leading and trailing white space.
        var trimLength: UInt16
        /// Index into `markMaps` for a line that had dropped marks, else -1.
        var markMap: Int32
    }

    var lines: [Line] = []
    var info: [UInt8] = []
    var narrowLower: [UInt8] = []
    var narrowCased: [UInt8] = []
    var wideLower: [UInt32] = []
    var wideCased: [UInt32] = []
    /// For lines with dropped combining marks: folded position → original scalar offset.
    var markMaps: [[Int32]] = []

    /// Folds and stores `lines`; the index of a line is its position in the sequence, which is
    /// also the final tiebreak of the ranking (fzf's input order).
    public init(lines: some Sequence<String>) {
        var builder = LineEncoder()
        for line in lines { append(line, using: &builder) }
    }

    /// The number of lines.
    public var count: Int { lines.count }

    private mutating func append(_ text: String, using builder: inout LineEncoder) {
        builder.encode(text)
        let start = Int32(info.count)
        info.append(contentsOf: builder.info)
        var wideStart: Int32 = -1
        if builder.isNarrow {
            narrowLower.append(contentsOf: builder.lower.lazy.map { UInt8(truncatingIfNeeded: $0) })
            narrowCased.append(contentsOf: builder.cased.lazy.map { UInt8(truncatingIfNeeded: $0) })
        } else {
            wideStart = Int32(wideLower.count)
            narrowLower.append(contentsOf: repeatElement(0, count: builder.info.count))
            narrowCased.append(contentsOf: repeatElement(0, count: builder.info.count))
            wideLower.append(contentsOf: builder.lower)
            wideCased.append(contentsOf: builder.cased)
        }
        var markMap: Int32 = -1
        if builder.droppedMarks {
            markMap = Int32(markMaps.count)
            markMaps.append(builder.origins)
        }
        lines.append(Line(start: start, count: Int32(builder.info.count), wideStart: wideStart,
                          trimLength: builder.trimLength, markMap: markMap))
    }

    /// Maps folded positions of line `index` to offsets in the line's Unicode scalars.
    func originalOffsets(_ positions: [Int], line index: Int) -> [Int] {
        let map = lines[index].markMap
        guard map >= 0 else { return positions }
        let origins = markMaps[Int(map)]
        return positions.map { Int(origins[$0]) }
    }

    /// Runs `body` with raw views of the arenas (valid only inside `body`).
    func withView<R>(_ body: (CorpusView) throws -> R) rethrows -> R {
        try info.withUnsafeBufferPointer { info in
            try narrowLower.withUnsafeBufferPointer { nLower in
                try narrowCased.withUnsafeBufferPointer { nCased in
                    try wideLower.withUnsafeBufferPointer { wLower in
                        try wideCased.withUnsafeBufferPointer { wCased in
                            try lines.withUnsafeBufferPointer { lines in
                                try body(CorpusView(lines: lines, info: info, narrowLower: nLower,
                                                    narrowCased: nCased, wideLower: wLower,
                                                    wideCased: wCased))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Raw pointers into a corpus for the inner loops. Read-only, and valid only inside
/// `MatchCorpus.withView`, so sharing it between the scan's workers is safe.
struct CorpusView: @unchecked Sendable {
    let lines: UnsafeBufferPointer<MatchCorpus.Line>
    let info: UnsafeBufferPointer<UInt8>
    let narrowLower: UnsafeBufferPointer<UInt8>
    let narrowCased: UnsafeBufferPointer<UInt8>
    let wideLower: UnsafeBufferPointer<UInt32>
    let wideCased: UnsafeBufferPointer<UInt32>

    @inline(__always)
    func infoOf(_ line: MatchCorpus.Line) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: info[Int(line.start)..<Int(line.start + line.count)])
    }

    @inline(__always)
    func narrow(_ line: MatchCorpus.Line, caseSensitive: Bool) -> UnsafeBufferPointer<UInt8> {
        let range = Int(line.start)..<Int(line.start + line.count)
        return UnsafeBufferPointer(rebasing: caseSensitive ? narrowCased[range] : narrowLower[range])
    }

    @inline(__always)
    func wide(_ line: MatchCorpus.Line, caseSensitive: Bool) -> UnsafeBufferPointer<UInt32> {
        let range = Int(line.wideStart)..<Int(line.wideStart + line.count)
        return UnsafeBufferPointer(rebasing: caseSensitive ? wideCased[range] : wideLower[range])
    }
}

/// Folds one line into reusable buffers (kept between lines to avoid allocations).
struct LineEncoder {
    var lower: [UInt32] = []
    var cased: [UInt32] = []
    var info: [UInt8] = []
    var origins: [Int32] = []
    var isNarrow = true
    var droppedMarks = false
    var trimLength: UInt16 = 0

    mutating func encode(_ text: String) {
        lower.removeAll(keepingCapacity: true)
        cased.removeAll(keepingCapacity: true)
        info.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        isNarrow = true
        droppedMarks = false
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            encodeASCII(text.utf8)
            return
        }
        var previous = CharClass.white
        var offset: Int32 = 0
        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            let value = scalar.value
            if LatinFolding.isDroppedMark(value) {
                droppedMarks = true
                continue
            }
            let charClass = value < 0x80 ? CharClass.of(value) : CharClass.ofNonASCII(scalar)
            let folded = LatinFolding.fold(LatinFolding.lower(value, class: charClass))
            let foldedCased = LatinFolding.fold(value)
            if folded >= 0x80 || foldedCased >= 0x80 { isNarrow = false }
            lower.append(folded)
            cased.append(foldedCased)
            let bonus = UInt8(Bonus.between(previous, charClass))
            info.append(bonus | charClass.rawValue << 4)
            origins.append(offset)
            previous = charClass
        }
        trimLength = Self.trimmedLength(info)
    }

    /// The common case: no folding, no marks, classes from a table.
    private mutating func encodeASCII(_ bytes: String.UTF8View) {
        var previous = CharClass.white
        var offset: Int32 = 0
        for byte in bytes {
            let value = UInt32(byte)
            let charClass = CharClass.of(value)
            lower.append(charClass == .upper ? value | 0x20 : value)
            cased.append(value)
            info.append(UInt8(Bonus.between(previous, charClass)) | charClass.rawValue << 4)
            origins.append(offset)
            offset += 1
            previous = charClass
        }
        trimLength = Self.trimmedLength(info)
    }

    private static func trimmedLength(_ info: [UInt8]) -> UInt16 {
        let isWhite = { (byte: UInt8) in byte >> 4 == CharClass.white.rawValue }
        guard let last = info.lastIndex(where: { !isWhite($0) }) else { return 0 }
        let first = info.firstIndex(where: { !isWhite($0) }) ?? 0
        return UInt16(clamping: last - first + 1)
    }
}
