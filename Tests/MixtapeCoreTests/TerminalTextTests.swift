import MixtapeCore
import Testing

/// Every line of human output shows the characters a terminal acts on (C0 but the tab, DEL,
/// C1) as `\xHH` per byte and everything else as it is; JSON escapes C1 as well as C0.
@Suite("Terminal text: control characters shown as \\xHH, the rest kept")
struct TerminalTextTests {
    @Test("each control character becomes its bytes, \\xHH", arguments: [
        ("plain text", "plain text"),
        ("", ""),
        ("tab\tstays", "tab\tstays"),
        ("\u{1B}]52;c;aGk=\u{07}", #"\x1B]52;c;aGk=\x07"#),
        ("\u{1B}[2J", #"\x1B[2J"#),
        ("over\rwrite", #"over\x0Dwrite"#),
        ("one\nrecord", #"one\x0Arecord"#),
        ("crlf\r\n", #"crlf\x0D\x0A"#),
        ("nul\u{0}del\u{7F}", #"nul\x00del\x7F"#),
        ("csi\u{9B}31m", #"csi\xC2\x9B31m"#),
        ("c1 ends \u{80} and \u{9F}", #"c1 ends \xC2\x80 and \xC2\x9F"#),
        ("not C1: \u{A0}©é\u{A9}", "not C1: \u{A0}©é\u{A9}"),
        ("Caf\\xE9 stays text", "Caf\\xE9 stays text"),
        ("東京 \u{1F600} e\u{301}\u{1B}", "東京 \u{1F600} e\u{301}" + #"\x1B"#),
        (String(repeating: "long line, clean ", count: 8) + "\u{1B}", String(repeating: "long line, clean ", count: 8) + #"\x1B"#),
        (String(repeating: "©", count: 40), String(repeating: "©", count: 40)),
        (String(repeating: "x", count: 15) + "\u{9B}", String(repeating: "x", count: 15) + #"\xC2\x9B"#),
        (String(repeating: "x", count: 31) + "\u{9B}", String(repeating: "x", count: 31) + #"\xC2\x9B"#),
    ])
    func visible(text: String, shown: String) {
        #expect(TerminalText.visible(text) == shown)
        var copy = text
        let (needs, appended) = copy.withUTF8 { utf8 -> (Bool, [UInt8]) in
            var out: [UInt8] = []
            TerminalText.appendVisible(utf8, to: &out)
            return (TerminalText.needsRewrite(utf8), out)
        }
        #expect(needs == (text != shown))
        #expect(appended == Array(shown.utf8))
    }

    @Test("every control scalar is rewritten, at every offset of the 16-byte chunks, and no other scalar is",
          arguments: Array(0...0xFF))
    func everyLatinScalar(value: Int) {
        let scalar = Unicode.Scalar(UInt32(value))!
        let control = value < 0x20 && value != 0x09 || (0x7F...0x9F).contains(value)
        for offset in [0, 6, 7, 8, 14, 15, 16, 31] {
            let text = String(repeating: "a", count: offset) + String(Character(scalar)) + "z"
            let shown = TerminalText.visible(text)
            #expect(TerminalText.visible(shown) == shown, "idempotent")
            if control {
                let hex = Array(String(scalar).utf8).map { "\\x" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }
                #expect(shown == String(repeating: "a", count: offset) + hex.joined() + "z")
            } else {
                #expect(shown == text)
            }
        }
    }

    @Test("JSON escapes C1 controls as \\u0080–\\u009f, like C0 ones", arguments: [
        ("\u{9B}31m", #""\u009b31m""#), ("\u{80}\u{9F}", #""\u0080\u009f""#), ("\u{A0}©", "\"\u{A0}©\""),
        ("\u{1B}[2J\u{7F}", #""\u001b[2J\u007f""#),
    ])
    func jsonC1(text: String, literal: String) {
        #expect(JSONObjectWriter.quoted(text) == literal)
    }

    @Test("JSON finds a character to escape wherever it lies in a long value (16 bytes are checked at once)",
          arguments: [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1B}", #"\u001b"#), ("\u{7F}", #"\u007f"#),
                      ("\u{9B}", #"\u009b"#), ("©", "©")])
    func jsonEveryOffset(character: String, escaped: String) {
        for offset in [0, 1, 14, 15, 16, 17, 31, 32, 40] {
            let text = String(repeating: "a", count: offset) + character + String(repeating: "z", count: 20)
            #expect(JSONObjectWriter.quoted(text) == "\"" + String(repeating: "a", count: offset) + escaped
                + String(repeating: "z", count: 20) + "\"", "at \(offset)")
        }
    }
}
