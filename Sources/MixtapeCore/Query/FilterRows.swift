/// The field filters of several queries decided one item at a time, for a caller that reads
/// the items one row at a time into a single reused item instead of holding them all (the
/// smart playlists of an index run: a couple of dozen rules over 100,000 rows, where loading
/// every item as a `MediaItem` for `FilterColumns` was half of their cost).
///
/// As in `FilterColumns`, each distinct filter (condition, negation, "now", and for
/// `selected:` and `playlist:` the plan whose context answers them) is decided once per item
/// whatever the number of queries holding it, and a field's value is read, and for text
/// folded, once per item for every filter on that field. The answer for each query is exactly
/// `Query.matchesFilters`: the same `FilterCondition.matches(value:now:)` on the same value,
/// text folded as `TextCondition.matches` folds it.
public struct FilterRows {
    /// A filter decided by its field's value; `slot` is where its answer goes.
    private struct ValueFilter {
        let slot: Int
        let condition: FilterCondition
        let negated: Bool
        let now: Timestamp
    }

    /// A text filter, decided on its field's folded value.
    private struct TextFilter {
        let slot: Int
        let text: TextCondition
        let negated: Bool
    }

    /// The filters decided by one field's value.
    private struct FieldFilters {
        let field: Field
        var values: [ValueFilter] = []
        var texts: [TextFilter] = []
    }

    /// A filter that reads more than one value (`kind:`, `playlist:`, `selected:`).
    private struct ItemFilter {
        let slot: Int
        let filter: FieldFilter
        let context: QueryContext
    }

    private let byField: [FieldFilters]
    private let others: [ItemFilter]
    /// Each query's groups (ranges of `groups`), each group a range of `slots` (an OR of
    /// filters); a query passes when every one of its groups has a slot that holds.
    private let queries: [Range<Int>]
    private let groups: [Range<Int>]
    private let slots: [Int]
    /// How many distinct filters there are.
    private let slotCount: Int

    /// Filters of `queries`, each with the context its plan is evaluated in (groups with text
    /// terms are the caller's: only `filterGroups` are read).
    public init(_ queries: [(groups: [QueryGroup], context: QueryContext)]) {
        var slotOf: [FilterColumns.Key: Int] = [:]
        var fieldPositions: [Field: Int] = [:]
        var byField: [FieldFilters] = [], others: [ItemFilter] = []
        var queryRanges: [Range<Int>] = [], groupRanges: [Range<Int>] = [], slots: [Int] = []
        for (plan, query) in queries.enumerated() {
            let firstGroup = groupRanges.count
            for group in query.groups where group.textTerms.isEmpty {
                let firstSlot = slots.count
                for filter in group.filters {
                    let key = FilterColumns.key(filter, context: query.context, plan: plan)
                    if let slot = slotOf[key] { slots.append(slot); continue }
                    let slot = slotOf.count
                    slotOf[key] = slot
                    slots.append(slot)
                    guard filter.condition.readsValueOnly, let field = filter.condition.field else {
                        others.append(ItemFilter(slot: slot, filter: filter, context: query.context))
                        continue
                    }
                    let position = fieldPositions[field] ?? byField.count
                    if position == byField.count {
                        fieldPositions[field] = position
                        byField.append(FieldFilters(field: field))
                    }
                    if case .text(_, let text) = filter.condition {
                        byField[position].texts.append(TextFilter(slot: slot, text: text, negated: filter.negated))
                    } else {
                        byField[position].values.append(ValueFilter(slot: slot, condition: filter.condition,
                                                                    negated: filter.negated, now: query.context.now))
                    }
                }
                groupRanges.append(firstSlot..<slots.count)
            }
            queryRanges.append(firstGroup..<groupRanges.count)
        }
        self.byField = byField
        self.others = others
        self.queries = queryRanges
        self.groups = groupRanges
        self.slots = slots
        slotCount = slotOf.count
    }

    /// The fields the filters read, for a caller that fills only those of each item.
    public var fields: Set<Field> {
        Set(byField.map(\.field)).union(others.compactMap(\.filter.condition.field))
    }

    /// Whether a filter asks about the item's id (`playlist:`, `selected:`): then the caller
    /// fills the id of each item too.
    public var readsIDs: Bool {
        others.contains { $0.filter.condition.field == nil }
    }

    /// Calls `body` with each query `item` passes (in query order), each distinct filter
    /// decided once. Nothing is copied or allocated per item beyond the values read (and
    /// folded) from it: this runs for every row of the index.
    public func passing(_ item: MediaItem, _ body: (Int) throws -> Void) rethrows {
        try withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(slotCount, 1)) { answers in
            for position in byField.indices {
                let value = byField[position].field.value(of: item)
                for filter in byField[position].values.indices {
                    let decided = byField[position].values[filter]
                    answers[decided.slot] = decided.condition.matches(value: value, now: decided.now) != decided.negated
                }
                guard !byField[position].texts.isEmpty else { continue }
                let folded: String? = if case .text(let text)? = value { QueryTextFolding.fold(text) } else { nil }
                for filter in byField[position].texts.indices {
                    let decided = byField[position].texts[filter]
                    answers[decided.slot] = (folded.map(decided.text.matches(folded:)) ?? false) != decided.negated
                }
            }
            for position in others.indices {
                answers[others[position].slot] = others[position].filter.matches(item, in: others[position].context)
            }
            for query in queries.indices {
                var passes = true
                for group in queries[query] where !slots[groups[group]].contains(where: { answers[$0] }) {
                    passes = false
                    break
                }
                if passes { try body(query) }
            }
        }
    }
}
