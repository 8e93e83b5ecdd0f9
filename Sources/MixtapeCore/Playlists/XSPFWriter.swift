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
public enum XSPFWriter: PlaylistWriter {
    /// The playlist, titled `name`.
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\">\n"
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
        return text + "    </track>\n"
    }

    private static func element(_ name: String, _ value: String) -> String {
        "      <\(name)>\(XMLText.escaped(value))</\(name)>\n"
    }
}
