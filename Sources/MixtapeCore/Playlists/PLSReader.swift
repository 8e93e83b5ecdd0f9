/// Reads a PLS playlist (the INI-style list of Winamp and SHOUTcast).
public enum PLSReader {
    /// The `FileN=` values ordered by N (stable for a repeated N), whatever order the lines
    /// come in. Keys are case-insensitive; a value runs from the first `=` to the line end.
    public static func paths(_ bytes: [UInt8]) -> [String] {
        read(bytes).entries.map(\.location)
    }

    /// The entries ordered by N, each with its `TitleN=` (split at ` - ` into artist and title,
    /// as M3U's `#EXTINF`) and `LengthN=` (seconds, -1 unknown).
    public static func read(_ bytes: [UInt8]) -> PlaylistFileContent {
        let (text, problem) = PlaylistFileText.decodeReporting(bytes, alwaysUTF8: false)
        var content = PlaylistFileContent(problems: problem.map { [$0] } ?? [])
        var files: [(number: Int, path: String, line: Int)] = []
        var titles: [Int: Substring] = [:]
        var lengths: [Int: Substring] = [:]
        for (line, text) in PlaylistFileText.numberedLines(text) {
            guard let equals = text.utf8.firstIndex(of: 0x3d) else { continue }
            let key = text[..<equals].trimmingSpaces
            let value = Substring(text.utf8[text.utf8.index(after: equals)...])
            for (prefix, count) in [("file", 4), ("title", 5), ("length", 6)] {
                guard key.utf8.count > count, key.prefix(count).lowercased() == prefix,
                      let number = Int(key.dropFirst(count)) else { continue }
                switch prefix {
                case "file": files.append((number, String(value), line))
                case "title": titles[number] = value
                default: lengths[number] = value
                }
            }
        }
        for (_, file) in files.enumerated().sorted(by: { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }) {
            let info = M3UReader.extinf(Substring((lengths[file.number].map { String($0) } ?? "-1") + ","
                                                  + (titles[file.number].map { String($0) } ?? "")))
            content.entries.append(PlaylistFileEntry(location: file.path, artist: info.artist, title: info.title,
                                                     durationMs: info.durationMs, line: file.line))
        }
        return content
    }
}
