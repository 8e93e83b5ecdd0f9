import MixtapeCore

/// Everything the picker screen shows, as a plain value: `PickerReducer` changes it in
/// response to `PickerEvent`s and a renderer draws it, so the picker can be tested without a
/// terminal (design.md, habit 10).
///
/// The cursor row is kept as an item id, not a row number, so it stays on its item when new
/// results arrive. While that item is missing from the list the cursor shows on row 0; once
/// the results are final (or the list is the selection) it snaps to row 0's item. Keeping the
/// id through partial results lets a restored cursor find its item in a later batch.
public struct PickerState: Hashable, Sendable {
    /// Rows the fixed chrome takes: query line, scope bar, status line.
    public static let chromeHeight = 3
    /// The most rows the preview pane takes, its separator line included.
    public static let maxPreviewHeight = 8

    /// The query text.
    public internal(set) var query: String
    /// The text cursor in the query, in Characters (0…query.count).
    public internal(set) var queryCursor: Int
    /// The scope the query runs in.
    public internal(set) var scope: Scope
    /// The matches for the current query, best first, as the engine delivered them.
    public internal(set) var results: ItemIDList = [] { didSet { locateCursor() } }
    /// The number of items the engine searched (the right side of `matches/total`).
    public internal(set) var total: Int = 0
    /// The number of matches (the left side), which may exceed `results.count` while only the
    /// best page has arrived.
    public internal(set) var matchCount: Int = 0
    /// Actions that act on every match (select-all, deselect-all, toggle-all, last) and the
    /// rest of their key's chain, asked for while the list was still arriving or still the
    /// previous query's: they wait for the final list, so Alt-A typed right after the query
    /// selects that query's matches, all of them.
    public internal(set) var deferredActions: [PickerAction] = []
    /// False while the engine is still delivering results for this query.
    public internal(set) var resultsFinal: Bool = false
    /// True once `results` are the current query's (its best page at least); false from a
    /// query or scope change until they arrive, while the list still shows the previous ones.
    public internal(set) var resultsAreCurrent: Bool = false
    /// Why the current query has no results, when it cannot be parsed; nil otherwise.
    public internal(set) var queryProblem: String?
    /// A quiet word about the current query (`"Re:" is not a field…`), shown in the status line.
    public internal(set) var queryNote: String?
    /// The item the cursor is on (see the type's summary for when it is not in the list).
    public internal(set) var cursorItem: ItemID? { didSet { locateCursor() } }
    /// Where `cursorItem` is in `listIDs`, nil when it is not listed: kept up to date by the
    /// list's and the cursor's setters, so that the many readers of the cursor row per key
    /// (normalising, effects, drawing) do not each search 90,000 ids for an item that is gone.
    public private(set) var cursorIndex: Int?
    /// The index of the first list row on screen.
    public internal(set) var scrollOffset: Int = 0
    /// The selected items, in the order they were selected.
    public internal(set) var selection: PickerSelection { didSet { if showSelectedOnly { locateCursor() } } }
    /// Ctrl-S: the list shows the selection instead of the matches.
    public internal(set) var showSelectedOnly: Bool = false { didSet { locateCursor() } }
    /// Ctrl-O: the preview pane is on screen.
    public internal(set) var previewVisible: Bool
    /// Which key does what (the defaults with the config file's `[pick.keys]` over them).
    public internal(set) var keyMap: PickerKeyMap
    /// The text the last kill command cut (Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace), which yank
    /// (Ctrl-Y) puts back, as in fzf.
    public internal(set) var yanked: String = ""
    /// `?` / F1: the help screen, listing every key, is up instead of the list.
    public internal(set) var helpVisible = false
    /// The first help line on screen, when the help is longer than the screen.
    public internal(set) var helpScroll = 0
    /// The first preview line shown (Shift-↑/↓ scroll it); back to 0 for each new item.
    public internal(set) var previewScroll = 0
    /// How many lines the preview of the current item has, once the driver knows.
    public internal(set) var previewLength: Int?
    /// The player's line at the bottom of the screen; nil hides it.
    public internal(set) var playerStatus: String?
    /// The terminal's width in columns.
    public internal(set) var width: Int
    /// The terminal's height in rows.
    public internal(set) var height: Int

