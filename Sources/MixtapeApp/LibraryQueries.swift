import MixtapeCore
import MixtapeStore

/// Read-only access to the index for the use cases: items, line snapshots, playlists,
/// sources. None of them creates an index that does not exist yet.
public struct LibraryQueries {
    public var libraryPath: String
    /// The index a run holds open, read instead of opening the one at `libraryPath`.
    private let opened: LibraryStore?

    public init(libraryPath: String) {
        self.libraryPath = libraryPath
        opened = nil
    }

    /// Reads through `store`, the index an `index` run holds open: a new one is not at its
    /// path until the run ends (`LibraryStore.building(at:)`).
    public init(store: LibraryStore) {
        libraryPath = store.path
        opened = store
    }

    /// These reads through one connection pool opened now, for a run of many reads (each
    /// opening checks the schema); unchanged when the index is open already or does not exist.
    public func heldOpen() throws -> LibraryQueries {
        guard opened == nil, indexExists else { return self }
        return LibraryQueries(store: try LibraryStore(path: libraryPath))
    }

    /// Whether there is an index at all.
    public var indexExists: Bool { opened != nil || LibraryStore.exists(at: libraryPath) }

    /// The index to read, once it exists.
    private func store() throws -> LibraryStore { try opened ?? LibraryStore(path: libraryPath) }

    /// Every item in library order, with `fields` filled besides `id` and `source`.
    public func items(fields: Set<Field> = Set(Field.allCases)) throws -> [MediaItem] {
        guard indexExists else { return [] }
        return try store().items(fields: fields)
    }

    /// The index's ready (id, line) pairs for a `--format` template, if it keeps them.
    public func lineSnapshot(template: String) throws -> (ids: PackedStrings, lines: PackedStrings)? {
        guard indexExists else { return nil }
        return try store().lineSnapshot(template: template)
    }

    /// Runs `body` with reads of one state of the index; nil when there is no index.
    public func read<T>(_ body: (IndexRead) throws -> T) throws -> T? {
        guard indexExists else { return nil }
        return try store().read(body)
    }

    /// The saved selection, in the order items were selected.
    public func selection() throws -> [ItemID] {
        guard indexExists else { return [] }
        return try store().selection()
    }

    /// Every playlist with its folder path; without `entries`, their item lists are empty
    /// (a Tab completion needs the names, not 200 playlists' members); without `paths`, each
    /// path is just the name (the tree needs only the links, and the paths of a 10,000-deep
    /// chain of folders hold 50 million names).
    public func playlists(entries: Bool = true, paths withPaths: Bool = true) throws -> [(playlist: Playlist, path: String)] {
        guard indexExists else { return [] }
        let playlists = try store().playlists(entries: entries)
        guard withPaths else { return playlists.map { ($0, $0.name) } }
        // Paths are per source: two exports may share playlist ids.
        var result: [(Playlist, String)] = []
        var bySource: [String: [Playlist]] = [:]
        var order: [String] = []
        for playlist in playlists {
            let source = playlist.source ?? ""
            if bySource[source] == nil { order.append(source) }
            bySource[source, default: []].append(playlist)
        }
        for source in order {
            let group = bySource[source] ?? []
            let paths = PlaylistPath.paths(of: group)
            for playlist in group { result.append((playlist, paths[playlist.id] ?? playlist.name)) }
        }
        return result
    }

    /// The entries of a playlist listed by `playlists(entries: false)`.
    public func entries(of playlist: Playlist) throws -> (items: [ItemID], unresolved: [UnresolvedEntry]) {
        guard indexExists else { return ([], []) }
        return try store().entries(of: playlist)
    }

    /// The entries of each of `playlists` (listed by `playlists(entries: false)`), in one read.
    public func entries(of playlists: [Playlist]) throws -> [(items: [ItemID], unresolved: [UnresolvedEntry])] {
        guard indexExists else { return playlists.map { _ in ([], []) } }
        return try store().entries(of: playlists)
    }

    /// Every recorded source.
    public func sources() throws -> [SourceRecord] {
        guard indexExists else { return [] }
        return try store().sources()
    }

    /// Forgets a source (by the path as given or as recorded). Takes the writer lock, since it
    /// writes. Returns the number of items removed, or nil if no such source was recorded.
    public func removeSource(_ path: String, wait: Double) throws -> Int? {
        guard indexExists else { return nil }
        try LibraryStore.checkNotAFolder(libraryPath)
        let lock = try WriterLock(path: LibraryPath.lockPath(for: libraryPath), wait: wait)
        defer { withExtendedLifetime(lock) {} }
        let store = try LibraryStore(path: libraryPath)
        guard let removed = try store.removeSource(at: path) ?? store.removeSource(at: NamedSource.path(path)) else {
            return nil
        }
        // An export's entries may have been found among a folder's files, which are gone now.
        _ = try ResolveLocations(store: store).run()
        // Playlist files of other sources may have named its items (or, for a folder that
        // shared files with an export, the export's ids stand for the folder's own again).
        try ResolvePlaylistFiles(store: store).run()
        let loaded = try EvaluateSmartPlaylists(store: store, libraryPath: libraryPath,
                                                now: Timestamp(rawValue: Int64(FileFacts.now()))).run(keepingLines: true)
        try LineSnapshotRefresh.run(store, loaded: loaded)
        // Saved exports are brought up to date by the next `index`, which this mark asks for.
        return removed
    }
}
