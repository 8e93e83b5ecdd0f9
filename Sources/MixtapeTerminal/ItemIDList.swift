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

    /// Equal lists hold the same ids in the same order, however they are held. Two lists of
    /// rows of the same table compare their rows, and two held lists compare as arrays, which
    /// is at once when they share storage: the reducer compares the state before and after
    /// every event, and comparing 57,000 ids one by one (each retained) doubled the frame of a
    /// key typed while a player started.
    public static func == (a: ItemIDList, b: ItemIDList) -> Bool {
        switch (a.rows, b.rows) {
        case (nil, nil): return a.table == b.table
        case let (aRows?, bRows?) where a.table.sharesStorage(with: b.table): return aRows == bRows
        default: return a.count == b.count && a.elementsEqual(b)
        }
    }

    /// Where `id` first is: the ids are compared where they lie, with no retain and release of
    /// each (the cursor's item is looked for in every list that arrives).
    public func firstIndex(of id: ItemID) -> Int? {
        table.withUnsafeBufferPointer { table in
            guard let rows else { return table.firstIndex(of: id) }
            return rows.withUnsafeBufferPointer { rows in rows.firstIndex { table[Int($0)] == id } }
        }
    }

    /// Only the count: lists of hundreds of thousands of ids are not hashed whole (equal lists
    /// have equal counts, which is all `Hashable` asks).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}

extension Array {
    /// Whether both arrays are the same storage (so equal without looking at an element).
    fileprivate func sharesStorage(with other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }
}
