import MixtapeCore

/// A foobar2000 2.x `playlist-GUID.fplite`: the playlist's entries, one location a line in
/// order (repeats kept), UTF-8 with a BOM, LF ends (CRLF read as LF), nothing else: no name
/// (that is `index.txt`'s), no tags, no lengths.
///
/// Never fails, as a playlist file's reading does not (sources.md): a line that is not UTF-8
/// is kept in its place, repaired with U+FFFD (it then names no file, so it stays a missing
/// entry), and said once with its line; a line holding a NUL byte is kept the same way.
public enum FPLiteReader {
    /// 64 MiB: 500,000 entries of long paths; the largest real one seen holds 23,135 in 2 MB.
    public static let limit = 64 << 20

    /// The entries of `bytes`, with what was odd about them by line.
    public static func read(_ bytes: [UInt8]) -> PlaylistFileContent {
        var content = PlaylistFileContent()
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        var odd: (first: Int, count: Int, why: String)?
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            let line = bytes[start..<stop]
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            var location = String(decoding: line, as: UTF8.self)
            var why: String?
            if line.contains(0) {
                location = String(location.map { $0 == "\0" ? "\u{FFFD}" : $0 })
                why = "holds a NUL byte"
            } else if String(validating: line, as: UTF8.self) == nil {
                why = "is not UTF-8"
            }
            if let why { odd = odd.map { ($0.first, $0.count + 1, $0.why) } ?? (number, 1, why) }
            content.entries.append(PlaylistFileEntry(location: location, line: number))
        }
        if let odd {
            let others = odd.count > 1 ? " (and \(odd.count - 1) more such lines)" : ""
            content.problems.append(PlaylistFileProblem(line: odd.first, message:
                "the entry \(odd.why)\(others); kept in its place as a file that cannot be found"))
        }
        return content
    }
}
