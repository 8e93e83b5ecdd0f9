/// One `field:value` term of a query, parsed: which registry row it came from, the condition,
/// and whether a leading `!` negates it.
public struct FieldFilter: Hashable, Sendable {
    /// The registry name of the field (`year`, `stars`, `playlist`), whatever alias was typed.
    public var field: String
    public var condition: FilterCondition
    /// `!artist:beatles`: the item matches when the condition does not hold, including when
    /// the item has no value for the field.
    public var negated: Bool
    /// Character offsets of the term in the query; nil for filters not typed by the user
    /// (a `--scope`).
    public var range: Range<Int>?

    public init(field: String, condition: FilterCondition, negated: Bool, range: Range<Int>?) {
        self.field = field
        self.condition = condition
        self.negated = negated
        self.range = range
    }

    /// Whether `item` passes this filter.
    public func matches(_ item: MediaItem, in context: QueryContext) -> Bool {
        condition.matches(item, in: context) != negated
    }
}
