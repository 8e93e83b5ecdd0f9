/// Reads the entries of a PLS playlist, for round-trip tests and later import.
public enum PLSReader {
    /// The `FileN=` values ordered by N (stable for a repeated N), whatever order the lines
    /// come in. Keys are case-insensitive; a value runs from the first `=` to the line end.
    public static func paths(_ bytes: [UInt8]) -> [String] {
        var numbered: [(number: Int, path: String)] = []
        for line in PlaylistFileText.lines(bytes) {
            guard let equals = line.utf8.firstIndex(of: 0x3d) else { continue }
            let key = line[..<equals]
            guard key.utf8.count > 4, key.prefix(4).lowercased() == "file",
                  let number = Int(key.dropFirst(4)) else { continue }
            numbered.append((number, String(line[line.utf8.index(after: equals)...])))
        }
        return numbered.enumerated()
            .sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }
            .map(\.element.path)
    }
}
