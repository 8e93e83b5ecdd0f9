/// Folds and encodes one chunk of lines straight into the corpus's arenas.
///
/// `MatchCorpus` first measures every chunk (`measure`: its characters, and those of its wide
/// lines), so each chunk knows where its lines start in the narrow and the wide arenas and
/// encoders on several cores write disjoint parts of the same memory: no copying, and each
/// core first touches the memory it fills. Mark maps are rare and collected per chunk, with
/// chunk-local indices in the `Line` records that `MatchCorpus` shifts when it joins them.
///
/// Encoding is the hot loop of building a corpus (every line of the library, at every start of
/// the process), hence the raw pointers, the manual UTF-8 decoding and the lookup tables.
struct LineEncoder {
    /// The arenas a chunk writes into; valid while the corpus is being built.
    struct Output: @unchecked Sendable {
        let lines: UnsafeMutablePointer<MatchCorpus.Line>
        let info: UnsafeMutablePointer<UInt8>
        let narrowLower: UnsafeMutablePointer<UInt8>
        let narrowCased: UnsafeMutablePointer<UInt8>
        let wideLower: UnsafeMutablePointer<UInt32>
        let wideCased: UnsafeMutablePointer<UInt32>
    }

    /// A chunk's place in the arenas: its first line, and its parts of the narrow and the wide
    /// arenas.
    struct Place: Sendable {
        var firstLine: Int
        var narrow: Range<Int>
        var wide: Range<Int>
    }

    private let output: Output
    private let tables = EncodingTables.shared
    private var lineIndex: Int
    /// The next free positions in the narrow and the wide arenas.
    private var cursor: Int
    private var wideCursor: Int
    private let place: Place
    /// Folded position → scalar offset, for the chunk's lines with dropped marks.
    private var markMaps: [[Int32]] = []
    /// A line that is not all ASCII is folded here first: its length and width are known only
    /// at its end. Sized for the longest such line so far; origins only after a dropped mark.
    private var scratch = Scratch(capacity: 256)
    private var origins: [Int32] = []
    private var memo = ScalarEntryMemo()

    /// An encoder writing the lines of one chunk at `place`.
    init(into output: Output, at place: Place) {
        self.output = output
        self.place = place
        lineIndex = place.firstLine
        cursor = place.narrow.lowerBound
        wideCursor = place.wide.lowerBound
    }

    /// Checks that the chunk filled exactly its place, frees the scratch memory and returns the
    /// chunk's mark maps; the encoder is not used afterwards.
    func finish() -> [[Int32]] {
        precondition(cursor == place.narrow.upperBound && wideCursor == place.wide.upperBound,
                     "chunk measured wrongly")
        scratch.deallocate()
        return markMaps
    }

