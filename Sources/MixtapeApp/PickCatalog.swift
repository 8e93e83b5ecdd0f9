import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// What the picker matches against and draws, loaded once when it opens: every item's id and
/// line in library order, the folded corpus the matcher scans, and the two columns every frame
/// needs (kind, for the scope bar, and duration, for the right-hand column).
///
/// Kept as flat arrays indexed by row rather than as `MediaItem`s: 100,000 items as values are
/// about 50 MB, these columns a few. The lines come from the index's line snapshot when it has
/// one (one read), else they are rendered from the items.
struct PickCatalog: Sendable {
    /// The template of every line: the same as `search`'s default.
    static let template = FormatTemplate.standard

    let ids: [ItemID]
    let lines: PackedStrings
    let corpus: MatchCorpus
    let kinds: [Kind]
    /// Milliseconds, or -1 when unknown.
    let durations: [Int64]
    let rowByID: [ItemID: Int]

    var count: Int { ids.count }

    /// The catalog of the index at `store`.
    static func load(from store: LibraryStore) throws -> PickCatalog {
        let (ids, lines) = try idsAndLines(from: store)
        var rowByID: [ItemID: Int] = [:]
        rowByID.reserveCapacity(ids.count)
        for (row, id) in ids.enumerated() { rowByID[id] = row }
        var kinds = [Kind](repeating: .other, count: ids.count)
        var durations = [Int64](repeating: -1, count: ids.count)
        var sources = [Int64](repeating: .max, count: ids.count)
        try store.forEachKindAndDuration { id, kind, duration, source in
            guard let row = rowByID[id], source < sources[row] else { return }
            sources[row] = source
            kinds[row] = kind
            durations[row] = duration ?? -1
        }
        let corpus = MatchCorpus(lines: lines, largeMemory: LargeBuffer.preferHugePages)
        return PickCatalog(ids: ids, lines: lines, corpus: corpus, kinds: kinds,
                           durations: durations, rowByID: rowByID)
    }

    /// The (id, line) pairs: the snapshot `index` keeps, or rendered afresh when an index
    /// written by an older version has none.
    private static func idsAndLines(from store: LibraryStore) throws -> ([ItemID], PackedStrings) {
        if let snapshot = try store.lineSnapshot(template: template.text) {
            return ((0..<snapshot.ids.count).map { ItemID(rawValue: snapshot.ids[$0]) }, snapshot.lines)
        }
        var ids: [ItemID] = []
        var lines: [String] = []
        try store.forEachItem(fields: template.fields) { item in
            ids.append(item.id)
            lines.append(template.render(item))
        }
        return (ids, PackedStrings(lines))
    }

    /// The rows of the items in `scope`, ascending; nil for `all` (every row).
    func rows(in scope: Scope) -> [Int]? {
        guard let kinds = scope.kinds else { return nil }
        return self.kinds.indices.filter { kinds.contains(self.kinds[$0]) }
    }

    /// What the renderer draws for `id`: its line, the positions `query` matches in it, and
    /// its duration. An id the index no longer has (a stale selection) shows as itself.
    func rowContent(_ id: ItemID, highlighting query: TextQuery) -> PickerRowContent {
        guard let row = rowByID[id] else {
            return PickerRowContent(text: id.rawValue + "  (no longer in the index)")
        }
        let highlights = query.isEmpty ? [] : corpus.positions(ofLine: row, for: query) ?? []
        let duration = durations[row]
        return PickerRowContent(text: lines[row], highlights: highlights,
                                trailing: duration < 0 ? "" : ClockTime.text(milliseconds: duration))
    }
}
