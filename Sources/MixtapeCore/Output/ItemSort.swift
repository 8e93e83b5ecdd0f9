/// A `--sort FIELD[,FIELD...]` specification; a trailing `-` sorts that field descending.
/// Unknown values sort last whatever the direction, so blanks never crowd the top of a list.
public struct ItemSort: Hashable, Sendable {
    public struct Key: Hashable, Sendable {
        public var field: Field
        public var descending: Bool
    }

    public let keys: [Key]

    public init(_ specification: String) throws(ItemSortError) {
        var keys: [Key] = []
        for raw in specification.split(separator: ",") {
            let descending = raw.hasSuffix("-")
            let name = raw.trimmingSuffix("-").trimmingSuffix("+")
            guard let field = Field(key: name) else { throw .unknownField(String(name)) }
            keys.append(Key(field: field, descending: descending))
        }
        guard !keys.isEmpty else { throw .empty }
        self.keys = keys
    }

    /// The fields the order reads.
    public var fields: Set<Field> { Set(keys.map(\.field)) }

    /// Sorts stably: items equal on every key keep their incoming (library) order.
    public func sorted(_ items: [MediaItem]) -> [MediaItem] {
        ordered(Array(items.indices), of: items).map { items[$0] }
    }

    /// `indices` into `items`, sorted by these keys; indices equal on every key keep their
    /// incoming order (a ranked search keeps its rank among equals).
    public func ordered(_ indices: [Int], of items: [MediaItem]) -> [Int] {
        ordered(indices, columns: keys.map { key in items.mapInPlace(indices) { key.field.value(of: $0) } })
    }

    /// `indices` sorted by the values `keyValues` gives for each (one per key, in key order):
    /// for a caller that kept only the sorted fields of each item, not the items.
    public func ordered(_ indices: [Int], keyValues: (Int) -> [FieldValue?]) -> [Int] {
        let rows = indices.map(keyValues)
        return ordered(indices, columns: keys.indices.map { position in
            rows.map { position < $0.count ? $0[position] : nil }
        })
    }

    /// `indices` sorted by the values of `columns` (a value per index for each sorted field;
    /// none is unknown): for a caller that kept the sorted fields as columns, not items.
    public func ordered(_ indices: [Int], columns: [Field: [FieldValue?]]) -> [Int] {
        ordered(indices, columns: keys.map { key in
            guard let column = columns[key.field] else { return indices.map { _ in nil } }
            return indices.map { column[$0] }
        })
    }

    /// `ordered(indices, columns:)` cut to the length `keptCount` gives it, found without
    /// sorting every index when that length is small: a smart playlist's limit ("the 50
    /// shortest", "700 MB of the least recently played") keeps a few dozen of the 90,000 rows
    /// its filters pass, and sorting them all was most of deciding such a rule.
    ///
    /// `keptCount` is asked about leading parts of the order and must answer as a budget
    /// spent from the front does (a count of items, a duration, a size): for a part it
    /// answers a count below the part's length only when the whole order gets that count too.
    /// The smallest rows are picked with a bounded heap, 64 of them, then four times as many
    /// until the budget runs out inside them; the order among equal rows is the stable
    /// sort's, so the answer is exactly the prefix of `ordered`.
    public func orderedPrefix(_ indices: [Int], columns: [Field: [FieldValue?]], keptCount: ([Int]) -> Int) -> [Int] {
        let prepared = preparedColumns(indices, columns: columns)
        var wanted = 64
        while wanted * 2 < indices.count {
            let head = SortedPrefix.smallest(wanted, of: indices.count, by: precedes(prepared)).map { indices[$0] }
            let kept = keptCount(head)
            if kept < head.count { return Array(head.prefix(kept)) }
            wanted *= 4
        }
        let all = ordered(indices, prepared: prepared)
        return Array(all.prefix(keptCount(all)))
    }

    /// Each key's values for `indices`, prepared once (`SortColumn`).
    private func preparedColumns(_ indices: [Int], columns: [Field: [FieldValue?]]) -> [SortColumn] {
        keys.map { key in
            SortColumn(columns[key.field].map { column in indices.map { column[$0] } } ?? indices.map { _ in nil })
        }
    }

    /// `indices` sorted by `columns` (one per key, a value per index): each column prepared
    /// once (`SortColumn`), then positions sorted, ties kept in incoming order. Comparing
    /// `[FieldValue?]` rows, an array per row, was most of sorting 100,000 items.
    private func ordered(_ indices: [Int], columns: [[FieldValue?]]) -> [Int] {
        ordered(indices, prepared: columns.map(SortColumn.init))
    }

    private func ordered(_ indices: [Int], prepared: [SortColumn]) -> [Int] {
        if prepared.count == 1, let positions = prepared[0].sortedPositions(descending: keys[0].descending) {
            return positions.map { indices[$0] }
        }
        var positions = Array(indices.indices)
        positions.sort(by: precedes(prepared))
        return positions.map { indices[$0] }
    }

    /// The total order of positions the sort gives: key by key, then the incoming order.
    private func precedes(_ prepared: [SortColumn]) -> (Int, Int) -> Bool {
        let descending = keys.map(\.descending)
        if prepared.count == 1, let key = prepared[0].numberKey(descending: descending[0]) {
            return { a, b in key(a) < key(b) }
        }
        return { a, b in
            for (column, descending) in zip(prepared, descending) {
                switch column.compare(a, b, descending: descending) {
                case .less: return true
                case .greater: return false
                case .equal: continue
                }
            }
            return a < b
        }
    }

    enum Ordering {
        case less, equal, greater
        var reversed: Ordering { self == .less ? .greater : (self == .greater ? .less : .equal) }
    }

    /// Natural order for typed values; nil after everything; text case-insensitively.
    static func compare(_ a: FieldValue?, _ b: FieldValue?) -> Ordering {
        switch (a, b) {
        case (nil, nil): return .equal
        case (nil, _): return .greater
        case (_, nil): return .less
        case (.text(let x)?, .text(let y)?): return order(x.lowercased(), y.lowercased())
        case (.integer(let x)?, .integer(let y)?): return order(x, y)
        case (.bool(let x)?, .bool(let y)?): return order(x ? 1 : 0, y ? 1 : 0)
        case (.timestamp(let x)?, .timestamp(let y)?): return order(x, y)
        default: return .equal
        }
    }

    /// `compare` of values whose texts are lower-cased already.
    static func comparePrepared(_ a: FieldValue?, _ b: FieldValue?) -> Ordering {
        if case .text(let x)? = a, case .text(let y)? = b { return order(x, y) }
        return compare(a, b)
    }

    private static func order<T: Comparable>(_ x: T, _ y: T) -> Ordering {
        x < y ? .less : (x > y ? .greater : .equal)
    }
}

/// Why a `--sort` value was rejected.
public enum ItemSortError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownField(String)
    case empty

    public var description: String {
        switch self {
        case .unknownField(let name):
            "unknown field '\(name)' in --sort; fields are: " + Field.allCases.map(\.key).joined(separator: ", ")
        case .empty: "--sort needs at least one field, e.g. --sort year-,title"
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
