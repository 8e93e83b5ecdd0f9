import MixtapeCore

/// The picker's logic as a pure function: `reduce` applies one event to the state and
/// returns the effects the driver must perform (start a match, redraw, accept, cancel,
/// preview). No I/O and no clock, so every key binding is testable from byte arrays.
///
/// Key bindings follow picker.md (fzf-compatible where fzf has one). The list has the best
/// match on top, so ↓ / Ctrl-J / Ctrl-N move down to worse matches and ↑ / Ctrl-K / Ctrl-P up.
public enum PickerReducer {
    /// The effects to perform when the picker opens: match the (possibly restored) query and
    /// draw the first screen.
    public static func start(_ state: inout PickerState) -> [PickerEffect] {
        state.normalize()
        return [.match(query: state.query, scope: state.scope), .render]
    }

    /// Applies `event` to `state` and returns the effects, in order: `.match` when the query
    /// or scope changed, `.preview` when the item under the cursor changed while the preview
    /// is visible (or the preview was just opened), `.render` when anything on screen changed;
    /// or just `.accept` / `.cancel` for Enter and Esc.
    public static func reduce(_ state: inout PickerState, _ event: PickerEvent) -> [PickerEffect] {
        let before = state
        switch event {
        case .key(let key):
            if let exit = exitEffect(for: key, state) { return [exit] }
            apply(key, to: &state)
            if state.query != before.query || state.scope != before.scope {
                // The list still shows the old query's matches until the new ones arrive.
                state.resultsFinal = false
                state.resultsAreCurrent = false
            }
        case .results(let query, let scope, let ids, let total, let final, let matches):
            guard query == state.query, scope == state.scope else { return [] }
            state.results = ids
            state.total = total
            state.matchCount = max(matches ?? ids.count, ids.count)
            state.resultsFinal = final
            state.resultsAreCurrent = true
            state.queryProblem = nil
            if final { state.replayDeferredKeys() }
        case .queryProblem(let query, let scope, let message):
            guard query == state.query, scope == state.scope else { return [] }
            state.results = []
            state.matchCount = 0
            state.resultsFinal = true
            state.resultsAreCurrent = true
            state.queryProblem = message
            state.deferredKeys = []
        case .resize(let width, let height):
            state.width = max(0, width)
            state.height = max(0, height)
        }
        state.normalize()
        return effects(from: before, to: state)
    }

    /// `.accept` for Enter, `.cancel` for Esc / Ctrl-C / Ctrl-G, nil for every other key.
    static func exitEffect(for key: Key, _ state: PickerState) -> PickerEffect? {
        switch key {
        case .enter: .accept(selection: state.selection.ids)
        case .escape, .ctrl("c"), .ctrl("g"): .cancel
        default: nil
        }
    }

    /// The effects that the change from `before` to `after` calls for.
    static func effects(from before: PickerState, to after: PickerState) -> [PickerEffect] {
        var effects: [PickerEffect] = []
        if before.query != after.query || before.scope != after.scope {
            effects.append(.match(query: after.query, scope: after.scope))
        }
        if after.previewVisible,
           !before.previewVisible || before.currentItem != after.currentItem {
            effects.append(.preview(after.currentItem))
        }
        if before != after { effects.append(.render) }
        return effects
    }

    /// Dispatches a key to the query editor, the cursor, the selection or the toggles;
    /// keys with no binding change nothing. Keys that act on every match wait while the list
    /// is incomplete (see `PickerState.deferredKeys`).
    static func apply(_ key: Key, to state: inout PickerState) {
        if actsOnEveryMatch(key), !state.resultsFinal, !state.showSelectedOnly {
            state.deferredKeys.append(key)
            return
        }
        if state.editQuery(key) { return }
        if let move = Movement(key) {
            state.moveCursor(move)
            return
        }
        applyCommand(key, to: &state)
    }

    /// Alt-A, Alt-D, Alt-T and End: keys whose effect depends on the whole list.
    static func actsOnEveryMatch(_ key: Key) -> Bool {
        switch key {
        case .alt("a"), .alt("d"), .alt("t"), .end: true
        default: false
        }
    }

    /// Selection, scope and display toggles.
    static func applyCommand(_ key: Key, to state: inout PickerState) {
        switch key {
        case .tab: state.toggleCurrent(thenMoveBy: 1)
        case .backTab: state.toggleCurrent(thenMoveBy: -1)
        case .alt("a"): state.selection.insert(contentsOf: state.results)
        case .alt("d"): state.selection.remove(contentsOf: state.results)
        case .alt("t"): state.selection.toggle(contentsOf: state.results)
        case .ctrl("t"): state.scope = state.scope.cycled(by: 1)
        case .alt("s"): state.scope = state.scope.cycled(by: -1)
        case .modified(.ctrl("t"), let modifiers) where modifiers == .shift:
            state.scope = state.scope.cycled(by: -1)
        case .ctrl("s"): state.showSelectedOnly.toggle()
        case .ctrl("o"): state.previewVisible.toggle()
        default: break
        }
    }
}

/// A cursor-row movement key.
enum Movement: Hashable, Sendable {
    /// Move by this many rows (positive: down, to worse matches).
    case by(Int)
    /// Move by this many list pages.
    case pages(Int)
    /// The first row.
    case top
    /// The last row.
    case bottom

    /// The movement bound to `key`, nil when the key does not move the cursor row.
    init?(_ key: Key) {
        switch key {
        case .down, .ctrl("j"), .ctrl("n"): self = .by(1)
        case .up, .ctrl("k"), .ctrl("p"): self = .by(-1)
        case .pageDown: self = .pages(1)
        case .pageUp: self = .pages(-1)
        case .home: self = .top
        case .end: self = .bottom
        default: return nil
        }
    }
}

extension PickerState {
    /// Applies the keys that waited for the final list, in the order they were pressed.
    mutating func replayDeferredKeys() {
        let keys = deferredKeys
        deferredKeys = []
        for key in keys { PickerReducer.apply(key, to: &self) }
    }

    /// Moves the cursor row, clamped to the list.
    mutating func moveCursor(_ movement: Movement) {
        let ids = listIDs
        guard !ids.isEmpty else { return }
        let target: Int
        switch movement {
        case .by(let rows): target = cursorRow + rows
        case .pages(let pages): target = cursorRow + pages * max(1, listHeight)
        case .top: target = 0
        case .bottom: target = ids.count - 1
        }
        cursorItem = ids[min(max(target, 0), ids.count - 1)]
    }

    /// Tab / Shift-Tab: toggles the item under the cursor, then moves one row down (`1`) or
    /// up (`-1`). When toggling removed the row (show-selected-only), the next row has moved
    /// into its place and the cursor lands there instead.
    mutating func toggleCurrent(thenMoveBy step: Int) {
        guard let item = currentItem else { return }
        let row = cursorRow
        selection.toggle(item)
        let ids = listIDs
        guard !ids.isEmpty else { return }
        let stillListed = ids.indices.contains(row) && ids[row] == item
        let target = stillListed || step < 0 ? row + step : row
        cursorItem = ids[min(max(target, 0), ids.count - 1)]
    }
}

extension Scope {
    /// The scope `steps` places further along `Scope.allCases`, wrapping around.
    func cycled(by steps: Int) -> Scope {
        let all = Scope.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        let count = all.count
        return all[((index + steps) % count + count) % count]
    }
}
