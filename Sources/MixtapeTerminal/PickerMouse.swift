import MixtapeCore

/// What a cell of the picker screen shows, for the mouse: the query (and which Character a
/// click there puts the text cursor before), a scope of the scope bar, a list row, the preview.
public enum PickerHit: Hashable, Sendable {
    /// The query line; the text cursor goes to this Character index.
    case query(cursor: Int)
    /// A scope's label in the scope bar.
    case scope(Scope)
    /// A list row, as an index into `PickerState.listIDs`.
    case listRow(Int)
    /// The preview pane.
    case preview
    /// Anything else: the status line, blank rows, the player's line, the help screen.
    case nothing
}

extension PickerState {
    /// The screen row of the first list row (below query, scope bar and status line).
    public static var listTop: Int { chromeHeight }

    /// What is drawn at 0-based screen `row` and `column`, laid out as `PickerRenderer` lays
    /// the screen out.
    public func hit(row: Int, column: Int) -> PickerHit {
        guard !helpVisible, row >= 0, column >= 0, row < height else { return .nothing }
        switch row {
        case 0:
            return .query(cursor: PickerRenderer.queryIndex(self, atColumn: column))
        case 1:
            return PickerRenderer.scope(self, atColumn: column).map(PickerHit.scope) ?? .nothing
        case Self.listTop..<Self.listTop + listHeight:
            let index = scrollOffset + row - Self.listTop
            return index < listIDs.count ? .listRow(index) : .nothing
        case Self.listTop + listHeight..<Self.listTop + listHeight + previewHeight:
            return .preview
        default:
            return .nothing
        }
    }
}

/// The mouse, as in fzf 0.38: a click moves the cursor to the row (or the text cursor to the
/// clicked place in the query), a double click accepts, a right click or a click with Shift
/// (or Ctrl or Alt) toggles the row, the wheel moves the cursor, or scrolls the preview when
/// it is over the preview; and, mixtape's own, a click on the scope bar picks that scope.
/// Releases and drags do nothing.
enum PickerMouse {
    static func apply(_ mouse: MouseEvent, to state: inout PickerState) -> [PickerEffect] {
        guard mouse.isPress, !mouse.isMotion else { return [] }
        let hit = state.hit(row: mouse.row, column: mouse.column)
        switch mouse.button {
        case .wheelUp, .wheelDown:
            let step = mouse.button == .wheelUp ? -1 : 1
            if hit == .preview {
                return PickerReducer.run([step < 0 ? .previewUp : .previewDown], on: &state)
            }
            state.moveCursor(.by(step))
        case .left, .right:
            return click(hit, right: mouse.button == .right, mouse: mouse, state: &state)
        case .middle, .other:
            break
        }
        return []
    }

    private static func click(_ hit: PickerHit, right: Bool, mouse: MouseEvent,
                              state: inout PickerState) -> [PickerEffect] {
        switch hit {
        case .query(let cursor) where !right:
            state.queryCursor = cursor
        case .scope(let scope) where !right:
            state.scope = scope
        case .listRow(let index):
            state.cursorItem = state.listIDs[index]
            if right || !mouse.modifiers.isDisjoint(with: [.shift, .ctrl, .alt]) {
                state.toggleCurrent(thenMoveBy: 0)
            } else if mouse.isDoubleClick {
                return PickerReducer.run([.accept], on: &state)
            }
        default:
            break
        }
        return []
    }
}
