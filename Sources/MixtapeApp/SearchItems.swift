import MixtapeCore
import MixtapeStore

/// The `search` use case (spec/query.md): field filters narrow the items, text terms rank what
/// is left like `fzf --filter` does on the formatted lines, and without a text term items keep
/// library order.
public struct SearchItems: Sendable {
    public var libraryPath: String
    public var query: Query
    /// The line each item is matched and printed as (fzf's `--with-nth`).
    public var template: FormatTemplate = .standard
    public var sort: ItemSort?
    public var limit: Int?
    /// "Now" for relative dates (`added:<30d`); a parameter so the core never reads a clock.
    public var now: Timestamp
    /// Fields the caller prints beyond the template (all of them for `--json`).
    public var outputFields: Set<Field> = []

    public init(libraryPath: String, query: Query, now: Timestamp) {
        self.libraryPath = libraryPath
        self.query = query
        self.now = now
    }

    /// What a search found, best first.
    public struct Result: Sendable {
        /// The ids found, best first (or in library order), cut to `limit`, as bytes: `search`
        /// prints 50,000 lines and needs none of their ids as `String`s (`ids` makes them).
        public var idBytes: PackedStrings
        /// Each one's line, as matched and printed, as bytes (written out as they are).
        public var lines: PackedStrings
        /// The items themselves, with `outputFields` filled; empty on the snapshot path, which
        /// is taken only when the caller prints lines.
        public var items: [MediaItem]
        /// Matches before `--limit`.
        public var matchCount: Int
        /// Items in the index.
        public var total: Int
        /// The found items as JSON lines, in order, when the snapshot path answered a search
        /// with `outputFields` (it builds only the printed items, never `items`).
        public var jsonLines = JSONRecords(count: 0)

        /// How many were found (after `--limit`).
        public var count: Int { idBytes.count }

        /// The ids found, in order.
        public var ids: [ItemID] { (0..<idBytes.count).map { ItemID(rawValue: idBytes[$0]) } }
    }

    public func run() throws -> Result {
        let store = LibraryQueries(libraryPath: libraryPath)
        let context = try context(store)
        if case let found?? = try store.read({ try SnapshotSearch(search: self, context: context).run($0) }) {
            return found
        }
        let fields = template.fields.union(query.filterFields).union(sort?.fields ?? []).union(outputFields)
        return try run(over: try store.items(fields: fields), store: store)
    }

    /// Hands every item to `write` (to print as JSON), in library order, without holding the
    /// items: `search --json` of 500,000 items held 800 MB. Only for a search of everything
    /// (no query, no `--sort`); nil otherwise, having written nothing. A query goes through
    /// `run`, whose snapshot path reads the table once unsorted and builds only the printed
    /// items: streaming a filter's matches in library order had SQLite sort every wide row
    /// (14 s for `--json year:1990..1999` of 500,000 items). Returns how many were written and
    /// how many items the index has.
    public func streamRecords(_ write: (MediaItem) -> Void) throws -> (written: Int, total: Int)? {
        guard query.groups.isEmpty, sort == nil else { return nil }
        let store = LibraryQueries(libraryPath: libraryPath)
        guard store.indexExists else { return (0, 0) }
        var written = 0, total = 0
        try LibraryStore(path: libraryPath).forEachItem(fields: Set(Field.allCases).union(outputFields)) { item in
            total += 1
            guard written < limit ?? .max else { return }
            write(item)
            written += 1
        }
        return (written, total)
    }

    /// The search over items already loaded, in library order, with at least the fields the
    /// template, the query's filters, the sort and `outputFields` read: for callers that run
    /// several searches over one load (saved exports after an index).
    func run(over items: [MediaItem], store: LibraryQueries) throws -> Result {
        let rendered = RenderedLines(items: items, template: template)
        let (order, matchCount) = try order(over: items, store: store, rendered: rendered)
        return Result(idBytes: PackedStrings(order.map { items[$0].id.rawValue }),
                      lines: PackedStrings(order.map { rendered.lines[$0] }),
                      items: order.map { items[$0] }, matchCount: matchCount, total: items.count)
    }

