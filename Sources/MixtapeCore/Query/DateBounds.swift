/// The instants a date filter accepts. Calendar values are fixed instants; relative ages
/// (`added:<30d`) are resolved against the evaluation context's `now`, never a clock read in
/// the core, so a query means the same thing in a test, the store and the picker.
public struct DateBounds: Hashable, Sendable {
    public var lower: DateLimit?
    public var upper: DateLimit?

    public init(lower: DateLimit?, upper: DateLimit?) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `time` lies within the bounds, relative ages counted back from `now`.
    public func contains(_ time: Timestamp, now: Timestamp) -> Bool {
        if let lower {
            let limit = lower.point.resolved(now: now)
            guard lower.inclusive ? time >= limit : time > limit else { return false }
        }
        if let upper {
            let limit = upper.point.resolved(now: now)
            guard upper.inclusive ? time <= limit : time < limit else { return false }
        }
        return true
    }
}

/// One end of `DateBounds`.
public struct DateLimit: Hashable, Sendable {
    public var point: DatePoint
    /// Whether an item dated exactly at the point is inside.
    public var inclusive: Bool

    public init(_ point: DatePoint, inclusive: Bool) {
        self.point = point
        self.inclusive = inclusive
    }
}

/// An instant, either fixed or counted back from the evaluation's `now`.
public enum DatePoint: Hashable, Sendable {
    case instant(Timestamp)
    case ago(RelativeAge)

    /// The instant this point stands for when the query runs at `now`.
    public func resolved(now: Timestamp) -> Timestamp {
        switch self {
        case .instant(let time): time
        case .ago(let age): age.before(now)
        }
    }
}
