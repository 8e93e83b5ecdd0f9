import MixtapeCore
import MixtapeStore

/// The entries a command hands on, chosen by identity: the selection, a query's matches, an
/// indexed playlist or given ids, each item's Location mapped by `--map-prefix` and looked up
/// here (NFC/NFD-tolerant). `export-playlist` writes them and `play` hands them to a player,
/// so both choose, map and count the same way.
public struct EntryChoice {
    /// Where the entries come from.
    public enum Source: Sendable {
        case selection
        case query(Query)
        /// A playlist name, folder path (`Road Trips/Europe/Iceland 2019`) or id.
        case playlist(String)
        /// These items, in this order (the picker's cursor item or selection).
        case items([ItemID])
    }

    /// The index to read.
    public var libraryPath: String
    /// The selection unless set.
    public var source: Source = .selection
    /// `--map-prefix` rules (the config file's, then the flags).
    public var mapping = PathMapping(rules: [])
    /// What to do with entries whose file does not exist here after mapping.
    public var missing: MissingFilePolicy = .keep
    /// "Now" for relative dates in a query.
    public var now: Timestamp

    /// A choice of the selection, with no mapping, keeping missing files.
    public init(libraryPath: String, now: Timestamp) {
        self.libraryPath = libraryPath
        self.now = now
    }

    /// The entries in order (paths mapped, not yet made relative), and what could not be listed.
    public struct Chosen: Sendable {
        /// The playlist's name ("Selection", "Search" or the playlist's own).
        public var name: String
        /// In order, each with its mapped path (and a cue track's range).
        public var entries: [PlaylistEntry] = []
        /// Chosen ids whose item is no longer in the index.
        public var goneFromIndex: [ItemID] = []
        /// Entries with no Location (cloud-only tracks): nothing to list.
        public var withoutLocation = 0
        /// Mapped paths that do not exist here (kept or skipped per `missing`).
        public var missingFiles: [String] = []
    }

    /// What a choice reads from the index: the playlists, and the items it lists, read once
    /// for `--all-playlists` and for the saved exports of an index run, not once per playlist.
    /// Items are read when a choice first needs them, and only those: an export of 10,000 of
    /// 100,000 items built every item with every field (a second of the export) before this.
    final class Snapshot {
        /// The items read so far, by id.
        private var byID: [ItemID: MediaItem] = [:]
        /// Whether every item the index has is in `byID` (nothing more to read).
        private var complete = false
        /// Every playlist with its folder path, read on first use: a query's export needs none,
        /// and reading every playlist's members was a third of it.
        private var loadedPlaylists: [(playlist: Playlist, path: String)]?
        var store: LibraryQueries

        init(_ store: LibraryQueries) throws {
            self.store = store
        }

        /// A snapshot holding only `items` (a few ids need no read of the whole index).
        init(_ store: LibraryQueries, items: [MediaItem], playlists: [(playlist: Playlist, path: String)] = []) {
            self.store = store
            loadedPlaylists = playlists
            for item in items { byID[item.id] = item }
            complete = true
        }

        /// The item read for `id`, or nil when the index has none (or it was not loaded).
        func item(_ id: ItemID) -> MediaItem? { byID[id] }

        /// Every playlist with its folder path, read once.
        func playlists() throws -> [(playlist: Playlist, path: String)] {
            if let loadedPlaylists { return loadedPlaylists }
            let playlists = try store.playlists()
            loadedPlaylists = playlists
            return playlists
        }

        /// Reads every item (for a run over every playlist).
        func loadAll() throws {
            guard !complete else { return }
            for item in try store.items() { byID[item.id] = item }
            complete = true
        }

