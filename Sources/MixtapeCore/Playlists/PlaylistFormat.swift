/// The playlist file formats `export-playlist --format` writes (spec/cli.md).
public enum PlaylistFormat: String, CaseIterable, Sendable {
    case m3u8, m3u, pls, xspf, itunes, rekordbox, json

    /// The format a file name's extension implies, so `-o mix.pls` needs no `--format`.
    /// Accepts `pls` or `.pls` in any case; `.xml` means the iTunes plist (a rekordbox XML
    /// needs `--format rekordbox`).
    public init?(fileExtension: String) {
        var text = fileExtension.lowercased()
        if text.hasPrefix(".") { text.removeFirst() }
        switch text {
        case "m3u8": self = .m3u8
        case "m3u": self = .m3u
        case "pls": self = .pls
        case "xspf": self = .xspf
        case "xml": self = .itunes
        case "json": self = .json
        default: return nil
        }
    }

    /// The usual extension, without the dot (for `--all-playlists DIR` file names).
    public var fileExtension: String {
        switch self {
        case .itunes, .rekordbox: "xml"
        default: rawValue
        }
    }

    /// Whether the format can say where a cue track starts and stops in its file; PLS and
    /// rekordbox cannot, so a track is listed as its whole file (and the export warns).
    public var writesRanges: Bool { self != .pls && self != .rekordbox }

    /// The item fields its writer reads, through `PlaylistEntry(item:path:)` and the entry's
    /// `item` (besides the id): an export reads only these of each item, where building every
    /// field of 10,000 items was most of an m3u8 export. JSON writes the whole item.
    public var itemFields: Set<Field> {
        let entry: Set<Field> = [.location, .path, .title, .artist, .album, .trackNumber, .durationMs, .startMs, .endMs]
        return switch self {
        case .m3u8, .m3u, .pls, .xspf: entry
        case .itunes: entry.union([.persistentID])
        case .rekordbox:
            entry.union([.composer, .grouping, .genre, .size, .discNumber, .year, .bpm, .dateAdded, .bitRate,
                         .sampleRate, .comments, .playCount, .rating, .remixer, .musicalKey, .label])
        case .json: Set(Field.allCases)
        }
    }

    /// Whether its writer reads an entry's `item` (the iTunes and rekordbox formats list each
    /// item once, JSON writes it whole); M3U, PLS and XSPF write the entry's own fields alone.
    public var readsItems: Bool { self == .itunes || self == .rekordbox || self == .json }

    /// The writer for this format.
    public var writer: any PlaylistWriter.Type {
        switch self {
        case .m3u8, .m3u: M3UWriter.self
        case .pls: PLSWriter.self
        case .xspf: XSPFWriter.self
        case .itunes: ITunesPlaylistWriter.self
        case .rekordbox: RekordboxPlaylistWriter.self
        case .json: JSONPlaylistWriter.self
        }
    }

    /// Writes a playlist in this format.
    public func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult {
        writer.write(name: name, entries: entries)
    }
}
