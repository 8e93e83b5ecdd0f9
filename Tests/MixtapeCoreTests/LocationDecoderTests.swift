import MixtapeCore
import Testing

@Suite("Location decoding (spec/json.md)")
struct LocationDecoderTests {
    @Test(arguments: [
        ("file:///Users/a%20b/x.mp3", "/Users/a b/x.mp3"),
        ("file://localhost/Users/x.mp3", "/Users/x.mp3"),
        ("file://localhost/C:/Music/x.mp3", "C:/Music/x.mp3"),
        ("file://localhost/c:/Music/x.mp3", "c:/Music/x.mp3"),
        ("file:///C:/Music/x.mp3", "C:/Music/x.mp3"),
        ("file://LOCALHOST/Users/x.mp3", "/Users/x.mp3"),
        ("FILE:///Users/x.mp3", "/Users/x.mp3"),
        ("file://nas/share/Music/x.mp3", "//nas/share/Music/x.mp3"),
        ("file:///Users/a+b/x.mp3", "/Users/a+b/x.mp3"),
        ("file:///Users/a%2Bb/%23x.mp3", "/Users/a+b/#x.mp3"),
        ("file:///Users/Beyonce%CC%81/x.mp3", "/Users/Beyonce\u{301}/x.mp3"),
        ("file:///Users/Beyonc%C3%A9/x.mp3", "/Users/Beyonc\u{e9}/x.mp3"),
        ("file:///Users/100%/x.mp3", "/Users/100%/x.mp3"),
        ("file:///Users/x%41", "/Users/xA"),
        ("file:///Users/x%4", "/Users/x%4"),
        ("file:///Users/x%", "/Users/x%"),
        ("file:///Users/x%4g%%41", "/Users/x%4g%A"),
        ("file:///Users/bad%FFbyte.mp3", "/Users/bad\u{FFFD}byte.mp3"),
        ("file:////Music/", "//Music/"),
        ("file:////localhost/share/x.mp3", "//localhost/share/x.mp3"),
        ("file://m%C3%A9dia/share/x.mp3", "//média/share/x.mp3"),
        ("file:///C:", "C:"),
        ("file:///C%3A/x.mp3", "/C:/x.mp3"),
        ("http://radio.example/stream?x=1", "http://radio.example/stream?x=1"),
        ("https://example.com/a%20b.mp3", "https://example.com/a%20b.mp3"),
    ])
    func decodes(url: String, path: String) {
        #expect(LocationDecoder.decode(url) == path)
    }

    /// Keeping bytes: a byte that is not UTF-8 stays that byte (a `PathBytes` escape), valid
    /// UTF-8 is read as such, on every path of the decoder (plain, with a host, a drive).
    @Test(arguments: [
        ("file:///Users/bad%FFbyte.mp3", "/Users/bad\u{10FFFF}byte.mp3"),
        ("file:///Users/Caf%E9%20%C3%A9.mp3", "/Users/Caf\u{10FFE9} é.mp3"),
        ("file:///Users/Beyonc%C3%A9/x.mp3", "/Users/Beyonc\u{e9}/x.mp3"),
        ("file://localhost/C:/Caf%E9.mp3", "C:/Caf\u{10FFE9}.mp3"),
        ("file://server/Caf%E9.mp3", "//server/Caf\u{10FFE9}.mp3"),
        ("file://caf%E9/share/x.mp3", "//caf\u{10FFE9}/share/x.mp3"),  // the server's name too
        ("file://server/t:/x.mp3", "//server/t:/x.mp3"),  // a share's folder that looks like a drive
        ("file:///plain/a%20b.mp3", "/plain/a b.mp3"),
    ])
    func keepsBytes(url: String, path: String) {
        #expect(LocationDecoder.decode(url, keepingBytes: true) == path)
        var copy = url
        #expect(copy.withUTF8 { LocationDecoder.decode(bytes: $0, keepingBytes: true) } == path)
    }

    @Test("NFD stays NFD: no Unicode normalisation")
    func keepsDecomposedBytes() {
        let decoded = LocationDecoder.decode("file:///Music/Bjo%CC%88rk.mp3")
        #expect(Array(decoded.utf8) == Array("/Music/Bjo\u{308}rk.mp3".utf8))
        #expect(Array(decoded.utf8) != Array("/Music/Bj\u{f6}rk.mp3".utf8))
    }
}
