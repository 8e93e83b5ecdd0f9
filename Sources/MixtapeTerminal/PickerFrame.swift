/// One complete picker screen as styled text: what `PickerRenderer` produces from a state and
/// `ScreenPainter` turns into terminal bytes. A value, so a test can look at a screen and the
/// painter can compare it with the previous one line by line.
public struct PickerFrame: Hashable, Sendable {
    /// Exactly `height` screen lines, each styled with SGR sequences only (`ESC [ … m`, every
    /// styled span closed by `ESC [ 0 m`), none wider than `width` columns when displayed, and
    /// none holding a line break or any other control character outside those sequences.
    public var lines: [String]
    /// The 0-based screen row the terminal cursor goes to (the query line).
    public var cursorRow: Int
    /// The 0-based screen column the terminal cursor goes to: the text cursor in the query.
    public var cursorColumn: Int
    /// The screen width in columns the frame was laid out for.
    public var width: Int
    /// The screen height in rows the frame was laid out for (`lines.count`).
    public var height: Int

    /// A frame from its parts; the renderer is the usual source.
    public init(lines: [String], cursorRow: Int, cursorColumn: Int, width: Int, height: Int) {
        self.lines = lines
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        self.width = width
        self.height = height
    }
}
