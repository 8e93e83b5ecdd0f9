import MixtapeCore

/// Engine's crates, playlists and history lists as `Playlist`s, for each layout
/// (`EngineSchema`):
/// - 1.x with separate tables: `Crate` (a tree by `CrateParentList`, where a top crate is its
///   own parent) with `CrateTrackList` entries, `Playlist` with `PlaylistTrackList` entries by
///   `trackNumber`, `Historylist` with `HistorylistTrackList` entries;
/// - 1.x with one `List` table: the same lists by `type` (1 playlist, 2 history, 4 crate; 3,
///   the prepare list, is a queue for the next set and not read), `ListParentList` and
///   `ListTrackList` (by `trackNumber`);
/// - 2.x and later: `Playlist` (a tree by `parentListId`, 0 at the top) with `PlaylistEntity`
///   entries, a linked list by `nextEntityId` (0 ends it) walked by `EngineEntityChain`.
///
/// Entries without an order of their own (crates, history) keep the order Engine added them
/// in (`rowid`). An entry naming no track of the database counts as `missing`. Lists come
/// crates first, then playlists, then history lists, each in id order; a crate inside another
/// keeps its own entries (Engine's crates are folders and lists at once).
struct EngineLists {
    let database: ForeignDatabase
    let schema: EngineSchema
    let uuid: String
    let source: String
    /// Ids of the tracks read; an entry naming another is missing.
    let tracks: Set<Int64>
    private(set) var warnings: [IndexWarning] = []

    init(database: ForeignDatabase, schema: EngineSchema, uuid: String, source: String, tracks: Set<Int64>) {
        self.database = database
        self.schema = schema
        self.uuid = uuid
        self.source = source
        self.tracks = tracks
    }

    /// One list as read, before it becomes a `Playlist`.
    struct Draft {
        var kind: String
        var id: Int64
        var title: String
        var parent: Int64?
        var entries: [Int64] = []
    }

    mutating func read() throws -> [Playlist] {
        var drafts: [Draft]
        switch schema.family {
        case .crateTables: drafts = try readCrateTables()
        case .listTable: drafts = try readListTable()
        case .playlistEntities: drafts = try readEntities()
        }
        // A parent that is not a list of the same kind is none (the list is at the top).
        let known = Set(drafts.map { Self.id(uuid: uuid, kind: $0.kind, list: $0.id) })
        return drafts.map { draft in
            var playlist = playlist(draft)
            if let parent = playlist.parentID, !known.contains(parent) { playlist.parentID = nil }
            return playlist
        }
    }

    // MARK: - 1.x, separate tables

    private func readCrateTables() throws -> [Draft] {
        var crates = try titles("Crate", kind: "crate")
        var parents: [Int64: Int64] = [:]
        try query("CrateParentList", "SELECT crateOriginId, crateParentId FROM CrateParentList") { row in
            guard let child = row.integer(0), let parent = row.integer(1), child != parent, parents[child] == nil else { return }
            parents[child] = parent
        }
        for index in crates.indices { crates[index].parent = parents[crates[index].id] }
        try entries(&crates, "CrateTrackList", "SELECT crateId, trackId FROM CrateTrackList ORDER BY crateId, rowid")
        var playlists = try titles("Playlist", kind: "playlist")
        try entries(&playlists, "PlaylistTrackList",
                    "SELECT playlistId, trackId FROM PlaylistTrackList ORDER BY playlistId, trackNumber, rowid")
        var history = try titles("Historylist", kind: "history")
        try entries(&history, "HistorylistTrackList",
                    "SELECT historylistId, trackId FROM HistorylistTrackList ORDER BY historylistId, rowid")
        return crates + playlists + history
    }

    // MARK: - 1.x, one List table

    /// `List.type` → the kind of list; 3 (the prepare list) is not read.
    static let listKinds: [Int64: String] = [4: "crate", 1: "playlist", 2: "history"]

    private func readListTable() throws -> [Draft] {
        var byType: [Int64: [Draft]] = [:]
        try query("List", "SELECT id, type, title FROM List ORDER BY id") { row in
            guard let id = row.integer(0), let type = row.integer(1), let kind = Self.listKinds[type] else { return }
            byType[type, default: []].append(Draft(kind: kind, id: id, title: row.text(2) ?? ""))
        }
        var parents: [Int64: [Int64: Int64]] = [:]
        try query("ListParentList", "SELECT listOriginId, listOriginType, listParentId, listParentType FROM ListParentList") { row in
            guard let child = row.integer(0), let type = row.integer(1), let parent = row.integer(2),
                  row.integer(3) == type, child != parent, parents[type]?[child] == nil else { return }
            parents[type, default: [:]][child] = parent
        }
        var drafts: [Draft] = []
        for type: Int64 in [4, 1, 2] {
            var lists = byType[type] ?? []
            for index in lists.indices { lists[index].parent = parents[type]?[lists[index].id] }
            try entries(&lists, "ListTrackList", """
                SELECT listId, trackId FROM ListTrackList WHERE listType = \(type) ORDER BY listId, trackNumber, rowid
                """)
            drafts += lists
        }
        return drafts
    }

