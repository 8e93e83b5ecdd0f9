import MixtapeCore
@testable import MixtapeTerminal
import Testing

/// An item id for tests: `item("a")` is `t:a`.
func item(_ name: String) -> ItemID { ItemID(rawValue: "t:" + name) }

/// Ids `t:0` … `t:(n-1)`.
func items(_ range: Range<Int>) -> [ItemID] { range.map { item(String($0)) } }

/// Ids for several names.
func items(_ names: String...) -> [ItemID] { names.map(item) }

/// Drives a picker the way the terminal driver would: bytes through a `KeyDecoder`, each
/// key through the reducer, effects collected.
struct PickerHarness {
    var state: PickerState
    var decoder = KeyDecoder()

    init(_ state: PickerState = PickerState()) {
        self.state = state
    }

    /// Feeds terminal input bytes (a lone Esc needs `flush: true`) and returns all effects.
    @discardableResult
    mutating func type(_ text: String, flush: Bool = false) -> [PickerEffect] {
        var keys = decoder.feed(Array(text.utf8))
        if flush { keys += decoder.flushTimeout() }
        return keys.flatMap { send(.key($0)) }
    }

    /// Sends one key.
    @discardableResult
    mutating func press(_ key: Key) -> [PickerEffect] { send(.key(key)) }

    /// Delivers results for the current query and scope, as the matching thread does: rows
    /// of a shared table (here the list backwards, so a row is never its own position).
    @discardableResult
    mutating func deliver(_ list: [ItemID], total: Int = 1_000, final: Bool = true, matches: Int? = nil) -> [PickerEffect] {
        let rows = list.indices.map { Int32(list.count - 1 - $0) }
        let ids = ItemIDList(rows: rows, of: list.reversed())
        return send(.results(query: state.query, scope: state.scope, ids: ids, total: total, final: final, matches: matches))
    }

    /// Sends any event.
    @discardableResult
    mutating func send(_ event: PickerEvent) -> [PickerEffect] {
        PickerReducer.reduce(&state, event)
    }

    /// The ids on screen.
    var visible: [ItemID] { state.visibleRows.map(\.id) }

    /// The ids on screen that are marked selected.
    var visibleSelected: [ItemID] { state.visibleRows.filter(\.isSelected).map(\.id) }
}

/// The `.match` effects among `effects`, as queries.
func matchedQueries(_ effects: [PickerEffect]) -> [String] {
    effects.compactMap {
        if case .match(let query, _) = $0 { return query }
        return nil
    }
}
