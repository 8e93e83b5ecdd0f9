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
        // Where the scan is, kept in locals for the whole buffer: each access to the object's
        // own was checked for overlap, for every byte of the lines scanned one by one.
        var at = Position(line: line, column: column)
        defer { (line, column) = (at.line, at.column) }
        // Eight bytes at a time: most hold no byte below 0x20 (not even a line feed), and then
        // only their characters are counted. Byte by byte, this was a tenth of the thread
        // reading a VirtualDJ database.
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if (word &- Self.ones &* 0x20) & ~word & Self.highBits == 0 {
                // Continuation bytes (10xxxxxx) are not characters.
                at.column += 8 - (word & ~(word << 1) & Self.highBits).nonzeroBitCount
            } else {
                scan(base, index..<(index + 8), &at)
            }
            index += 8
        }
        scan(base, index..<bytes.count, &at)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

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
