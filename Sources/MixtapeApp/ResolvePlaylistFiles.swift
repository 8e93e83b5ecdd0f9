import MixtapeCore
import MixtapeStore

/// Turns the playlist files the index keeps into playlists whose entries name items
/// (sources.md, "Playlist files"), for every folder and playlist-file source at once, since an
/// entry may name an item of any source. Run inside the transaction of every source sync that
/// changed items or playlist files (`derive`), so the playlists change in the same commit as
/// the items they name: an entry whose file appeared, moved or was indexed from another source
/// since resolves now; one whose item went away becomes unresolved and is counted in
/// `missing`, kept in its place for export.
struct ResolvePlaylistFiles {
    let store: any PlaylistFileStore

    /// The `derive` step of a source's sync: every playlist file resolved again when items
    /// changed, else only `files` (the source's playlist files read in this sync), if any.
    static func derive(readingFiles files: Set<String>) -> (any PlaylistFileStore, _ itemsChanged: Bool) throws -> Void {
        { store, itemsChanged in
            guard itemsChanged || !files.isEmpty else { return }
            try ResolvePlaylistFiles(store: store).run(onlyFiles: itemsChanged ? nil : files)
        }
    }

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
        let places = try store.playlistPlaces(ofFiles: paths)
        guard files.count == paths.count, files.allSatisfy({ file in
            places[file.record.path].map { $0.name == file.record.name && (file.record.position ?? $0.position) == $0.position }
                ?? false
        }) else { return false }
        let found = try resolve(files)
        try store.updateEntries(ofPlaylistsFromFiles: zip(files, found).map { file, ids in
            ResolvePlaylistFiles.playlist(file.record, source: file.source, parent: nil, items: ids)
        })
        return true
    }

    /// Every entry of `files` resolved, in the order of the spec: by its path, then, for those
    /// no path settled, by relocation among the items' files here, and last by artist and
    /// title. Each playlist-file source keeps what relocation made of it.
    private func resolve(_ files: [(source: String, record: PlaylistFileRecord)]) throws -> [[[ItemID]]] {
        var resolver = PlaylistResolver()
        var found = try byPath(files, resolver: &resolver)
        let reporting = try Set(store.sources().filter(\.kind.isPlaylistSource).map(\.path)).intersection(files.map(\.source))
        var relocation = PlaylistRelocation(files, settled: found)
        if relocation.hasOpenEntries || !reporting.isEmpty { found = try relocate(&relocation) }
        try byTags(files, found: &found, resolver: &resolver)
        if !reporting.isEmpty { try keep(relocation, found: found, of: reporting) }
        return found
    }

    /// The path rules: one scan of the items.
    private func byPath(_ files: [(source: String, record: PlaylistFileRecord)],
                        resolver: inout PlaylistResolver) throws -> [[[ItemID]]] {
        for (_, record) in files {
            for entry in record.entries { resolver.want(entry.target) }
        }
        try store.forEachLocation { id, location, _, _, startMs in resolver.offer(id: id, location: location, startMs: startMs) }
        resolver.settle()
        return files.map { $0.record.entries.map { resolver.items(at: $0.target) } }
    }

    /// Relocation: a scan of the items with a file here (also what tells a playlist-file
    /// source's entries found here from those whose item has no file).
    private func relocate(_ relocation: inout PlaylistRelocation) throws -> [[[ItemID]]] {
        try store.forEachFileHere { id, path, size, duration, start in
            relocation.offer(id: id, path: path, size: size, durationMs: duration, startMs: start)
        }
        return relocation.relocate(userRules: try store.relocationRules())
    }

    /// The last rule, artist and title: a scan only when some entry left has a title.
    private func byTags(_ files: [(source: String, record: PlaylistFileRecord)], found: inout [[[ItemID]]],
                        resolver: inout PlaylistResolver) throws {
        for ((_, record), ids) in zip(files, found) {
            for (entry, items) in zip(record.entries, ids) where items.isEmpty && entry.title != nil {
                resolver.wantTags(artist: entry.artist, title: entry.title)
            }
        }
        guard resolver.wantsTags else { return }
        try store.forEachLocation { id, _, artist, title, _ in resolver.offer(id: id, artist: artist, title: title) }
        for (index, (_, record)) in files.enumerated() {
            for (position, entry) in record.entries.enumerated() where found[index][position].isEmpty {
                found[index][position] = resolver.resolve(entry.target, artist: entry.artist, title: entry.title)
            }
        }
    }

    /// Keeps what relocation made of each playlist-file source among `sources`. An item only
    /// the last rule found counts as found here only if its file is: asked once more, of the
    /// few such items.
    private func keep(_ relocation: PlaylistRelocation, found: [[[ItemID]]], of sources: Set<String>) throws {
        let tagged = relocation.foundByTags(found)
        var taggedHere: Set<ItemID> = []
        if !tagged.isEmpty {
            try store.forEachFileHere { id, _, _, _, _ in if tagged.contains(id) { taggedHere.insert(id) } }
        }
        let made = relocation.relocations(found: found, taggedHere: taggedHere).filter { sources.contains($0.key) }
        try store.keepRelocations(made)
    }

    private func resolveAll() throws {
        let sources = try store.sources().filter { $0.kind == .folder || $0.kind.isPlaylistSource }
        guard !sources.isEmpty else { return }
        let files = try store.playlistFiles()
        var bySource: [String: [Playlist]] = [:]
        for source in sources where source.playlistCount > 0 || files.contains(where: { $0.source == source.path }) {
            bySource[source.path] = []
        }
        guard !bySource.isEmpty else { return }
        let found = try resolve(files)
        var grouped: [String: [(record: PlaylistFileRecord, items: [[ItemID]])]] = [:]
        for ((source, record), ids) in zip(files, found) { grouped[source, default: []].append((record, ids)) }
        for (source, records) in grouped {
            bySource[source] = ResolvePlaylistFiles.playlists(of: records, source: source)
        }
        try store.replacePlaylists(fromFiles: bySource)
    }

    /// One source's playlists: a folder playlist for every folder that holds playlist files
    /// (so `playlists` shows the tree and `playlist:Folder` finds what is below it), then the
    /// playlists, all ordered by folder path and name; playlists with a place of their own
    /// (foobar2000's tabs) in that order.
    static func playlists(of records: [(record: PlaylistFileRecord, items: [[ItemID]])], source: String) -> [Playlist] {
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
        let ordered = records.sorted {
            ($0.record.position ?? .max, $0.record.folders.joined(separator: "/"), $0.record.name, $0.record.path)
                < ($1.record.position ?? .max, $1.record.folders.joined(separator: "/"), $1.record.name, $1.record.path)
        }
        for (record, items) in ordered {
            result.append(playlist(record, source: source, parent: folder(record.folders), items: items))
        }
        return result
    }

    /// The playlist of one file, given what each of its entries resolved to. An unresolved
    /// entry's position counts the items before it, a split file's tracks each.
    static func playlist(_ record: PlaylistFileRecord, source: String, parent: PlaylistID?, items: [[ItemID]]) -> Playlist {
        var playlist = Playlist(id: playlistID(of: record, source: source), name: record.name)
        playlist.parentID = parent
        playlist.source = source
        playlist.file = record.path
        for (entry, ids) in zip(record.entries, items) {
            if !ids.isEmpty {
                playlist.items += ids
            } else {
                let position = playlist.items.count + playlist.unresolved.count
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

    /// A record's playlist id: from its path (`file-playlist:`), or, for one with an identity
    /// of its own (`foobar2000:GUID`), `foobar2000-playlist:` and 16 hex digits of its source
    /// and that identity, which survive the playlist moving among the tabs, being renamed or
    /// written to another file.
    static func playlistID(of record: PlaylistFileRecord, source: String) -> PlaylistID {
        guard let identity = record.identity, let colon = identity.firstIndex(of: ":") else {
            return playlistID("file", record.path)
        }
        var hash = StableHash()
        hash.combine(source)
        hash.combine(identity)
        return PlaylistID(rawValue: identity[..<colon] + "-playlist:" + hash.hexDigest)
    }
}
