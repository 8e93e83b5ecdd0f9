@testable import MixtapeTerminal
import Testing

@Suite("KeyDecoder: reads that end mid-key, lone ESC and the timeout")
struct KeyDecoderSplitTests {
    static let cases: [StepCase] = [
        StepCase("ESC | [A is Up, not Esc", [.text(esc), .text("[A")], [[], [.up]]),
        StepCase("ESC [ | 1;5 | A", [.text("\(esc)["), .text("1;5"), .text("A")], [[], [], [.modified(.up, .ctrl)]]),
        StepCase("ESC | timeout is Esc", [.text(esc), .timeout], [[], [.escape]]),
        StepCase("ESC, timeout, then a", [.text(esc), .timeout, .text("a")], [[], [.escape], [.character("a")]]),
        StepCase("ESC | a is Alt-a", [.text(esc), .text("a")], [[], [.alt("a")]]),
        StepCase("ESC ESC | timeout is Esc twice", [.text("\(esc)\(esc)"), .timeout], [[], [.escape, .escape]]),
        StepCase("ESC ESC a is Esc, Alt-a", [.text("\(esc)\(esc)a")], [[.escape, .alt("a")]]),
        StepCase("ESC [ then silence is Alt-[", [.text("\(esc)["), .timeout], [[], [.alt("[")]]),
        StepCase("ESC O then silence is Alt-O", [.text("\(esc)O"), .timeout], [[], [.alt("O")]]),
        StepCase("ESC [ 1 ; then silence is swallowed", [.text("\(esc)[1;"), .timeout, .text("x")], [[], [], [.character("x")]]),
        StepCase("timeout with nothing pending", [.timeout, .text("a"), .timeout], [[], [.character("a")], []]),
        StepCase("keys before a pending ESC come out now", [.text("ab\(esc)"), .text("d")], [[.character("a"), .character("b")], [.alt("d")]]),
        StepCase("é split 1|1", [.bytes([0xc3]), .bytes([0xa9])], [[], [.character("é")]]),
        StepCase("😀 split 2|2", [.bytes([0xf0, 0x9f]), .bytes([0x98, 0x80])], [[], [.character("😀")]]),
        StepCase("😀 split 1|1|1|1", [.bytes([0xf0]), .bytes([0x9f]), .bytes([0x98]), .bytes([0x80])], [[], [], [], [.character("😀")]]),
        StepCase("partial scalar survives a timeout", [.bytes([0xe6, 0x97]), .timeout, .bytes([0xa5])], [[], [], [.character("日")]]),
        StepCase("Alt-é split", [.bytes([0x1b, 0xc3]), .bytes([0xa9])], [[], [.alt("é")]]),
        StepCase("e + combining acute in one read is one character",
                 [.text("e\u{301}x")], [[.character("e\u{301}"), .character("x")]]),
        StepCase("e | combining acute arrives as two keys",
                 [.text("e"), .text("\u{301}")], [[.character("e")], [.character("\u{301}")]]),
        StepCase("ZWJ family in one read is one character",
                 [.text("👨‍👩‍👧")], [[.character("👨‍👩‍👧")]]),
        StepCase("flag in one read is one character", [.text("🇫🇷")], [[.character("🇫🇷")]]),
        StepCase("CJK text", [.text("日本")], [[.character("日"), .character("本")]]),
    ]

    @Test(arguments: cases)
    func decodesStepByStep(_ row: StepCase) {
        #expect(run(row.steps) == row.expected)
    }

    @Test(arguments: [
        ("\u{1B}", true), ("\u{1B}\u{1B}", true), ("\u{1B}[1;", true), ("\u{1B}O", true),
        ("a", false), ("\u{1B}[A", false), ("\u{1B}[200~half a paste", false), ("", false),
    ])
    func awaitsTheTimeoutOnlyForAnUnsettledEscape(_ bytes: String, _ awaiting: Bool) {
        var decoder = KeyDecoder()
        _ = decoder.feed(Array(bytes.utf8))
        #expect(decoder.isAwaitingTimeout == awaiting)
        _ = decoder.flushTimeout()
        #expect(!decoder.isAwaitingTimeout)
    }

    @Test func combiningMarksSplitAcrossReadsJoinInAString() {
        let keys = run([.text("e"), .text("\u{301}")]).flatMap { $0 }
        var query = ""
        for case .character(let character) in keys { query.append(character) }
        #expect(query == "é")
        #expect(query.count == 1)
    }
}

@Suite("KeyDecoder: bracketed paste")
struct KeyDecoderPasteTests {
    static let start = "\(esc)[200~"
    static let end = "\(esc)[201~"