    /// The characters `encode` stores for `texts` (their scalars less dropped marks), and how
    /// many of them are in wide lines.
    static func measure(_ texts: some LineSource, _ range: Range<Int>) -> (characters: Int, wide: Int) {
        var characters = 0, wide = 0
        EncodingTables.shared.scalars.withUnsafeBufferPointer { table in
            for index in range {
                texts.withUTF8(index) { bytes in
                    guard bytes.reduce(0, |) >= 0x80, let source = bytes.baseAddress else {
                        characters += bytes.count
                        return
                    }
                    var count = 0, index = 0
                    var entries: UInt64 = 0
                    while index < bytes.count {
                        // Eight ASCII bytes at a time: accented lines are mostly ASCII.
                        if index + 8 <= bytes.count, UnsafeRawPointer(source + index)
                            .loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                            count += 8
                            index += 8
                            continue
                        }
                        if source[index] < 0x80 {
                            count += 1
                            index += 1
                            continue
                        }
                        let value = decode(source, at: &index)
                        // Past the table, `LatinFolding.fold` keeps a value: the line is wide.
                        let entry = value < EncodingTables.end ? table[Int(value)] : EncodingTables.wideBit
                        if entry & EncodingTables.markBit == 0 { count += 1 }
                        entries |= entry
                    }
                    characters += count
                    if entries & EncodingTables.wideBit != 0 { wide += count }
                }
            }
        }
        return (characters, wide)
    }

    /// Folds `text` and stores it as the next line.
    mutating func encode(_ text: String) {
        var text = text
        text.withUTF8 { encode(utf8: $0) }
    }

    /// Folds a line given as UTF-8 and stores it as the next line.
    mutating func encode(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let start = cursor
        var wideStart: Int32 = -1
        var markMap: Int32 = -1
        if bytes.reduce(0, |) < 0x80 {
            encodeASCII(bytes)
        } else {
            (wideStart, markMap) = encodeUnicode(bytes)
        }
        let count = cursor - start
        (output.lines + lineIndex).initialize(to: MatchCorpus.Line(
            start: Int32(start), count: Int32(count), wideStart: wideStart,
            trimLength: Self.trimmedLength(output.info + start, count: count), markMap: markMap))
        lineIndex += 1
    }

    /// The common case: no folding, no marks, one byte per character; the case-sensitive form
    /// is the bytes themselves.
    private mutating func encodeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        precondition(cursor + count <= place.narrow.upperBound, "line longer than measured")
        let info = output.info + cursor, lower = output.narrowLower + cursor
        (output.narrowCased + cursor).initialize(from: source, count: count)
        for index in 0..<count {
            let byte = source[index]
            lower[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
        }
        tables.asciiInfo.withUnsafeBufferPointer { table in
            var previous = Int(CharClass.white.rawValue)
            for index in 0..<count {
                let code = table[previous &* 128 &+ Int(source[index])]
                info[index] = code
                previous = Int(code >> 4)
            }
        }
        cursor += count
    }

    /// Any other line: decodes its scalars, drops combining marks, folds, and stores it as
    /// bytes when everything folded to ASCII, else as scalars. Returns the line's offset in the
    /// wide arenas and its chunk-local mark map index (each -1 when unused).
    private mutating func encodeUnicode(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (wideStart: Int32, markMap: Int32) {
        let limit = bytes.count
        guard let source = bytes.baseAddress else { return (-1, -1) }
        scratch.reserve(limit)
        var written = 0, offset: Int32 = 0, index = 0
        var previous = Int(CharClass.white.rawValue)
        var entries: UInt64 = 0
        var droppedMarks = false
        tables.scalars.withUnsafeBufferPointer { table in
            tables.infoCodes.withUnsafeBufferPointer { infoCodes in
                while index < limit {
                    let value = Self.decode(source, at: &index)
                    let entry = value < EncodingTables.end ? table[Int(value)] : memo.entry(of: value)
                    if entry & EncodingTables.markBit != 0 {
                        if !droppedMarks {
                            // Until the first mark, folded position and scalar offset coincide.
                            droppedMarks = true
                            origins = (0..<Int32(written)).map { $0 }
                        }
                        offset += 1
                        continue
                    }
                    let folded = UInt32(truncatingIfNeeded: entry) & 0x1F_FFFF
                    let foldedCased = UInt32(truncatingIfNeeded: entry >> 21) & 0x1F_FFFF
                    let charClass = Int(truncatingIfNeeded: entry >> 42) & 7
                    entries |= entry
                    scratch.lower[written] = folded
                    scratch.cased[written] = foldedCased
                    scratch.info[written] = infoCodes[previous &* 7 &+ charClass]
                    if droppedMarks { origins.append(offset) }
                    written += 1
                    offset += 1
                    previous = charClass
                }
            }
        }
        return store(count: written, isWide: entries & EncodingTables.wideBit != 0,
                     origins: droppedMarks)
    }

    /// Moves the scratch line into the arenas: a narrow line as bytes; a wide line as scalars,
    /// with zeros in the narrow arenas so those stay indexed by `start`.
    private mutating func store(count: Int, isWide: Bool, origins hasOrigins: Bool)
        -> (wideStart: Int32, markMap: Int32) {
        precondition(cursor + count <= place.narrow.upperBound, "line longer than measured")
        let lower = output.narrowLower + cursor, cased = output.narrowCased + cursor
        (output.info + cursor).initialize(from: scratch.info, count: count)
        var wideStart: Int32 = -1
        if isWide {
            precondition(wideCursor + count <= place.wide.upperBound, "line wider than measured")
            lower.initialize(repeating: 0, count: count)
            cased.initialize(repeating: 0, count: count)
            (output.wideLower + wideCursor).initialize(from: scratch.lower, count: count)
            (output.wideCased + wideCursor).initialize(from: scratch.cased, count: count)
            wideStart = Int32(wideCursor)
            wideCursor += count
        } else {
            for index in 0..<count {
                lower[index] = UInt8(truncatingIfNeeded: scratch.lower[index])
                cased[index] = UInt8(truncatingIfNeeded: scratch.cased[index])
            }
        }
        cursor += count
        guard hasOrigins else { return (wideStart, -1) }
        markMaps.append(origins)
        return (wideStart, Int32(markMaps.count - 1))
    }

    /// The scalar at `index` of well-formed UTF-8 (a Swift string's storage), advancing `index`.
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, at index: inout Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            index += 1
            return lead
        }
        let second = UInt32(bytes[index + 1]) & 0x3F
        if lead < 0xE0 {
            index += 2
            return (lead & 0x1F) << 6 | second
        }
        let third = UInt32(bytes[index + 2]) & 0x3F
        if lead < 0xF0 {
            index += 3
            return (lead & 0x0F) << 12 | second << 6 | third
        }
        index += 4
        return (lead & 0x07) << 18 | second << 12 | third << 6 | UInt32(bytes[index - 1]) & 0x3F
    }

    /// fzf's `TrimLength`: characters without leading and trailing white space.
    private static func trimmedLength(_ info: UnsafePointer<UInt8>, count: Int) -> UInt16 {
        let white = CharClass.white.rawValue
        var last = count - 1
        while last >= 0 && info[last] >> 4 == white { last -= 1 }
        guard last >= 0 else { return 0 }
        var first = 0
        while info[first] >> 4 == white { first += 1 }
        return UInt16(clamping: last - first + 1)
    }

    /// Per-line buffers for folding a non-ASCII line, grown to the longest line (in bytes).
    private struct Scratch {
        private(set) var lower: UnsafeMutablePointer<UInt32>
        private(set) var cased: UnsafeMutablePointer<UInt32>
        private(set) var info: UnsafeMutablePointer<UInt8>
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            lower = .allocate(capacity: capacity)
            cased = .allocate(capacity: capacity)
            info = .allocate(capacity: capacity)
        }

        mutating func reserve(_ count: Int) {
            guard count > capacity else { return }
            deallocate()
            self = Scratch(capacity: max(count, capacity * 2))
        }

        func deallocate() {
            lower.deallocate()
            cased.deallocate()
            info.deallocate()
        }
    }
}