    // MARK: - 2.x and later

    private mutating func readEntities() throws -> [Draft] {
        var lists: [Draft] = []
        try query("Playlist", "SELECT id, title, parentListId FROM Playlist ORDER BY id") { row in
            guard let id = row.integer(0) else { return }
            let parent = row.integer(2).flatMap { $0 > 0 && $0 != id ? $0 : nil }
            lists.append(Draft(kind: "playlist", id: id, title: row.text(1) ?? "", parent: parent))
        }
        var position: [Int64: Int] = [:]
        for (index, list) in lists.enumerated() { position[list.id] = index }
        var chain = EngineEntityChain()
        var current: Int64?
        var found: [IndexWarning] = []
        let source = self.source
        let finish = { (chain: inout EngineEntityChain, list: Int64?, lists: inout [Draft], warnings: inout [IndexWarning]) in
            guard let list, let index = position[list] else { return }
            let (order, broken) = chain.ordered()
            lists[index].entries = order
            if broken > 0 {
                warnings.append(IndexWarning(position: SourcePosition(file: source, line: 0, column: 0), message: """
                    table PlaylistEntity, playlist \(list): \(broken) of its entries are not on the chain of \
                    nextEntityId links (a loop or a link to no entry); they follow in id order
                    """))
            }
        }
        try query("PlaylistEntity", "SELECT listId, id, trackId, nextEntityId FROM PlaylistEntity ORDER BY listId, id") { row in
            guard let list = row.integer(0), let id = row.integer(1) else { return }
            if list != current {
                finish(&chain, current, &lists, &found)
                chain = EngineEntityChain()
                current = list
            }
            chain.add(id: id, track: row.integer(2) ?? 0, next: row.integer(3) ?? 0)
        }
        finish(&chain, current, &lists, &found)
        warnings += found
        return lists
    }

    // MARK: - Shared

    /// The lists of a table of `(id, title)`, in id order.
    private func titles(_ table: String, kind: String) throws -> [Draft] {
        var drafts: [Draft] = []
        try query(table, "SELECT id, title FROM \(table) ORDER BY id") { row in
            guard let id = row.integer(0) else { return }
            drafts.append(Draft(kind: kind, id: id, title: row.text(1) ?? ""))
        }
        return drafts
    }

    /// Fills each draft's entries from `sql`'s `(list id, track id)` rows, in their order.
    private func entries(_ drafts: inout [Draft], _ table: String, _ sql: String) throws {
        var position: [Int64: Int] = [:]
        for (index, draft) in drafts.enumerated() where position[draft.id] == nil { position[draft.id] = index }
        try query(table, sql) { row in
            guard let list = row.integer(0), let index = position[list] else { return }
            drafts[index].entries.append(row.integer(1) ?? 0)
        }
    }

    /// Runs `sql` over `table`; an error from SQLite names the table and the row it stopped at.
    private func query(_ table: String, _ sql: String, _ body: (ForeignRow) throws -> Void) throws {
        var row = 0
        do {
            try database.rows(sql) { found in
                row += 1
                try body(found)
            }
        } catch let error as MalformedSourceError {
            throw MalformedSourceError(position: error.position, reason: "table \(table), row \(row + 1): \(error.reason)")
        }
    }

    private func playlist(_ draft: Draft) -> Playlist {
        var playlist = Playlist(id: Self.id(uuid: uuid, kind: draft.kind, list: draft.id),
                                name: draft.title.isEmpty ? "Untitled \(draft.kind) \(draft.id)" : draft.title)
        playlist.parentID = draft.parent.map { Self.id(uuid: uuid, kind: draft.kind, list: $0) }
        playlist.source = source
        for track in draft.entries {
            if tracks.contains(track) {
                playlist.items.append(EngineTrack.id(uuid: uuid, track: track))
            } else {
                playlist.missing += 1
            }
        }
        return playlist
    }

    /// `engine-playlist:` + uuid + the kind of list and its id (crates, playlists and history
    /// lists are numbered apart in 1.x).
    static func id(uuid: String, kind: String, list: Int64) -> PlaylistID {
        PlaylistID(rawValue: "engine-\(kind):" + uuid + ":" + String(list))
    }
}
