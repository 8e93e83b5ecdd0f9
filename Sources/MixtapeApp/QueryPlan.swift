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

    /// Whether the filters read the item's id, which a scan of columns does not hold
    /// (`selected:`, `playlist:`, `id:`).
    var filtersReadID: Bool {
        needsSelection || needsPlaylists || query.filterFields.contains(.id)
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
        QueryPlan.candidates(of: [self], in: items, corpus: corpus, contexts: [context])[0]
    }

    /// `candidates` of several plans (each with its context) at once. Smart playlists
    /// evaluate a couple of dozen rules after every index run, most of them sharing filters
    /// (`kind:music`): each distinct filter is decided once for every item (`FilterColumns`),
    /// then each plan combines its groups' answers.
    static func candidates(of plans: [QueryPlan], in items: [MediaItem], corpus: () -> MatchCorpus,
                           contexts: [QueryContext]) -> [[Int]] {
        let splits = plans.map(FilterSplit.init)
        var found = splits.map { $0.filters ? [Int]() : Array(items.indices) }
        let filtering = splits.indices.filter { splits[$0].filters }
        guard !filtering.isEmpty else { return found }
        // Each distinct filter decided once for every item (`FilterColumns`), then each plan's
        // groups combined; a mixed group's text terms are looked for only in the lines its
        // filters let down.
        var columns = FilterColumns(items: items)
        columns.decide(filtering.map { (splits[$0].filterOnly + splits[$0].mixed, contexts[$0]) })
        let lines = filtering.contains { !splits[$0].mixed.isEmpty } ? corpus() : nil
        for (position, plan) in filtering.enumerated() {
            let split = splits[plan], context = contexts[plan]
            var passes = columns.passing(split.filterOnly, context: context, plan: position)
            for group in split.mixed {
                let holds = columns.passing([group], context: context, plan: position)
                for index in passes.indices where passes[index] && !holds[index] {
                    passes[index] = group.textTerms.contains { node in
                        lines?.score(ofLine: index, for: TextQuery(groups: [[node.term]])) != nil
                    }
                }
            }
            found[plan] = passes.indices.filter { passes[$0] }
        }
        return found
    }
}

/// A query's groups that decide candidates: filter-only groups, and mixed groups, which hold
/// when a filter holds or one of their text terms is found in the line.
private struct FilterSplit {
    let filterOnly: [QueryGroup]
    let mixed: [QueryGroup]

    init(_ plan: QueryPlan) {
        filterOnly = plan.query.filterGroups
        mixed = plan.query.groups.filter { !$0.filters.isEmpty && !$0.textTerms.isEmpty }
    }

    /// Whether any group filters at all (else every item is a candidate).
    var filters: Bool { !filterOnly.isEmpty || !mixed.isEmpty }
}
