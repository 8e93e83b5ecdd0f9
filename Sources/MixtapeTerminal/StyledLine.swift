/// One screen line under construction: a run of cells, each one grapheme cluster with its
/// display width and SGR style, so the renderer can measure, truncate, pad and style text
/// without ever splitting a cluster or counting an escape sequence as a column.
///
/// Text enters only through `cells(of:style:)`, which replaces control characters with a
/// visible substitute: item metadata comes from files we do not control, and a title holding
/// `ESC ] 0 ; …` or a C1 `CSI` must not be able to retitle, clear or reprogram the terminal.
/// Escape sequences are added only by `rendered`, around runs of equal style, each run
/// closed with a reset (`ESC [ 0 m`).
struct StyledLine: Hashable, Sendable {
    /// One grapheme cluster (already sanitised) and how to draw it.
    struct Cell: Hashable, Sendable {
        /// The cluster's text; never holds a control character.
        var text: String
        /// Its display width (0, 1 or 2).
        var width: Int
        /// SGR parameters, e.g. `1;32`; empty for the terminal's default look.
        var style: String
    }

    /// Shown for a control character in item text, query or preview.
    static let substitute: Unicode.Scalar = "\u{FFFD}"

    /// The style every cell is drawn with underneath its own (the cursor row's background).
    var base: String
    /// The cells, left to right.
    private(set) var cells: [Cell] = []
    /// The line's display width: the sum of the cells' widths.
    private(set) var width: Int = 0

    /// An empty line whose cells are all drawn over `base`.
    init(base: String = "") {
        self.base = base
    }

    /// Appends `text`, Character by Character, in `style`.
    mutating func append(_ text: String, style: String = "") {
        append(Self.cells(of: text, style: style))
    }

    /// Appends ready-made cells.
    mutating func append(_ more: [Cell]) {
        cells.append(contentsOf: more)
        width += more.reduce(0) { $0 + $1.width }
    }

    /// Appends spaces in `style` until the line is `columns` wide (nothing if it is already).
    mutating func pad(to columns: Int, style: String = "") {
        guard columns > width else { return }
        append(String(repeating: " ", count: columns - width), style: style)
    }

    /// Drops cells from the right until the line is at most `columns` wide — a hard cut for
    /// chrome on tiny screens, where even an ellipsis may not fit.
    mutating func clip(to columns: Int) {
        while width > max(0, columns), let last = cells.popLast() {
            width -= last.width
        }
    }

    /// The line as terminal text: runs of equal style wrapped in `ESC [ … m` and a reset.
    var rendered: String {
        var out = ""
        var index = cells.startIndex
        while index < cells.endIndex {
            let style = Self.combine(base, cells[index].style)
            var run = ""
            while index < cells.endIndex, Self.combine(base, cells[index].style) == style {
                run += cells[index].text
                index += 1
            }
            out += style.isEmpty ? run : "\u{1B}[" + style + "m" + run + "\u{1B}[0m"
        }
        return out
    }

    /// `base` then `own`, as one SGR parameter list (later parameters win in a terminal).
    static func combine(_ base: String, _ own: String) -> String {
        if base.isEmpty { return own }
        if own.isEmpty { return base }
        return base + ";" + own
    }

    /// `text` as cells in `style`, one per Character, control characters replaced.
    static func cells(of text: String, style: String = "") -> [Cell] {
        text.map { cell(of: $0, style: style) }
    }

    /// One Character as a cell: a tab becomes a space, any other control scalar (C0, DEL, C1,
    /// which includes ESC and the 8-bit CSI) becomes U+FFFD, and the width is measured after.
    static func cell(of character: Character, style: String) -> Cell {
        let scalars = character.unicodeScalars
        guard scalars.contains(where: isControl) else {
            return Cell(text: String(character), width: DisplayWidth.of(character), style: style)
        }
        var clean = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar == "\t" {
                clean.append(" ")
            } else {
                clean.append(isControl(scalar) ? substitute : scalar)
            }
        }
        let text = String(clean)
        return Cell(text: text, width: DisplayWidth.of(text), style: style)
    }

    /// True for the scalars a terminal may act on rather than draw: C0, DEL and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `cells` cut to at most `columns` columns with `…` (in `ellipsisStyle`) when anything is
    /// cut — the same rule as `DisplayWidth.truncate`, applied to cells so styles survive: the
    /// longest prefix that leaves one column for the ellipsis, a wide cell that would straddle
    /// the limit dropped whole. Zero or negative `columns` gives no cells.
    static func truncate(_ cells: [Cell], toColumns columns: Int, ellipsisStyle: String = "") -> [Cell] {
        guard columns > 0 else { return [] }
        guard cells.reduce(0, { $0 + $1.width }) > columns else { return cells }
        var kept: [Cell] = []
        var used = 0
        for cell in cells {
            if used + cell.width > columns - 1 { break }
            kept.append(cell)
            used += cell.width
        }
        kept.append(Cell(text: "…", width: 1, style: ellipsisStyle))
        return kept
    }
}
