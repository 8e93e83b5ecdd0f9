/// Field filters decided for every item at once, a filter at a time, instead of every filter
/// for an item at a time: the smart playlists of an index run (a couple of dozen rules over
/// 100,000 items) share most of their filters (`kind:music` in every Rhythmbox rule), and the
/// item-at-a-time loop copied each item, its strings retained, and folded the same field
/// again for every rule that reads it (a third of a second of the run).
///
/// Each distinct filter (condition, negation, "now") is decided once, whatever the number of
/// rules holding it; text filters reading one field share one folding of that field's values.
/// The answer is exactly `FieldFilter.matches` for each item: text conditions get the same
/// folded value `TextCondition.matches` would fold, every other condition is that very call.
public struct FilterColumns {
    let items: [MediaItem]
    /// Each decided filter's answer, one Bool per item.
    private var decided: [Key: [Bool]] = [:]

    /// What decides a filter's answers: `now` for relative dates; selection and playlists come
    /// from the context too, so filters asking about them are keyed by the context's plan.
    struct Key: Hashable {
        let condition: FilterCondition
        let negated: Bool
        let now: Timestamp
        /// The plan whose context answers `selected:` and `playlist:`; 0 for other filters.
        let plan: Int
    }

    public init(items: [MediaItem]) { self.items = items }

    /// Decides every filter of `groups` (each with its plan's context) not decided yet, text
    /// filters grouped by field so each field's values are folded once.
    public mutating func decide(_ groups: [(groups: [QueryGroup], context: QueryContext)]) {
        var textByField: [Field: [(FieldFilter, Key)]] = [:]
        var pending: Set<Key> = []
        for (plan, entry) in groups.enumerated() {
            for group in entry.groups {
                for filter in group.filters {
                    let key = Self.key(filter, context: entry.context, plan: plan)
                    guard decided[key] == nil, pending.insert(key).inserted else { continue }
                    if case .text(let field, _) = filter.condition {
                        textByField[field, default: []].append((filter, key))
                    } else {
                        let context = entry.context
                        decided[key] = items.mapInPlace { filter.matches($0, in: context) }
                    }
                }
            }
        }
        for (field, filters) in textByField { decideText(filters, field: field) }
    }

    /// For each item, whether it passes every group (an AND of ORs), groups already decided.
    public func passing(_ groups: [QueryGroup], context: QueryContext, plan: Int) -> [Bool] {
        var all = [Bool](repeating: true, count: items.count)
        for group in groups {
            var any = [Bool](repeating: false, count: items.count)
            for filter in group.filters {
                guard let answers = decided[Self.key(filter, context: context, plan: plan)] else { continue }
                for index in answers.indices where answers[index] { any[index] = true }
            }
            for index in all.indices where !any[index] { all[index] = false }
        }
        return all
    }

    private static func key(_ filter: FieldFilter, context: QueryContext, plan: Int) -> Key {
        let asksContext: Bool = switch filter.condition {
        case .playlist, .selected: true
        default: false
        }
        return Key(condition: filter.condition, negated: filter.negated, now: context.now, plan: asksContext ? plan : 0)
    }

    /// Text filters on one field: each item's value folded once, then every filter's condition
    /// tested on it, as `TextCondition.matches` tests the value it folds itself.
    private mutating func decideText(_ filters: [(FieldFilter, Key)], field: Field) {
        let conditions: [(condition: TextCondition, negated: Bool)] = filters.compactMap { filter, _ in
            if case .text(_, let condition) = filter.condition { (condition, filter.negated) } else { nil }
        }
        var answers = conditions.map { _ in [Bool](repeating: false, count: items.count) }
        let folded = items.mapInPlace { item -> String? in
            if case .text(let text)? = field.value(of: item) { QueryTextFolding.fold(text) } else { nil }
        }
        for slot in conditions.indices {
            let (condition, negated) = conditions[slot]
            for index in folded.indices {
                answers[slot][index] = (folded[index].map(condition.matches(folded:)) ?? false) != negated
            }
        }
        for (slot, (_, key)) in filters.enumerated() { decided[key] = answers[slot] }
    }
}
