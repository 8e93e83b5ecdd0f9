import MixtapeCore
@testable import MixtapeTerminal
import Testing

/// What one paint did, read back from its bytes.
struct PaintReport {
    let text: String

    init(_ bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// The 1-based rows rewritten: cursor addresses followed by an erase-line.
    var rewrittenRows: [Int] {
        cursorAddresses.filter(\.erases).map(\.row)
    }

    /// Every `CSI row ; column H`, with whether `CSI K` follows it.
    var cursorAddresses: [(row: Int, column: Int, erases: Bool)] {
        var found: [(Int, Int, Bool)] = []
        for piece in text.split(separator: "\u{1B}[", omittingEmptySubsequences: true) {
            guard let end = piece.firstIndex(of: "H") else { continue }
            let numbers = piece[..<end].split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 2, piece[..<end].allSatisfy({ $0 == ";" || $0.isNumber }) else { continue }
            found.append((numbers[0], numbers[1], false))
        }
        // Mark the addresses followed directly by an erase-line.
        var marked: [(row: Int, column: Int, erases: Bool)] = []
        var rest = text[...]
        for address in found {
            let pattern = "\u{1B}[\(address.0);\(address.1)H"
            guard let range = rest.firstRange(of: pattern) else { continue }
            rest = rest[range.upperBound...]
            marked.append((address.0, address.1, rest.hasPrefix("\u{1B}[K")))
        }
        return marked
    }

    var clearsScreen: Bool { text.contains("\u{1B}[2J") }
}

@Suite("ScreenPainter: minimal terminal updates")
struct ScreenPainterTests {
    static let frame = render(samplePicker().state)

    /// The 1-based rows of `frame` that hold something.
    static func nonEmptyRows(_ frame: PickerFrame) -> [Int] {
        frame.lines.indices.filter { !frame.lines[$0].isEmpty }.map { $0 + 1 }
    }

    @Test func firstPaintClearsAndDrawsEveryLine() {
        var painter = ScreenPainter()
        let report = PaintReport(painter.paint(Self.frame))
        #expect(report.text.hasPrefix("\u{1B}[?2026h\u{1B}[?25l"))
        #expect(report.text.hasSuffix("\u{1B}[1;12H\u{1B}[?25h\u{1B}[?2026l"))
        #expect(report.clearsScreen)
        #expect(report.rewrittenRows == Self.nonEmptyRows(Self.frame))
        for line in Self.frame.lines where !line.isEmpty {
            #expect(report.text.contains("\u{1B}[K" + line))
        }
    }

    @Test func identicalFrameOnlyPlacesTheCursor() {
        var painter = ScreenPainter()
        _ = painter.paint(Self.frame)
        let report = PaintReport(painter.paint(Self.frame))
        #expect(report.rewrittenRows.isEmpty && !report.clearsScreen)
        #expect(report.text == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[1;12H\u{1B}[?25h\u{1B}[?2026l")
    }

    @Test(arguments: [0, 5, 23])
    func oneChangedLineIsTheOnlyOneRewritten(_ index: Int) {
        var painter = ScreenPainter()
        _ = painter.paint(Self.frame)
        var changed = Self.frame
        changed.lines[index] = "changed"
        let report = PaintReport(painter.paint(changed))
        #expect(report.rewrittenRows == [index + 1])
        #expect(report.text.contains("\u{1B}[\(index + 1);1H\u{1B}[Kchanged"))
        #expect(!report.clearsScreen)
    }

    @Test func movingTheCursorRewritesTheTwoRowsInvolved() {
        var picker = samplePicker()
        var painter = ScreenPainter()
        _ = painter.paint(render(picker.state))
        picker.press(.down)
        #expect(PaintReport(painter.paint(render(picker.state))).rewrittenRows == [4, 5])
    }

    @Test func typingRewritesTheQueryLine() {
        var picker = samplePicker()
        var painter = ScreenPainter()
        _ = painter.paint(render(picker.state))
        picker.type("x")
        let report = PaintReport(painter.paint(render(picker.state)))
        #expect(report.rewrittenRows.first == 1)
        #expect(report.cursorAddresses.last.map { ($0.row, $0.column) } ?? (0, 0) == (1, 13))
    }

    @Test(arguments: [(100, 24), (80, 30), (40, 10)])
    func sizeChangeRedrawsEverything(width: Int, height: Int) {
        var painter = ScreenPainter()
        _ = painter.paint(Self.frame)
        let resized = render(samplePicker(width: width, height: height).state)
        let report = PaintReport(painter.paint(resized))
        #expect(report.clearsScreen)
        #expect(report.rewrittenRows == Self.nonEmptyRows(resized))
    }

    @Test func invalidateRedrawsEverything() {
        var painter = ScreenPainter()
        _ = painter.paint(Self.frame)
        painter.invalidate()
        let report = PaintReport(painter.paint(Self.frame))
        #expect(report.clearsScreen)
        #expect(report.rewrittenRows == Self.nonEmptyRows(Self.frame))
        #expect(PaintReport(painter.paint(Self.frame)).rewrittenRows.isEmpty)
    }

    @Test(arguments: [(0, 0), (0, 5), (5, 0), (1, 1)])
    func degenerateSizesStillPaint(width: Int, height: Int) {
        var painter = ScreenPainter()
        let frame = render(samplePicker(width: width, height: height).state)
        let report = PaintReport(painter.paint(frame))
        #expect(report.text.hasSuffix("\u{1B}[?25h\u{1B}[?2026l"))
        #expect(report.rewrittenRows.allSatisfy { $0 <= max(1, height) })
    }
}
