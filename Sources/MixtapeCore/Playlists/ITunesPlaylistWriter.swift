/// An iTunes / Music.app XML plist holding one playlist, for File › Library › Import Playlist.
///
/// It has the shape of an iTunes export, so Music.app (and our own libxml2 reader) take it as
/// one: `Tracks`, a dict keyed by Track ID (1…N, one per distinct item in order of first
/// appearance, so a repeated item is listed once), and `Playlists`, an array with one playlist
/// whose `Playlist Items` name the Track IDs in order, repeats kept. Music.app finds the files by
/// `Location` (`LocationEncoder`, iTunes style: `file:///Users/a%20b/x.mp3`,
/// `file://localhost/C:/…`); a track's `Persistent ID` is written when the item has one. The
/// playlist's Persistent ID is a stable hash of its name, so exporting the same playlist again
/// gives the same id and Music.app can match it. `Playlist ID` is N+1, clear of the Track IDs.
/// `Application Version` names the last iTunes for Mac, a version importers know.
public enum ITunesPlaylistWriter: PlaylistWriter {
    /// The plist for a playlist called `name`.
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var trackIDs: [String: Int] = [:]
        var tracks: [PlaylistEntry] = []
        var order: [Int] = []
        var skipped: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard isWritable(entry) else {
                skipped.append(index)
                continue
            }
            let key = entry.item.map { "id:" + $0.id.rawValue } ?? "path:" + entry.path
            if trackIDs[key] == nil {
                tracks.append(entry)
                trackIDs[key] = tracks.count
            }
            order.append(trackIDs[key]!)
        }
        var text = header
        text += "\t<key>Tracks</key>\n\t<dict>\n"
        for (offset, entry) in tracks.enumerated() { text += track(entry, id: offset + 1) }
        text += "\t</dict>\n"
        text += playlist(name: name, id: tracks.count + 1, order: order)
        text += "</dict>\n</plist>\n"
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }

    /// The playlist's `Playlist Persistent ID`: 16 hex digits from its name.
    public static func persistentID(forName name: String) -> String {
        var hash = StableHash()
        hash.combine("mixtape-playlist")
        hash.combine(name)
        return hash.hexDigest
    }

    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" \
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Major Version</key><integer>1</integer>
        \t<key>Minor Version</key><integer>1</integer>
        \t<key>Application Version</key><string>12.9.5.5</string>

        """

    /// A raw URL is written as it is, so one holding an XML-illegal character cannot be.
    /// Not an empty path, nor one with a character XML cannot hold, nor a name that is not
    /// UTF-8: iTunes, Music.app and every reader of this format (ours too, spec/json.md) read a
    /// `Location` as UTF-8, so `%E9` of a Latin-1 name would come back as U+FFFD, naming no file.
    private static func isWritable(_ entry: PlaylistEntry) -> Bool {
        !entry.path.isEmpty && !PathBytes.hasEscapes(entry.path)
            && LocationEncoder.encode(entry.path, style: .itunes).unicodeScalars.allSatisfy(XMLText.isLegal)
    }

    private static func track(_ entry: PlaylistEntry, id: Int) -> String {
        let isURL = LocationEncoder.hasScheme(entry.path) && !entry.path.lowercased().hasPrefix("file:")
        var text = "\t\t<key>\(id)</key>\n\t\t<dict>\n"
        text += "\t\t\t<key>Track ID</key><integer>\(id)</integer>\n"
        text += entry.title.map { string("Name", $0) } ?? ""
        text += entry.artist.map { string("Artist", $0) } ?? ""
        text += entry.album.map { string("Album", $0) } ?? ""
        // iTunes' Total Time is the file's length and Start/Stop Time the part it plays: for a
        // cue track the file is known to last at least to the track's end.
        if let ms = entry.isRange ? entry.endMs ?? entry.durationMs : entry.durationMs, ms >= 0 {
            text += "\t\t\t<key>Total Time</key><integer>\(ms)</integer>\n"
        }
        if let start = entry.startMs { text += "\t\t\t<key>Start Time</key><integer>\(start)</integer>\n" }
        if entry.isRange, let stop = entry.endMs { text += "\t\t\t<key>Stop Time</key><integer>\(stop)</integer>\n" }
        if let number = entry.trackNumber { text += "\t\t\t<key>Track Number</key><integer>\(number)</integer>\n" }
        text += entry.item?.persistentID.map { string("Persistent ID", $0) } ?? ""
        text += string("Track Type", isURL ? "URL" : "File")
        text += string("Location", LocationEncoder.encode(entry.path, style: .itunes))
        return text + "\t\t</dict>\n"
    }

    private static func string(_ key: String, _ value: String) -> String {
        "\t\t\t<key>\(key)</key><string>\(XMLText.escaped(value))</string>\n"
    }

    private static func playlist(name: String, id: Int, order: [Int]) -> String {
        var text = "\t<key>Playlists</key>\n\t<array>\n\t\t<dict>\n"
        text += "\t\t\t<key>Name</key><string>\(XMLText.escaped(name))</string>\n"
        text += "\t\t\t<key>Playlist ID</key><integer>\(id)</integer>\n"
        text += "\t\t\t<key>Playlist Persistent ID</key><string>\(persistentID(forName: name))</string>\n"
        text += "\t\t\t<key>All Items</key><true/>\n"
        text += "\t\t\t<key>Playlist Items</key>\n\t\t\t<array>\n"
        for trackID in order {
            text += "\t\t\t\t<dict>\n\t\t\t\t\t<key>Track ID</key><integer>\(trackID)</integer>\n\t\t\t\t</dict>\n"
        }
        return text + "\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
    }
}
