import MixtapeCore
import Testing

@Suite("Path mapping: --relative paths")
struct PathMappingRelativeTests {
    @Test(arguments: [
        ("/Music/A/x.mp3", "/Music/B", "../A/x.mp3"),
        ("/Music/A/x.mp3", "/Music/A", "x.mp3"),
        ("/Music/A/x.mp3", "/Music/A/", "x.mp3"),
        ("/Music/A/x.mp3", "/", "Music/A/x.mp3"),
        ("/Music/x.mp3", "/Other/Deep/Er", "../../../Music/x.mp3"),
        ("/Music/Bjo\u{308}rk/Jo\u{301}ga.mp3", "/Music/Bj\u{f6}rk", "Jo\u{301}ga.mp3"),
        ("/Music/Bj\u{f6}rk/x.mp3", "/Music/Lists", "../Bj\u{f6}rk/x.mp3"),
        ("/Music/a b/#1 + 100%.mp3", "/Music", "a b/#1 + 100%.mp3"),
        ("C:/Music/x.mp3", "c:\\Music\\Lists", "../x.mp3"),
        ("C:\\Music\\Sub\\x.mp3", "C:/Music", "Sub/x.mp3"),
        ("C:/Music/x.mp3", "D:/Lists", "C:/Music/x.mp3"),
        ("C:/Music/x.mp3", "/Music", "C:/Music/x.mp3"),
        ("relative/x.mp3", "/Music", "relative/x.mp3"),
        ("/Music/x.mp3", "relative", "/Music/x.mp3"),
        ("http://radio.example/x", "/Music", "http://radio.example/x"),
        ("//nas/share/a/x.mp3", "//nas/share/b", "../a/x.mp3"),
        ("//nas/share/a/x.mp3", "//other/share/b", "//nas/share/a/x.mp3"),
        ("/Music/A", "/Music/A", "."),
    ])
    func relative(path: String, folder: String, expected: String) {
        #expect(Array(RelativePath.make(path: path, relativeTo: folder).utf8) == Array(expected.utf8))
    }
}
