import MixtapeCore
@testable import MixtapeTerminal
import Testing

@Suite("Picker renderer: layout")
struct PickerRendererLayoutTests {
    @Test func standardScreenShowsEverything() {
        var picker = samplePicker()
        picker.press(.down)
        let frame = render(picker.state)
        let lines = frame.lines.map(plain)
        #expect(frame.width == 80 && frame.height == 24 && lines.count == 24)
        #expect(lines[0] == "> beat live")
        #expect(frame.cursorRow == 0 && frame.cursorColumn == 11)
        #expect(lines[1].hasPrefix("  All [Music] Podcasts  Audiobooks  Movies  TV  Videos  "))
        #expect(lines[1].hasSuffix("Ctrl-T scope · ? keys") && DisplayWidth.of(lines[1]) == 80)
        #expect(characters(in: frame.lines[1], styledWith: PickerPalette.color.currentScope) == "[Music]")
        #expect(lines[2].hasPrefix("  7/104,118 · 1 selected"))
        #expect(lines[2].hasSuffix("  Alt-P play · Alt-E enqueue · Alt-X stop · Tab select"))
        #expect(lines[3].hasPrefix(" ▌ The Beatles - Help! (Live) - Anthology 2 "))
        #expect(lines[4].hasPrefix(">  The Beatles - Twist and Shout (Live)"))
        #expect(lines[5].hasPrefix("   坂本龍一 - 戦場のメリークリスマス"))
        for (offset, row) in sampleRows.enumerated() where !row.content.trailing.isEmpty {
            let line = lines[3 + offset]
            #expect(DisplayWidth.of(line) == 80 && line.hasSuffix(" " + row.content.trailing), "\(line)")
        }
        #expect(lines[9] == "   방탄소년단 - Dynamite")
        #expect(lines[10...].allSatisfy { $0.isEmpty }, "rows below the list end are blank")
    }

    @Test func cursorRowIsStyledAcrossTheWidth() {
        let frame = render(samplePicker().state)
        let cells = styledCharacters(frame.lines[3])
        #expect(DisplayWidth.of(plain(frame.lines[3])) == 80)
        #expect(cells.allSatisfy { $0.style.hasPrefix(PickerPalette.color.cursorRow) })
        #expect(styledCharacters(frame.lines[4]).allSatisfy { !$0.style.hasPrefix(PickerPalette.color.cursorRow) })
        #expect(cells.first?.character == ">" && cells[1].character == "▌")
    }

    @Test(arguments: [0, 1, 2, 5, 10, 40, 80, 200], [0, 1, 2, 3, 4, 24])
    func linesFitAnySize(width: Int, height: Int) {
        for preview in [false, true] {
            var picker = samplePicker(
                width: width, height: height, query: "坂本 beat live " + String(repeating: "龍x", count: 30),
                preview: preview, final: false
            )
            picker.press(.left)
            picker.press(.left)
            picker.press(.ctrl("s"))
            picker.send(.queryProblem(query: picker.state.query, scope: .music, message: "unknown field"))
            let frame = render(picker.state, preview: ["Title: 戦場のメリークリスマス", "Artist: 坂本龍一"])
            #expect(frame.lines.count == height)
            for line in frame.lines {
                #expect(DisplayWidth.of(plain(line)) <= width, "\(width)×\(height): \(plain(line))")
                #expect(sgrParameters(line) != nil, "only SGR sequences: \(line.debugDescription)")
            }
            #expect(frame.cursorColumn >= 0 && frame.cursorColumn < max(1, width))
            #expect(frame.cursorRow >= 0 && frame.cursorRow < max(1, height))
        }
    }

    @Test(arguments: [20, 40, 60, 80, 81, 120])
    func trailingColumnEndsAtTheRightEdge(width: Int) {
        var picker = samplePicker(width: width)
        picker.press(.modified(.end, .ctrl)) // the cursor row pads to the width; keep it off most rows
        let lines = render(picker.state).lines.map(plain)
        for (offset, row) in sampleRows.enumerated() where !row.content.trailing.isEmpty {
            let line = lines[3 + offset]
            let trailing = row.content.trailing
            #expect(line.hasSuffix(" " + trailing), "\(line)")
            #expect(DisplayWidth.of(line) == width, "trailing starts at \(width - DisplayWidth.of(trailing)): \(line)")
        }
    }

