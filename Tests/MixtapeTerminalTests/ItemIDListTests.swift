import MixtapeCore
import MixtapeTerminal
import Testing

@Suite("ItemIDList: ids held outright or as rows of a shared table are the same list")
struct ItemIDListTests {
    static let table = ["a", "b", "c", "d"].map { ItemID(rawValue: $0) }

    @Test("rows read through the table, in their order, repeats and all")
    func rows() {
        let list = ItemIDList(rows: [3, 0, 0, 2], of: Self.table)
        #expect(list.count == 4)
        #expect(list.map(\.rawValue) == ["d", "a", "a", "c"])
        #expect(list.firstIndex(of: ItemID(rawValue: "c")) == 3)
        #expect(ItemIDList(rows: [], of: Self.table).isEmpty)
    }

    @Test("equal however held, unequal when an id or the length differs; equal lists hash alike")
    func equality() {
        let held: ItemIDList = [ItemID(rawValue: "b"), ItemID(rawValue: "d")]
        let byRows = ItemIDList(rows: [1, 3], of: Self.table)
        #expect(held == byRows)
        #expect(held.hashValue == byRows.hashValue)
        #expect(byRows != ItemIDList(rows: [1, 2], of: Self.table))
        #expect(byRows != ItemIDList(rows: [1, 3, 3], of: Self.table))
        #expect(ItemIDList([]) == ItemIDList(rows: [], of: Self.table))
        // The same rows of two tables: equal only where the ids are.
        let other = ["a", "x", "c", "d"].map { ItemID(rawValue: $0) }
        #expect(ItemIDList(rows: [0, 2], of: other) == ItemIDList(rows: [0, 2], of: Self.table))
        #expect(ItemIDList(rows: [1, 3], of: other) != byRows)
        #expect(ItemIDList(rows: [2, 0], of: Self.table) == ItemIDList(rows: [1, 3], of: Self.table.reversed()))
    }

    @Test("the first place of an id, held outright or by rows; nil when absent")
    func firstIndex() {
        let byRows = ItemIDList(rows: [2, 1, 2], of: Self.table)
        #expect(byRows.firstIndex(of: ItemID(rawValue: "c")) == 0)
        #expect(byRows.firstIndex(of: ItemID(rawValue: "b")) == 1)
        #expect(byRows.firstIndex(of: ItemID(rawValue: "a")) == nil)
        #expect(ItemIDList(Self.table).firstIndex(of: ItemID(rawValue: "d")) == 3)
    }
}
