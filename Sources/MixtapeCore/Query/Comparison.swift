/// The shape of a comparable filter value, shared by every ordered type (numbers, durations,
/// dates) so that `>=80`, `3:00..4:30` and `2024-01..2024-06` are read by one piece of code and
/// only the endpoints differ: `x`, `=x`, `>x`, `>=x`, `<x`, `<=x`, `a..b`, `a..`, `..b`.
enum Comparison<Endpoint> {
    case equal(Endpoint)
    case above(Endpoint), atLeast(Endpoint), below(Endpoint), atMost(Endpoint)
    /// Inclusive at both ends; a missing side is open.
    case between(Endpoint?, Endpoint?)

    /// Splits off the operator or the `..`, and reads each endpoint with `endpoint`.
    static func parse(
        _ text: Substring,
        endpoint: (Substring) throws(FilterValueError) -> Endpoint
    ) throws(FilterValueError) -> Comparison {
        if text.hasPrefix("!=") {
            throw .invalid(problem: "uses !=, which filters do not take; put ! before the field to exclude a value, as in !year:1999")
        }
        let operators: [(String, (Endpoint) -> Comparison)] = [
            (">=", Comparison.atLeast), ("<=", Comparison.atMost),
            (">", Comparison.above), ("<", Comparison.below), ("=", Comparison.equal),
        ]
        for (symbol, make) in operators where text.hasPrefix(symbol) {
            let rest = text.dropFirst(symbol.count)
            guard !rest.isEmpty else { throw .malformed }
            return make(try endpoint(rest))
        }
        if let dots = text.firstRange(of: "..") {
            let lower = text[..<dots.lowerBound], upper = text[dots.upperBound...]
            guard !lower.isEmpty || !upper.isEmpty else { throw .malformed }
            return .between(try lower.isEmpty ? nil : endpoint(lower),
                            try upper.isEmpty ? nil : endpoint(upper))
        }
        return .equal(try endpoint(text))
    }
}

/// The stored values one written value stands for, half-open: `[start, end)`. `1999` is
/// `[1999, 2000)`; with whole-unit precision `stars:3` is ratings `[60, 80)`, `duration:3:00`
/// is `[180000, 181000)` ms and `added:2024-03` is the whole of March.
struct Span: Hashable, Sendable {
    var start: Int64
    var end: Int64

    /// `count` written units of `scale` stored units each; nil on overflow.
    init?(count: Int64, scale: Int64) {
        let (start, overflow) = count.multipliedReportingOverflow(by: scale)
        let (end, overflowEnd) = start.addingReportingOverflow(scale)
        guard !overflow, !overflowEnd else { return nil }
        self.start = start
        self.end = end
    }

    init(start: Int64, end: Int64) {
        self.start = start
        self.end = end
    }
}

extension Comparison where Endpoint == Span {
    /// The interval of stored values the comparison accepts. A value stands for its whole
    /// span, so `>x` starts after the span of x and `<=x` ends with it: `added:>2024` means
    /// from 2025, `stars:>3` means 4 stars or more. A range whose start lies after its end is an
    /// error rather than a filter that silently matches nothing.
    func bounds() throws(FilterValueError) -> IntegerBounds {
        switch self {
        case .equal(let span): return IntegerBounds(lower: span.start, upper: span.end)
        case .atLeast(let span): return IntegerBounds(lower: span.start, upper: nil)
        case .above(let span): return IntegerBounds(lower: span.end, upper: nil)
        case .below(let span): return IntegerBounds(lower: nil, upper: span.start)
        case .atMost(let span): return IntegerBounds(lower: nil, upper: span.end)
        case .between(let lower, let upper):
            if let lower, let upper, lower.start >= upper.end {
                throw .invalid(problem: "is an empty range: its start comes after its end")
            }
            return IntegerBounds(lower: lower?.start, upper: upper?.end)
        }
    }
}

extension Comparison {
    /// The same comparison over transformed endpoints, or nil when any endpoint does not
    /// transform (how a date value tells calendar endpoints from ages).
    func map<T>(_ transform: (Endpoint) -> T?) -> Comparison<T>? {
        func each(_ endpoint: Endpoint?) -> T?? {
            guard let endpoint else { return .some(nil) }
            return transform(endpoint).map { .some($0) }
        }
        switch self {
        case .equal(let e): return transform(e).map(Comparison<T>.equal)
        case .above(let e): return transform(e).map(Comparison<T>.above)
        case .atLeast(let e): return transform(e).map(Comparison<T>.atLeast)
        case .below(let e): return transform(e).map(Comparison<T>.below)
        case .atMost(let e): return transform(e).map(Comparison<T>.atMost)
        case .between(let lower, let upper):
            guard let lower = each(lower), let upper = each(upper) else { return nil }
            return .between(lower, upper)
        }
    }
}
