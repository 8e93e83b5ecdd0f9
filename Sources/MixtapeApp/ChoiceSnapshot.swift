import MixtapeCore
import MixtapeStore

extension EntryChoice {
    /// What choices read from the index: the playlists, the items they list and the queries'
    /// matches, read once for every export of a run (`--all-playlists`, the saved exports of an
    /// index run), not once per playlist. `prepare` reads what the choices need in one pass
    /// (`SharedScan`) with only the fields their formats write: an export of 10,000 of 100,000
    /// items built every item with every field (a second of the export) before items were read
    /// on demand, and five saved exports read the items table ten times before the pass.
    final class Snapshot {
        /// The items read so far.
        private(set) var table = ItemTable()
        /// Ids looked for and found nowhere in the index (a selected item removed since).
        private var absent: Set<ItemID> = []
        /// Whether every item the index has is in `table` (nothing more to read).
        private var complete = false
        /// Every playlist with its folder path and entries, read on first use: a query's
        /// export needs none, and reading every playlist's members was a third of it.
        private var loadedPlaylists: [(playlist: Playlist, path: String)]?
        /// Every playlist's name and folder path without entries, to find one by reference.
        private var listedPlaylists: [(playlist: Playlist, path: String)]?
        /// Playlists found by reference, with their entries.
        private var foundPlaylists: [String: Playlist] = [:]
        /// Queries' matches decided by `prepare`, by query and "now".
        private var searched: [SearchKey: [ItemID]] = [:]
        /// The fields items are read with: what the formats write (all for `play`).
        let fields: Set<Field>
        /// Which files exist here, asked once for every export of the run.
        let finder = PlayablePath.Finder()
        var store: LibraryQueries

        private struct SearchKey: Hashable {
            let query: Query
            let now: Timestamp
        }

        /// A snapshot of the index `store` reads, opened once for every read; items read with
        /// `fields`.
        init(_ store: LibraryQueries, fields: Set<Field> = Set(Field.allCases)) throws {
            self.store = try store.heldOpen()
            self.fields = fields
        }

        /// A snapshot holding only `items` (a few ids need no read of the whole index).
        init(_ store: LibraryQueries, items: [MediaItem], playlists: [(playlist: Playlist, path: String)] = []) {
            self.store = store
            fields = Set(Field.allCases)
            loadedPlaylists = playlists
            table.add(items)
            complete = true
        }

        /// Every playlist with its folder path and entries, read once.
        func playlists() throws -> [(playlist: Playlist, path: String)] {
            if let loadedPlaylists { return loadedPlaylists }
            let playlists = try store.playlists()
            loadedPlaylists = playlists
            return playlists
        }

        /// The playlist `reference` names (`PlaylistLookup`), with its entries: found among the
        /// names alone, and only its own entries read.
        func playlist(_ reference: String) throws -> Playlist {
            if let loadedPlaylists { return try PlaylistLookup.find(reference, in: loadedPlaylists) }
            if let found = foundPlaylists[reference] { return found }
            let listed = try listedPlaylists ?? store.playlists(entries: false)
            listedPlaylists = listed
            var playlist = try PlaylistLookup.find(reference, in: listed)
            (playlist.items, playlist.unresolved) = try store.entries(of: playlist)
            foundPlaylists[reference] = playlist
            return playlist
        }

        /// The matches of `query` at `now`, when `prepare` decided them.
        func matches(of query: Query, now: Timestamp) -> [ItemID]? { searched[SearchKey(query: query, now: now)] }

        /// Reads every item (for a run over every playlist).
        func loadAll() throws {
            guard !complete else { return }
            table.add(try store.items(fields: fields))
            complete = true
        }

        /// Reads the items of `ids` not read yet, in one pass over the items table that builds
        /// only those. An index with aliases, or an id in several sources, is read whole the
        /// way `LibraryQueries.items` merges them.
        func load(_ ids: [ItemID]) throws {
            try read(SharedScan(searches: [], wanted: unread(ids), fields: fields))
        }

        /// Decides the queries of `choices` and reads the items they all list, in one pass.
        /// A choice whose playlist cannot be found is left for its own run to report.
        func prepare(_ choices: [EntryChoice]) throws {
            guard !complete, store.indexExists else { return }
            var searches: [(search: SearchItems, context: QueryContext)] = [], wanted: [ItemID] = []
            for choice in choices {
                switch choice.source {
                case .query(let query) where matches(of: query, now: choice.now) == nil:
                    let search = SearchItems(libraryPath: store.libraryPath, query: query, now: choice.now)
                    searches.append((search, try search.context(store)))
                case .query: break
                case .playlist(let reference): wanted += (try? playlist(reference))?.items ?? []
                case .selection: wanted += try store.selection()
                case .items(let ids): wanted += ids
                }
            }
            let found = try read(SharedScan(searches: searches, wanted: unread(wanted), fields: fields))
            for ((search, _), ids) in zip(searches, found?.ids ?? []) {
                if let ids { searched[SearchKey(query: search.query, now: search.now)] = ids }
            }
        }

        /// The ids of `ids` neither read nor known absent, each once.
        private func unread(_ ids: [ItemID]) -> [ItemID] {
            var seen: Set<ItemID> = []
            return ids.filter { !table.contains($0) && !absent.contains($0) && seen.insert($0).inserted }
        }

        /// Runs `scan` and keeps its items; reads every item when it cannot answer.
        @discardableResult
        private func read(_ scan: SharedScan) throws -> SharedScan.Found? {
            guard !complete, !scan.wanted.isEmpty || !scan.searches.isEmpty else { return nil }
            guard let answer = try store.read({ try scan.run($0) }) else { return nil }  // no index: nothing to read
            guard let found = answer else {
                try loadAll()
                return nil
            }
            table.add(found.items)
            absent.formUnion(scan.wanted.lazy.filter { !self.table.contains($0) })
            return found
        }
    }
}
