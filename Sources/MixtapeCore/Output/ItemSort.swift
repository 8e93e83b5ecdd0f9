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
        ordered(indices) { index in keys.map { $0.field.value(of: items[index]) } }
    }

    /// `indices` sorted by the values `keyValues` gives for each (one per key, in key order):
    /// for a caller that kept only the sorted fields of each item, not the items.
    public func ordered(_ indices: [Int], keyValues: (Int) -> [FieldValue?]) -> [Int] {
        // Texts lower-cased once per row, not twice per comparison (two new Strings each
        // time were most of `--sort title` over 100,000 items); `comparePrepared` then orders
        // them exactly as `compare` orders the originals.
        let rows = indices.enumerated().map { offset, index in
            (offset: offset, index: index, values: keyValues(index).map { value -> FieldValue? in
                if case .text(let text)? = value { return .text(text.lowercased()) }
                return value
            })
        }
        return rows.sorted { a, b in
            for (position, key) in keys.enumerated() {
                let x = a.values[position], y = b.values[position]
                var ordering = ItemSort.comparePrepared(x, y)
                if key.descending, x != nil, y != nil { ordering = ordering.reversed }
                switch ordering {
                case .less: return true
                case .greater: return false
                case .equal: continue
                }
            }
            return a.offset < b.offset
        }.map(\.index)
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
