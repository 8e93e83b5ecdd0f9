import MixtapeCore

/// Something that happens to the picker: a key press, a batch of results from the match
/// engine, or a terminal resize. The reducer turns each into state changes and effects.
public enum PickerEvent: Hashable, Sendable {
    /// A decoded key press (or paste).
    case key(Key)
    /// Ranked results for `query` in `scope`. `ids` are the matches delivered so far (best
    /// first), `total` the number of items searched, `final` false while the engine is still
    /// working, `matches` the number of matches when already known beyond `ids` (the engine
    /// sends the best page first and the whole list after). Results for any other query or
    /// scope than the current one are stale and ignored.
    case results(query: String, scope: Scope, ids: [ItemID], total: Int, final: Bool, matches: Int? = nil)
    /// `query` cannot be parsed (`message` says why, e.g. an unknown field): the list empties
    /// and the status line shows the message until the query changes. Stale like `results`.
    case queryProblem(query: String, scope: Scope, message: String)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
}

/// What the reducer asks its driver to do; the reducer itself performs no I/O.
public enum PickerEffect: Hashable, Sendable {
    /// Start matching `query` in `scope`, cancelling any match still running.
    case match(query: String, scope: Scope)
    /// Redraw the screen from the state.
    case render
    /// Enter: save `selection` (in the order the items were selected) and exit 0.
    case accept(selection: [ItemID])
    /// Esc, Ctrl-C or Ctrl-G: leave the saved selection alone and exit 130.
    case cancel
    /// Show this item in the preview pane (nil: nothing under the cursor). Only emitted while
    /// the preview is visible.
    case preview(ItemID?)
}
