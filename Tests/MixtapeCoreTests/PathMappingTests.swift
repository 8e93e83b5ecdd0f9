import MixtapeCore
import Testing

@Suite("Path mapping: --map-prefix FROM=TO")
struct PathMappingTests {
    static let mapping = try! PathMapping(parsing: [
        "/Users/sam/Music=/mnt/music",
        "/Users/sam/Music/iTunes/iTunes Media=/srv/media",
        "C:\\Music=/mnt/win",
        "/Users/Bj\u{f6}rk=/home/bjork",
        "/Volumes/NAS/=/nas/",
    ])

    @Test(arguments: [
        ("/Users/sam/Music/x.mp3", "/mnt/music/x.mp3"),
        ("/Users/sam/Music", "/mnt/music"),
        ("/Users/sam/Music/", "/mnt/music/"),
        ("/Users/sam/Musicals/x.mp3", "/Users/sam/Musicals/x.mp3"),
        ("/Users/sam/Music/iTunes/iTunes Media/Music/a.mp3", "/srv/media/Music/a.mp3"),
        ("/Users/sam/Music/iTunes/iTunes Medias/a.mp3", "/mnt/music/iTunes/iTunes Medias/a.mp3"),
        ("/Users/Bjo\u{308}rk/Jo\u{301}ga.m4a", "/home/bjork/Jo\u{301}ga.m4a"),
        ("/Users/Bj\u{f6}rk/J\u{f3}ga.m4a", "/home/bjork/J\u{f3}ga.m4a"),
        ("c:/Music/x.mp3", "/mnt/win/x.mp3"),
        ("C:\\Music\\Sub\\x.mp3", "/mnt/win/Sub/x.mp3"),
        ("c:\\music\\x.mp3", "c:\\music\\x.mp3"),
        ("C:\\Musical\\x.mp3", "C:\\Musical\\x.mp3"),
        ("D:/Music/x.mp3", "D:/Music/x.mp3"),
        ("/Volumes/NAS/a/b.mp3", "/nas/a/b.mp3"),
        ("/Users/sam/Music/a\\b #1?+%.mp3", "/mnt/music/a\\b #1?+%.mp3"),
        ("http://radio.example/x", "http://radio.example/x"),
        ("Users/sam/Music/x.mp3", "Users/sam/Music/x.mp3"),
        ("", ""),
    ])
    func maps(path: String, expected: String) {
        // Byte comparison: the rest of the path must keep its own (NFD or NFC) bytes.
        #expect(Array(PathMappingTests.mapping.map(path).utf8) == Array(expected.utf8))
    }

    @Test("an NFD prefix matches an NFC path", arguments: [
        ("/Music/Bjo\u{308}rk=/b", "/Music/Bj\u{f6}rk/x", "/b/x"),
        ("/Music/Bj\u{f6}rk=/b", "/Music/Bjo\u{308}rk/Jo\u{301}ga", "/b/Jo\u{301}ga"),
        ("c:/Music=/w", "C:\\Music\\x", "/w/x"),
        ("/=/mnt/root", "/x/y", "/mnt/root/x/y"),
        ("/Users/sam/Music=", "/Users/sam/Music/a/b.mp3", "a/b.mp3"),
        ("/Music=D:\\Media", "/Music/x y", "D:/Media/x y"),
        ("/Music=/a=b", "/Music/x", "/a=b/x"),
        ("//nas/share=/mnt/nas", "//nas/share/x", "/mnt/nas/x"),
        ("\\\\nas\\share=/mnt/nas", "\\\\nas\\share\\x", "/mnt/nas/x"),
    ])
    func singleRule(rule: String, path: String, expected: String) throws {
        let mapping = try PathMapping(parsing: [rule])
        #expect(Array(mapping.map(path).utf8) == Array(expected.utf8))
    }

    @Test("equally long prefixes: the earlier rule wins")
    func tieGoesToFirst() throws {
        let mapping = try PathMapping(parsing: ["/Music/Bj\u{f6}rk=/first", "/Music/Bjo\u{308}rk=/second"])
        #expect(mapping.map("/Music/Bj\u{f6}rk/x") == "/first/x")
    }

    @Test("a TO of ~ or ~/… is the home folder; ~user, a ~ inside and no home stay as written", arguments: [
        ("C:/Music=~/Music", "/home/sam", "/home/sam/Music"), ("C:/Music=~", "/home/sam", "/home/sam"),
        ("C:/Music=~sam/Music", "/home/sam", "~sam/Music"), ("C:/Music=/a/~/b", "/home/sam", "/a/~/b"),
        ("C:/Music=~/Music", nil, "~/Music"), ("C:/Music=~/Music", "", "~/Music"),
    ] as [(String, String?, String)])
    func expandsHome(argument: String, home: String?, to: String) throws {
        #expect(try PathMapping.Rule(parsing: argument).expandingHome(home).to == to)
    }

    @Test("rules split at the first =")
    func parsesRule() throws {
        let rule = try PathMapping.Rule(parsing: "/a=b=c")
        #expect(rule.from == "/a")
        #expect(rule.to == "b=c")
    }

    @Test(arguments: [
        ("no-equals", PathMappingError.missingEquals(argument: "no-equals")),
        ("", PathMappingError.missingEquals(argument: "")),
        ("=/mnt", PathMappingError.emptyFrom(argument: "=/mnt")),
        ("=", PathMappingError.emptyFrom(argument: "=")),
    ])
    func rejects(argument: String, error: PathMappingError) {
        #expect(throws: error) { try PathMapping.Rule(parsing: argument) }
    }
}
