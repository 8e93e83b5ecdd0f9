import MixtapeCore

/// The picker's logic as a pure function: `reduce` applies one event to the state and
/// returns the effects the driver must perform (start a match, redraw, accept, cancel,
/// preview, play…). No I/O and no clock, so every key binding is testable from byte arrays.
///
/// A key goes through the state's `PickerKeyMap` to actions (fzf 0.38's names and defaults,
/// then mixtape's; picker.md), and each action changes the state or asks for an effect. The
/// list has the best match on top, so ↓ / Ctrl-J / Ctrl-N move down to worse matches.
///
/// Decisions where fzf has nothing to copy:
/// - A printable key bound to an action (by default `?`, show-help) acts only while the query
///   is empty; in a query it types itself, so `?` can still be searched for.
/// - While the help screen is up, any key or click closes it; only when the help is longer than
///   the screen do the keys bound to up/down/page-up/page-down (and the wheel) scroll it.
public enum PickerReducer {
    /// The effects to perform when the picker opens: match the (possibly restored) query and
    /// draw the first screen.
    public static func start(_ state: inout PickerState) -> [PickerEffect] {
        state.normalize()
        return [.match(query: state.query, scope: state.scope), .render]
    }

    /// Applies `event` to `state` and returns the effects, in order: `.match` when the query
    /// or scope changed, `.preview` when the item under the cursor changed while the preview
    /// is visible (or the preview was just opened), `.render` when anything on screen changed,
    /// then what the actions asked for (`.play`, `.execute`…); or just `.accept`, `.cancel` or
    /// `.become` when the picker ends.
    public static func reduce(_ state: inout PickerState, _ event: PickerEvent) -> [PickerEffect] {
        let before = state
        var requested: [PickerEffect] = []
        switch event {
        case .key(let key):
            requested = handle(key, state: &state)
            if let exit = requested.first(where: \.endsPicker) { return [exit] }
            if state.query != before.query || state.scope != before.scope {
                // The list still shows the old query's matches until the new ones arrive.
                state.resultsFinal = false
                state.resultsAreCurrent = false
            }
        case .results(let query, let scope, let ids, let total, let final, let matches, let note):
            guard query == state.query, scope == state.scope else { return [] }
            state.results = ids
            state.total = total
            state.matchCount = max(matches ?? ids.count, ids.count)
            state.resultsFinal = final
            state.resultsAreCurrent = true
            state.queryProblem = nil
            state.queryNote = note.map(Self.oneLine)
            if final {
                requested = state.replayDeferredActions()
                if let exit = requested.first(where: \.endsPicker) { return [exit] }
            }
        case .queryProblem(let query, let scope, let message):
            guard query == state.query, scope == state.scope else { return [] }
            state.results = []
            state.matchCount = 0
            state.resultsFinal = true
            state.resultsAreCurrent = true
            state.queryProblem = message
            state.queryNote = nil
            state.deferredActions = []
        case .resize(let width, let height):
            state.width = max(0, width)
            state.height = max(0, height)
        case .playerStatus(let text):
            state.playerStatus = text.map(Self.oneLine)
        case .previewLength(let lines):
            state.previewLength = max(0, lines)
            state.previewScroll = min(state.previewScroll, state.maxPreviewScroll)
        }
        state.normalize()
        if before.currentItem != state.currentItem {
            state.previewScroll = 0
            state.previewLength = nil
        }
        return effects(from: before, to: state) + requested
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

    /// A key: the help screen's, the mouse's, a paste or a typed character, or the actions the
    /// key map binds it to (keys with no binding do nothing).
    static func handle(_ key: Key, state: inout PickerState) -> [PickerEffect] {
        if state.helpVisible { return helpKey(key, state: &state) }
        switch key {
        case .mouse(let mouse):
            return PickerMouse.apply(mouse, to: &state)
        case .paste(let text):
            state.insert(PickerState.singleLine(text))
            return []
        case .character(let character) where state.keyMap.actions(for: key) == nil || !state.query.isEmpty:
            state.insert([character])
            return []
        default:
            return run(state.keyMap.actions(for: key) ?? [], on: &state)
        }
    }

    /// Runs a key's actions in order. An action that acts on every match, pressed before the
    /// list is final, waits for it with the rest of the chain (`PickerState.deferredActions`);
    /// an action that ends the picker ends the chain.
    static func run(_ actions: [PickerAction], on state: inout PickerState) -> [PickerEffect] {
        var effects: [PickerEffect] = []
        for (index, action) in actions.enumerated() {
            if action.actsOnEveryMatch, !state.resultsFinal, !state.showSelectedOnly {
                state.deferredActions += actions[index...]
                break
            }
            guard let effect = perform(action, on: &state) else { continue }
            effects.append(effect)
            if effect.endsPicker { break }
        }
        return effects
    }

    /// Carries out one action: a state change, or the effect it asks of the driver.
    static func perform(_ action: PickerAction, on state: inout PickerState) -> PickerEffect? {
        if action == .deleteCharEOF, state.query.isEmpty { return .cancel }
        if state.editQuery(action) { return nil }
        switch action {
        case .up: state.moveCursor(.by(-1))
        case .down: state.moveCursor(.by(1))
        case .pageUp: state.moveCursor(.pages(-1))
        case .pageDown: state.moveCursor(.pages(1))
        case .first: state.moveCursor(.top)
        case .last: state.moveCursor(.bottom)
        case .toggle: state.toggleCurrent(thenMoveBy: 0)
        case .toggleDown: state.toggleCurrent(thenMoveBy: 1)
        case .toggleUp: state.toggleCurrent(thenMoveBy: -1)
        case .selectAll: state.selection.insert(contentsOf: state.results)
        case .deselectAll: state.selection.remove(contentsOf: state.results)
        case .toggleAll: state.selection.toggle(contentsOf: state.results)
        case .nextScope: state.scope = state.scope.cycled(by: 1)
        case .previousScope: state.scope = state.scope.cycled(by: -1)
        case .toggleSelectedOnly: state.showSelectedOnly.toggle()
        case .togglePreview: state.previewVisible.toggle()
        case .previewUp: state.previewScroll = max(0, state.previewScroll - 1)
        case .previewDown: state.previewScroll = min(state.previewScroll + 1, state.maxPreviewScroll)
        case .showHelp:
            state.helpVisible = true
            state.helpScroll = 0
        case .accept: return .accept(selection: state.selection.ids)
        case .abort: return .cancel
        case .clearScreen: return .clearScreen
        case .play: return state.currentItem.map(PickerEffect.play)
        case .enqueue:
            let ids = state.selection.isEmpty ? state.currentItem.map { [$0] } ?? [] : state.selection.ids
            return ids.isEmpty ? nil : .enqueue(ids)
        case .stop: return .stopPlayback
        case .execute(let command): return .execute(command: command, item: state.currentItem)
        case .become(let command): return .become(command: command, item: state.currentItem)
        default: break
        }
        return nil
    }

    /// A key while the help screen is up: scrolls it when it is longer than the screen and the
    /// key (or wheel) moves up or down; anything else closes it.
    static func helpKey(_ key: Key, state: inout PickerState) -> [PickerEffect] {
        var step: Int?
        let page = max(1, state.helpPageHeight)
        switch key {
        case .mouse(let mouse) where mouse.button == .wheelUp: step = -1
        case .mouse(let mouse) where mouse.button == .wheelDown: step = 1
        case .mouse(let mouse) where !mouse.isPress || mouse.isMotion: return []
        case .mouse: step = nil
        default:
            switch state.keyMap.actions(for: key)?.first {
            case .up: step = -1
            case .down: step = 1
            case .pageUp: step = -page
            case .pageDown: step = page
            default: step = nil
            }
        }
        let overflow = state.helpLines.count - page
        guard let step, overflow > 0 else {
            state.helpVisible = false
            return []
        }
        state.helpScroll = min(max(0, state.helpScroll + step), overflow)
        return []
    }

    /// The player's message as one line: line breaks and tabs become spaces, other control
    /// characters go.
    static func oneLine(_ text: String) -> String {
        String(PickerState.singleLine(text))
    }
}

extension PickerEffect {
    /// True for the effects after which the picker is gone (accept, cancel, become).
    var endsPicker: Bool {
        switch self {
        case .accept, .cancel, .become: true
        default: false
        }
    }
}

/// A cursor-row movement.
enum Movement: Hashable, Sendable {
    /// Move by this many rows (positive: down, to worse matches).
    case by(Int)
    /// Move by this many list pages.
    case pages(Int)
    /// The first row.
    case top
    /// The last row.
    case bottom
}

extension PickerState {
    /// Runs the actions that waited for the final list, in the order they were asked for.
    mutating func replayDeferredActions() -> [PickerEffect] {
        let actions = deferredActions
        deferredActions = []
        return PickerReducer.run(actions, on: &self)
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
    /// up (`-1`) or stays (`0`). When toggling removed the row (show-selected-only), the next
    /// row has moved into its place and the cursor lands there instead.
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

    /// The furthest preview-down goes: the preview's last line at the bottom of the pane.
    var maxPreviewScroll: Int {
        guard let previewLength else { return Int(Int32.max) }
        return max(0, previewLength - max(1, previewHeight - 1))
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
