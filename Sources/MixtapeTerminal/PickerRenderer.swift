import MixtapeCore

/// The SGR styles the picker draws with, as parameter lists (`1;32`; empty: the terminal's
/// default look), so colour is one value the driver picks — `color`, or `monochrome` when
/// `NO_COLOR` is set or the terminal cannot show colour — and the renderer stays the same.
public struct PickerPalette: Hashable, Sendable {
    /// The `> ` before the query.
    public var prompt: String
    /// The current scope in the scope bar, `[Music]`.
    public var currentScope: String
    /// Key hints at the right of the scope bar and status line.
    public var hint: String
    /// The ` …` after the status while results are still arriving.
    public var busy: String
    /// A query problem in the status line.
    public var problem: String
    /// The whole cursor row, under every other style on it.
    public var cursorRow: String
    /// The `>` at the start of the cursor row.
    public var cursorMarker: String
    /// The `▌` at the start of a selected row.
    public var selectedMarker: String
    /// Matched characters in a row.
    public var highlight: String
    /// The right-aligned column of a row (the duration).
    public var trailing: String
    /// The line above the preview pane.
    public var separator: String

    /// A palette from its styles; most callers want `color` or `monochrome`.
    public init(
        prompt: String, currentScope: String, hint: String, busy: String, problem: String,
        cursorRow: String, cursorMarker: String, selectedMarker: String, highlight: String,
        trailing: String, separator: String
    ) {
        self.prompt = prompt
        self.currentScope = currentScope
        self.hint = hint
        self.busy = busy
        self.problem = problem
        self.cursorRow = cursorRow
        self.cursorMarker = cursorMarker
        self.selectedMarker = selectedMarker
        self.highlight = highlight
        self.trailing = trailing
        self.separator = separator
    }

    /// fzf's default look on a dark or light terminal: green bold matches, a dark grey cursor
    /// row with its own light foreground (readable whatever the terminal's colours are), a red
    /// pointer, a magenta selection marker, dim hints.
    public static let color = PickerPalette(
        prompt: "1;36", currentScope: "1;30;46", hint: "2", busy: "33", problem: "1;31",
        cursorRow: "1;38;5;254;48;5;236", cursorMarker: "1;31", selectedMarker: "35",
        highlight: "1;32", trailing: "2", separator: "2"
    )

    /// For `NO_COLOR` (no-color.org): attributes only — bold, underline, reverse — and no
    /// colour or dim parameter, so every cue still shows on any terminal.
    public static let monochrome = PickerPalette(
        prompt: "1", currentScope: "1;7", hint: "", busy: "", problem: "1",
        cursorRow: "7", cursorMarker: "1", selectedMarker: "1",
        highlight: "1;4", trailing: "", separator: ""
    )
}

/// Draws a `PickerState` as a `PickerFrame`: a pure function of the state, the palette, the
/// rows' content and the preview text, so every screen is testable without a terminal.
///
/// The screen, top to bottom (picker.md):
/// ```
/// > beat live                                        query line, terminal cursor in it
///   All [Music] Podcasts  …               Ctrl-T scope scope bar, current scope marked
///   2,340/104,118 · 12 selected …   Tab select · …  status, problems, key hints
/// >▌ The Beatles - Help! (Live) - Anthology 2   4:12 list: cursor, selection, text, duration
/// ───────────── preview ─────────────                preview pane (Ctrl-O)
///   Title: Help!
/// ```
/// Every line is laid out in display columns (`DisplayWidth`), so wide and combining
/// characters keep the right column aligned; text that does not fit is cut with `…` and never
/// wraps; control characters from item text become U+FFFD (see `StyledLine`). On screens too
/// small for all of it, lines are cut at the width and the bottom ones dropped; nothing traps.
public enum PickerRenderer {
    /// The prompt before the query.
    static let prompt = "> "
    /// Right-hand hints for the scope bar, longest first; the first that fits is shown. Keys
    /// are named from the key map, so a rebinding shows.
    static func scopeHints(_ keys: PickerKeyMap) -> [String] {
        hints(keys, [([.nextScope], "scope"), ([.showHelp], "keys")], dropping: [[.nextScope]])
    }

    /// Right-hand hints for the status line, longest first: the listening keys first, since
    /// nothing else tells of them, then selecting and accepting.
    static func statusHints(_ keys: PickerKeyMap) -> [String] {
        hints(keys, [([.play], "play"), ([.enqueue], "enqueue"), ([.stop], "stop"),
                     ([.toggleDown], "select"), ([.accept], "accept")],
              dropping: [[.accept], [.toggleDown], [.stop], [.enqueue]])
    }

