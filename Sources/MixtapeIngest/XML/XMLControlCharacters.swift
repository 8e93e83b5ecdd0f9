import MixtapeCore

/// Raw C0 control characters (any byte below 0x20 but tab, line feed and carriage return) in a
/// document that otherwise is XML. XML 1.0 forbids them and libxml2 stops at the first, but
/// VirtualDJ writes what a tag or a typed comment held, a backspace included: refusing a whole
/// library for one invisible byte helps no one. A reader that tolerates them hands one of these
/// to `XMLEventStream`: each such byte becomes a space before libxml2 sees it (one byte for one,
/// so every later line and column stays true), and where it was is kept for a warning.
///
/// In UTF-8 these bytes never occur inside a multi-byte character, so replacing them is safe;
/// a UTF-16 document (a byte-order mark or a zero byte at the start) is left alone.
public final class XMLControlCharacters {
    /// Positions kept for warnings; the rest are only counted.
    static let maxPositions = 20

    /// The file (for positions).
    let path: String
    /// Where the first `maxPositions` were.
    private(set) var positions: [SourcePosition] = []
    /// How many were replaced.
    private(set) var count = 0
    private var line = 1
    private var column = 1
    /// Nil until the first bytes are seen; false for a UTF-16 document.
    private var active: Bool?

    /// A scrubber for the document at `path`.
    public init(path: String) { self.path = path }

    /// Replaces the control characters of the next bytes of the document, in place.
    func scrub(_ buffer: UnsafeMutableRawBufferPointer) {
        let bytes = buffer.bindMemory(to: UInt8.self)
        if active == nil, let first = bytes.first {
            active = !(first == 0xFE || first == 0xFF || first == 0 || (bytes.count > 1 && bytes[1] == 0))
        }
        guard active == true, let base = bytes.baseAddress else { return }
        // Eight bytes at a time. A word with no byte below 0x20 is passed over; one whose only
        // such bytes are tabs, carriage returns and line feeds only moves the line on. A
        // column is counted only where one is asked for (a control character, the end of the
        // buffer), from where its line began: counting every character of every line as it
        // went by was a twentieth of the thread reading a VirtualDJ database.
        var line = self.line
        // Where in the buffer the current line's counting starts, and the column there.
        var lineStart = 0, startColumn = column
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let below = Self.bytesBelowSpace(word)
            if below != 0 {
                let feeds = Self.bytes(equalTo: 0x0A, in: word)
                let allowed = feeds | Self.bytes(equalTo: 0x09, in: word) | Self.bytes(equalTo: 0x0D, in: word)
                if below & ~allowed == 0 {
                    if feeds != 0 {
                        line += feeds.nonzeroBitCount
                        // The byte after the word's last line feed (its highest marked byte).
                        lineStart = index + (63 - feeds.leadingZeroBitCount) / 8 + 1
                        startColumn = 1
                    }
                } else {
                    var at = Position(line: line, column: startColumn + Self.characters(base, lineStart..<index))
                    scan(base, index..<(index + 8), &at)
                    (line, lineStart, startColumn) = (at.line, index + 8, at.column)
                }
            }
            index += 8
        }
        var at = Position(line: line, column: startColumn + Self.characters(base, lineStart..<index))
        scan(base, index..<bytes.count, &at)
        (self.line, column) = (at.line, at.column)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` below 0x20, and of no other: with the high bit put
    /// aside, adding 0x60 carries into it from 0x20 up, and never into the next byte.
    @inline(__always)
    private static func bytesBelowSpace(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ ones &* 0x60) | word) & highBits
    }

    /// The high bit of each byte of `word` equal to `byte`, and of no other.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let differences = word ^ (ones &* UInt64(byte))
        return ~(((differences & lowBits) &+ lowBits) | differences) & highBits
    }

    /// The characters among the bytes at `offsets`: the bytes that are not UTF-8 continuation
    /// bytes (10xxxxxx), as libxml2 counts columns.
    private static func characters(_ base: UnsafeMutablePointer<UInt8>, _ offsets: Range<Int>) -> Int {
        var count = 0, index = offsets.lowerBound
        while index + 8 <= offsets.upperBound {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            count += 8 - (word & ~(word << 1) & highBits).nonzeroBitCount
            index += 8
        }
        while index < offsets.upperBound {
            if base[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// Scans the bytes at `offsets` one by one, noting each control character replaced.
    private func scan(_ base: UnsafeMutablePointer<UInt8>, _ offsets: Range<Int>, _ at: inout Position) {
        for offset in offsets where at.scan(base + offset) {
            if positions.count < Self.maxPositions {
                positions.append(SourcePosition(file: path, line: at.line, column: at.column))
            }
            count += 1
            at.column += 1  // the character's own column, once noted
        }
    }

    /// The line and column of the next byte.
    private struct Position {
        var line: Int, column: Int

        /// One byte: a line feed starts a line, a control character becomes a space (true: the
        /// position is still the character's, for the caller to note and then move past).
        @inline(__always)
        mutating func scan(_ pointer: UnsafeMutablePointer<UInt8>) -> Bool {
            let byte = pointer.pointee
            if byte == 0x0A {
                line += 1
                column = 1
                return false
            }
            if byte < 0x20, byte != 0x09, byte != 0x0D {
                pointer.pointee = 0x20
                return true
            }
            // Columns count characters, as libxml2's do: continuation bytes are not one.
            if byte & 0xC0 != 0x80 { column += 1 }
            return false
        }
    }

    /// One warning per kept position, and one for the rest.
    public var warnings: [IndexWarning] {
        var warnings = positions.map {
            IndexWarning(position: $0, message: "a raw control character (not allowed in XML) is read as a space")
        }
        if count > positions.count {
            warnings.append(IndexWarning(position: nil, message:
                "\(path): \(count - positions.count) more raw control characters are read as spaces"))
        }
        return warnings
    }
}
