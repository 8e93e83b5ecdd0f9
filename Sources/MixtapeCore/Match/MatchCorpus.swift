/// The lines to search, folded and encoded once so every keystroke only scans memory.
///
/// Each line is stored as three parallel arrays of its (fold-visible) characters: the
/// case-insensitive form (lower-cased, then Latin-folded), the case-sensitive form (Latin-folded
/// only) and one `info` byte holding the character's fzf class and its bonus against the
/// character before it. A line whose folded characters are all ASCII (most lines, including
/// accented Latin ones) is stored one byte per character; any other line as 32-bit scalars.
/// Combining marks dropped by folding are remembered per line so highlight positions can be
/// reported in the line's own Unicode scalars. Building folds chunks of lines on all cores
/// (`init(lines:chunkSize:)`, `LineEncoder`); the result does not depend on the chunking.
public struct MatchCorpus: Sendable {
    /// Where one line lives in the arenas.
    struct Line: Sendable, Equatable {
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
        self.init(lines: Array(lines))
    }

    /// Folds and stores `lines` on all cores; the index of a line is its position in the array,
    /// which is also the final tiebreak of the ranking (fzf's input order).
    public init(lines: [String]) {
        self.init(lines: StringLines(strings: lines), chunkSize: Self.chunkSize)
    }

    /// Folds and stores lines held as UTF-8 bytes, without making a `String` of each.
    /// `largeMemory`, when given, is told of each large arena before it is filled: the app
    /// layer asks the platform for large pages there (core code makes no system call), since
    /// filling fresh memory a 4 KB page fault at a time was a fifth of a text search.
    public init(lines: PackedStrings, largeMemory: LargeMemoryAdvice? = nil) {
        self.init(lines: PackedLines(strings: lines), chunkSize: Self.chunkSize, largeMemory: largeMemory)
    }

    /// Folds and stores the lines of `lines` at `indices`, in that order: line `i` of the
    /// corpus is `lines[indices[i]]`.
    public init(lines: PackedStrings, picking indices: [Int], largeMemory: LargeMemoryAdvice? = nil) {
        self.init(lines: PickedLines(strings: lines, indices: indices), chunkSize: Self.chunkSize, largeMemory: largeMemory)
    }

    /// Told of a large buffer (its start and byte count) about to be filled once.
    public typealias LargeMemoryAdvice = @Sendable (UnsafeMutableRawPointer, Int) -> Void

    /// Lines per parallel work item: big enough that a chunk's fixed costs vanish, small enough
    /// that all cores stay busy to the end on a typical library.
    static let chunkSize = 4096

    /// Encodes contiguous chunks of `chunkSize` lines on all cores. Two passes: the first
    /// measures each chunk, so that the second can encode every chunk straight into its own
    /// part of the arenas (no copying, and each core first touches the memory it fills, which
    /// costs more than the encoding itself). Encoding a line depends on nothing but the line,
    /// so the result is the same for any chunk size; the tests build with several.
    init(lines texts: [String], chunkSize: Int) {
        self.init(lines: StringLines(strings: texts), chunkSize: chunkSize)
    }

    init(lines texts: some LineSource, chunkSize: Int, largeMemory: LargeMemoryAdvice? = nil) {
        let chunks = (0..<((texts.count + chunkSize - 1) / chunkSize)).map { chunk in
            chunk * chunkSize..<min((chunk + 1) * chunkSize, texts.count)
        }
        let sizes = Parallel.map(chunks.count) { LineEncoder.measure(texts, chunks[$0]) }
        var places: [LineEncoder.Place] = []
        var narrow = 0, wide = 0
        for (chunk, size) in zip(chunks, sizes) {
            places.append(LineEncoder.Place(firstLine: chunk.lowerBound, narrow: narrow..<narrow + size.characters,
                                            wide: wide..<wide + size.wide))
            narrow += size.characters
            wide += size.wide
        }
        var chunkMarkMaps: [[[Int32]]] = []
        let (narrowCount, wideCount) = (narrow, wide), placed = places
        lines = Self.uninitialized(texts.count, largeMemory) { lines in
            info = Self.uninitialized(narrowCount, largeMemory) { info in
                narrowLower = Self.uninitialized(narrowCount, largeMemory) { lower in
                    narrowCased = Self.uninitialized(narrowCount, largeMemory) { cased in
                        wideLower = Self.uninitialized(wideCount, largeMemory) { wideLower in
                            wideCased = Self.uninitialized(wideCount, largeMemory) { wideCased in
                                let output = LineEncoder.Output(
                                    lines: lines, info: info, narrowLower: lower, narrowCased: cased,
                                    wideLower: wideLower, wideCased: wideCased)
                                chunkMarkMaps = Parallel.map(chunks.count) { chunk in
                                    var encoder = LineEncoder(into: output, at: placed[chunk])
                                    for index in chunks[chunk] { texts.withUTF8(index) { encoder.encode(utf8: $0) } }
                                    return encoder.finish()
                                }
                            }
                        }
                    }
                }
            }
        }
        joinMarkMaps(chunkMarkMaps, lineChunks: chunks)
    }

    /// An array of `count` elements that `fill` initialises through a pointer.
    private static func uninitialized<T>(_ count: Int, _ largeMemory: LargeMemoryAdvice? = nil,
                                         _ fill: (UnsafeMutablePointer<T>) -> Void) -> [T] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let largeMemory, let base = buffer.baseAddress { largeMemory(base, count * MemoryLayout<T>.stride) }
            // An empty array may have no storage; then nothing is written.
            withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { spare in
                fill(buffer.baseAddress ?? spare.baseAddress!)
            }
            initialized = count
        }
    }

    /// Appends each chunk's mark maps, shifting the chunk-local indices of its lines.
    private mutating func joinMarkMaps(_ chunks: [[[Int32]]], lineChunks: [Range<Int>]) {
        for (chunk, maps) in chunks.enumerated() {
            let shift = Int32(markMaps.count)
            if shift > 0 && !maps.isEmpty {
                for index in lineChunks[chunk] where lines[index].markMap >= 0 {
                    lines[index].markMap += shift
                }
            }
            markMaps.append(contentsOf: maps)
        }
    }

    /// The number of lines.
    public var count: Int { lines.count }

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