    /// The indices into `items` of what the search finds, in order and cut to `limit`, and
    /// how many it found before the cut. `rendered` may be shared by several searches over
    /// one load: lines are made and folded only when a text term asks, and once.
    func order(over items: [MediaItem], store: LibraryQueries,
               rendered: RenderedLines) throws -> (order: [Int], matchCount: Int) {
        let candidates = QueryPlan(query).candidates(items, corpus: { rendered.corpus }, context: try context(store))
        return try order(over: items, rendered: rendered, candidates: candidates)
    }

    /// `order(over:store:rendered:)` with the candidates already worked out (by
    /// `QueryPlan.candidates(of:in:corpus:contexts:)`: the smart playlists of an index run,
    /// all filtered together).
    func order(over items: [MediaItem], rendered: RenderedLines, candidates: [Int]) throws -> (order: [Int], matchCount: Int) {
        var order = try rank({ rendered.corpus }, count: items.count, among: candidates)
        let matchCount = order.count
        if let sort { order = sort.ordered(order, of: items) }
        return (cut(order), matchCount)
    }

    /// Line indices best first when the query has text terms, else `candidates` (or every
    /// line) in library order. The corpus is only built when there is text to match.
    func rank(_ corpus: () -> MatchCorpus, count: Int, among candidates: [Int]?) throws -> [Int] {
        let textQuery = QueryPlan(query).textQuery
        guard !textQuery.isEmpty else { return candidates ?? Array(0..<count) }
        var matcher = Matcher(corpus: corpus())
        return try matcher.match(textQuery, among: candidates).ranked.map(\.index)
    }

    /// `rank` over lines held packed (the line snapshot's). Only the lines whose bytes allow
    /// the query to match (`TextPrefilter`: its terms' characters in order, anchored letters
    /// in place) are folded and matched, in a corpus of their own, with the same ranking and
    /// ties in line order; the corpus's arrays ask for large pages (`LargeBuffer`).
    func rank(lines: PackedStrings, among candidates: [Int]?) throws -> [Int] {
        guard let prefilter = TextPrefilter(QueryPlan(query).textQuery) else {
            return try rank({ MatchCorpus(lines: lines, largeMemory: LargeBuffer.preferHugePages) },
                            count: lines.count, among: candidates)
        }
        let kept = prefilter.candidates(in: lines, among: candidates)
        return try rank({ MatchCorpus(lines: lines, picking: kept, largeMemory: LargeBuffer.preferHugePages) },
                        count: kept.count, among: nil).map { kept[$0] }
    }

    func cut(_ order: [Int]) -> [Int] {
        guard let limit, order.count > limit else { return order }
        return Array(order.prefix(limit))
    }

    /// What the query's filters ask about beyond the item: "now", the selection, playlists.
    func context(_ store: LibraryQueries) throws -> QueryContext {
        QueryContext(now: now, selection: try selection(store), playlists: try membership(store))
    }

    /// The saved selection, loaded only when the query says `selected:`.
    private func selection(_ store: LibraryQueries) throws -> Set<ItemID> {
        QueryPlan(query).needsSelection ? Set(try store.selection()) : []
    }

    /// Playlist members, loaded only when the query names a playlist, and then only the
    /// entries of the playlists it names (and of what lies below them).
    private func membership(_ store: LibraryQueries) throws -> PlaylistMembership {
        let plan = QueryPlan(query)
        guard plan.needsPlaylists else { return PlaylistMembership() }
        var playlists = try store.playlists(entries: false).map(\.playlist)
        let read = PlaylistMembership.playlistsRead(playlists, only: plan.playlistReferences)
        for (index, entries) in zip(read, try store.entries(of: read.map { playlists[$0] })) {
            playlists[index].items = entries.items
        }
        return PlaylistMembership(playlists, only: plan.playlistReferences)
    }
}
