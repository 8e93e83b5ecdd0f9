/// An interval of stored integers: `lower` inclusive, `upper` exclusive, nil for open. The form
/// every numeric, duration and calendar-date filter compiles to, so the store can push it down
/// as `col >= lower AND col < upper`.
public struct IntegerBounds: Hashable, Sendable {
    public var lower: Int64?
    public var upper: Int64?

    public init(lower: Int64?, upper: Int64?) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `value` lies inside.
    public func contains(_ value: Int64) -> Bool {
        if let lower, value < lower { return false }
        if let upper, value >= upper { return false }
        return true
    }
}
