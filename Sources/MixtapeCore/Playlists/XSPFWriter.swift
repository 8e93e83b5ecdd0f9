/// XSPF (version 1), the XML playlist of VLC and many others:
///
/// ```
/// <?xml version="1.0" encoding="UTF-8"?>
/// <playlist version="1" xmlns="http://xspf.org/ns/0/">
///   <title>Mix</title>
///   <trackList>
///     <track>
///       <location>file:///Music/a%20b.mp3</location>
///       <title>Title</title>
///       <creator>Artist</creator>
///       <album>Album</album>
///       <trackNum>3</trackNum>
///       <duration>245000</duration>
///     </track>
///   </trackList>
/// </playlist>
/// ```
/// Locations are URIs (`LocationEncoder`, strict style), so any file name fits; a URL is
/// written as it is and skipped only if it holds a character XML cannot. Unknown fields are left
/// out; `trackNum` only when positive and `duration` (milliseconds) only when not negative, as
/// the XSPF schema requires. Elements follow the order of the XSPF specification.
///
/// A cue track (a part of a file) gets VLC's `<extension>` with `start-time` and `stop-time`
/// options (seconds), which VLC plays as that part; the `vlc` namespace is then declared on
/// the root, so the file stays valid XML for every reader.
public enum XSPFWriter: PlaylistWriter {
    /// The playlist, titled `name`.
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let vlc = entries.contains(where: \.isRange) ? " xmlns:vlc=\"\(vlcNamespace)\"" : ""
        text += "<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"\(vlc)>\n"
        text += "  <title>\(XMLText.escaped(name))</title>\n"
        text += "  <trackList>\n"
        var skipped: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard let track = track(entry) else {
                skipped.append(index)
                continue
            }
            text += track
        }
        text += "  </trackList>\n</playlist>\n"
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }

    private static func track(_ entry: PlaylistEntry) -> String? {
        let location = LocationEncoder.encode(entry.path, style: .strict)
        guard !entry.path.isEmpty, location.unicodeScalars.allSatisfy(XMLText.isLegal) else { return nil }
        var text = "    <track>\n"
        text += element("location", location)
        text += entry.title.map { element("title", $0) } ?? ""
        text += entry.artist.map { element("creator", $0) } ?? ""
        text += entry.album.map { element("album", $0) } ?? ""
        if let number = entry.trackNumber, number > 0 { text += element("trackNum", String(number)) }
        if let duration = entry.durationMs, duration >= 0 { text += element("duration", String(duration)) }
        if entry.isRange {
            text += "      <extension application=\"\(vlcApplication)\">\n"
            for option in entry.vlcOptions { text += "        <vlc:option>\(XMLText.escaped(option))</vlc:option>\n" }
            text += "      </extension>\n"
        }
        return text + "    </track>\n"
    }

    /// VLC's XSPF extension: its application URI and its namespace.
    static let vlcApplication = "http://www.videolan.org/vlc/playlist/0"
    static let vlcNamespace = "http://www.videolan.org/vlc/playlist/ns/0/"

    private static func element(_ name: String, _ value: String) -> String {
        "      <\(name)>\(XMLText.escaped(value))</\(name)>\n"
    }
}
