/// A parsed query: an AND of groups, each an OR of terms (fzf's term sets). It knows no SQL:
/// filters are evaluated here in memory, text terms by the matcher against the item's line.
///
/// `^beat | ^stones live year:1990..1999` is three groups: (prefix beat OR prefix stones),
/// (fuzzy live), (year in the nineties). An empty query has no groups and matches everything.
public struct Query: Hashable, Sendable {
    public var groups: [QueryGroup]
    /// Words that look like a field filter but name no field, read as text (`Re:Zero`).
    public var fieldLikeText: [FieldLikeText] = []

    public init(groups: [QueryGroup] = []) {
        self.groups = groups
    }

    /// Parses query text (see `QueryParser`).
    public init(parsing text: String) throws(QueryError) {
        self = try QueryParser.parse(text)
    }

    /// The filter part: groups made of field filters only, decided by `matchesFilters`.
    public var filterGroups: [QueryGroup] { groups.filter(\.textTerms.isEmpty) }

    /// The text part: groups holding at least one text term, for the matcher. A group here may
    /// also hold filter alternatives (`live | year:1999`); when `filtersMatch` says one holds,
    /// the group is satisfied without a text match.
    public var textGroups: [QueryGroup] { groups.filter { !$0.textTerms.isEmpty } }

    /// Whether the query has any text term, i.e. whether results are ranked by score or kept in
    /// library order (query.md).
    public var hasTextTerms: Bool { groups.contains { !$0.textTerms.isEmpty } }

    /// Whether `item` passes every filter-only group; text groups are not looked at.
    public func matchesFilters(_ item: MediaItem, in context: QueryContext) -> Bool {
        filterGroups.allSatisfy { $0.filtersMatch(item, in: context) }
    }

    /// Whether `item` passes the whole query, given a judge for text terms (the matcher, or a
    /// simple substring test in tests). `text` answers whether the term holds, so for an
    /// inverse term it answers true when the line does *not* contain the text.
    public func matches(_ item: MediaItem, in context: QueryContext,
                        text: (TextTermNode) -> Bool) -> Bool {
        groups.allSatisfy { group in
            group.alternatives.contains { term in
                switch term {
                case .filter(let filter): filter.matches(item, in: context)
                case .text(let node): text(node)
                }
            }
        }
    }

    /// The item fields the filters read (text terms read the `--format` line instead).
    public var filterFields: Set<Field> {
        Set(groups.flatMap { $0.filters.flatMap(\.condition.fields) })
    }

    /// This query restricted to a scope: the same as adding `kind:` for the scope's kinds.
    public func restricted(to scope: Scope) -> Query {
        guard let filter = scope.filter else { return self }
        var restricted = self
        restricted.groups.append(QueryGroup(alternatives: [.filter(filter)]))
        return restricted
    }
}

/// Alternatives of which at least one must hold (`a | b | c`); most groups have one term.
public struct QueryGroup: Hashable, Sendable {
    public var alternatives: [QueryTerm]

    public init(alternatives: [QueryTerm]) {
        self.alternatives = alternatives
    }

    /// The text alternatives, in query order, for the matcher.
    public var textTerms: [TextTermNode] {
        alternatives.compactMap { if case .text(let node) = $0 { node } else { nil } }
    }

    /// The filter alternatives, in query order.
    public var filters: [FieldFilter] {
        alternatives.compactMap { if case .filter(let filter) = $0 { filter } else { nil } }
    }

    /// Whether one of the filter alternatives holds for `item` (false when there are none).
    /// Runs once per item per group of every filter search: no array is built for it.
    public func filtersMatch(_ item: MediaItem, in context: QueryContext) -> Bool {
        for case .filter(let filter) in alternatives where filter.matches(item, in: context) { return true }
        return false
    }
}

/// One term of a query: text for the matcher, or a field filter.
public enum QueryTerm: Hashable, Sendable {
    case text(TextTermNode)
    case filter(FieldFilter)
}

/// A text term as it appeared in the query, with its fzf reading.
public struct TextTermNode: Hashable, Sendable {
    /// The word exactly as typed (`tiger\ road`, `!^The`).
    public var raw: String
    /// Character offsets of `raw` in the query.
    public var range: Range<Int>
    public var term: TextTerm

    public init(raw: String, range: Range<Int>, term: TextTerm) {
        self.raw = raw
        self.range = range
        self.term = term
    }
}
