/// One `--sort` key's values for the rows being sorted, prepared once before the sort: numbers
/// as plain integers, texts lower-cased. Comparisons then cost an integer or a String compare,
/// not a `FieldValue?` enum copy and switch (with a new String per side for texts). Ordered
/// exactly as `ItemSort.compare` orders the original values: unknown values last whatever
/// the direction, texts case-insensitively.
enum SortColumn {
    /// Integers, flags (false 0, true 1) or timestamps (Unix seconds): one kind per column.
    case numbers([Int64?])
    /// Texts, lower-cased.
    case texts([String?])
    /// Values of several types in one column (no field gives these; a caller's key values
    /// could): compared as `ItemSort.compare` compares them, texts lower-cased here.
    case values([FieldValue?])

    /// The kind of the column's known values, when they have one.
    private enum Kind { case integer, bool, timestamp, text }

    /// The column of `values` (one per row): numbers or texts when all known values are of one
    /// type, else the values themselves.
    init(_ values: [FieldValue?]) {
        var kind: Kind?
        var mixed = false
        for value in values {
            let this: Kind? = switch value {
            case nil: nil
            case .integer?: .integer
            case .bool?: .bool
            case .timestamp?: .timestamp
            case .text?: .text
            }
            guard let this else { continue }
            if kind == nil { kind = this } else if kind != this { mixed = true; break }
        }
        if mixed {
            self = .values(values.map { value in
                if case .text(let text)? = value { return .text(text.lowercased()) }
                return value
            })
        } else if kind == .text {
            self = .texts(values.map { if case .text(let text)? = $0 { text.lowercased() } else { nil } })
        } else {
            self = .numbers(values.map(Self.number))
        }
    }

    /// A non-text value as the integer it sorts as.
    private static func number(_ value: FieldValue?) -> Int64? {
        switch value {
        case .integer(let value)?: value
        case .bool(let value)?: value ? 1 : 0
        case .timestamp(let time)?: time.rawValue
        case .text?, nil: nil
        }
    }

    /// How rows `a` and `b` order on this key: unknown last in both directions, known values
    /// reversed when `descending`.
    func compare(_ a: Int, _ b: Int, descending: Bool) -> ItemSort.Ordering {
        switch self {
        case .numbers(let column): return Self.compare(column[a], column[b], descending: descending)
        case .texts(let column): return Self.compare(column[a], column[b], descending: descending)
        case .values(let column):
            let ordering = ItemSort.comparePrepared(column[a], column[b])
            return descending && column[a] != nil && column[b] != nil ? ordering.reversed : ordering
        }
    }

    /// For a column of numbers, each row's place in the sort by this column alone as one
    /// comparable triple (unknown last, a descending value complemented, then the row): the
    /// order `sortedPositions` sorts, for a caller comparing rows one pair at a time. Nil for
    /// texts and mixed values.
    func numberKey(descending: Bool) -> ((Int) -> (UInt8, Int64, Int))? {
        guard case .numbers(let column) = self else { return nil }
        return { position in
            guard let value = column[position] else { return (1, 0, position) }
            return (0, descending ? ~value : value, position)
        }
    }

    /// The rows' positions sorted by this column alone, ties in row order: what `compare`
    /// orders, with no enum to open per comparison (a sort by one key, every smart playlist's
    /// and most `--sort`s). Numbers sort as (unknown, value, position) triples of integers, a
    /// descending value complemented; texts by their Strings read from a buffer. Nil for a
    /// column of mixed values.
    func sortedPositions(descending: Bool) -> [Int]? {
        switch self {
        case .numbers(let column):
            var rows = column.indices.map { position -> (UInt8, Int64, Int) in
                guard let value = column[position] else { return (1, 0, position) }
                return (0, descending ? ~value : value, position)
            }
            rows.sort { $0 < $1 }
            return rows.map(\.2)
        case .texts(let column):
            var positions = Array(column.indices)
            column.withUnsafeBufferPointer { texts in
                positions.sort { a, b in
                    switch Self.compare(texts[a], texts[b], descending: descending) {
                    case .less: true
                    case .greater: false
                    case .equal: a < b
                    }
                }
            }
            return positions
        case .values:
            return nil
        }
    }

    /// Two values of one key: unknown after known, known ones reversed when `descending`.
    @inline(__always)
    private static func compare<T: Comparable>(_ x: T?, _ y: T?, descending: Bool) -> ItemSort.Ordering {
        guard let x else { return y == nil ? .equal : .greater }
        guard let y else { return .less }
        if x == y { return .equal }
        return (x < y) != descending ? .less : .greater
    }
}
