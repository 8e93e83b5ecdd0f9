@testable import MixtapeTerminal
import Testing

@Suite("KeyDecoder: fzf 0.38's default keys and the mouse")
struct KeyDecoderFzfKeyTests {
    static let cases: [KeyCase] = [
        KeyCase("Ctrl-B", [0x02], .ctrl("b")),
        KeyCase("Ctrl-F", [0x06], .ctrl("f")),
        KeyCase("Ctrl-D", [0x04], .ctrl("d")),
        KeyCase("Ctrl-Y", [0x19], .ctrl("y")),
        KeyCase("Ctrl-Q", [0x11], .ctrl("q")),
        KeyCase("Ctrl-L", [0x0c], .ctrl("l")),
        KeyCase("Alt-B", "\(esc)b", .alt("b")),
        KeyCase("Alt-F", "\(esc)f", .alt("f")),
        KeyCase("Alt-D", "\(esc)d", .alt("d")),
        KeyCase("Alt-U", "\(esc)u", .alt("u")),
        KeyCase("Alt-P", "\(esc)p", .alt("p")),
        KeyCase("Alt-E", "\(esc)e", .alt("e")),
        KeyCase("Alt-X", "\(esc)x", .alt("x")),
        KeyCase("Alt-Backspace (ESC DEL)", [0x1b, 0x7f], .modified(.backspace, .alt)),
        KeyCase("Alt-Backspace (ESC BS)", [0x1b, 0x08], .modified(.backspace, .alt)),
        KeyCase("Shift-Left", "\(esc)[1;2D", .modified(.left, .shift)),
        KeyCase("Shift-Right", "\(esc)[1;2C", .modified(.right, .shift)),
        KeyCase("Shift-Up", "\(esc)[1;2A", .modified(.up, .shift)),
        KeyCase("Shift-Down", "\(esc)[1;2B", .modified(.down, .shift)),
        KeyCase("Shift-Left rxvt", "\(esc)[d", .modified(.left, .shift)),
        KeyCase("Shift-Up rxvt", "\(esc)[a", .modified(.up, .shift)),
        KeyCase("Ctrl-Right rxvt", "\(esc)Oc", .modified(.right, .ctrl)),
        KeyCase("Ctrl-Home rxvt", "\(esc)[7^", .modified(.home, .ctrl)),
        KeyCase("Ctrl-End rxvt", "\(esc)[8^", .modified(.end, .ctrl)),
        KeyCase("Ctrl-Shift-Delete rxvt", "\(esc)[3@", .modified(.delete, [.ctrl, .shift])),
        KeyCase("Home xterm", "\(esc)[H", .home),
        KeyCase("End xterm", "\(esc)[F", .end),
        KeyCase("Home tmux", "\(esc)[1~", .home),
        KeyCase("End tmux", "\(esc)[4~", .end),
        KeyCase("Ctrl-Home", "\(esc)[1;5H", .modified(.home, .ctrl)),
        KeyCase("Ctrl-End", "\(esc)[1;5F", .modified(.end, .ctrl)),
        KeyCase("Delete", "\(esc)[3~", .delete),
        KeyCase("F1 SS3", "\(esc)OP", .function(1)),
        KeyCase("F1 CSI", "\(esc)[11~", .function(1)),
        KeyCase("question mark", "?", .character("?")),
        KeyCase("Shift-Ctrl-T (CSI u)", "\(esc)[116;6u", .modified(.ctrl("t"), .shift)),
        KeyCase("Alt-S", "\(esc)s", .alt("s")),
        KeyCase("left press", "\(esc)[<0;10;5M", .mouse(MouseEvent(button: .left, column: 9, row: 4))),
        KeyCase("left release", "\(esc)[<0;10;5m",
                .mouse(MouseEvent(button: .left, column: 9, row: 4, isPress: false))),
        KeyCase("middle press", "\(esc)[<1;1;1M", .mouse(MouseEvent(button: .middle, column: 0, row: 0))),
        KeyCase("right press", "\(esc)[<2;3;7M", .mouse(MouseEvent(button: .right, column: 2, row: 6))),
        KeyCase("shift-click", "\(esc)[<4;3;7M",
                .mouse(MouseEvent(button: .left, column: 2, row: 6, modifiers: .shift))),
        KeyCase("alt-click", "\(esc)[<8;3;7M",
                .mouse(MouseEvent(button: .left, column: 2, row: 6, modifiers: .alt))),
        KeyCase("ctrl-click", "\(esc)[<16;3;7M",
                .mouse(MouseEvent(button: .left, column: 2, row: 6, modifiers: .ctrl))),
        KeyCase("drag", "\(esc)[<32;4;7M",
                .mouse(MouseEvent(button: .left, column: 3, row: 6, isMotion: true))),
        KeyCase("wheel up", "\(esc)[<64;20;10M", .mouse(MouseEvent(button: .wheelUp, column: 19, row: 9))),
        KeyCase("wheel down", "\(esc)[<65;20;10M", .mouse(MouseEvent(button: .wheelDown, column: 19, row: 9))),
        KeyCase("shift-wheel down", "\(esc)[<69;20;10M",
                .mouse(MouseEvent(button: .wheelDown, column: 19, row: 9, modifiers: .shift))),
        KeyCase("wide screen coordinates", "\(esc)[<0;300;120M",
                .mouse(MouseEvent(button: .left, column: 299, row: 119))),
        KeyCase("click then a key", "\(esc)[<0;1;1Ma",
                .mouse(MouseEvent(button: .left, column: 0, row: 0)), .character("a")),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: KeyCase) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(testCase.bytes) + decoder.flushTimeout() == testCase.keys)
    }

    @Test func aMouseReportSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\(esc)[<0;1".utf8)).isEmpty)
        #expect(decoder.feed(Array("2;3M".utf8)) == [.mouse(MouseEvent(button: .left, column: 11, row: 2))])
    }
}
