/// The lines of MPD's text protocol that put a `PlayRequest` into its queue.
///
/// MPD plays songs by URI relative to its music directory; a client on a local socket may also
/// name any file by its absolute path (MPD's protocol documentation, `add`). So a path inside the
/// music directory is sent relative, any other path absolute over a local socket, and over TCP
/// it cannot be played at all. A cue track is added, then given its part with `rangeid ID
/// START:END` (MPD 0.19 and later).
public enum MPDCommands {
    /// `text` as one protocol argument: in double quotes, `"` and `\` escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// The URI MPD plays for `path`: relative to `musicDirectory` when inside it, the absolute
    /// path when `local`, the URL itself for a stream; nil when MPD cannot reach it.
    public static func uri(for path: String, musicDirectory: String?, local: Bool) -> String? {
        if LocationEncoder.hasScheme(path) { return path }
        if let musicDirectory, let relative = relative(path, to: musicDirectory) { return relative }
        return local && path.hasPrefix("/") ? path : nil
    }

    /// `path` below `folder` (byte-wise: both are paths as the file system spells them), or nil.
    static func relative(_ path: String, to folder: String) -> String? {
        var base = Array(folder.utf8)
        while base.count > 1, base.last == 0x2f { base.removeLast() }
        let bytes = Array(path.utf8)
        guard bytes.count > base.count + 1, bytes.starts(with: base), bytes[base.count] == 0x2f else { return nil }
        return String(decoding: bytes[(base.count + 1)...], as: UTF8.self)
    }

    /// The `addid` lines for `uris` in order: at the end, or from `position` on.
    public static func additions(_ uris: [String], at position: Int?) -> [String] {
        uris.enumerated().map { index, uri in
            "addid " + quoted(uri) + (position.map { " \($0 + index)" } ?? "")
        }
    }

    /// `rangeid ID START:END` for an entry that is a part of its file, else nil.
    public static func range(_ entry: PlaylistEntry, id: String) -> String? {
        guard let range = entry.rangeSeconds else { return nil }
        return "rangeid \(id) \(range.start):\(range.end ?? "")"
    }

    /// Where `--next` inserts: after the song MPD reports playing (`song:` of `status`), or at
    /// the end when nothing is current; `--enqueue` always appends, `--replace` after a `clear`.
    public static func insertionPoint(mode: PlayRequest.Mode, currentSong: Int?) -> Int? {
        guard mode == .next, let currentSong else { return nil }
        return currentSong + 1
    }

    /// The music directory a `mpd.conf` names (`music_directory "…"`), `~` expanded with
    /// `home`; nil when it names none.
    public static func musicDirectory(inConfig text: String, home: String?) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("music_directory") else { continue }
            let value = trimmed.dropFirst("music_directory".count).drop { $0 == " " || $0 == "\t" }
            guard value.hasPrefix("\""), let close = value.dropFirst().firstIndex(of: "\"") else { continue }
            let path = String(value[value.index(after: value.startIndex)..<close])
            if path == "~" || path.hasPrefix("~/"), let home { return home + path.dropFirst() }
            return path
        }
        return nil
    }
}
