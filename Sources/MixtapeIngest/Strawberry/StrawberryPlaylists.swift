import MixtapeCore

/// The playlists of a Strawberry or Clementine database, read after its songs: `playlists` (the
/// player's tabs and its saved playlists), their folders (`ui_path`, folder names joined with
/// `/`, as the player's Playlists panel shows them), and `playlist_items` in order.
///
/// - An entry that names a row of `songs` (`collection_id`, Clementine's `library_id`) is that
///   song's item; an entry with a file of its own (a file dropped in from outside the
///   collection, a stream) is the song's item when the collection has that file, and otherwise
///   stays in its place as an unresolved entry (its location, title, artist and length), which
///   an export writes (`--missing` decides); both kinds are counted in `missing`, as is an entry
///   naming a song the collection no longer has, which leaves nothing to write.
/// - A dynamic playlist (`dynamic_playlist_data`: the player's generator, a Qt-serialised
///   query) is listed as smart with the entries it last generated and saved; the generator is
///   not translated.
/// - Ids: the prefix + the playlist's `ROWID`, the player's own id for a playlist (it survives
///   renaming and re-scans); a folder's: the prefix + `folder:` + a hash of its path.
struct StrawberryPlaylists {
    let dialect: StrawberryDialect
    let schema: StrawberrySchema
    let source: String
    /// Entries read per statement.
    static let step = 4096

    /// Reads every playlist; `known` holds the hash of every item delivered.
    func read(_ database: ForeignDatabase, knowing known: Set<UInt64>) throws -> [Playlist] {
        var order: [Playlist] = []
        var index: [Int64: Int] = [:]
        var folders: [String: PlaylistID] = [:]
        try StrawberryRowSteps.located("playlists", after: nil) {
            try database.rows(schema.playlistsQuery) { row in
                let rowID = row.integer(0) ?? 0
                var playlist = Playlist(id: PlaylistID(rawValue: dialect.playlistPrefix + String(rowID)),
                                        name: row.text(1) ?? "")
                playlist.source = source
                playlist.parentID = folder(row.text(2), into: &order, folders: &folders)
                playlist.isSmart = !(row.blob(3) ?? []).isEmpty
                index[rowID] = order.count
                order.append(playlist)
            }
        }
        try StrawberryRowSteps.forEach("playlist_items", in: database, query: schema.entriesQuery, rowIDColumn: 1,
                                       step: Self.step) { row in
            guard let playlist = row.integer(0).flatMap({ index[$0] }) else { return }
            add(row, to: &order[playlist], knowing: known)
        }
        return order
    }

    /// One entry, to its playlist: an item, an unresolved entry, or only a missing count.
    private func add(_ row: ForeignRow, to playlist: inout Playlist, knowing known: Set<UInt64>) {
        if let id = resolve(location: row.text(2), beginning: row.integer(3), cuePath: row.text(4), known) {
            return playlist.items.append(id)
        }
        if let id = resolve(location: row.text(5), beginning: row.integer(6), cuePath: row.text(7), known) {
            return playlist.items.append(id)
        }
        playlist.missing += 1
        guard let location = StrawberryValues.location(row.text(5)) else { return }
        playlist.unresolved.append(UnresolvedEntry(
            position: playlist.items.count + playlist.unresolved.count, location: location,
            artist: StrawberryValues.text(row.text(9)), title: StrawberryValues.text(row.text(8)),
            durationMs: StrawberryValues.milliseconds(row.integer(10), inSeconds: schema.lengthsInSeconds)))
    }

    /// The item a stored location names, when the collection delivered it.
    private func resolve(location stored: String?, beginning: Int64?, cuePath: String?, _ known: Set<UInt64>) -> ItemID? {
        guard let location = StrawberryValues.location(stored) else { return nil }
        let isCue = StrawberryValues.text(cuePath) != nil || (beginning ?? 0) > 0
        let (id, hash) = StrawberrySong.identity(location: location, cueStart: isCue ? max(beginning ?? 0, 0) : nil,
                                                 in: dialect)
        return known.contains(hash) ? id : nil
    }

    /// The folder at `path` (made, with the folders above it, the first time it is named).
    private func folder(_ path: String?, into order: inout [Playlist], folders: inout [String: PlaylistID]) -> PlaylistID? {
        guard let path, let names = Optional(path.split(separator: "/").map(String.init)), !names.isEmpty else { return nil }
        var parent: PlaylistID?
        for depth in 1...names.count {
            let key = names.prefix(depth).joined(separator: "/")
            if let known = folders[key] {
                parent = known
                continue
            }
            var hash = StableHash()
            hash.combine(key)
            var folder = Playlist(id: PlaylistID(rawValue: dialect.playlistPrefix + "folder:" + hash.hexDigest),
                                  name: names[depth - 1])
            folder.isFolder = true
            folder.parentID = parent
            folder.source = source
            folders[key] = folder.id
            order.append(folder)
            parent = folder.id
        }
        return parent
    }
}
