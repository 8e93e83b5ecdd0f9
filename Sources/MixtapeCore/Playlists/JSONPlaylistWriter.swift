/// The playlist as one JSON document, for scripts:
///
/// ```
/// {"name":"Mix","items":[
/// {"id":"itunes:AB12","title":"Jóga",…,"location":"/Users/sam/Music/x.m4a","path":"/mnt/music/x.m4a"},
/// {…}
/// ]}
/// ```
/// Each item is the object `search --json` prints for it (spec/json.md) plus `path`, the path
/// the other formats would write (after `--map-prefix` / `--relative`), while `location` stays
/// the library's own. An entry with no item behind it gets `title`, `artist`, `album`,
/// `track_number`, `duration_ms` (those known) and `path`. One item per line keeps the file easy
/// to diff and to read with line tools, while the whole stays one valid JSON value; repeats
/// are kept and nothing is ever skipped, since JSON can hold any string.
public enum JSONPlaylistWriter: PlaylistWriter {
    /// The document for a playlist called `name`.
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "{\"name\":" + JSONObjectWriter.quoted(name) + ",\"items\":["
        for (index, entry) in entries.enumerated() {
            text += (index == 0 ? "\n" : ",\n") + object(entry)
        }
        text += "\n]}\n"
        return PlaylistWriteResult(bytes: Array(text.utf8))
    }

    private static func object(_ entry: PlaylistEntry) -> String {
        var writer = JSONObjectWriter()
        if let item = entry.item {
            // The item's own `path` (its file here) is the entry's `path` below, after mapping.
            for field in Field.allCases where field != .path {
                if let value = field.value(of: item) { writer.add(field.key, value) }
            }
            item.addIdentity(to: &writer)
        } else {
            if let title = entry.title { writer.add(Field.title.key, string: title) }
            if let artist = entry.artist { writer.add(Field.artist.key, string: artist) }
            if let album = entry.album { writer.add(Field.album.key, string: album) }
            if let number = entry.trackNumber { writer.add(Field.trackNumber.key, int: number) }
            if let ms = entry.durationMs { writer.add(Field.durationMs.key, int: ms) }
        }
        writer.add("path", string: entry.path)
        return writer.result
    }
}
