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
/// in a title or path is harmless; line breaks in titles become spaces, and a path with a line
/// break is skipped. Lengths are whole seconds or -1.
public enum PLSWriter: PlaylistWriter {
    /// The playlist; `name` is not written (PLS has no field for it).
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "[playlist]\n"
        var skipped: [Int] = []
        var number = 0
        for (index, entry) in entries.enumerated() {
            guard PlaylistLineText.fitsOnLine(entry.path) else {
                skipped.append(index)
                continue
            }
            number += 1
            text += "File\(number)=\(PlayerPath.line(entry.path, plain: entry.plainPath))\n"
            text += "Title\(number)=\(PlaylistLineText.display(entry))\n"
            text += "Length\(number)=\(entry.seconds)\n"
        }
        text += "NumberOfEntries=\(number)\nVersion=2\n"
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }
}