    /// A picker state, optionally restored from the last session (`--no-restore` passes the
    /// defaults): the query with the text cursor at its end, the scope, and the cursor item,
    /// which the cursor moves to as soon as it appears in the results.
    public init(
        query: String = "", scope: Scope = .all, cursorItem: ItemID? = nil,
        selection: PickerSelection = PickerSelection(), previewVisible: Bool = false,
        keyMap: PickerKeyMap = .standard, width: Int = 80, height: Int = 24
    ) {
        self.query = query
        self.queryCursor = query.count
        self.scope = scope
        self.cursorItem = cursorItem
        self.selection = selection
        self.previewVisible = previewVisible
        self.keyMap = keyMap
        self.width = max(0, width)
        self.height = max(0, height)
        locateCursor()
    }

    /// Finds `cursorItem` in the list again after the list or the cursor changed: one search,
    /// from the top, so a cursor near the top is found at once.
    private mutating func locateCursor() {
        cursorIndex = cursorItem.flatMap { listIDs.firstIndex(of: $0) }
    }
}

/// One list row as the renderer needs it.
public struct PickerRow: Hashable, Sendable {
    /// The item on this row.
    public let id: ItemID
    /// Whether the item is selected (rows carry a marker).
    public let isSelected: Bool
    /// Whether the cursor is on this row (the row is highlighted).
    public let isCursor: Bool
}

extension PickerState {
    /// The ids the list shows: the matches, or with `showSelectedOnly` the selection in
    /// selection order.
    public var listIDs: ItemIDList { showSelectedOnly ? ItemIDList(selection.ids) : results }

    /// The rows the preview pane takes, its separator included; 0 when it is hidden.
    public var previewHeight: Int {
        guard previewVisible else { return 0 }
        return min(Self.maxPreviewHeight, max(0, height - Self.chromeHeight) / 2)
    }

    /// The player's line at the bottom: 1 while there is a player status, else 0.
    public var playerLineHeight: Int { playerStatus == nil ? 0 : 1 }

    /// The rows left for the list: the screen minus query line, scope bar, status line, the
    /// preview pane when it is visible and the player's line when there is one.
    public var listHeight: Int { max(0, height - Self.chromeHeight - previewHeight - playerLineHeight) }

    /// The list index of the cursor row: where `cursorItem` is, or 0 when it is not listed.
    public var cursorRow: Int { cursorIndex ?? 0 }

    /// The item under the cursor row, nil when the list is empty.
    public var currentItem: ItemID? {
        let ids = listIDs
        return ids.isEmpty ? nil : ids[cursorRow]
    }

    /// The rows on screen, from `scrollOffset`, at most `listHeight` of them.
    public var visibleRows: [PickerRow] {
        let ids = listIDs
        let start = min(scrollOffset, ids.count)
        let end = min(ids.count, start + listHeight)
        let cursor = cursorRow
        return (start..<end).map { row in
            PickerRow(id: ids[row], isSelected: selection.contains(ids[row]), isCursor: row == cursor)
        }
    }

    /// The status line: `matches/total · N selected`, numbers with thousands separators,
    /// e.g. `2,340/104,118 · 12 selected`.
    public var statusText: String {
        let matches = Self.grouped(matchCount)
        return "\(matches)/\(Self.grouped(total)) · \(Self.grouped(selection.count)) selected"
    }

    /// `n` with a comma between groups of three digits (locale-independent, like the spec).
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return n < 0 ? "-" + out : out
    }

    /// Puts the cursor and scroll offset back in bounds after any change: snaps a missing
    /// cursor item to row 0 once the list is settled, and scrolls so the cursor row shows.
    mutating func normalize() {
        let ids = listIDs
        if let first = ids.first, showSelectedOnly || resultsFinal || cursorItem == nil,
           cursorIndex == nil {
            cursorItem = first
        }
        let page = listHeight
        let row = cursorRow
        if row < scrollOffset { scrollOffset = row }
        if page > 0, row >= scrollOffset + page { scrollOffset = row - page + 1 }
        scrollOffset = max(0, min(scrollOffset, ids.count - max(page, 1)))
    }
}
