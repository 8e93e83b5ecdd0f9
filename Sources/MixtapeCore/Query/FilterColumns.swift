/// Field filters decided for every item at once, a filter at a time, instead of every filter
/// for an item at a time: the smart playlists of an index run (a couple of dozen rules over
/// 100,000 items) share most of their filters (`kind:music` in every Rhythmbox rule), and the
/// item-at-a-time loop copied each item, its strings retained, and folded the same field
/// again for every rule that reads it (a third of a second of the run).
///
/// Each distinct filter (condition, negation, "now") is decided once, whatever the number of
/// rules holding it; filters reading one field share one read of that field's values (and one
/// folding, for text, kept for later calls). The answer is exactly `FieldFilter.matches` for
/// each item: the same `FilterCondition.matches(value:now:)` on the same value, text folded
/// as `TextCondition.matches` folds it.
public struct FilterColumns {
    /// What the answers are about: items, or the values of a few fields of rows that are not
    /// held as items (the smart playlists of a one-source index, read as columns).
    private enum Rows {
        case items([MediaItem])
        /// A column per field, one value per row, each as an item holding it would give it
        /// (`Field.value(of:)`).
        case columns(count: Int, [Field: [FieldValue?]])
    }

    private let rows: Rows
    /// How many rows (items) every answer covers.
    private var count: Int {
        switch rows {
        case .items(let items): items.count
        case .columns(let count, _): count
        }
    }
    /// Each decided filter's answer, one Bool per item.
    private var decided: [Key: [Bool]] = [:]
    /// Each text field's values folded as `TextCondition.matches` folds them, kept for the
    /// next `decide` (rules decided one at a time fold a field once).
    private var folded: [Field: FoldedTexts] = [:]

    /// What decides a filter's answers: `now` for relative dates; selection and playlists come
    /// from the context too, so filters asking about them are keyed by the context's plan.
    struct Key: Hashable {
        /// The filter's condition and whether it is negated (`!`).
        let condition: FilterCondition
        let negated: Bool
        /// "Now" of the context, for relative dates.
        let now: Timestamp
        /// The plan whose context answers `selected:` and `playlist:`; 0 for other filters.
        let plan: Int
    }

    /// Answers about `items`, none decided yet.
    public init(items: [MediaItem]) { rows = .items(items) }

    /// Answers about `count` rows given as columns: for each field a filter reads, its value
    /// in every row as `Field.value(of:)` gives it. Only filters that read a field can be
    /// decided this way (`canDecide`), not `selected:` or `playlist:`, which ask about ids.
    public init(count: Int, columns: [Field: [FieldValue?]]) { rows = .columns(count: count, columns) }

    /// Whether every filter of `groups` reads a field, which rows given as columns can answer.
    public static func canDecide(_ groups: [QueryGroup]) -> Bool {
        groups.allSatisfy { $0.filters.allSatisfy { $0.condition.field != nil } }
    }

    /// Decides every filter of `groups` (each with its plan's context) not decided yet. Filters
    /// decided by a field's value alone are grouped by field, so each field's values are read
    /// from the items once (and, for text, folded once) for all of them.
    public mutating func decide(_ groups: [(groups: [QueryGroup], context: QueryContext)]) {
        var byField: [Field: [(FieldFilter, Key)]] = [:]
        var pending: Set<Key> = []
        for (plan, entry) in groups.enumerated() {
            for group in entry.groups {
                for filter in group.filters {
                    let key = Self.key(filter, context: entry.context, plan: plan)
                    guard decided[key] == nil, pending.insert(key).inserted else { continue }
                    if filter.condition.readsValueOnly, let field = filter.condition.field {
                        byField[field, default: []].append((filter, key))
                    } else if case .kind(let kinds) = filter.condition {
                        // `FilterCondition.matches` of a kind, with only the kind read: handing
                        // the whole item to it copied all 568 bytes of each, strings retained.
                        let negated = filter.negated
                        switch rows {
                        case .items(let items): decided[key] = items.mapInPlace { kinds.contains($0.kind) != negated }
                        case .columns(_, let columns):
                            // A library holds a kind or two: the answer for the row before is
                            // kept while the name stays the same (short names compare as two
                            // words, where reading a Kind from its name searched every name).
                            var lastName: String?, lastAnswer = false
                            decided[key] = (columns[.kind] ?? []).map { value in
                                guard case .text(let name)? = value else { return kinds.contains(.other) != negated }
                                if name != lastName {
                                    lastName = name
                                    lastAnswer = kinds.contains(Kind(rawValue: name) ?? .other) != negated
                                }
                                return lastAnswer
                            }
                        }
                    } else {
                        guard case .items(let items) = rows else {
                            preconditionFailure("rows given as columns cannot answer \(filter.condition): check canDecide")
                        }
                        let context = entry.context
                        decided[key] = items.mapInPlace { filter.matches($0, in: context) }
                    }
                }
            }
        }
        for (field, filters) in byField {
            for (key, answers) in decide(filters, field: field) { decided[key] = answers }
        }
    }

    /// `decide` of one rule's filters: for rules handed out one at a time.
    public mutating func decide(_ groups: [QueryGroup], context: QueryContext) {
        decide([(groups, context)])
    }

    /// For each item, whether it passes every group (an AND of ORs), groups already decided.
    public func passing(_ groups: [QueryGroup], context: QueryContext, plan: Int) -> [Bool] {
        var all = [Bool](repeating: true, count: count)
        for group in groups {
            var any = [Bool](repeating: false, count: count)
            for filter in group.filters {
                guard let answers = decided[Self.key(filter, context: context, plan: plan)] else { continue }
                for index in answers.indices where answers[index] { any[index] = true }
            }
            for index in all.indices where !any[index] { all[index] = false }
        }
        return all
    }

    /// The key a filter's answers are kept under for a plan's context.
    static func key(_ filter: FieldFilter, context: QueryContext, plan: Int) -> Key {
        let asksContext: Bool = switch filter.condition {
        case .playlist, .selected: true
        default: false
        }
        return Key(condition: filter.condition, negated: filter.negated, now: context.now, plan: asksContext ? plan : 0)
    }

    /// Filters decided by the value of `field`, each tested on every item's value as
    /// `FieldFilter.matches` tests it; for text conditions the values are folded once for all
    /// of them, as `TextCondition.matches` folds each (the one column kept while they run).
    private mutating func decide(_ filters: [(FieldFilter, Key)], field: Field) -> [(Key, [Bool])] {
        filters.map { filter, key in
            let condition = filter.condition, negated = filter.negated, now = key.now
            guard case .text(_, let text) = condition else {
                return (key, values(of: field) { condition.matches(value: $0, now: now) != negated })
            }
            if folded[field] == nil {
                var texts = FoldedTexts()
                switch rows {
                case .items(let items): for index in items.indices { texts.append(field.value(of: items[index])) }
                case .columns(let count, let columns):
                    if let column = columns[field] { for value in column { texts.append(value) } } else {
                        for _ in 0..<count { texts.append(nil) }
                    }
                }
                folded[field] = texts
            }
            return (key, folded[field]!.decide { ($0.map(text.matches(foldedBytes:)) ?? false) != negated })
        }
    }

    /// `read` of every row's value of `field`, in row order.
    private func values<T>(of field: Field, _ read: (FieldValue?) -> T) -> [T] {
        switch rows {
        case .items(let items): items.mapInPlace { read(field.value(of: $0)) }
        case .columns(let count, let columns): columns[field].map { $0.map(read) } ?? Array(repeating: read(nil), count: count)
        }
    }
}
