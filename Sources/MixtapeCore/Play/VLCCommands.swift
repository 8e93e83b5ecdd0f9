/// The lines of VLC's remote-control interface (`-I oldrc`, on a Unix socket with
/// `--rc-unix`) that put a `PlayRequest` into its playlist.
///
/// The rc interface splits a line at spaces and reads words starting with `:` as options of the
/// item before, so each file goes as its percent-encoded `file://` URI (no spaces, no quotes, any
/// byte) and a cue track as `:start-time=` / `:stop-time=`. `add` appends and plays at once;
/// `enqueue` appends. The interface has no way to insert mid-playlist, so `--next` appends
/// (the adapter says so).
public enum VLCCommands {
    /// The rc lines for `request`; `playing` is whether VLC plays something now.
    public static func lines(for request: PlayRequest, playing: Bool) -> [String] {
        var lines: [String] = request.mode == .replace ? ["clear"] : []
        for (index, entry) in request.entries.enumerated() {
            let starts = index == 0 && (request.mode == .replace || !playing)
            lines.append((starts ? "add " : "enqueue ") + item(entry))
        }
        return lines
    }

    /// One item: its URI and options.
    static func item(_ entry: PlaylistEntry) -> String {
        ([oneWord(LocationEncoder.encode(entry.path))] + entry.vlcOptions.map { ":" + $0 }).joined(separator: " ")
    }

    /// `uri` with every space, control byte and DEL percent-encoded: a stream URL is passed as
    /// the playlist wrote it, and one holding a line break would end the rc command, the rest
    /// of it read as commands of its own (a space, as an option). No URL may hold them raw, so
    /// encoding them keeps what it names.
    static func oneWord(_ uri: String) -> String {
        guard uri.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return uri }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in uri.utf8 {
            if byte <= 0x20 || byte == 0x7F {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
