import MixtapeCore
import Testing

@Suite("File names that are not UTF-8, and the lines players open")
struct PathBytesTests {
    static let latin1: [UInt8] = Array("/m/Caf".utf8) + [0xE9] + Array(" del Mar.mp3".utf8)

    @Test("a Latin-1 name keeps its byte, and shows it escaped")
    func latin1Name() {
        let path = PathBytes.string(PathBytesTests.latin1)
        #expect(PathBytes.bytes(path) == PathBytesTests.latin1)
        #expect(PathBytes.escaped(path) == "/m/Caf\\xE9 del Mar.mp3")
        #expect(PathBytes.latin1Display(path) == "/m/Café del Mar.mp3")
        #expect(PathBytes.hasEscapes(path))
        #expect(PathBytes.withCString(path) { pointer in
            (0..<PathBytesTests.latin1.count).map { UInt8(bitPattern: pointer[$0]) } + [UInt8(bitPattern: pointer[PathBytesTests.latin1.count])]
        } == PathBytesTests.latin1 + [0])
    }

    @Test("valid UTF-8 is the String it always was", arguments: ["/a b/Jo\u{301}ga.m4a", "Bj\u{f6}rk", "\u{1F3B5}", ""])
    func validUTF8(text: String) {
        #expect(PathBytes.string(Array(text.utf8)) == text)
        #expect(PathBytes.bytes(text) == Array(text.utf8))
        #expect(PathBytes.escaped(text) == text)
        #expect(!PathBytes.hasEscapes(text))
    }

    @Test("every byte string comes back exactly, even one holding an escape scalar's own UTF-8",
          arguments: [
              [0xFF], [0x80, 0x80], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
              [0xF4, 0x90, 0x80, 0x80], Array("x\u{10FFE9}y".utf8), [0xF4, 0x8F, 0xBF, 0xA9, 0xE9],
          ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) {
        #expect(PathBytes.bytes(PathBytes.string(bytes)) == bytes)
    }

    @Test("every single byte and pair of bytes round-trips")
    func exhaustivePairs() {
        for first in 0...255 {
            for second in stride(from: 0, through: 255, by: 5) {
                let bytes = [UInt8(first), UInt8(second)]
                #expect(PathBytes.bytes(PathBytes.string(bytes)) == bytes)
            }
        }
    }

    @Test("a URI carries the raw byte")
    func uri() {
        let path = PathBytes.string(PathBytesTests.latin1)
        #expect(LocationEncoder.encode(path) == "file:///m/Caf%E9%20del%20Mar.mp3")
    }

    @Test("line formats write a file:// URI for exactly the paths VLC cannot open plain", arguments: [
        ("/m/a#b.mp3", "file:///m/a%23b.mp3"),
        ("/m/q?x.mp3", "file:///m/q%3Fx.mp3"),
        ("/m/c%41d.mp3", "file:///m/c%2541d.mp3"),
        ("/m/100% Hits.mp3", "/m/100% Hits.mp3"),
        ("/m/pct%zz.mp3", "/m/pct%zz.mp3"),
        ("/m/e,f;g h.mp3", "/m/e,f;g h.mp3"),
        ("/m/ne\u{301}.mp3", "/m/ne\u{301}.mp3"),
        ("C:/Music/#1.mp3", "file:///C:/Music/%231.mp3"),
        ("//nas/share/#1.mp3", "file://nas/share/%231.mp3"),
        ("http://radio.example/x?y=1#z", "http://radio.example/x?y=1#z"),
        ("../a#b.mp3", "../a#b.mp3"),
    ])
    func playerLine(path: String, line: String) {
        #expect(PlayerPath.line(path) == line)
    }

    @Test("a relative name that is not UTF-8 becomes a relative URI reference, never raw bytes")
    func relativeLatin1() {
        let path = PathBytes.string(Array("Caf".utf8) + [0xE9] + Array(".mp3".utf8))
        #expect(PlayerPath.line(path) == "Caf%E9.mp3")
    }

    @Test("M3U and PLS lines, and JSON, hold the name as players and people need it")
    func writers() {
        let path = PathBytes.string(PathBytesTests.latin1)
        let entries = [PlaylistEntry(path: path, title: "Café"), PlaylistEntry(path: "/m/a#b.mp3")]
        let m3u = M3UWriter.write(name: "x", entries: entries)
        #expect(String(validating: m3u.bytes, as: UTF8.self) != nil)
        #expect(M3UReader.paths(m3u.bytes) == ["file:///m/Caf%E9%20del%20Mar.mp3", "file:///m/a%23b.mp3"])
        let pls = PLSWriter.write(name: "x", entries: entries)
        #expect(PLSReader.paths(pls.bytes) == ["file:///m/Caf%E9%20del%20Mar.mp3", "file:///m/a%23b.mp3"])
        #expect(JSONObjectWriter.quoted(path) == #""/m/Caf\\xE9 del Mar.mp3""#)
    }
}
