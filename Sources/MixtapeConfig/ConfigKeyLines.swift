/// Finds the line a setting is written on, for messages about its value: the TOML library
/// reports positions of syntax errors only, not of the values it parsed.
///
/// A plain line scan: `[table]` headers set the table, and `key =` (bare or quoted, or dotted
/// from the root as `table.key =`) is the key. Good enough for a config file, which has no
/// multi-line strings in practice; when the key is not found, the table's header line is used,
/// then line 1.
struct ConfigKeyLines {
    private var lines: [(table: String, key: String, line: Int)] = []
    private var headers: [String: Int] = [:]

    init(text: String) {
        var table = ""
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("[") {
                table = String(line.drop { $0 == "[" }.prefix { $0 != "]" }).trimmingSpaces.unquoted
                headers[table] = headers[table] ?? offset + 1
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces
            let parts = key.split(separator: ".").map { $0.trimmingSpaces.unquoted }
            if parts.count > 1, table.isEmpty {
                lines.append((parts.dropLast().joined(separator: "."), parts.last!, offset + 1))
            } else {
                lines.append((table, key.unquoted, offset + 1))
            }
        }
    }

    /// The line of `key` in `table` ("" for the root).
    func line(table: String, key: String?) -> Int {
        if let key, let found = lines.first(where: { $0.table == table && $0.key == key }) { return found.line }
        return headers[table] ?? 1
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    var unquoted: String {
        let text = String(self)
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        return String(text.dropFirst().dropLast())
    }
}