    @Test func longTextIsTruncatedWithAnEllipsis() {
        let lines = render(samplePicker(width: 40).state).lines.map(plain)
        let text = sampleRows[1].content.text
        #expect(lines[4] == "   " + DisplayWidth.truncate(text, toColumns: 40 - 3 - 5) + " 2:33")
        #expect(lines[4].contains("…") && !lines[4].contains("BBC"))
        #expect(lines[5].hasPrefix("   坂本龍一 - 戦場の") && lines[5].contains("…"))
    }

    @Test func narrowRowsDropTheTrailingColumnBeforeTheText() {
        let lines = render(samplePicker(width: 10).state).lines.map(plain)
        #expect(lines[4] == "   The Be…")
    }

    @Test(arguments: [false, true])
    func previewPaneIsShownWhenVisible(_ visible: Bool) {
        let preview = (1...12).map { "line \($0)" }
        let state = samplePicker(preview: visible).state
        let lines = render(state, preview: preview).lines.map(plain)
        #expect(lines.count == 24)
        #expect(lines.contains { $0.contains("─") } == visible)
        guard visible else {
            #expect(lines[3..<10].allSatisfy { !$0.isEmpty } && lines.allSatisfy { !$0.contains("line 1") })
            return
        }
        #expect(state.previewHeight == 8)
        #expect(lines[16].contains(" preview ") && lines[16].hasPrefix("──") && DisplayWidth.of(lines[16]) == 80)
        #expect(Array(lines[17...]) == (1...7).map { "  line \($0)" }, "extra preview lines dropped")
    }

    @Test func shortPreviewLeavesBlankLines() {
        let lines = render(samplePicker(height: 30, preview: true).state, preview: ["only"]).lines.map(plain)
        #expect(lines[22].contains(" preview "))
        #expect(lines[23] == "  only")
        #expect(lines[24...].allSatisfy { $0.isEmpty })
    }

    @Test(arguments: Scope.allCases, [14, 20, 30, 80])
    func currentScopeStaysVisible(_ scope: Scope, width: Int) {
        let frame = render(samplePicker(width: width, scope: scope).state)
        let bar = plain(frame.lines[1])
        let marked = "[\(PickerRenderer.label(scope))]"
        #expect(DisplayWidth.of(bar) <= width)
        #expect(bar.contains(marked), "\(bar)")
        #expect(characters(in: frame.lines[1], styledWith: PickerPalette.color.currentScope) == marked)
    }
}

@Suite("Picker renderer: status and query")
struct PickerRendererStatusTests {
    @Test func statusShowsProgressAndSelectedOnly() {
        #expect(plain(render(samplePicker(final: false).state).lines[2]).hasPrefix("  7/104,118 · 1 selected … "))
        var picker = samplePicker()
        picker.press(.ctrl("s"))
        #expect(plain(render(picker.state).lines[2]).hasPrefix("  7/104,118 · 1 selected · selected only "))
        #expect(plain(render(picker.state).lines[3]).hasPrefix(">▌ The Beatles - Help!"))
    }

    /// A `word:` that names no field is text (query.md); the status line says so quietly, and
    /// the next query's results without a note clear it.
    @Test func aQueryNoteIsShownQuietly() {
        var picker = samplePicker(query: "Re:Zero")
        let ids = ItemIDList(sampleRows.prefix(2).map(\.id))
        picker.send(.results(query: "Re:Zero", scope: .music, ids: ids, total: 104_118, final: true,
                             note: "\"Re:\" is not a field: Re:Zero is matched as text"))
        let frame = render(picker.state)
        #expect(plain(frame.lines[2]).hasPrefix("  2/104,118 · 1 selected · \"Re:\" is not a field: Re:Zero is matched as text"))
        #expect(characters(in: frame.lines[2], styledWith: PickerPalette.color.problem).isEmpty)
        picker.send(.results(query: "Re:Zero", scope: .music, ids: ids, total: 104_118, final: true))
        #expect(!plain(render(picker.state).lines[2]).contains("not a field"))
    }

    @Test func queryProblemIsShownAsAnError() {
        var picker = samplePicker(query: "foo:bar")
        picker.send(.queryProblem(query: "foo:bar", scope: .music, message: "unknown field “foo”"))
        let frame = render(picker.state)
        #expect(plain(frame.lines[2]).hasPrefix("  0/104,118 · 1 selected · unknown field “foo”"))
        #expect(characters(in: frame.lines[2], styledWith: PickerPalette.color.problem) == "unknown field “foo”")
        #expect(frame.lines[3...].allSatisfy { $0.isEmpty })
    }

