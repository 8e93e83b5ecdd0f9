import MixtapeCore

/// Why and where a JSON text stopped being JSON. The scanner works on bytes and knows only
/// the byte offset; the line and column a person needs are worked out once, when reporting.
struct JSONSyntaxError: Error, Equatable {
    /// Byte offset where scanning stopped (the byte count for an unexpected end of file).
    var offset: Int
    var reason: String

    /// `file:line:column` of the offset: lines break at LF, CRLF or a lone CR; the column is
    /// 1-based and counts Unicode scalars, not bytes, as editors do: every byte but a UTF-8
    /// continuation byte starts a column.
    func position(in bytes: [UInt8], file: String) -> SourcePosition {
        Self.position(of: offset, in: bytes, file: file)
    }

    /// The `file:line:column` of any byte offset, counted as `position(in:file:)` says.
    static func position(of offset: Int, in bytes: [UInt8], file: String) -> SourcePosition {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(file: file, line: line, column: column)
    }
}
