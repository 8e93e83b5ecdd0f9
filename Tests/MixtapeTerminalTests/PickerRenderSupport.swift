import MixtapeCore
@testable import MixtapeTerminal
import Testing

/// A rendered line taken apart: each Character of what the terminal shows, with the SGR
/// parameters in force when it is drawn ("" for the default look).
func styledCharacters(_ line: String) -> [(character: Character, style: String)] {
    let scalars = Array(line.unicodeScalars)
    var shown = String.UnicodeScalarView()
    var styles: [String] = [] // one per shown scalar
    var current = ""
    var index = 0
    while index < scalars.count {
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
            var end = index + 2
            var parameters = ""
            while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) {
                parameters.unicodeScalars.append(scalars[end])
                end += 1
            }
            if end < scalars.count, scalars[end] == "m" {
                current = parameters == "0" || parameters.isEmpty ? "" : parameters
            }
            index = end + 1
            continue
        }
        shown.append(scalars[index])
        styles.append(current)
        index += 1
    }
    var offset = 0
    return String(shown).map { character in
        defer { offset += character.unicodeScalars.count }
        return (character, styles[offset])
    }
}

/// What the terminal shows for a rendered line, without its styling.
func plain(_ line: String) -> String {
    String(styledCharacters(line).map(\.character))
}

/// The characters of a rendered line drawn in `style` (as the last parameters in force, so a
/// highlight on the cursor row counts too), concatenated.
func characters(in line: String, styledWith style: String) -> String {
    String(styledCharacters(line).filter { !style.isEmpty && $0.style.hasSuffix(style) }.map(\.character))
}

/// Every SGR parameter list in a rendered line, in order; nil when the line holds an escape
/// or control character that is not part of a well-formed `ESC [ digits;… m`.
func sgrParameters(_ line: String) -> [String]? {
    let scalars = Array(line.unicodeScalars)
    var found: [String] = []
    var index = 0
    while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\u{1B}" {
            guard index + 1 < scalars.count, scalars[index + 1] == "[" else { return nil }
            var end = index + 2
            var parameters = ""
            while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) {
                parameters.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, scalars[end] == "m" else { return nil }
            found.append(parameters)
            index = end + 1
            continue
        }
        if StyledLine.isControl(scalar) { return nil }
        index += 1
    }
    return found
}

/// Rows for the render tests, by id: titles in several scripts and durations of different
/// widths.
let sampleRows: [(id: ItemID, content: PickerRowContent)] = [
    ("The Beatles - Help! (Live) - Anthology 2", "4:12"),
    ("The Beatles - Twist and Shout (Live) - Live at the BBC, Volume 2 (Remastered Deluxe)", "2:33"),
    ("坂本龍一 - 戦場のメリークリスマス - Merry Christmas Mr. Lawrence (Original Soundtrack)", "4:59"),
    ("Beyonce\u{301} - Halo - I Am... Sasha Fierce", "4:21"),
    ("🎸🔥 Rock", "3:03"),
    ("👨‍👩‍👧 family podcast - Episode 1", "1:02:33"),
    ("방탄소년단 - Dynamite", ""),
].enumerated().map { index, row in
    (item(String(index)), PickerRowContent(text: row.0, trailing: row.1))
}

/// The content of `id` among `sampleRows` (a placeholder for any other id).
func sampleRow(_ id: ItemID) -> PickerRowContent {
    sampleRows.first { $0.id == id }?.content ?? PickerRowContent(text: "?")
}

/// A picker showing `sampleRows` (or `rows`) as final results out of 104,118 items.
func samplePicker(
    width: Int = 80, height: Int = 24, query: String = "beat live", scope: Scope = .music,
    rows: [ItemID] = sampleRows.map(\.id), selected: [ItemID] = [item("0")],
    preview: Bool = false, final: Bool = true
) -> PickerHarness {
    var picker = PickerHarness(PickerState(
        query: query, scope: scope, selection: PickerSelection(selected),
        previewVisible: preview, width: width, height: height
    ))
    picker.deliver(rows, total: 104_118, final: final)
    return picker
}

/// The frame for `state` with the sample rows and `preview` lines.
func render(
    _ state: PickerState, palette: PickerPalette = .color, preview: [String] = []
) -> PickerFrame {
    PickerRenderer.frame(state, palette: palette, row: sampleRow, preview: preview)
}
