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
    /// scope than the current one are stale and ignored. `note` is something about the query
    /// worth a word in the status line (a `word:` that names no field, matched as text).
    case results(query: String, scope: Scope, ids: ItemIDList, total: Int, final: Bool, matches: Int? = nil,
                 note: String? = nil)
    /// `query` cannot be parsed (`message` says why, e.g. an unknown field): the list empties
    /// and the status line shows the message until the query changes. Stale like `results`.
    case queryProblem(query: String, scope: Scope, message: String)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
    /// The player's state in one line ("playing: Help!", "mpv is not installed"), shown at the
    /// bottom of the picker; nil clears it. Sent by whoever carries out `.play`, `.enqueue`
    /// and `.stopPlayback`, whenever it has news.
    case playerStatus(String?)
    /// The preview pane's text for the current item has this many lines, so preview-down
    /// stops at its end.
    case previewLength(Int)
}

/// What the reducer asks its driver to do; the reducer itself performs no I/O.
public enum PickerEffect: Hashable, Sendable {
    /// Start matching `query` in `scope`, cancelling any match still running.
    case match(query: String, scope: Scope)
    /// Redraw the screen from the state.
    case render
    /// Enter: save `selection` (in the order the items were selected) and exit 0.
    case accept(selection: [ItemID])
    /// Esc, Ctrl-C, Ctrl-G or Ctrl-Q (abort): leave the saved selection alone and exit 130.
    case cancel
    /// Show this item in the preview pane (nil: nothing under the cursor). Only emitted while
    /// the preview is visible.
    case preview(ItemID?)
    /// `play`: play this item now, in the background, replacing what `play` started before
    /// (audition). The picker never waits for it.
    case play(ItemID)
    /// `enqueue`: add these items to the player's queue: the selection in selection order, or
    /// the item under the cursor when nothing is selected.
    case enqueue([ItemID])
    /// `stop`: stop what `play` started.
    case stopPlayback
    /// `execute:CMD`: leave the screen, run `sh -c command` on the terminal with `item`'s
    /// placeholders (`{id}`, `{location}`, JSON keys) filled in, then take the screen back and
    /// redraw everything.
    case execute(command: String, item: ItemID?)
    /// `become:CMD`: give the terminal back and replace mixtape with `sh -c command` (with
    /// `item`'s placeholders filled in). The saved selection is left alone, as on cancel.
    case become(command: String, item: ItemID?)
    /// `clear-screen` (Ctrl-L): repaint the whole screen, not just what changed.
    case clearScreen
}
