import MixtapeCore
import MixtapeStore

/// Turns the playlist files the index keeps into playlists whose entries name items
/// (sources.md, "Playlist files"), for every folder and playlist-file source at once, since an
/// entry may name an item of any source. Run at the end of every `index` or `watch` batch that
/// changed something, under the writer lock: an entry whose file appeared, moved or was
/// indexed from another source since resolves now; one whose item went away becomes
/// unresolved and is counted in `missing`, kept in its place for export.
struct ResolvePlaylistFiles {
    let store: LibraryStore

    /// Resolves every playlist file and replaces the derived playlists.
    func run() throws {
        let sources = try store.sources().filter { $0.kind == .folder || $0.kind == .playlistFile }
        guard !sources.isEmpty else { return }
        let files = try store.playlistFiles()
        var bySource: [String: [Playlist]] = [:]
        for source in sources where source.playlistCount > 0 || files.contains(where: { $0.source == source.path }) {
            bySource[source.path] = []
        }
        guard !bySource.isEmpty else { return }
        var resolver = PlaylistResolver(wanting: files.lazy.flatMap { $0.record.entries }.map {
            (target: $0.target, artist: $0.artist, title: $0.title)
        })
        try store.forEachItem(fields: [.location, .artist, .title]) { item in
            resolver.offer(id: item.id, location: item.location, artist: item.artist, title: item.title)
        }
        var grouped: [String: [PlaylistFileRecord]] = [:]
        for (source, record) in files { grouped[source, default: []].append(record) }
        for (source, records) in grouped {
            bySource[source] = ResolvePlaylistFiles.playlists(of: records, source: source, resolver: resolver)
        }
        try store.replacePlaylists(fromFiles: bySource)
    }

    /// One source's playlists: a folder playlist for every folder that holds playlist files
    /// (so `playlists` shows the tree and `playlist:Folder` finds what is below it), then the
    /// playlists, all ordered by folder path and name.
    static func playlists(of records: [PlaylistFileRecord], source: String, resolver: PlaylistResolver) -> [Playlist] {
        var result: [Playlist] = []
        var folderIDs: [[String]: PlaylistID] = [:]
        func folder(_ names: [String]) -> PlaylistID? {
            guard !names.isEmpty else { return nil }
            if let known = folderIDs[names] { return known }
            let parent = folder(Array(names.dropLast()))
            let id = playlistID("folder", source, names.joined(separator: "/"))
            var playlist = Playlist(id: id, name: names.last!)
            playlist.parentID = parent
            playlist.isFolder = true
            playlist.source = source
            result.append(playlist)
            folderIDs[names] = id
            return id
        }
        let ordered = records.sorted { ($0.folders.joined(separator: "/"), $0.name, $0.path) < ($1.folders.joined(separator: "/"), $1.name, $1.path) }
        for record in ordered {
            var playlist = Playlist(id: playlistID("file", record.path), name: record.name)
            playlist.parentID = folder(record.folders)
            playlist.source = source
            playlist.file = record.path
            for (position, entry) in record.entries.enumerated() {
                if let id = resolver.resolve(entry.target, artist: entry.artist, title: entry.title) {
                    playlist.items.append(id)
                } else {
                    playlist.unresolved.append(UnresolvedEntry(position: position, location: entry.target.text,
                                                               artist: entry.artist, title: entry.title,
                                                               durationMs: entry.durationMs))
                }
            }
            playlist.missing = playlist.unresolved.count
            result.append(playlist)
        }
        return result
    }

    /// `file-playlist:` and 16 hex digits of `parts`: stable while the file (or folder) stays
    /// where it is, whatever it holds.
    static func playlistID(_ parts: String...) -> PlaylistID {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return PlaylistID(rawValue: "file-playlist:" + hash.hexDigest)
    }
}
