/// The lines of MPD's text protocol that put a `PlayRequest` into its queue.
///
/// MPD plays songs by URI relative to its music directory; a client on a local socket may also
/// name any file by its absolute path (MPD's protocol documentation, `add`). So a path inside the
/// music directory is sent relative, any other path absolute over a local socket, and over TCP
/// it cannot be played at all. A cue track is added, then given its part with `rangeid ID
/// START:END` (MPD 0.19 and later).
///
/// Nothing a file name holds can become a command of its own: an argument is quoted, and one
/// MPD's line protocol cannot carry (a line break) is refused (`quoted`). Songs go in command
/// lists far smaller than MPD accepts (`commandLists`).
public enum MPDCommands {
    /// `text` as one protocol argument: in double quotes, `"` and `\` escaped; nil when MPD's
    /// line protocol cannot carry it (`canCarry`).
    ///
    /// MPD reads a command up to a newline and has no escape for one, so a file name holding a
    /// line break would end the command early and the rest of the name would be read as
    /// commands of its own (`save`, `rm`…): such a text is never written, not even escaped.
    public static func quoted(_ text: String) -> String? {
        guard canCarry(text) else { return nil }
        var out = "\""
        for character in text.unicodeScalars {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.unicodeScalars.append(character)
        }
        return out + "\""
    }

    /// Whether `text` can be one argument of a protocol line: it holds no line feed, carriage
    /// return or NUL (MPD ends a line at the first two and a C string at the third).
    public static func canCarry(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0a || $0 == 0x0d || $0 == 0x00 }
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

    /// The `addid` lines for `uris` in order: at the end, or from `position` on. A URI MPD's
    /// protocol cannot carry (`canCarry`) gets no line: callers leave those out beforehand, so
    /// that the answers' ids line up with their entries.
    public static func additions(_ uris: [String], at position: Int?) -> [String] {
        uris.compactMap(quoted).enumerated().map { index, argument in
            "addid " + argument + (position.map { " \($0 + index)" } ?? "")
        }
    }

    /// The largest command list mixtape sends, in bytes: far below MPD's
    /// `max_command_list_size` (2 MiB by default), past which MPD drops the connection in the
    /// middle of the list. 10,000 songs go as about 40 lists, which costs nothing noticeable.
    public static let commandListBytes = 64 * 1024

    /// `lines` cut into command lists of at most `maxBytes` each, counting every line with its
    /// newline and the `command_list_ok_begin` / `command_list_end` around them; a line longer
    /// than that on its own goes alone. In order, nothing left out, no list empty.
    public static func commandLists(_ lines: [String], maxBytes: Int = commandListBytes) -> [[String]] {
        let frame = "command_list_ok_begin\n".utf8.count + "command_list_end\n".utf8.count
        var lists: [[String]] = []
        var current: [String] = []
        var size = frame
        for line in lines {
            let length = line.utf8.count + 1
            if !current.isEmpty, size + length > maxBytes {
                lists.append(current)
                current = []
                size = frame
            }
            current.append(line)
            size += length
        }
        if !current.isEmpty { lists.append(current) }
        return lists
    }

    /// The line that removes the first `count` songs of the queue (what `--replace` had queued
    /// before its own songs were added after them), nil when there were none.
    public static func deletion(ofFirst count: Int) -> String? {
        count > 0 ? "delete 0:\(count)" : nil
    }

    /// `rangeid ID START:END` for an entry that is a part of its file, else nil.
    public static func range(_ entry: PlaylistEntry, id: String) -> String? {
        guard let range = entry.rangeSeconds else { return nil }
        return "rangeid \(id) \(range.start):\(range.end ?? "")"
    }

    /// Where `--next` inserts: after the song MPD reports playing (`song:` of `status`), or at
    /// the end when nothing is current; `--enqueue` always appends, and so does `--replace`,
    /// which removes the old songs only once the new ones are in (`deletion(ofFirst:)`).
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
