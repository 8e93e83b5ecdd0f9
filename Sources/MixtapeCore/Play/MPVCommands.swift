/// The JSON IPC commands that put a `PlayRequest` into mpv's playlist.
///
/// Commands use mpv's named-argument form (`{"name": "loadfile", "url": …}`), which mpv 0.35
/// and later read alike: the positional form of `loadfile` gained an `index` argument before
/// `options` in 0.38, so a positional call cannot suit both. A cue track becomes per-file
/// options `start` and `end` (absolute seconds in its file). `--next` appends, then moves each
/// new entry after the one playing (`playlist-move` puts an entry before the given index).
public enum MPVCommands {
    /// The value of `"command"` for each step, as JSON text, in order. `count` is the length
    /// of mpv's playlist now, `position` the index playing (nil when idle), as mpv reports them.
    public static func commands(for request: PlayRequest, count: Int, position: Int?) -> [String] {
        var commands: [String] = []
        for (index, entry) in request.entries.enumerated() {
            let flags = switch request.mode {
            case .replace: index == 0 ? "replace" : "append"
            case .enqueue: "append-play"
            case .next: position == nil ? "append-play" : "append"
            }
            commands.append(loadfile(entry, flags: flags))
        }
        if request.mode == .next, let position {
            for index in request.entries.indices {
                commands.append("[\"playlist-move\",\(count + index),\(position + 1 + index)]")
            }
        }
        return commands
    }

    /// `stop`: ends playback and clears the playlist (what the picker's `stop` asks).
    public static let stop = "[\"stop\"]"

    /// The URL mpv opens for `path`: the path itself, or for a name that is not UTF-8 (which no
    /// JSON string can carry) its percent-encoded `file://` URI, which mpv decodes.
    public static func url(for path: String) -> String {
        PathBytes.hasEscapes(path) ? LocationEncoder.encode(path) : path
    }

    private static func loadfile(_ entry: PlaylistEntry, flags: String) -> String {
        var writer = JSONObjectWriter()
        writer.add("name", string: "loadfile")
        writer.add("url", string: url(for: entry.path))
        writer.add("flags", string: flags)
        if let range = entry.rangeSeconds {
            var options = JSONObjectWriter()
            options.add("start", string: range.start)
            if let end = range.end { options.add("end", string: end) }
            writer.add("options", raw: options.result)
        }
        return writer.result
    }
}
