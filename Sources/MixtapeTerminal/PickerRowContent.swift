/// What the renderer needs to draw one item's row; the driver supplies it per visible id.
///
/// The renderer knows no `MediaItem`: the driver decides what a row says (and formats the
/// duration), and the matcher's positions arrive as scalar offsets, the unit it scores in.
public struct PickerRowContent: Hashable, Sendable {
    /// The item's line, e.g. `The Beatles - Help! - Anthology 2`. Control characters in it are
    /// shown as a substitute, never sent to the terminal.
    public var text: String
    /// Ascending offsets into `text.unicodeScalars` to highlight (the match positions). A
    /// Character is highlighted when any of its scalars is; offsets cut off by truncation or
    /// out of range are ignored.
    public var highlights: [Int]
    /// The right-aligned column, e.g. the duration `4:12`; may be empty.
    public var trailing: String

    /// A row's content; highlights and trailing column are optional.
    public init(text: String, highlights: [Int] = [], trailing: String = "") {
        self.text = text
        self.highlights = highlights
        self.trailing = trailing
    }
}
