import MixtapeCore
import Testing

/// `PackedStringIndex` finds a string's position from its bytes; search matches rows of the
/// index to lines with it, so a miss or a wrong position would drop or misplace an item.
@Suite("PackedStringIndex: every string found at its position, nothing else found")
struct PackedStringIndexTests {
    @Test("ids of every length, a string listed twice, the empty string, strings that are not there")
    func findsEveryString() {
        var strings = (0..<5000).map { "itunes:\(String($0 * 7919, radix: 16, uppercase: true))" }
        strings += ["", "a", "ab", "abcdefgh", "abcdefghi", "itunes:1", "Ünïcødé id ☃"]
        strings.append("itunes:1")  // listed twice: found where it first stands
        let index = PackedStringIndex(PackedStrings(strings))
        #expect(index.count == strings.count)
        var wrong: [String] = []
        for (position, var string) in strings.enumerated() {
            let found = string.withUTF8 { index.position(of: $0) }
            let expected = strings.firstIndex(of: string) ?? position
            if found != expected { wrong.append(string) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        for var absent in ["itunes:", "itunes:2", "abcdefg", "abcdefghij", "Ünïcødé id", "b"] {
            #expect(absent.withUTF8 { index.position(of: $0) } == nil, "\(absent)")
        }
    }
}