    struct CursorCase: CustomTestStringConvertible, Sendable {
        let query: String
        let lefts: Int
        let column: Int
        var testDescription: String { "\(query) ←×\(lefts)" }
    }

    @Test(arguments: [
        CursorCase(query: "", lefts: 0, column: 2),
        CursorCase(query: "beat", lefts: 0, column: 6),
        CursorCase(query: "坂本 x", lefts: 0, column: 8),
        CursorCase(query: "坂本 x", lefts: 1, column: 7),
        CursorCase(query: "坂本 x", lefts: 3, column: 4),
        CursorCase(query: "Beyonce\u{301}", lefts: 1, column: 8),
        CursorCase(query: "🎸🔥", lefts: 1, column: 4),
    ])
    func cursorColumnCountsDisplayWidth(_ testCase: CursorCase) {
        var picker = PickerHarness(PickerState(query: testCase.query))
        for _ in 0..<testCase.lefts { picker.press(.left) }
        let frame = render(picker.state)
        #expect(frame.cursorColumn == testCase.column)
        #expect(plain(frame.lines[0]) == "> " + testCase.query)
    }

    @Test(arguments: [8, 12, 20, 33])
    func longQueryScrollsToKeepTheCursorVisible(width: Int) {
        let query = String(repeating: "ab龍", count: 20) + "XYZ"
        var picker = PickerHarness(PickerState(query: query, width: width))
        var line = plain(render(picker.state).lines[0])
        var frame = render(picker.state)
        #expect(line.hasPrefix("> …") && line.hasSuffix("XYZ") && DisplayWidth.of(line) <= width)
        #expect(frame.cursorColumn == DisplayWidth.of(line) && frame.cursorColumn >= width - 2)

        picker.press(.ctrl("a"))
        frame = render(picker.state)
        line = plain(frame.lines[0])
        #expect(frame.cursorColumn == 2 && line.hasPrefix("> ab龍") && line.hasSuffix("…"))

        for step in 1...31 {
            picker.press(.right)
            frame = render(picker.state)
            line = plain(frame.lines[0])
            #expect(frame.cursorColumn < width && DisplayWidth.of(line) <= width)
            var column = 0
            var atCursor: Character?
            for character in line {
                if column == frame.cursorColumn { atCursor = character; break }
                column += DisplayWidth.of(character)
            }
            let expected = Array(query)[step]
            #expect(atCursor == expected || atCursor == "…", "step \(step): \(line) col \(frame.cursorColumn)")
        }
    }
}

@Suite("Picker renderer: highlights and hostile text")
struct PickerRendererTextTests {
    struct HighlightCase: CustomTestStringConvertible, Sendable {
        let text: String
        let highlights: [Int]
        let width: Int
        let expected: String
        var testDescription: String { "\(text) \(highlights) @\(width)" }
    }

    @Test(arguments: [
        HighlightCase(text: "The Beatles - Help!", highlights: [4, 5, 6], width: 80, expected: "Bea"),
        HighlightCase(text: "The Beatles - Help!", highlights: [6, 4, 5], width: 80, expected: "Bea"),
        HighlightCase(text: "Beyonce\u{301} - Halo", highlights: [6], width: 80, expected: "e\u{301}"),
        HighlightCase(text: "Beyonce\u{301} - Halo", highlights: [7, 11], width: 80, expected: "e\u{301}H"),
        HighlightCase(text: "坂本龍一 - 戦場のメリークリスマス", highlights: [0, 7], width: 80, expected: "坂戦"),
        HighlightCase(text: "🎸🔥 Rock", highlights: [1, 3], width: 80, expected: "🔥R"),
        HighlightCase(text: "👨‍👩‍👧 family", highlights: [2, 6], width: 80, expected: "👨‍👩‍👧f"),
        HighlightCase(text: "The Beatles - Twist and Shout (Live)", highlights: [0, 30], width: 20, expected: "T"),
        HighlightCase(text: "The Beatles", highlights: [999, -1], width: 80, expected: ""),
        HighlightCase(text: "ab\u{1B}[31mc", highlights: [2, 7], width: 80, expected: "\u{FFFD}c"),
    ])
    func highlightsLightTheMatchedCharacters(_ testCase: HighlightCase) {
        let content = PickerRowContent(text: testCase.text, highlights: testCase.highlights, trailing: "1:00")
        let state = samplePicker(width: testCase.width, rows: items("a", "b")).state
        let frame = PickerRenderer.frame(state, palette: .color, row: { _ in content }, preview: [])
        for line in frame.lines[3...4] { // the cursor row and a plain row
            #expect(characters(in: line, styledWith: PickerPalette.color.highlight) == testCase.expected)
        }
        let mono = PickerRenderer.frame(state, palette: .monochrome, row: { _ in content }, preview: [])
        #expect(characters(in: mono.lines[4], styledWith: PickerPalette.monochrome.highlight) == testCase.expected)
    }

