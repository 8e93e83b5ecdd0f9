/// The help screen (`?` or F1): every key of the active key map with its action, grouped by
/// action in the order `PickerAction.named` lists them, then the mouse. It is generated from
/// the key map, so a `[pick.keys]` binding shows up here as it works.
public enum PickerHelp {
    /// One line of the listing before layout: the keys (`ctrl-a, home`) and what they do.
    public struct Entry: Hashable, Sendable {
        /// Key names, comma-separated.
        public var keys: String
        /// The action's name (`beginning-of-line`, `select-all+accept`), or a few words.
        public var action: String
    }

    /// The fixed part of the listing: what the mouse does, and typing.
    static let mouseEntries = [
        Entry(keys: "click", action: "move there, pick a scope"),
        Entry(keys: "double-click", action: "accept"),
        Entry(keys: "right-click, shift-click", action: "toggle"),
        Entry(keys: "wheel", action: "up/down, scroll preview"),
        Entry(keys: "other characters", action: "type into the query"),
    ]

    /// Every bound key, by action: single actions in the standard order, then chains and
    /// commands (`execute:…`) in binding order, then the mouse. Keys bound to `ignore` are
    /// left out.
    public static func entries(for keyMap: PickerKeyMap) -> [Entry] {
        var entries: [Entry] = []
        var listed: Set<[PickerAction]> = []
        for (name, action) in PickerAction.named where action != .ignore {
            let keys = keyMap.keys(for: [action])
            listed.insert([action])
            if !keys.isEmpty { entries.append(Entry(keys: names(keys), action: name)) }
        }
        for binding in keyMap.bindings where !listed.contains(binding.actions) {
            listed.insert(binding.actions)
            let action = binding.actions.map(\.name).joined(separator: "+")
            entries.append(Entry(keys: names(keyMap.keys(for: binding.actions)), action: shortened(action)))
        }
        return entries + mouseEntries
    }

    /// The most characters of a chain or command the listing shows (the rest becomes `…`), so
    /// a long `execute:` does not push the listing into one column.
    static let actionLimit = 24

    private static func shortened(_ action: String) -> String {
        action.count <= actionLimit ? action : String(action.prefix(actionLimit - 1)) + "…"
    }

    private static func names(_ keys: [Key]) -> String {
        keys.map(\.name).joined(separator: ", ")
    }

    /// The listing laid out for the screen: in the fewest columns (up to 3) that fit it on
    /// one page of `pageHeight` rows within `width`; when none does, in the most columns that
    /// fit the width (the rest scrolls). Keys are left-aligned, actions aligned after them
    /// within each column, and entries run down each column.
    public static func lines(for keyMap: PickerKeyMap, width: Int, pageHeight: Int) -> [String] {
        let entries = entries(for: keyMap)
        let layouts = (1...3).map { layout(entries, columns: $0) }
        let fitting = layouts.filter { $0.width <= width || $0.columns == 1 }
        let chosen = fitting.first { $0.lines.count <= pageHeight } ?? fitting.last ?? layouts[0]
        return chosen.lines
    }

    /// `entries` in `columns` columns three spaces apart, and the width that takes.
    private static func layout(_ entries: [Entry], columns: Int) -> (columns: Int, width: Int, lines: [String]) {
        let rows = max(1, (entries.count + columns - 1) / columns)
        let texts = stride(from: 0, to: entries.count, by: rows).map {
            column(Array(entries[$0..<min($0 + rows, entries.count)]))
        }
        let widths = texts.map { column in column.map { DisplayWidth.of($0) }.max() ?? 0 }
        let gap = 3
        let lines = (0..<rows).map { row in
            var line = "  "
            for (index, text) in texts.enumerated() where row < text.count {
                line += text[row]
                if index < texts.count - 1 {
                    line += String(repeating: " ", count: widths[index] - DisplayWidth.of(text[row]) + gap)
                }
            }
            return line
        }
        return (texts.count, 2 + widths.reduce(0, +) + gap * max(0, texts.count - 1), lines)
    }

    /// Keys wider than this push their action right rather than every action of the column,
    /// so two columns fit 80 columns.
    static let keysAlignment = 13

    /// One column's entries as `keys  action` with the actions aligned (see `keysAlignment`).
    private static func column(_ entries: [Entry]) -> [String] {
        let keysWidth = min(entries.map { DisplayWidth.of($0.keys) }.max() ?? 0, keysAlignment)
        return entries.map { entry in
            entry.keys + String(repeating: " ", count: max(0, keysWidth - DisplayWidth.of(entry.keys)) + 2) + entry.action
        }
    }

    /// The help screen: a title, the page of the listing from `helpScroll`, and a footer
    /// that says how to close it (and scroll it, when it is longer than the screen).
    static func screen(_ state: PickerState, palette: PickerPalette) -> [StyledLine] {
        let lines = state.helpLines
        let page = state.helpPageHeight
        var screen: [StyledLine] = []
        var title = StyledLine()
        title.append("  Keys", style: palette.prompt)
        title.append(" (the defaults, with the config file's [pick.keys] over them)", style: palette.hint)
        screen.append(title)
        for index in 0..<page {
            var line = StyledLine()
            let shown = state.helpScroll + index
            if shown < lines.count {
                line.append(StyledLine.truncate(StyledLine.cells(of: lines[shown]), toColumns: state.width))
            }
            screen.append(line)
        }
        var footer = StyledLine()
        let more = lines.count > page
        footer.append(more ? "  ↑/↓ PgUp/PgDn scroll · any other key closes this help" : "  any key closes this help",
                      style: palette.hint)
        screen.append(footer)
        return screen
    }
}

extension PickerState {
    /// The rows the help listing gets: the screen minus its title and footer.
    var helpPageHeight: Int { max(1, height - 2) }

    /// The help listing laid out for this screen.
    var helpLines: [String] { PickerHelp.lines(for: keyMap, width: width, pageHeight: helpPageHeight) }
}
