import MixtapeCore

/// foobar2000 2.x's `playlists-v2.0/index.txt`: UTF-8 with a BOM, one playlist a line,
/// `GUID:Playlist name`, in the order of foobar2000's tabs. The GUID names the playlist's
/// entries, `playlist-GUID.fplite` beside it; the name runs to the end of the line (a `:` in it
/// is the name's). Blank lines are skipped; a CRLF end is read as LF.
///
/// A line that is not `GUID:name`, or bytes that are not UTF-8, make the file malformed (exit 65,
/// located), never a guess. The same GUID twice is a warning, and the second line is skipped.
public enum Foobar2000IndexText {
    /// One playlist the index names.
    public struct Line: Hashable, Sendable {
        /// As written (foobar2000 writes upper case).
        public var guid: String
        public var name: String
        /// 1-based line in the file.
        public var line: Int
    }

    /// 4 MiB: the index of 50,000 playlists; anything larger is not foobar2000's.
    public static let limit = 4 << 20

    /// The playlists `bytes` names, in order, with warnings; throws `MalformedSourceError` at
    /// `file:line:column` for a line that is not `GUID:name`.
    public static func read(_ bytes: [UInt8], file: String) throws(MalformedSourceError)
        -> (lines: [Line], warnings: [IndexWarning]) {
        var lines: [Line] = []
        var warnings: [IndexWarning] = []
        var seen: [String: Int] = [:]
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            defer { start = end + 1 }
            let line = bytes[start..<stop]
            if line.isEmpty { continue }
            guard let guidEnd = guidLength(line), guidEnd < line.count, line[line.startIndex + guidEnd] == 0x3A else {
                let column = (guidLength(line) ?? firstNonGUIDColumn(line)) + 1
                throw MalformedSourceError(position: SourcePosition(file: file, line: number, column: column),
                                           reason: "not a foobar2000 playlist line (GUID:name)")
            }
            let nameBytes = line[(line.startIndex + guidEnd + 1)...]
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                throw MalformedSourceError(position: SourcePosition(file: file, line: number, column: guidEnd + 2),
                                           reason: "the playlist's name is not UTF-8")
            }
            let guid = String(decoding: line.prefix(guidEnd), as: UTF8.self)
            if let first = seen[guid.uppercased()] {
                warnings.append(IndexWarning(position: SourcePosition(file: file, line: number, column: 1),
                                             message: "playlist \(guid) is named again (first on line \(first)); skipped"))
                continue
            }
            seen[guid.uppercased()] = number
            lines.append(Line(guid: guid, name: name, line: number))
        }
        return (lines, warnings)
    }

    /// Whether a file's head looks like foobar2000's playlist index: at least one line, and
    /// every line of the head that is complete (the last one too when `isWholeFile`) either
    /// blank or `GUID:`, a GUID of 36 characters (`8-4-4-4-12` hexadecimal digits). No other
    /// text file starts so.
    public static func looksLikeIndex(_ bytes: [UInt8], isWholeFile: Bool) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: 0x0A) ?? (isWholeFile ? bytes.count : nil) else { break }
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            let line = bytes[start..<stop]
            start = end + 1
            if line.isEmpty { continue }
            guard let length = guidLength(line), length < line.count, line[line.startIndex + length] == 0x3A else {
                return false
            }
            lines += 1
        }
        return lines > 0
    }

    /// 36 when `line` starts with a GUID (`XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, hexadecimal
    /// digits of either case), else nil.
    static func guidLength(_ line: ArraySlice<UInt8>) -> Int? {
        guard line.count >= 36 else { return nil }
        for (offset, byte) in line.prefix(36).enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == 0x2D else { return nil }
            } else if !isHexDigit(byte) {
                return nil
            }
        }
        return 36
    }

    /// The 0-based column where `line` stops being a GUID.
    private static func firstNonGUIDColumn(_ line: ArraySlice<UInt8>) -> Int {
        for (offset, byte) in line.prefix(36).enumerated() {
            let fits = [8, 13, 18, 23].contains(offset) ? byte == 0x2D : isHexDigit(byte)
            if !fits { return offset }
        }
        return min(line.count, 36)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
