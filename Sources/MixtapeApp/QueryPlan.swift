import MixtapeCore

/// How a query splits between the matcher and the filters, shared by `search` and `pick`:
/// groups of text terms only are ranked by the matcher; filter-only groups and mixed groups
/// (`live | year:1999`) decide which lines the matcher may look at.
struct QueryPlan: Sendable {
    let query: Query

    init(_ query: Query) { self.query = query }

    /// The groups the matcher ranks: those with text terms and no filter.
    var textQuery: TextQuery {
        TextQuery(groups: query.groups.compactMap { group in
            guard group.filters.isEmpty, !group.textTerms.isEmpty else { return nil }
            return group.textTerms.map(\.term)
        })
    }

    /// Whether any group holds a filter, so candidates must be worked out from the items.
    var hasFilters: Bool { query.groups.contains { !$0.filters.isEmpty } }

    /// Whether a filter asks about the selection (`selected:`).
    var needsSelection: Bool {
        query.groups.contains { group in
            group.filters.contains { if case .selected = $0.condition { true } else { false } }
        }
    }

    /// Whether a filter names a playlist (`playlist:`).
    var needsPlaylists: Bool {
        query.groups.contains { group in
            group.filters.contains { if case .playlist = $0.condition { true } else { false } }
        }
    }

    /// The playlists the `playlist:` filters name, folded as the filters hold them.
    var playlistReferences: Set<String> {
        var references: Set<String> = []
        for group in query.groups {
            for filter in group.filters {
                if case .playlist(let reference) = filter.condition { references.insert(reference) }
            }
        }
        return references
    }

    /// Indices of the items that pass every group the matcher does not rank: filter-only
    /// groups, and mixed groups, which hold when a filter holds or a text term is found in the
    /// line (without adding to the score). `items[i]` is the item of line `i` of `corpus`,
    /// which is only asked for when there is a mixed group.
    func candidates(_ items: [MediaItem], corpus: () -> MatchCorpus, context: QueryContext) -> [Int] {
        let filterOnly = Query(groups: query.filterGroups)
        let mixed = query.groups.filter { !$0.filters.isEmpty && !$0.textTerms.isEmpty }
        guard !filterOnly.groups.isEmpty || !mixed.isEmpty else { return Array(items.indices) }
        let lines = mixed.isEmpty ? nil : corpus()
        let groups = filterOnly.groups
        var found: [Int] = []
        // Plain loops, no closures or arrays per item. The compiler still copies each item
        // (and retains its strings) for every `filtersMatch` call: a borrow across that call
        // would make filter searches cheaper still.
        next: for index in items.indices {
            for group in groups where !group.filtersMatch(items[index], in: context) { continue next }
            for group in mixed where !group.filtersMatch(items[index], in: context) {
                let inLine = group.textTerms.contains { node in
                    lines?.score(ofLine: index, for: TextQuery(groups: [[node.term]])) != nil
                }
                if !inLine { continue next }
            }
            found.append(index)
        }
        return found
    }
}
