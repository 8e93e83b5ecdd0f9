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
    }
}
