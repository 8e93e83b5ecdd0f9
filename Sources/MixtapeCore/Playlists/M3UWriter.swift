/// M3U8 (and legacy-named `.m3u`): extended M3U in UTF-8 without a BOM, `\n` line ends.
///
/// ```
/// #EXTM3U
/// #EXTINF:245,Björk - Jóga
/// /Music/Björk/Jóga.m4a
/// ```
/// Paths are written plain (not percent-encoded) unless VLC needs a `file://` URI to open them
/// (`PlayerPath`: a `#`, `?`, `%41` or a byte that is not UTF-8); streams as their URLs.
/// `#EXTINF` gives whole seconds, rounded down, or -1 when unknown. A relative path that starts with `#` is written
/// `./#…`, which names the same file but is not a comment, and one that starts with `file:`
/// `./file:…`, which is not read as a URI; an absolute path with a line break is written as its
/// `file://` URI (`%0A`), and any other path with one cannot be written and is skipped. `.m3u` gets the same bytes: every current player reads M3U as UTF-8
/// when it is valid UTF-8.
///
/// A cue track (a part of a file) gets VLC's options between `#EXTINF` and the path, which
/// VLC and mpv honour: `#EXTVLCOPT:start-time=10.5` and `#EXTVLCOPT:stop-time=245`.
public enum M3UWriter: PlaylistWriter {
    /// The playlist; `name` is not written (M3U has no standard place for it).
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "#EXTM3U\n"
        var skipped: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard let line = PlaylistLineText.location(entry.path, plain: entry.plainPath) else {
                skipped.append(index)
                continue
            }
            text += "#EXTINF:\(entry.seconds),\(PlaylistLineText.display(entry))\n"
            for option in entry.vlcOptions { text += "#EXTVLCOPT:" + option + "\n" }
            // By byte, as players read it: `#` followed by a combining mark is one Character
            // that `hasPrefix("#")` does not see, yet the line is still a comment to them.
            text += (line.utf8.first == UInt8(ascii: "#") ? "./" + line : line) + "\n"
        }
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }
}
