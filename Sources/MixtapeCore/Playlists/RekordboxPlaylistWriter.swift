/// A rekordbox XML collection holding one playlist, for rekordbox's File › Import (or the
/// "rekordbox xml" tree of Preferences › Advanced › Database), so a crate from iTunes,
/// Traktor or a folder moves into rekordbox:
///
/// ```
/// <?xml version="1.0" encoding="UTF-8"?>
/// <DJ_PLAYLISTS Version="1.0.0">
///   <PRODUCT Name="mixtape" Version="1" Company="mixtape"/>
///   <COLLECTION Entries="2">
///     <TRACK TrackID="1" Name="Jóga" Artist="Björk" … Location="file://localhost/Users/sam/Music/J%c3%b3ga.m4a"/>
///     …
///   </COLLECTION>
///   <PLAYLISTS>
///     <NODE Type="0" Name="ROOT" Count="1">
///       <NODE Name="Mix" Type="1" KeyType="0" Entries="3">
///         <TRACK Key="1"/><TRACK Key="2"/><TRACK Key="1"/>
/// ```
/// `COLLECTION` lists each distinct item once (TrackIDs 1…N in order of first appearance); the
/// playlist names them in order, repeats kept. Attributes follow rekordbox's own order, and
/// only values the item has are written (rekordbox fills in the rest when it analyses the
/// file). `Location` is encoded as rekordbox encodes it (`RekordboxLocation`: lower-case hex,
/// `file://localhost/C:/…` on Windows); `Rating` 0–100 becomes stars × 51; `TotalTime` whole
/// seconds (rounded); `DateAdded` a day. An entry rekordbox cannot import (a relative path, a
/// web stream) is skipped and reported. rekordbox has no start and stop for a track, so a cue
/// track is listed as its whole file (`PlaylistFormat.writesRanges`).
public enum RekordboxPlaylistWriter: PlaylistWriter {
    /// The collection for a playlist called `name`.
    public static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        var trackIDs: [String: Int] = [:]
        var tracks: [(entry: PlaylistEntry, location: String)] = []
        var order: [Int] = []
        var skipped: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard let location = RekordboxLocation.encode(entry.path),
                  location.unicodeScalars.allSatisfy(XMLText.isLegal) else {
                skipped.append(index)
                continue
            }
            let key = entry.item.map { "id:" + $0.id.rawValue } ?? "path:" + entry.path
            if trackIDs[key] == nil {
                tracks.append((entry, location))
                trackIDs[key] = tracks.count
            }
            order.append(trackIDs[key]!)
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<DJ_PLAYLISTS Version=\"1.0.0\">\n"
        text += "  <PRODUCT Name=\"mixtape\" Version=\"1\" Company=\"mixtape\"/>\n"
        text += "  <COLLECTION Entries=\"\(tracks.count)\">\n"
        for (offset, track) in tracks.enumerated() {
            text += "    <TRACK" + attributes(track.entry, id: offset + 1, location: track.location) + "/>\n"
        }
        text += "  </COLLECTION>\n  <PLAYLISTS>\n    <NODE Type=\"0\" Name=\"ROOT\" Count=\"1\">\n"
        text += "      <NODE Name=\"\(attribute(name))\" Type=\"1\" KeyType=\"0\" Entries=\"\(order.count)\">\n"
        for trackID in order { text += "        <TRACK Key=\"\(trackID)\"/>\n" }
        text += "      </NODE>\n    </NODE>\n  </PLAYLISTS>\n</DJ_PLAYLISTS>\n"
        return PlaylistWriteResult(bytes: Array(text.utf8), skipped: skipped)
    }

    /// ` TrackID="1" Name="…" …` in rekordbox's order, known values only.
    static func attributes(_ entry: PlaylistEntry, id: Int, location: String) -> String {
        let item = entry.item
        var pairs: [(String, String?)] = [("TrackID", String(id))]
        pairs += [("Name", entry.title), ("Artist", entry.artist), ("Composer", item?.composer),
                  ("Album", entry.album), ("Grouping", item?.grouping), ("Genre", item?.genre),
                  ("Kind", kind(of: entry.path)), ("Size", item?.size.map(String.init)),
                  ("TotalTime", entry.durationMs.flatMap { $0 >= 0 ? String(($0 + 500) / 1000) : nil }),
                  ("DiscNumber", item?.discNumber.map(String.init)), ("TrackNumber", entry.trackNumber.map(String.init)),
                  ("Year", item?.year.map(String.init)), ("AverageBpm", item?.bpm.map { "\($0).00" }),
                  ("DateAdded", item?.dateAdded.map { String($0.rfc3339.prefix(10)) }),
                  ("BitRate", item?.bitRate.map(String.init)), ("SampleRate", item?.sampleRate.map(String.init)),
                  ("Comments", item?.comments), ("PlayCount", item?.playCount.map(String.init)),
                  ("Rating", item?.rating.map { String(stars($0) * 51) }), ("Location", location),
                  ("Remixer", item?.remixer), ("Tonality", item?.musicalKey), ("Label", item?.label)]
        return pairs.compactMap { key, value in value.map { " \(key)=\"\(attribute($0))\"" } }.joined()
    }

    /// Text for an attribute value: escaped, and line breaks and tabs as references, since a
    /// parser turns raw ones into spaces.
    static func attribute(_ text: String) -> String {
        let escaped = XMLText.escaped(text)
        guard escaped.contains(where: { $0 == "\n" || $0 == "\t" }) else { return escaped }
        return escaped.replacing("\n", with: "&#10;").replacing("\t", with: "&#9;")
    }

    /// 0–100 to 0–5 stars, the nearest (half stars round up): rekordbox's `Rating` is this × 51.
    public static func stars(_ rating: Int64) -> Int64 {
        min(max((rating + 10) / 20, 0), 5)
    }

    /// rekordbox's `Kind` for a file (`MP3 File`, `AIFF File`), from its extension.
    static func kind(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let fileExtension = path[path.index(after: dot)...].uppercased()
        guard !fileExtension.isEmpty, fileExtension.count <= 5 else { return nil }
        return (fileExtension == "AIF" ? "AIFF" : fileExtension) + " File"
    }
}
