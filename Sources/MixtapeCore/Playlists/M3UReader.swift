/// Reads an M3U / M3U8 playlist: plain (one location per line) and extended (`#EXTM3U`,
/// `#EXTINF:length,Artist - Title` before a location, `#PLAYLIST:name`), as players and people
/// write them: BOM or none, LF, CRLF or CR line ends, tabs around a location, VirtualDJ's
/// `#EXTVDJ` read like an `#EXTINF`, other directives (`#EXTVLCOPT`, `#EXTGRP`, `#KODIPROP`…)
/// and comments skipped.
public enum M3UReader {
    /// The paths (or URLs) in order, repeats kept: every non-empty line that does not start with
    /// `#`, exactly as written.
    public static func paths(_ bytes: [UInt8]) -> [String] {
        PlaylistFileText.lines(bytes).filter { $0.utf8.first != 0x23 }.map(String.init)
    }

    /// The playlist with the `#EXTINF` of each entry; `alwaysUTF8` for `.m3u8`, which is UTF-8
    /// by definition (a `.m3u` that is not valid UTF-8 is read as Windows-1252).
    public static func read(_ bytes: [UInt8], alwaysUTF8: Bool = false) -> PlaylistFileContent {
        let (text, problem) = PlaylistFileText.decodeReporting(bytes, alwaysUTF8: alwaysUTF8)
        var content = PlaylistFileContent(problems: problem.map { [$0] } ?? [])
        var pending: (artist: String?, title: String?, durationMs: Int64?)?
        for (number, line) in PlaylistFileText.numberedLines(text) {
            let trimmed = line.trimmingTabs
            guard !trimmed.isEmpty else { continue }
            if trimmed.utf8.first == UInt8(ascii: "#") {
                if let info = trimmed.dropping(prefix: "#EXTINF:") {
                    pending = merged(extinf(info), over: pending)
                } else if let fields = trimmed.dropping(prefix: "#EXTVDJ:") {
                    pending = merged(pending, over: extvdj(fields))
                } else if let name = trimmed.dropping(prefix: "#PLAYLIST:") {
                    let name = name.trimmingTabs.trimmingSpaces
                    if !name.isEmpty { content.name = String(name) }
                }
                continue
            }
            content.entries.append(PlaylistFileEntry(location: String(trimmed), artist: pending?.artist,
                                                     title: pending?.title, durationMs: pending?.durationMs,
                                                     line: number))
            pending = nil
        }
        return content
    }

    /// What an entry's two kinds of line say together: `first`'s values, each missing one
    /// taken from `second` (an `#EXTINF` wins over an `#EXTVDJ`, whichever comes first).
    static func merged(_ first: (artist: String?, title: String?, durationMs: Int64?)?,
                       over second: (artist: String?, title: String?, durationMs: Int64?)?)
        -> (artist: String?, title: String?, durationMs: Int64?)? {
        guard let first else { return second }
        guard let second else { return first }
        return (first.artist ?? second.artist, first.title ?? second.title, first.durationMs ?? second.durationMs)
    }

    /// VirtualDJ's `#EXTVDJ:<filesize>…</filesize><artist>A</artist><title>T</title>
    /// <songlength>215.5</songlength>…` (its History and Playlists files have no `#EXTINF`):
    /// artist, title and length, for the last rule of resolution, when the file is nowhere.
    /// VirtualDJ writes the values raw (`&` as is); the five XML entities are read if present.
    static func extvdj(_ fields: Substring) -> (artist: String?, title: String?, durationMs: Int64?) {
        func value(_ name: String) -> String? {
            guard let open = fields.firstRange(of: "<\(name)>"),
                  let close = fields[open.upperBound...].firstRange(of: "</\(name)>") else { return nil }
            let text = fields[open.upperBound..<close.lowerBound].trimmingSpaces
            guard !text.isEmpty else { return nil }
            guard text.contains("&") else { return String(text) }
            return [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]
                .reduce(String(text)) { $0.replacing($1.0, with: $1.1) }
        }
        let seconds = value("songlength").flatMap(Double.init)
        let durationMs = seconds.flatMap { $0 > 0 && $0 < 1e9 ? Int64($0 * 1000) : nil }
        return (value("artist"), value("title"), durationMs)
    }

    /// `#EXTINF:245 tvg-id="x" group-title="y",Artist - Title`: the length (seconds, -1 for
    /// unknown), attributes skipped (a comma inside quotes is theirs), then the display text,
    /// split at the first ` - ` into artist and title.
    static func extinf(_ info: Substring) -> (artist: String?, title: String?, durationMs: Int64?) {
        var inQuotes = false
        var comma: Substring.Index?
        for index in info.indices {
            let character = info[index]
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes { comma = index; break }
        }
        let head = comma.map { info[..<$0] } ?? info
        let display = comma.map { info[info.index(after: $0)...].trimmingSpaces } ?? ""
        let lengthText = head.prefix { $0 == "-" || $0 == "." || $0.isASCII && $0.isNumber }
        let seconds = Double(lengthText)
        let durationMs = seconds.flatMap { $0 >= 0 && $0 < 1e9 ? Int64($0 * 1000) : nil }
        guard !display.isEmpty else { return (nil, nil, durationMs) }
        if let separator = display.firstRange(of: " - ") {
            let artist = display[..<separator.lowerBound].trimmingSpaces
            let title = display[separator.upperBound...].trimmingSpaces
            return (artist.isEmpty ? nil : String(artist), title.isEmpty ? nil : String(title), durationMs)
        }
        return (nil, String(display), durationMs)
    }
}

extension Substring {
    /// Without leading and trailing tabs (hand-made playlists indent with them; a file name
    /// rarely starts with one, while spaces are kept, since names do hold them).
    var trimmingTabs: Substring {
        var text = self
        while text.first == "\t" { text = text.dropFirst() }
        while text.last == "\t" { text = text.dropLast() }
        return text
    }

    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }

    /// The rest after `prefix` (ASCII case ignored), or nil when the text does not start with it.
    func dropping(prefix: String) -> Substring? {
        guard utf8.count >= prefix.utf8.count,
              zip(utf8, prefix.utf8).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }) else { return nil }
        return Substring(utf8.dropFirst(prefix.utf8.count))
    }
}
