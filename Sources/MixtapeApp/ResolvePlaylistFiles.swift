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

    /// Resolves the playlist files and replaces the derived playlists. With `onlyFiles` (a run
    /// in which no item changed, only these playlist files were read), and when each of them
    /// keeps its playlist's name and place, only their entries are resolved and rewritten: a
    /// `watch` batch for one saved playlist costs that playlist, not all 500.
    func run(onlyFiles: Set<String>? = nil) throws {
        if let onlyFiles, try updateInPlace(onlyFiles) { return }
        try resolveAll()
    }

    private func updateInPlace(_ paths: Set<String>) throws -> Bool {
        let files = try store.playlistFiles(at: paths)
        let names = try store.playlistNames(ofFiles: paths)
        guard files.count == paths.count, files.allSatisfy({ names[$0.record.path] == $0.record.name }) else { return false }
        let resolver = try resolver(for: files.map(\.record))
        try store.updateEntries(ofPlaylistsFromFiles: files.map { source, record in
            ResolvePlaylistFiles.playlist(record, source: source, parent: nil, resolver: resolver)
        })
        return true
    }

    /// A resolver fed every item, for the entries of `records`.
    private func resolver(for records: [PlaylistFileRecord]) throws -> PlaylistResolver {
        var resolver = PlaylistResolver(wanting: records.lazy.flatMap(\.entries).map {
            (target: $0.target, artist: $0.artist, title: $0.title)
        })
        try store.forEachLocation { id, location, artist, title in
            resolver.offer(id: id, location: location, artist: artist, title: title)
        }
        return resolver
    }

    private func resolveAll() throws {
        let sources = try store.sources().filter { $0.kind == .folder || $0.kind == .playlistFile }
        guard !sources.isEmpty else { return }
        let files = try store.playlistFiles()
        var bySource: [String: [Playlist]] = [:]
        for source in sources where source.playlistCount > 0 || files.contains(where: { $0.source == source.path }) {
            bySource[source.path] = []
        }
        guard !bySource.isEmpty else { return }
        let resolver = try resolver(for: files.map(\.record))
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
            result.append(playlist(record, source: source, parent: folder(record.folders), resolver: resolver))
        }
        return result
    }

    /// The playlist of one file, its entries resolved.
    static func playlist(_ record: PlaylistFileRecord, source: String, parent: PlaylistID?,
                         resolver: PlaylistResolver) -> Playlist {
        var playlist = Playlist(id: playlistID("file", record.path), name: record.name)
        playlist.parentID = parent
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
        return playlist
    }

    /// `file-playlist:` and 16 hex digits of `parts`: stable while the file (or folder) stays
    /// where it is, whatever it holds.
    static func playlistID(_ parts: String...) -> PlaylistID {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return PlaylistID(rawValue: "file-playlist:" + hash.hexDigest)
    }
}
