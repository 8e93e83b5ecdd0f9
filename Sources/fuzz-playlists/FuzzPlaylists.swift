import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Reads the fuzz bytes as every playlist-file format; then writes a playlist spelled by the fuzz bytes (`PlaylistCase`) as M3U8, PLS, XSPF and an iTunes
/// plist, reads each back with the project's own reader, and requires every entry that was not
/// skipped to come back as `RoundTrip` says that format promises, in order, repeats kept. The
/// iTunes file goes through `ITunesLibraryReader`, the reader `index` uses, so it must parse and
/// give each distinct item once with its location and text, and the playlist its entries.
@main
enum FuzzPlaylists {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        // Every playlist-file reader `index` uses takes any bytes: no crash, no hang.
        for format in PlaylistFileFormat.allCases {
            for entry in format.read(bytes).entries { _ = PlaylistEntryTarget(location: entry.location, playlistFolder: "/p") }
        }
        let playlist = PlaylistCase(bytes)
        lineFormats(playlist)
        xspf(playlist)
        itunes(playlist)
    }

    static func lineFormats(_ playlist: PlaylistCase) {
        let fits = playlist.entries.indices.filter { RoundTrip.fitsOnLine(playlist.entries[$0].path) }
        let skipped = playlist.entries.indices.filter { !fits.contains($0) }
        let m3u = M3UWriter.write(name: playlist.name, entries: playlist.entries)
        fuzzCheck(m3u.skipped == skipped, "M3U skipped \(m3u.skipped), expected \(skipped)")
        same(M3UReader.paths(m3u.bytes).map(RoundTrip.decoded), fits.map { RoundTrip.m3u(playlist.entries[$0].path) }, "M3U", m3u.bytes)
        let pls = PLSWriter.write(name: playlist.name, entries: playlist.entries)
        fuzzCheck(pls.skipped == skipped, "PLS skipped \(pls.skipped), expected \(skipped)")
        same(PLSReader.paths(pls.bytes).map(RoundTrip.decoded), fits.map { RoundTrip.line(playlist.entries[$0].path) }, "PLS", pls.bytes)
    }

    static func xspf(_ playlist: PlaylistCase) {
        let fits = playlist.entries.indices.filter { RoundTrip.fitsXML(playlist.entries[$0].path) }
        let written = XSPFWriter.write(name: playlist.name, entries: playlist.entries)
        let skipped = playlist.entries.indices.filter { !fits.contains($0) }
        fuzzCheck(written.skipped == skipped, "XSPF skipped \(written.skipped), expected \(skipped)")
        same(XSPFReader.paths(written.bytes), fits.map { RoundTrip.xspf(playlist.entries[$0].path) }, "XSPF", written.bytes)
    }

    static func itunes(_ playlist: PlaylistCase) {
        let written = ITunesPlaylistWriter.write(name: playlist.name, entries: playlist.entries)
        let fits = playlist.entries.indices.filter { RoundTrip.fitsITunes(playlist.entries[$0].path) }
        let skipped = playlist.entries.indices.filter { !fits.contains($0) }
        fuzzCheck(written.skipped == skipped, "iTunes skipped \(written.skipped), expected \(skipped)")

        // One track per distinct item (by id, else by path), in order of first appearance.
        var tracks: [PlaylistEntry] = []
        var order: [Int] = []
        var numbers: [String: Int] = [:]
        for index in fits {
            let entry = playlist.entries[index]
            let key = entry.item.map { "id:" + $0.id.rawValue } ?? "path:" + entry.path
            if numbers[key] == nil {
                tracks.append(entry)
                numbers[key] = tracks.count - 1
            }
            order.append(numbers[key]!)
        }

        let read: (items: [MediaItem], summary: ITunesLibrarySummary)
        do {
            read = try ITunesLibraryReader.read(bytes: written.bytes, name: "fuzz.xml")
        } catch {
            fatalError("the iTunes plist does not read back: \(error)\n\(written.text)")
        }
        fuzzCheck(read.items.count == tracks.count, "\(read.items.count) tracks read, \(tracks.count) written")
        for (entry, item) in zip(tracks, read.items) {
            if let location = RoundTrip.itunes(entry.path) {
                same([item.location ?? "<none>"], [location], "iTunes Location", written.bytes)
            }
            fuzzCheck(utf8(item.title) == utf8(entry.title.map(RoundTrip.xmlText)), "Name \(String(reflecting: item.title))")
            fuzzCheck(utf8(item.artist) == utf8(entry.artist.map(RoundTrip.xmlText)), "Artist \(String(reflecting: item.artist))")
            fuzzCheck(utf8(item.album) == utf8(entry.album.map(RoundTrip.xmlText)), "Album \(String(reflecting: item.album))")
            fuzzCheck(item.durationMs == entry.durationMs.flatMap { $0 >= 0 ? $0 : nil }, "Total Time")
            fuzzCheck(item.trackNumber == entry.trackNumber, "Track Number")
            if let persistentID = entry.item?.persistentID {
                fuzzCheck(item.id == .itunes(persistentID: persistentID), "id \(item.id) for \(persistentID)")
            }
        }
        fuzzCheck(read.summary.playlists.count == 1, "\(read.summary.playlists.count) playlists read")
        let list = read.summary.playlists[0]
        fuzzCheck(Array(list.name.utf8) == Array(RoundTrip.xmlText(playlist.name).utf8),
                  "playlist name \(String(reflecting: list.name))")
        fuzzCheck(list.missing == 0 && list.items == order.map { read.items[$0].id },
                  "playlist items \(list.items), expected \(order.map { read.items[$0].id })")
    }

    static func utf8(_ text: String?) -> [UInt8]? { text.map { Array($0.utf8) } }

    /// Paths compared as bytes, not `String ==`: an NFD path must not come back NFC.
    static func same(_ read: [String], _ expected: [String], _ format: String, _ file: [UInt8]) {
        guard read.map({ Array($0.utf8) }) != expected.map({ Array($0.utf8) }) else { return }
        fatalError("""
            \(format) round trip: read [\(read.map { String(reflecting: $0) }.joined(separator: ", "))]
            expected [\(expected.map { String(reflecting: $0) }.joined(separator: ", "))]
            file: \(String(reflecting: String(decoding: file, as: UTF8.self)))
            """)
    }
}
