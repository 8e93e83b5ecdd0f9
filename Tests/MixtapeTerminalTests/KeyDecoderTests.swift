@testable import MixtapeTerminal
import Testing

@Suite("KeyDecoder: every key of spec/picker.md's key table")
struct PickerKeyTableTests {
    static let cases: [KeyCase] = [
        KeyCase("printable a", "a", .character("a")),
        KeyCase("printable space", " ", .character(" ")),
        KeyCase("printable é (2 bytes)", "é", .character("é")),
        KeyCase("Backspace (DEL)", [0x7f], .backspace),
        KeyCase("Backspace (BS, also Ctrl-H)", [0x08], .backspace),
        KeyCase("Ctrl-U", [0x15], .ctrl("u")),
        KeyCase("Ctrl-W", [0x17], .ctrl("w")),
        KeyCase("Ctrl-A", [0x01], .ctrl("a")),
        KeyCase("Ctrl-E", [0x05], .ctrl("e")),
        KeyCase("Left", "\(esc)[D", .left),
        KeyCase("Right", "\(esc)[C", .right),
        KeyCase("Up", "\(esc)[A", .up),
        KeyCase("Down", "\(esc)[B", .down),
        KeyCase("Ctrl-K", [0x0b], .ctrl("k")),
        KeyCase("Ctrl-J (LF, not Enter)", [0x0a], .ctrl("j")),
        KeyCase("Ctrl-P", [0x10], .ctrl("p")),
        KeyCase("Ctrl-N", [0x0e], .ctrl("n")),
        KeyCase("PgUp", "\(esc)[5~", .pageUp),
        KeyCase("PgDn", "\(esc)[6~", .pageDown),
        KeyCase("Home", "\(esc)[H", .home),
        KeyCase("End", "\(esc)[F", .end),
        KeyCase("Tab", [0x09], .tab),
        KeyCase("Shift-Tab", "\(esc)[Z", .backTab),
        KeyCase("Alt-A", "\(esc)a", .alt("a")),
        KeyCase("Alt-D", "\(esc)d", .alt("d")),
        KeyCase("Alt-T", "\(esc)t", .alt("t")),
        KeyCase("Alt-S", "\(esc)s", .alt("s")),
        KeyCase("Ctrl-T", [0x14], .ctrl("t")),
        KeyCase("Shift-Ctrl-T, CSI u (kitty, fixterms)", "\(esc)[116;6u", .modified(.ctrl("t"), .shift)),
        KeyCase("Shift-Ctrl-T, xterm modifyOtherKeys", "\(esc)[27;6;84~", .modified(.ctrl("t"), .shift)),
        KeyCase("Ctrl-S", [0x13], .ctrl("s")),
        KeyCase("Ctrl-O", [0x0f], .ctrl("o")),
        KeyCase("Enter (CR)", [0x0d], .enter),
        KeyCase("Esc (then silence)", [0x1b], .escape),
        KeyCase("Ctrl-C", [0x03], .ctrl("c")),
        KeyCase("Ctrl-G", [0x07], .ctrl("g")),
    ]

    @Test(arguments: cases)
    func decodesInOneRead(_ row: KeyCase) {
        #expect(decodeAtOnce(row.bytes) == row.keys)
    }

    @Test(arguments: cases)
    func decodesOneByteAtATime(_ row: KeyCase) {
        #expect(decodeByteByByte(row.bytes) == row.keys)
    }
}

