import MixtapeCore
import MixtapeStore

/// The entries a command hands on, chosen by identity: the selection, a query's matches, an
/// indexed playlist or given ids, each item's file here (`path`, where relocation found it;
/// its Location when none was found) mapped by `--map-prefix` and looked up here
/// (NFC/NFD-tolerant). `export-playlist` writes them and `play` hands them to a player,
/// so both choose, map and count the same way.
public struct EntryChoice: Sendable {
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
    /// Whether entries that name something other than a regular file here (a device, a FIFO,
    /// a folder, a kernel file: `FileKind`) are left out: `play` and the picker, since a player
    /// would hang on them or read them forever. Either way they are listed in `notFiles`.
    public var skipsNotFiles = false
    /// "Now" for relative dates in a query.
    public var now: Timestamp
    /// Whether each entry holds its item (`PlaylistEntry.item`): not for a format that never
    /// reads it, where a copy of each item retained every string it holds.
    var entriesHoldItems = true

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
        /// Paths here that are not regular files, with what they are (skipped per `skipsNotFiles`).
        public var notFiles: [(path: String, kind: FileKind)] = []
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
        let resolved = try resolve(snapshot)
        try snapshot.load(resolved.ids)
        return choose(resolved, from: snapshot.table, finder: snapshot.finder)
    }

    /// What a choice lists, before its entries are made: its name, the item ids in order
    /// (repeats kept), and for a playlist file the entries that name no item, each with its
    /// position among all entries.
    struct Resolved: Sendable {
        var name: String
        var ids: [ItemID]
        var unresolved: [UnresolvedEntry] = []
    }

    /// The entries of `resolved`, its items taken from `table` (which holds every one the
    /// index has) and their files looked up with `finder`.
    func choose(_ resolved: Resolved, from table: ItemTable, finder: PlayablePath.Finder) -> Chosen {
        var chosen = Chosen(name: resolved.name)
        // Unresolved entries go back to their places among all the playlist's entries.
        var pending = resolved.unresolved.sorted { $0.position < $1.position }[...]
        var slot = 0
        for id in resolved.ids {
            while let next = pending.first, next.position <= slot {
                pending = pending.dropFirst()
                add(next, to: &chosen, finder: finder)
                slot += 1
            }
            slot += 1
            let found: Void? = table.withItem(id) { item in
                guard let location = item.path ?? item.location else { chosen.withoutLocation += 1; return }
                guard let path = place(location, finder: finder, chosen: &chosen) else { return }
                chosen.entries.append(PlaylistEntry(item: item, path: path, holdingItem: entriesHoldItems))
            }
            if found == nil { chosen.goneFromIndex.append(id) }
        }
        for entry in pending { add(entry, to: &chosen, finder: finder) }
        return chosen
    }

    /// An entry of a playlist file that names no indexed item (a stream, a file not here), in
    /// its place: mapped and checked like any other, `missing` deciding.
    private func add(_ entry: UnresolvedEntry, to chosen: inout Chosen, finder: PlayablePath.Finder) {
        guard let path = place(entry.location, finder: finder, chosen: &chosen) else { return }
        chosen.entries.append(PlaylistEntry(path: path, title: entry.title, artist: entry.artist, durationMs: entry.durationMs))
    }

    /// The mapped path of a Location as it exists here, or nil when it is to be left out
    /// (missing and `missing` is skip, not a regular file and `skipsNotFiles`).
    private func place(_ location: String, finder: PlayablePath.Finder, chosen: inout Chosen) -> String? {
        guard !PlayablePath.isURL(location) else { return location }
        let mapped = mapping.map(location)
        if let found = finder.find(mapped) {
            guard found.kind.isPlayable else {
                chosen.notFiles.append((found.path, found.kind))
                return skipsNotFiles ? nil : found.path
            }
            return found.path
        }
        chosen.missingFiles.append(mapped)
        return missing == .skip ? nil : mapped
    }

    /// What the source lists (read through `snapshot`, where a saved run has decided its
    /// queries and found its playlists already).
    func resolve(_ snapshot: Snapshot) throws -> Resolved {
        switch source {
        case .selection:
            return Resolved(name: "Selection", ids: try LibraryQueries(libraryPath: libraryPath).selection())
        case .query(let query):
            let ids = try snapshot.matches(of: query, now: now) ?? SearchItems(libraryPath: libraryPath, query: query, now: now).run().ids
            return Resolved(name: "Search", ids: ids)
        case .playlist(let reference):
            let playlist = try snapshot.playlist(reference)
            return Resolved(name: playlist.name, ids: playlist.items, unresolved: playlist.unresolved)
        case .items(let ids):
            return Resolved(name: "Items", ids: ids)
        }
    }
}
