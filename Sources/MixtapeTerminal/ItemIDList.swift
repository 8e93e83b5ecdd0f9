import MixtapeCore

/// The ids of a list the picker shows, either held outright or as row numbers into a table of
/// ids that many lists share (the catalog's). The whole ranking of `t` at 500,000 items is
/// 444,000 ids: as `[ItemID]` each was retained when the list was made and released when the
/// next one replaced it, one cache miss each, which held back the next page by 10 ms; as rows
/// it is 1.8 MB of numbers, made and freed at once.
public struct ItemIDList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The ids, or the table `rows` index.
    private let table: [ItemID]
    private let rows: [Int32]?

    /// The list of exactly `ids`.
    public init(_ ids: [ItemID]) {
        table = ids
        rows = nil
    }

    /// The list of `table[rows[0]], table[rows[1]], …`; every row must index `table`.
    public init(rows: [Int32], of table: [ItemID]) {
        self.table = table
        self.rows = rows
    }

    public init(arrayLiteral ids: ItemID...) { self.init(ids) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows?.count ?? table.count }

    public subscript(position: Int) -> ItemID {
        guard let rows else { return table[position] }
        return table[Int(rows[position])]
    }

    /// Equal lists hold the same ids in the same order, however they are held.
    public static func == (a: ItemIDList, b: ItemIDList) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// Only the count: lists of hundreds of thousands of ids are not hashed whole (equal lists
    /// have equal counts, which is all `Hashable` asks).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
