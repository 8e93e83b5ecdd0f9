/// Turns successive frames into the bytes that update a terminal, rewriting only lines that
/// changed: typing one character changes the query line, the status and a few rows, and
/// sending just those keeps the picker fluid over slow links and free of flicker.
///
/// Each update is wrapped in synchronized-output markers (`CSI ? 2026 h` … `CSI ? 2026 l`),
/// so terminals that support them show it at once; others ignore them. The cursor is hidden
/// while lines are drawn and shown again at its place in the query line.
///
/// A changed line is written as `CSI row ; 1 H`, `CSI K`, then the line. Erasing before
/// writing (not after) matters: a line that fills the last column leaves the terminal in its
/// pending-wrap state, where `CSI K` would erase that last character.
public struct ScreenPainter: Sendable {
    /// The frame on screen, nil when the screen's content is unknown (first paint, after
    /// `invalidate()`).
    private var onScreen: PickerFrame?

    /// A painter that will redraw everything on its first paint.
    public init() {}

    /// The bytes that turn the screen from the last painted frame into `frame`. The first
    /// frame, one of a different size, or the first after `invalidate()` clears the screen
    /// and draws every line; otherwise only the lines that differ are rewritten. The cursor is
    /// always moved to the frame's cursor position.
    public mutating func paint(_ frame: PickerFrame) -> [UInt8] {
        let previous = onScreen.flatMap {
            $0.width == frame.width && $0.height == frame.height ? $0 : nil
        }
        var out = "\u{1B}[?2026h\u{1B}[?25l"
        if previous == nil { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        for (index, line) in frame.lines.enumerated() {
            if let previous {
                if index < previous.lines.count, previous.lines[index] == line { continue }
            } else if line.isEmpty {
                continue // the screen was just cleared
            }
            out += "\u{1B}[\(index + 1);1H\u{1B}[K" + line
        }
        let row = max(0, frame.cursorRow) + 1
        let column = max(0, frame.cursorColumn) + 1
        out += "\u{1B}[\(row);\(column)H\u{1B}[?25h\u{1B}[?2026l"
        onScreen = frame
        return Array(out.utf8)
    }

    /// Forgets what is on screen, so the next paint redraws everything — after a resize
    /// (SIGWINCH), a suspend and resume, or anything else that wrote to the terminal.
    public mutating func invalidate() {
        onScreen = nil
    }
}