    /// `Alt-P play · Alt-E enqueue · …` for the actions that have a key, then the same with
    /// each of `dropping` left out in turn (shorter hints for narrower screens).
    static func hints(_ keys: PickerKeyMap, _ wanted: [([PickerAction], String)],
                      dropping: [[PickerAction]]) -> [String] {
        var shown = wanted
        var result: [String] = []
        for drop in [[]] + dropping {
            shown.removeAll { $0.0 == drop }
            let parts = shown.compactMap { actions, label in
                keys.keys(for: actions).first.map { hintName($0) + " " + label }
            }
            if !parts.isEmpty { result.append(parts.joined(separator: " · ")) }
        }
        return result
    }

    /// A key as the hints write it: `Alt-P`, `Ctrl-T`, `Tab`, `?`.
    static func hintName(_ key: Key) -> String {
        key.name.split(separator: "-", omittingEmptySubsequences: false).map { part in
            part.count > 1 ? part.prefix(1).uppercased() + part.dropFirst() : part.uppercased()
        }.joined(separator: "-")
    }
    /// The title centred in the preview separator.
    static let previewTitle = " preview "
    /// Columns before a row's text: pointer, selection marker, space.
    static let rowPrefixWidth = 3
    /// A row drops its trailing column rather than leave its text fewer columns than this.
    static let minimumTextColumns = 4

    /// The screen for `state`: `row` gives the content of each visible item (it is asked only
    /// for the rows on screen), `preview` the preview pane's lines (ignored while it is hidden).
    public static func frame(
        _ state: PickerState, palette: PickerPalette,
        row: (ItemID) -> PickerRowContent, preview: [String]
    ) -> PickerFrame {
        let width = max(0, state.width)
        let height = max(0, state.height)
        let (query, cursorColumn) = queryLine(state, palette: palette)
        var lines: [StyledLine]
        if state.helpVisible {
            lines = PickerHelp.screen(state, palette: palette)
        } else {
            lines = [query, scopeBar(state, palette: palette), statusLine(state, palette: palette)]
            let rows = state.visibleRows
            for index in 0..<state.listHeight {
                guard index < rows.count else {
                    lines.append(StyledLine())
                    continue
                }
                lines.append(listRow(rows[index], row(rows[index].id), width: width, palette: palette))
            }
            if state.previewHeight > 0 {
                let shown = Array(preview.dropFirst(min(state.previewScroll, max(0, preview.count - 1))))
                lines += previewPane(shown, height: state.previewHeight, width: width, palette: palette)
            }
            if let player = state.playerStatus { lines.append(playerLine(player, width: width, palette: palette)) }
        }
        lines = Array(lines.prefix(height))
        while lines.count < height { lines.append(StyledLine()) }
        let rendered = lines.map { line in
            var line = line
            line.clip(to: width)
            return line.rendered
        }
        return PickerFrame(
            lines: rendered, cursorRow: 0,
            cursorColumn: state.helpVisible ? 0 : min(cursorColumn, max(0, width - 1)),
            width: width, height: height
        )
    }

    // MARK: Chrome

    /// `> ` and the query, scrolled sideways when it is too wide so the text cursor stays on
    /// screen (a leading `…` says text is hidden to the left); and the cursor's column.
    static func queryLine(_ state: PickerState, palette: PickerPalette) -> (StyledLine, Int) {
        var line = StyledLine()
        line.append(prompt, style: palette.prompt)
        let cells = StyledLine.cells(of: state.query)
        let cursor = min(max(state.queryCursor, 0), cells.count)
        let room = state.width - prompt.count
        let start = queryWindowStart(cells, cursor: cursor, room: room)
        var shown: [StyledLine.Cell] = []
        if start > 0 { shown.append(StyledLine.Cell(text: "…", width: 1, style: "")) }
        shown += StyledLine.truncate(Array(cells[start...]), toColumns: room - shown.count)
        line.append(shown)
        let column = prompt.count + (start > 0 ? 1 : 0) + columns(cells[start..<cursor])
        return (line, column)
    }

