@testable import MixtapeCore
import Testing

/// Relocation of playlist-file entries (spec/sources.md, "Where the files are now": every entry
/// of every playlist file): an `.m3u` written on Windows, the items' files here.
@Suite("Relocation: a playlist file written on another computer")
struct PlaylistRelocationTests {
    static let source = "/home/sam/Playlists/Road.m3u"

    static func record(_ entries: [PlaylistFileRecord.Entry]) -> [(source: String, record: PlaylistFileRecord)] {
        [(source, PlaylistFileRecord(path: source, stamp: 0, name: "Road", folders: [], entries: entries))]
    }

    static func entry(_ path: String, seconds: Int64? = nil, title: String? = nil) -> PlaylistFileRecord.Entry {
        PlaylistFileRecord.Entry(target: .path(path), title: title, durationMs: seconds.map { $0 * 1_000 })
    }

    /// Items with files here: id, path, duration in seconds, cue start.
    static let items: [(id: String, path: String, seconds: Int64, start: Int64?)] = [
        ("a1", "/home/sam/Music/Abba/Gold/01 Dancing.flac", 230, nil),
        ("a2", "/home/sam/Music/abba/Gold/02 Waterloo.flac", 170, nil),
        ("m1", "/home/sam/Music/Moby/Play/01 Honey.flac", 190, nil),
        ("m2", "/home/sam/Music/Moby/Play/02 Porcelain.flac", 240, nil),
        ("t1", "/home/sam/Music/Twice/a/03 Same.flac", 200, nil),
        ("t2", "/home/sam/Music/Twice/b/03 Same.flac", 200, nil),
        ("u1", "/home/sam/Music/Unsorted/05 Lonely.flac", 300, nil),
        ("c1", "/home/sam/Music/Live/Live.flac", 600, 0),
        ("c2", "/home/sam/Music/Live/Live.flac", 600, 300_000),
    ]

    static func relocate(_ entries: [PlaylistFileRecord.Entry], settled: [[ItemID]]? = nil,
                         rules: [RelocationRule] = []) -> (found: [[ItemID]], relocation: PlaylistRelocation) {
        let files = record(entries)
        var relocation = PlaylistRelocation(files, settled: [settled ?? entries.map { _ in [] }])
        for item in items {
            relocation.offer(id: ItemID(rawValue: item.id), path: item.path, size: nil, durationMs: item.seconds * 1_000,
                             startMs: item.start)
        }
        return (relocation.relocate(userRules: [source: rules])[0], relocation)
    }

    @Test func entriesOfAWindowsPlaylistFindTheirItemsByTheRuleTheyElect() throws {
        let entries = [
            Self.entry("D:/Music/Abba/Gold/01 Dancing.flac"), Self.entry("D:/Music/ABBA/Gold/02 Waterloo.flac"),
            Self.entry("D:/Music/Moby/Play/01 Honey.flac"), Self.entry("D:/Music/Moby/Play/02 Porcelain.flac"),
            Self.entry("D:/Music/Moby/Play/02 Porcelain.flac"), Self.entry("D:/Music/Gone/Gone/01 Gone.flac"),
        ]
        let (found, relocation) = Self.relocate(entries)
        #expect(found.map { $0.map(\.rawValue) } == [["a1"], ["a2"], ["m1"], ["m2"], ["m2"], []])
        let summary = try #require(relocation.relocations(found: [found])[Self.source]?.relocation)
        #expect(summary.rules.map(\.argument) == ["D:/Music=/home/sam/Music"])
        #expect(summary.foundByRule == [5])
        #expect(summary.missing == 1)
        #expect(summary.entries == 6)
    }

    @Test func twoFilesOfOneNameAndLengthAreAmbiguousNeverGuessed() throws {
        let entries = [Self.entry("D:/Stuff/03 Same.flac", seconds: 200), Self.entry("D:/Stuff/05 Lonely.flac", seconds: 300)]
        let (found, relocation) = Self.relocate(entries)
        #expect(found.map { $0.map(\.rawValue) } == [[], ["u1"]])
        let made = try #require(relocation.relocations(found: [found])[Self.source])
        #expect(made.relocation.ambiguous == 1)
        #expect(made.relocation.foundByName == 1)
        #expect(made.ambiguous.map(\.path) == ["D:/Stuff/03 Same.flac"])
        #expect(made.ambiguous.first?.candidates.count == 2)
    }

    @Test func aFileACueSheetSplitsIsEveryTrackInOrder() {
        let (found, _) = Self.relocate([Self.entry("D:/Music/Live/Live.flac", seconds: 600),
                                        Self.entry("D:/Music/Moby/Play/01 Honey.flac")])
        #expect(found[0].map(\.rawValue) == ["c1", "c2"])
    }

    @Test func theRulesAPersonSetComeFirst() throws {
        let rule = RelocationRule(from: "E:/Odd", to: "/home/sam/Music/Twice/b", setBy: .user)
        let (found, relocation) = Self.relocate([Self.entry("E:/Odd/03 Same.flac")], rules: [rule])
        #expect(found[0].map(\.rawValue) == ["t2"])
        #expect(relocation.relocations(found: [found])[Self.source]?.relocation.foundByRule == [1])
    }

    @Test func settledEntriesCountAsWrittenWhenTheirItemHasAFileHereAndMissingWhenNot() throws {
        let entries = [Self.entry("/home/sam/Music/Moby/Play/01 Honey.flac"), Self.entry("C:/old/x.mp3"),
                       Self.entry("D:/Nowhere/y.mp3", title: "Y")]
        let settled: [[ItemID]] = [[ItemID(rawValue: "m1")], [ItemID(rawValue: "no-file")], []]
        let (found, relocation) = Self.relocate(entries, settled: settled)
        #expect(found.map(\.count) == [1, 1, 0])
        // The last rule, artist and title, settled the third entry after relocation.
        var last = found
        last[2] = [ItemID(rawValue: "u1")]
        #expect(relocation.foundByTags([last]) == [ItemID(rawValue: "u1")])
        let summary = try #require(relocation.relocations(found: [last], taggedHere: [ItemID(rawValue: "u1")])[Self.source]?.relocation)
        #expect(summary.foundAsWritten == 1)
        #expect(summary.missing == 1)
        #expect(summary.foundByTags == 1)
        #expect(summary.entries == 3)
        // An item the last rule found whose file is not here is no file found.
        let elsewhere = try #require(relocation.relocations(found: [last], taggedHere: [])[Self.source]?.relocation)
        #expect(elsewhere.foundByTags == 0 && elsewhere.missing == 2)
    }

    @Test func streamsAreNoEntriesOfTheSummary() throws {
        let entries = [PlaylistFileRecord.Entry(target: .url("http://radio.example/x")), Self.entry("D:/Music/Moby/Play/01 Honey.flac")]
        let (found, relocation) = Self.relocate(entries)
        #expect(relocation.relocations(found: [found])[Self.source]?.relocation.entries == 1)
    }
}

@Suite("The case-insensitive key of a playlist entry's path")
struct PlaylistCaselessKeyTests {
    @Test(arguments: ["/Music/ABBA/Gold.mp3", "/Música/BJÖRK/Ünïcode ΣΊΣΥΦΟΣ.flac", "/x/İstanbul/ǅ.mp3", "/坂本龍一/Ａ.mp3",
                      "/Cafe\u{301}/E\u{301}TÉ.m4a", ""])
    func isWhatLowercasedGives(_ path: String) {
        #expect(Array(PlaylistResolver.caseless(path).utf8) == Array(path.lowercased().utf8))
    }
}