/// What `LineEncoder` looks up per character, derived once from `CharClass`, `Bonus` and
/// `LatinFolding` so encoding can never disagree with them.
struct EncodingTables: Sendable {
    /// `entry(of:)` for U+0000 ..< `end`.
    let scalars: [UInt64]
    /// The `info` byte (bonus, and class in the high half) by `previous * 7 + current` class.
    let infoCodes: [UInt8]
    /// The `info` byte of an ASCII character by `previousClass * 128 + byte`: the class and
    /// bonus lookups of the ASCII loop in one.
    let asciiInfo: [UInt8]

    static let end = CharClass.tableEnd
    static let markBit: UInt64 = 1 << 45
    static let wideBit: UInt64 = 1 << 46

    /// Built on first use, once per process.
    static let shared = EncodingTables()

    private init() {
        scalars = (0..<Self.end).map(Self.entry(of:))
        let infoCodes = (0..<49).map { cell in
            let current = CharClass(rawValue: UInt8(cell % 7))!
            return UInt8(Bonus.between(CharClass(rawValue: UInt8(cell / 7))!, current))
                | current.rawValue << 4
        }
        self.infoCodes = infoCodes
        asciiInfo = (0..<(7 * 128)).map { cell in
            infoCodes[cell / 128 * 7 + Int(CharClass.of(UInt32(cell % 128)).rawValue)]
        }
    }

    /// A scalar's encoding, packed: the case-insensitive folded form (bits 0–20), the
    /// case-sensitive one (21–41), the class (42–44), whether folding drops it (45) and whether
    /// either folded form is past ASCII, making its line wide (46).
    static func entry(of value: UInt32) -> UInt64 {
        if LatinFolding.isDroppedMark(value) { return markBit }
        let charClass = CharClass.of(value)
        let folded = LatinFolding.fold(LatinFolding.lower(value, class: charClass))
        let foldedCased = LatinFolding.fold(value)
        return UInt64(folded) | UInt64(foldedCased) << 21 | UInt64(charClass.rawValue) << 42
            | (folded | foldedCased >= 0x80 ? wideBit : 0)
    }
}

/// Memo of `EncodingTables.entry(of:)` for scalars past the table (CJK, emoji), one worker's:
/// their Unicode property lookups are slow, and a library repeats the same few thousand.
struct ScalarEntryMemo {
    private var keys = [UInt32](repeating: 0, count: Self.size)
    private var entries = [UInt64](repeating: 0, count: Self.size)
    private static let size = 2048

    /// `EncodingTables.entry(of: value)` for a scalar past the table.
    mutating func entry(of value: UInt32) -> UInt64 {
        let slot = Int(value) & (Self.size - 1)
        if keys[slot] == value { return entries[slot] }   // 0 is never a key here
        let entry = EncodingTables.entry(of: value)
        keys[slot] = value
        entries[slot] = entry
        return entry
    }
}