    static let cases: [StepCase] = [
        StepCase("plain", [.text("\(start)hello world\(end)")], [[.paste("hello world")]]),
        StepCase("line breaks and tabs become spaces",
                 [.text("\(start)a\nb\r\nc\rd\te\(end)")], [[.paste("a b c d e")]]),
        StepCase("keys inside are text; ESC dropped",
                 [.text("\(start)q\(esc)[A\u{3}x\(end)")], [[.paste("q[Ax")]]),
        StepCase("a near-miss end marker stays inside",
                 [.text("\(start)a\(esc)[201b\(end)")], [[.paste("a[201b")]]),
        StepCase("a second start marker stays inside",
                 [.text("\(start)a\(start)b\(end)")], [[.paste("a[200~b")]]),
        StepCase("split everywhere",
                 [.text("\(esc)[20"), .text("0~ab"), .text("c\(esc)[2"), .text("01~")],
                  [[], [], [], [.paste("abc")]]),
        StepCase("emoji split inside",
                 [.bytes(Array("\(start)x".utf8) + [0xf0, 0x9f]), .bytes([0x98, 0x80] + Array("\(end)".utf8))],
                 [[], [.paste("x😀")]]),
        StepCase("a timeout does not end it",
                 [.text("\(start)ab"), .timeout, .text("c\(end)")], [[], [], [.paste("abc")]]),
        StepCase("keys around it",
                 [.text("a\(start)b\(end)\r")], [[.character("a"), .paste("b"), .enter]]),
        StepCase("empty paste produces nothing", [.text("\(start)\(end)x")], [[.character("x")]]),
        StepCase("invalid UTF-8 inside is U+FFFD",
                 [.bytes(Array(start.utf8) + [0x61, 0xff, 0x62] + Array(end.utf8))], [[.paste("a\u{FFFD}b")]]),
        StepCase("combining marks kept", [.text("\(start)Beyonce\u{301}\(end)")], [[.paste("Beyonce\u{301}")]]),
    ]

    @Test(arguments: cases)
    func decodesPaste(_ row: StepCase) {
        #expect(run(row.steps) == row.expected)
    }
}

@Suite("KeyDecoder: garbage never hangs and never reaches the query")
struct KeyDecoderGarbageTests {
    static let cases: [KeyCase] = [
        KeyCase("unknown CSI final", "\(esc)[999X"),
        KeyCase("unknown tilde number", "\(esc)[99~"),
        KeyCase("SGR mouse report with two fields", "\(esc)[<0;10M"),
        KeyCase("SGR mouse report at column 0", "\(esc)[<0;0;5M"),
        KeyCase("focus in / out", "\(esc)[I\(esc)[O"),
        KeyCase("device attributes reply", "\(esc)[?1;2c"),
        KeyCase("cursor position reply", "\(esc)[12;40R"),
        KeyCase("stray paste end", "\(esc)[201~"),
        KeyCase("unknown SS3", "\(esc)OZ"),
        KeyCase("modifier out of range", "\(esc)[1;99A"),
        KeyCase("number too long", "\(esc)[99999999999~"),
        KeyCase("intermediate byte", "\(esc)[1 q"),
        KeyCase("over-long parameters", "\(esc)[" + String(repeating: "1;", count: 100) + "A"),
        KeyCase("CSI u control code point", "\(esc)[1;5u"),
        KeyCase("garbage then a real key", "\(esc)[<0;1M\(esc)[B", .down),
        KeyCase("sequence cut by ESC starts over", "\(esc)[1;5\(esc)[A", .up),
        KeyCase("sequence cut by Ctrl-C still cancels", [0x1b, 0x5b, 0x31, 0x32, 0x03], .ctrl("c")),
        KeyCase("sequence cut by a UTF-8 letter", "\(esc)[1é", .character("é")),
        KeyCase("stray continuation byte", [0x80], .character("\u{FFFD}")),
        KeyCase("byte FF", [0x61, 0xff, 0x62], .character("a"), .character("\u{FFFD}"), .character("b")),
        KeyCase("truncated scalar then ASCII", [0xc3, 0x41], .character("\u{FFFD}"), .character("A")),
        KeyCase("overlong C0 AF", [0xc0, 0xaf], .character("\u{FFFD}"), .character("\u{FFFD}")),
        KeyCase("overlong E0 80 80", [0xe0, 0x80, 0x80],
                .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}")),
        KeyCase("surrogate ED A0 80", [0xed, 0xa0, 0x80],
                .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}")),
        KeyCase("above U+10FFFF", [0xf4, 0x90, 0x80, 0x80],
                .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}")),
        KeyCase("truncated scalar then ESC sequence", [0xe6, 0x97, 0x1b, 0x5b, 0x41], .character("\u{FFFD}"), .up),
        KeyCase("C1 control as UTF-8 is dropped", [0xc2, 0x9b, 0x41], .character("A")),
        KeyCase("raw 8-bit CSI byte", [0x9b, 0x41], .character("\u{FFFD}"), .character("A")),
    ]

    @Test(arguments: cases)
    func swallowsInOneRead(_ row: KeyCase) {
        #expect(decodeAtOnce(row.bytes) == row.keys)
    }

    @Test(arguments: cases)
    func swallowsOneByteAtATime(_ row: KeyCase) {
        #expect(decodeByteByByte(row.bytes) == row.keys)
    }

    @Test func decoderIsUsableAfterEveryGarbageRow() {
        var decoder = KeyDecoder()
        for row in Self.cases {
            _ = decoder.feed(row.bytes)
            _ = decoder.flushTimeout()
            #expect(decoder.feed(Array("ok".utf8)) == [.character("o"), .character("k")], "after \(row.name)")
        }
    }

    @Test(arguments: UInt8.min...UInt8.max)
    func everyByteAfterEscIsSettled(_ second: UInt8) {
        // No ESC + byte input may leave the decoder stuck: after a timeout (and a space to close
        // a scalar that may have begun), text decodes again.
        var decoder = KeyDecoder()
        _ = decoder.feed([0x1b, second])
        _ = decoder.flushTimeout()
        _ = decoder.feed([0x20])
        #expect(decoder.feed(Array("z".utf8)) == [.character("z")])
    }
}
