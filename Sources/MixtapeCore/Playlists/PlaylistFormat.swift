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
