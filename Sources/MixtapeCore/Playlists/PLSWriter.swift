/// PLS (version 2), the INI-style playlist of Winamp and SHOUTcast:
///
/// ```
/// [playlist]
/// File1=/Music/x.mp3
/// Title1=Artist - Title
/// Length1=245
/// NumberOfEntries=1
/// Version=2
/// ```
/// Paths are plain or `file://` URIs as `PlayerPath` decides. Entries are numbered from 1 over
/// those written (a skipped entry leaves no gap). A value runs to the end of its line, so `=`
/// in a title or path is harmless; line breaks in titles become spaces, a path with a line break
/// is written as its `file://` URI when absolute and skipped otherwise, and a relative path that
/// starts with `file:` is written `./file:…` (`PlaylistLineText.location`). Lengths are whole seconds or -1.
public enum PLSWriter: PlaylistWriter {
    /// The playlist; `name` is not written (PLS has no field for it).
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "[playlist]\n"
        var skipped: [Int] = []
        var number = 0
        for (index, entry) in entries.enumerated() {
            guard let line = PlaylistLineText.location(entry.path, plain: entry.plainPath) else {
                skipped.append(index)
                continue
            }
            number += 1
            text += "File\(number)=\(line)\n"
            text += "Title\(number)=\(PlaylistLineText.display(entry))\n"
            text += "Length\(number)=\(entry.seconds)\n"
        }
        text += "NumberOfEntries=\(number)\nVersion=2\n"
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }
}