    /// The first query Character on screen: 0 when the text before the cursor leaves the
    /// cursor inside the line; otherwise the first that puts the cursor in the line's last
    /// column after the leading `…`.
    static func queryWindowStart(_ cells: [StyledLine.Cell], cursor: Int, room: Int) -> Int {
        var before = columns(cells[..<cursor])
        guard before > room - 1 else { return 0 }
        var start = 0
        while start < cursor, 1 + before > room - 1 {
            before -= cells[start].width
            start += 1
        }
        return max(start, 1)
    }

    /// Every scope with the current one as `[Music]`, and the Ctrl-T hint at the right. A label
    /// is padded with a space each side, and the brackets of the current one take the place of
    /// that padding, so the bar never shifts as the scope changes. When the bar is too wide it
    /// starts further right (behind `…`) so that the current scope stays visible.
    static func scopeBar(_ state: PickerState, palette: PickerPalette) -> StyledLine {
        let (labels, first) = scopeLabels(state)
        let current = Scope.allCases.firstIndex(of: state.scope) ?? 0
        var line = StyledLine()
        line.append(first > 0 ? "…" : " ")
        for index in first..<labels.count {
            line.append(labels[index], style: index == current ? palette.currentScope : "")
        }
        return fitted(line, hints: scopeHints(state.keyMap), width: state.width, palette: palette)
    }

    /// The scope bar's labels, the current one in brackets, and the first one shown: when the
    /// bar is too wide it starts further right so the current scope stays visible.
    static func scopeLabels(_ state: PickerState) -> (labels: [String], first: Int) {
        let scopes = Scope.allCases
        let labels = scopes.map { $0 == state.scope ? "[\(label($0))]" : " \(label($0)) " }
        let current = scopes.firstIndex(of: state.scope) ?? 0
        // The columns from label `first` to the end of the current one, after the indent,
        // plus one for the `…` that cuts the line when labels follow.
        func needed(from first: Int) -> Int {
            let ellipsis = current < labels.count - 1 ? 1 : 0
            return 1 + labels[first...current].reduce(0) { $0 + DisplayWidth.of($1) } + ellipsis
        }
        var first = 0
        while first < current, needed(from: first) > state.width { first += 1 }
        return (labels, first)
    }

    /// The scope whose label is drawn at `column` of the scope bar, nil between or after them.
    static func scope(_ state: PickerState, atColumn column: Int) -> Scope? {
        let (labels, first) = scopeLabels(state)
        var start = 1
        for index in first..<labels.count {
            let end = start + DisplayWidth.of(labels[index])
            if column >= start, column < end, end <= state.width { return Scope.allCases[index] }
            start = end
        }
        return nil
    }

    /// The query Character a click at `column` of the query line puts the text cursor before:
    /// the one drawn there, or the end of the query right of it (the inverse of `queryLine`).
    static func queryIndex(_ state: PickerState, atColumn column: Int) -> Int {
        let cells = StyledLine.cells(of: state.query)
        let cursor = min(max(state.queryCursor, 0), cells.count)
        let start = queryWindowStart(cells, cursor: cursor, room: state.width - prompt.count)
        var left = prompt.count + (start > 0 ? 1 : 0)
        guard column >= left else { return start }
        for index in start..<cells.count {
            left += cells[index].width
            if column < left { return index }
        }
        return cells.count
    }

    /// The player's line: its status, dimmed like the hints, after a note sign.
    static func playerLine(_ status: String, width: Int, palette: PickerPalette) -> StyledLine {
        var line = StyledLine()
        line.append("  ♪ ", style: palette.hint)
        line.append(StyledLine.truncate(StyledLine.cells(of: status), toColumns: width - line.width))
        return line
    }

    /// The scope's name in the scope bar.
    static func label(_ scope: Scope) -> String {
        switch scope {
        case .all: "All"
        case .music: "Music"
        case .podcasts: "Podcasts"
        case .audiobooks: "Audiobooks"
        case .movies: "Movies"
        case .tv: "TV"
        case .videos: "Videos"
        }
    }

    /// `2,340/104,118 · 12 selected`, then ` …` while results arrive, ` · selected only` with
    /// Ctrl-S, and the query's problem; key hints at the right when there is room.
    static func statusLine(_ state: PickerState, palette: PickerPalette) -> StyledLine {
        var line = StyledLine()
        line.append("  " + state.statusText)
        if !state.resultsFinal { line.append(" …", style: palette.busy) }
        if state.showSelectedOnly { line.append(" · selected only") }
        if let problem = state.queryProblem {
            line.append(" · ")
            line.append(problem, style: palette.problem)
        } else if let note = state.queryNote {
            line.append(" · ")
            line.append(note, style: palette.hint)
        }
        return fitted(line, hints: statusHints(state.keyMap), width: state.width, palette: palette)
    }

