import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// Draws picker states: gathers what each visible row shows (line, match positions, duration)
/// and the preview pane's text, renders a frame, and paints only what changed since the last.
struct PickScreen {
    let palette: PickerPalette
    /// Nil until the matching thread has loaded it; rows are drawn only after that.
    var catalog: PickCatalog?
    private var painter = ScreenPainter()
    /// The preview pane's text, as `PickPreviewer` last answered.
    private var previewLines: [String] = []
    /// The text part of the last query drawn, parsed once per query for highlighting.
    private var highlightQuery: (text: String, query: TextQuery)?

    init(palette: PickerPalette) {
        self.palette = palette
    }

    /// The bytes that bring the terminal from the last frame to `state`.
    mutating func draw(_ state: PickerState) -> [UInt8] {
        let query = textQuery(of: state.query)
        let frame: PickerFrame
        if let catalog {
            frame = PickerRenderer.frame(state, palette: palette, row: { id in
                catalog.rowContent(id, highlighting: query)
            }, preview: previewLines)
        } else {
            frame = PickerRenderer.frame(state, palette: palette, row: { PickerRowContent(text: $0.rawValue) },
                                         preview: previewLines)
        }
        return painter.paint(frame)
    }

    /// Shows `lines` in the preview pane from the next frame on; returns how many there are.
    mutating func showPreview(_ lines: [String]) -> Int {
        previewLines = lines
        return lines.count
    }

    /// The next frame repaints everything (after a resize).
    mutating func invalidate() { painter.invalidate() }

    /// The terms of `text` that the matcher ranks, which are the ones to highlight; none when
    /// the query does not parse.
    private mutating func textQuery(of text: String) -> TextQuery {
        if let held = highlightQuery, held.text == text { return held.query }
        let query = (try? Query(parsing: text)).map { QueryPlan($0).textQuery } ?? TextQuery()
        highlightQuery = (text, query)
        return query
    }
}