@Suite("KeyDecoder: CSI and SS3 variants, modifiers, Alt prefix, C0")
struct KeyVariantTests {
    static let cases: [KeyCase] = [
        KeyCase("SS3 Up", "\(esc)OA", .up),
        KeyCase("SS3 Down", "\(esc)OB", .down),
        KeyCase("SS3 Right", "\(esc)OC", .right),
        KeyCase("SS3 Left", "\(esc)OD", .left),
        KeyCase("SS3 Home", "\(esc)OH", .home),
        KeyCase("SS3 End", "\(esc)OF", .end),
        KeyCase("SS3 keypad Enter", "\(esc)OM", .enter),
        KeyCase("SS3 F1", "\(esc)OP", .function(1)),
        KeyCase("SS3 Ctrl-Up (old form)", "\(esc)O5A", .modified(.up, .ctrl)),
        KeyCase("Home ESC [ 1 ~", "\(esc)[1~", .home),
        KeyCase("Insert ESC [ 2 ~", "\(esc)[2~", .insert),
        KeyCase("Delete ESC [ 3 ~", "\(esc)[3~", .delete),
        KeyCase("End ESC [ 4 ~", "\(esc)[4~", .end),
        KeyCase("Home rxvt ESC [ 7 ~", "\(esc)[7~", .home),
        KeyCase("End rxvt ESC [ 8 ~", "\(esc)[8~", .end),
        KeyCase("F5", "\(esc)[15~", .function(5)),
        KeyCase("F12", "\(esc)[24~", .function(12)),
        KeyCase("Ctrl-Up", "\(esc)[1;5A", .modified(.up, .ctrl)),
        KeyCase("Shift-Down", "\(esc)[1;2B", .modified(.down, .shift)),
        KeyCase("Alt-Right", "\(esc)[1;3C", .modified(.right, .alt)),
        KeyCase("Ctrl-Shift-Left", "\(esc)[1;6D", .modified(.left, [.ctrl, .shift])),
        KeyCase("Modifier 1 is none", "\(esc)[1;1A", .up),
        KeyCase("Ctrl-Delete", "\(esc)[3;5~", .modified(.delete, .ctrl)),
        KeyCase("Ctrl-PgDn", "\(esc)[6;5~", .modified(.pageDown, .ctrl)),
        KeyCase("Ctrl-Home", "\(esc)[1;5H", .modified(.home, .ctrl)),
        KeyCase("Shift-F1", "\(esc)[1;2P", .modified(.function(1), .shift)),
        KeyCase("Ctrl-Shift-Tab", "\(esc)[1;6Z", .modified(.backTab, .ctrl)),
        KeyCase("Alt-Up, rxvt ESC ESC [ A", "\(esc)\(esc)[A", .modified(.up, .alt)),
        KeyCase("Alt-Up, SS3 ESC ESC O A", "\(esc)\(esc)OA", .modified(.up, .alt)),
        KeyCase("Alt-Backspace", [0x1b, 0x7f], .modified(.backspace, .alt)),
        KeyCase("Alt-Enter", [0x1b, 0x0d], .modified(.enter, .alt)),
        KeyCase("Alt-Ctrl-A", [0x1b, 0x01], .modified(.ctrl("a"), .alt)),
        KeyCase("Alt-é", "\(esc)é", .alt("é")),
        KeyCase("Alt-Shift-A", "\(esc)A", .alt("A")),
        KeyCase("Alt-.", "\(esc).", .alt(".")),
        KeyCase("CSI u Ctrl-a", "\(esc)[97;5u", .ctrl("a")),
        KeyCase("CSI u Alt-a", "\(esc)[97;3u", .alt("a")),
        KeyCase("CSI u Ctrl-Alt-a", "\(esc)[97;7u", .modified(.ctrl("a"), .alt)),
        KeyCase("CSI u Ctrl-Enter", "\(esc)[13;5u", .modified(.enter, .ctrl)),
        KeyCase("CSI u Shift-Tab", "\(esc)[9;2u", .backTab),
        KeyCase("CSI u Esc", "\(esc)[27u", .escape),
        KeyCase("CSI u plain a", "\(esc)[97u", .character("a")),
        KeyCase("CSI u sub-parameter ignored", "\(esc)[116:84;6u", .modified(.ctrl("t"), .shift)),
        KeyCase("modifyOtherKeys Ctrl-Enter", "\(esc)[27;5;13~", .modified(.enter, .ctrl)),
        KeyCase("Ctrl-Space (NUL)", [0x00], .ctrl(" ")),
        KeyCase("Ctrl-Z", [0x1a], .ctrl("z")),
        KeyCase("Ctrl-\\", [0x1c], .ctrl("\\")),
        KeyCase("Ctrl-]", [0x1d], .ctrl("]")),
        KeyCase("Ctrl-_", [0x1f], .ctrl("_")),
        KeyCase("text and keys interleaved", "ab\(esc)[Dc\r", .character("a"), .character("b"), .left, .character("c"), .enter),
        KeyCase("two Alt keys", "\(esc)a\(esc)d", .alt("a"), .alt("d")),
        KeyCase("Alt then Esc", "\(esc)t\(esc)", .alt("t"), .escape),
    ]

    @Test(arguments: cases)
    func decodesInOneRead(_ row: KeyCase) {
        #expect(decodeAtOnce(row.bytes) == row.keys)
    }

    @Test(arguments: cases)
    func decodesOneByteAtATime(_ row: KeyCase) {
        #expect(decodeByteByByte(row.bytes) == row.keys)
    }
}
