import MixtapeCore

/// The folder of each source in `export-playlist --all-playlists DIR` when playlists come from
/// several sources: every source has its own `Music` or `Recently Played`, and numbering them
/// (`Recently Played (3).m3u8`) loses which library each came from.
///
/// A source's folder is its file's name without the extension (`Library`, `rekordbox`,
/// `collection`), a folder source's own name, `foobar2000` for foobar2000's `index.txt` or
/// `index.dat` (whose name says nothing), and `Playlist files` for playlist files named on
/// their own; two sources of one name are numbered in the order they first appear
/// (`Library`, `Library (2)`). With playlists of one source only, there is no extra level.
struct SourceFolderNames {
    private var names: [String: String] = [:]

    /// `sources`: the source of each playlist to write, in writing order (repeats welcome).
    init(sources: [String]) {
        var order: [String] = []
        var seen: Set<String> = []
        for source in sources where seen.insert(source).inserted { order.append(source) }
        guard order.count > 1 else { return }
        var taken: Set<String> = []
        for source in order {
            let base = SourceFolderNames.baseName(of: source)
            var name = base, number = 1
            while !taken.insert(name).inserted {
                number += 1
                name = "\(base) (\(number))"
            }
            names[source] = name
        }
    }

    /// The folder for playlists of `source`, nil when there is only one source.
    func folder(for source: String) -> String? { names[source] }

    /// The source a playlist is filed under: its source, or for a playlist file named on its
    /// own (its own source), one shared name.
    static func source(of playlist: Playlist) -> String {
        guard let source = playlist.source, playlist.file != source else { return standalonePlaylistFiles }
        return source
    }

    static let standalonePlaylistFiles = "\u{0}playlist files"

    private static func baseName(of source: String) -> String {
        if source == standalonePlaylistFiles { return "Playlist files" }
        let last = source.split(separator: "/").last.map(String.init) ?? "Library"
        if last == "index.txt" || last == "index.dat" { return "foobar2000" }
        let stem = last.contains(".") && !last.hasPrefix(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        return ExportPlaylist.fileName(forPlaylistPath: stem.replacingOccurrences(of: "/", with: "\\/"))
    }
}