    static let hostile = [
        "evil\u{1B}]0;pwned\u{07}title",
        "\u{1B}[2J\u{1B}[31mred",
        "c1\u{9B}31mcsi\u{90}dcs\u{9D}osc",
        "cr\rnl\nlf\r\n",
        "del\u{7F}nul\u{0}tab\there",
        "\u{1B}",
    ]

    @Test(arguments: hostile)
    func controlCharactersAreNeutralised(_ text: String) {
        var picker = samplePicker(query: text, rows: items("a", "b"), preview: true)
        picker.send(.queryProblem(query: text, scope: .music, message: "bad " + text))
        let problemLine = render(picker.state).lines[2]
        picker = samplePicker(query: text, rows: items("a", "b"), preview: true)
        let content = PickerRowContent(text: text, highlights: [0, 1, 2], trailing: text)
        let frame = PickerRenderer.frame(picker.state, palette: .color, row: { _ in content }, preview: [text])
        for line in frame.lines + [problemLine] {
            #expect(sgrParameters(line) != nil, "stray control in \(line.debugDescription)")
            #expect(DisplayWidth.of(plain(line)) <= 80)
        }
        let shown = frame.lines.map(plain).joined()
        let expectedSubstitutes = text.unicodeScalars.contains { StyledLine.isControl($0) && $0 != "\t" }
        #expect(shown.unicodeScalars.contains("\u{FFFD}") == expectedSubstitutes)
        #expect(plain(frame.lines[0]).unicodeScalars.count == 2 + text.unicodeScalars.count)
    }

    @Test func tabsBecomeSpaces() {
        let content = PickerRowContent(text: "a\tb")
        let frame = PickerRenderer.frame(samplePicker().state, palette: .color, row: { _ in content }, preview: [])
        #expect(plain(frame.lines[4]) == "   a b")
    }

    @Test func monochromeUsesNoColour() {
        var picker = samplePicker(preview: true, final: false)
        picker.press(.down)
        var broken = picker
        broken.send(.queryProblem(query: broken.state.query, scope: .music, message: "unknown field"))
        let frames = [
            render(picker.state, palette: .monochrome, preview: ["Title: Help!"]),
            render(broken.state, palette: .monochrome),
        ]
        for frame in frames {
            for line in frame.lines {
                let parameters = (sgrParameters(line) ?? ["broken"]).flatMap { $0.split(separator: ";") }
                #expect(parameters.allSatisfy { ["0", "1", "4", "7"].contains($0) }, "\(line.debugDescription)")
            }
        }
        #expect(frames[0].lines.contains { $0.contains("\u{1B}[7") }, "the cursor row is reversed")
        let colour = render(picker.state, palette: .color).lines.compactMap(sgrParameters).flatMap { $0 }
        #expect(colour.contains { $0.contains("48;5;") })
    }

    static let truncationTexts = [
        "", "abc", "The Beatles - Help!", "坂本龍一 - 戦場の", "Beyonce\u{301} x", "🎸🔥 Rock", "👨‍👩‍👧 fam",
    ]

    @Test(arguments: truncationTexts, [-1, 0, 1, 2, 3, 5, 8, 12, 40])
    func cellTruncationMatchesDisplayWidth(_ text: String, columns: Int) {
        let cut = StyledLine.truncate(StyledLine.cells(of: text), toColumns: columns)
        #expect(cut.map(\.text).joined() == DisplayWidth.truncate(text, toColumns: columns))
    }
}
