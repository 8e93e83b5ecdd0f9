import MixtapeCore
import Testing

@Suite("Playlists: file:// URIs for XSPF and iTunes")
struct PlaylistLocationTests {
    @Test(arguments: [
        ("/a b/x.mp3", "file:///a%20b/x.mp3"),
        ("C:/Music/x.mp3", "file:///C:/Music/x.mp3"),
        ("c:\\Music\\x y.mp3", "file:///c:/Music/x%20y.mp3"),
        ("//server/share/x", "file://server/share/x"),
        ("///x", "file://///x"),
        ("http://radio.example/a b?x=1", "http://radio.example/a b?x=1"),
        ("https://example.com/a%20b.mp3", "https://example.com/a%20b.mp3"),
        ("file:///already/a%20b.mp3", "file:///already/a%20b.mp3"),
        ("/Bjo\u{308}rk", "file:///Bjo%CC%88rk"),
        ("/Bj\u{f6}rk", "file:///Bj%C3%B6rk"),
        ("/a+b&c'd(e)!$*,;=:@~_-.", "file:///a%2Bb%26c%27d%28e%29%21%24%2A%2C%3B%3D%3A%40~_-."),
        ("/x#?%[]\\\"<>`{}|^", "file:///x%23%3F%25%5B%5D%5C%22%3C%3E%60%7B%7D%7C%5E"),
        ("/tab\tnl\n", "file:///tab%09nl%0A"),
        ("C:/a:b", "file:///C:/a%3Ab"),
        ("../x y.mp3", "../x%20y.mp3"),
        ("a:b", "a%3Ab"),
        ("C://x", "file:///C://x"),
    ])
    func strict(path: String, uri: String) {
        #expect(LocationEncoder.encode(path, style: .strict) == uri)
    }

    @Test(arguments: [
        ("/Users/a b/x.mp3", "file:///Users/a%20b/x.mp3"),
        ("C:/Music/x y.mp3", "file://localhost/C:/Music/x%20y.mp3"),
        ("/a+b&c'd(e)!$*,;=:@~", "file:///a+b&c'd(e)!$*,%3B=:@~"),
        ("/x#?%[]", "file:///x%23%3F%25%5B%5D"),
        ("/Bjo\u{308}rk", "file:///Bjo%CC%88rk"),
    ])
    func itunes(path: String, uri: String) {
        #expect(LocationEncoder.encode(path, style: .itunes) == uri)
    }

    @Test("LocationDecoder reads every absolute encoding back", arguments: [
        "/a b/x.mp3", "/Bjo\u{308}rk/Jo\u{301}ga", "/Bj\u{f6}rk", "/x#?%[]\\ +&;=:@", "C:/Music/x y.mp3",
        "//nas/share/x", "/Music/100%25 literal",
        // Found by fuzz-playlists: a UNC host with bytes to encode, a UNC host named localhost,
        // a drive letter alone, and POSIX paths whose first folder looks like a drive.
        "//médiathèque/musique/x.mp3", "//localhost/share/x.mp3", "//LocalHost/s/x", "C:", "c:",
        "/C:/x.mp3", "/C:", "/c:\\x",
    ])
    func decodesBack(path: String) {
        for style in [LocationEncoder.Style.strict, .itunes] {
            let decoded = LocationDecoder.decode(LocationEncoder.encode(path, style: style))
            #expect(Array(decoded.utf8) == Array(path.utf8))
        }
    }
}