        /// Reads the items of `ids` not read yet, in one pass over the items table that builds
        /// only those. An index with aliases, or an id in several sources, is read whole the
        /// way `LibraryQueries.items` merges them.
        func load(_ ids: [ItemID]) throws {
            guard !complete else { return }
            let wanted = Set(ids.lazy.filter { self.byID[$0] == nil })
            guard !wanted.isEmpty else { return }
            let scanned: [MediaItem]?? = try store.read { read in
                guard try !read.hasAliases() else { return nil }
                var found: [MediaItem] = [], seen: Set<ItemID> = []
                var twice = false
                try read.scan(fields: Set(Field.allCases)) { row in
                    let id = row.id
                    guard wanted.contains(id) else { return }
                    if !seen.insert(id).inserted { twice = true }
                    found.append(row.item)
                }
                return twice ? nil : found
            }
            guard let scanned else { return }  // no index: nothing to read
            guard let found = scanned else { return try loadAll() }
            for item in found { byID[item.id] = item }
        }
    }

    /// Reads what the source needs from the index and chooses.
    public func choose() throws -> Chosen {
        let queries = LibraryQueries(libraryPath: libraryPath)
        if case .items(let ids) = source {
            guard queries.indexExists else { return try choose(in: Snapshot(queries, items: [])) }
            let store = try LibraryStore(path: libraryPath)
            return try choose(in: Snapshot(queries, items: try ids.compactMap { try store.item($0) }))
        }
        return try choose(in: Snapshot(queries))
    }

    func choose(in snapshot: Snapshot) throws -> Chosen {
        let (name, ids, unresolved) = try resolve(snapshot)
        try snapshot.load(ids)
        var chosen = Chosen(name: name)
        let finder = PlayablePath.Finder()
        // Unresolved entries go back to their places among all the playlist's entries.
        var pending = unresolved.sorted { $0.position < $1.position }[...]
        var slot = 0
        for id in ids {
            while let next = pending.first, next.position <= slot {
                pending = pending.dropFirst()
                add(next, to: &chosen, finder: finder)
                slot += 1
            }
            slot += 1
            guard let item = snapshot.item(id) else { chosen.goneFromIndex.append(id); continue }
            guard let location = item.location else { chosen.withoutLocation += 1; continue }
            guard let path = place(location, finder: finder, missingFiles: &chosen.missingFiles) else { continue }
            chosen.entries.append(PlaylistEntry(item: item, path: path))
        }
        for entry in pending { add(entry, to: &chosen, finder: finder) }
        return chosen
    }

    /// An entry of a playlist file that names no indexed item (a stream, a file not here), in
    /// its place: mapped and checked like any other, `missing` deciding.
    private func add(_ entry: UnresolvedEntry, to chosen: inout Chosen, finder: PlayablePath.Finder) {
        guard let path = place(entry.location, finder: finder, missingFiles: &chosen.missingFiles) else { return }
        chosen.entries.append(PlaylistEntry(path: path, title: entry.title, artist: entry.artist, durationMs: entry.durationMs))
    }

    /// The mapped path of a Location as it exists here, or nil when `missing` is skip.
    private func place(_ location: String, finder: PlayablePath.Finder, missingFiles: inout [String]) -> String? {
        guard !PlayablePath.isURL(location) else { return location }
        let mapped = mapping.map(location)
        if let found = finder.existing(mapped) { return found }
        missingFiles.append(mapped)
        return missing == .skip ? nil : mapped
    }

    /// The name, the item ids in order (repeats kept), and for a playlist file the entries that
    /// name no item, each with its position among all entries.
    private func resolve(_ snapshot: Snapshot) throws -> (String, [ItemID], [UnresolvedEntry]) {
        switch source {
        case .selection:
            return ("Selection", try LibraryQueries(libraryPath: libraryPath).selection(), [])
        case .query(let query):
            return ("Search", try SearchItems(libraryPath: libraryPath, query: query, now: now).run().ids, [])
        case .playlist(let reference):
            let playlist = try PlaylistLookup.find(reference, in: snapshot.playlists())
            return (playlist.name, playlist.items, playlist.unresolved)
        case .items(let ids):
            return ("Items", ids, [])
        }
    }
}