    /// `line` cut to `width` with `…` when too wide; otherwise with the longest of `hints`
    /// that fits right-aligned after a gap of two columns.
    static func fitted(
        _ line: StyledLine, hints: [String], width: Int, palette: PickerPalette
    ) -> StyledLine {
        guard line.width <= width else {
            var cut = StyledLine(base: line.base)
            cut.append(StyledLine.truncate(line.cells, toColumns: width))
            return cut
        }
        var line = line
        for hint in hints {
            let hintWidth = DisplayWidth.of(hint)
            if line.width + 2 + hintWidth <= width {
                line.pad(to: width - hintWidth)
                line.append(hint, style: palette.hint)
                break
            }
        }
        return line
    }

    // MARK: List and preview

    /// One list row: `>` on the cursor row, `▌` on a selected one, a space, the text cut to
    /// leave room for the trailing column, which ends at the right edge. The cursor row is
    /// styled across the whole width.
    static func listRow(
        _ row: PickerRow, _ content: PickerRowContent, width: Int, palette: PickerPalette
    ) -> StyledLine {
        var line = StyledLine(base: row.isCursor ? palette.cursorRow : "")
        line.append(row.isCursor ? ">" : " ", style: row.isCursor ? palette.cursorMarker : "")
        line.append(row.isSelected ? "▌" : " ", style: row.isSelected ? palette.selectedMarker : "")
        line.append(" ")
        let trailing = StyledLine.cells(of: content.trailing, style: palette.trailing)
        let trailingWidth = columns(trailing[...])
        var textRoom = width - rowPrefixWidth
        let showTrailing = trailingWidth > 0 && textRoom - trailingWidth - 1 >= minimumTextColumns
        if showTrailing { textRoom -= trailingWidth + 1 }
        let text = textCells(content, highlight: palette.highlight)
        line.append(StyledLine.truncate(text, toColumns: textRoom))
        if showTrailing {
            line.pad(to: width - trailingWidth)
            line.append(trailing)
        }
        if row.isCursor { line.pad(to: width) }
        return line
    }

    /// The row text as cells, a Character styled as a match when any of its scalars is one of
    /// the highlight offsets — so a match on a combining accent lights its whole letter.
    static func textCells(_ content: PickerRowContent, highlight: String) -> [StyledLine.Cell] {
        let marked = Set(content.highlights)
        var offset = 0
        return content.text.map { character in
            let count = character.unicodeScalars.count
            let hit = !marked.isEmpty && (offset..<offset + count).contains(where: marked.contains)
            offset += count
            return StyledLine.cell(of: character, style: hit ? highlight : "")
        }
    }

    /// The separator with ` preview ` in the middle, then `preview`'s lines, indented and cut
    /// to the width; missing lines stay blank and extra ones are dropped.
    static func previewPane(
        _ preview: [String], height: Int, width: Int, palette: PickerPalette
    ) -> [StyledLine] {
        var lines = [separator(width: width, palette: palette)]
        for index in 0..<max(0, height - 1) {
            var line = StyledLine()
            if index < preview.count {
                line.append("  ")
                line.append(StyledLine.truncate(StyledLine.cells(of: preview[index]), toColumns: width - 2))
            }
            lines.append(line)
        }
        return lines
    }

    /// A `─` rule across the width with the preview title centred (plain rule when the title
    /// does not fit).
    static func separator(width: Int, palette: PickerPalette) -> StyledLine {
        let titleWidth = DisplayWidth.of(previewTitle)
        var line = StyledLine()
        guard width >= titleWidth + 4 else {
            line.append(String(repeating: "─", count: max(0, width)), style: palette.separator)
            return line
        }
        let left = (width - titleWidth) / 2
        let right = width - left - titleWidth
        line.append(String(repeating: "─", count: left), style: palette.separator)
        line.append(previewTitle, style: palette.separator)
        line.append(String(repeating: "─", count: right), style: palette.separator)
        return line
    }

    /// The display width of some cells.
    static func columns(_ cells: ArraySlice<StyledLine.Cell>) -> Int {
        cells.reduce(0) { $0 + $1.width }
    }
}
