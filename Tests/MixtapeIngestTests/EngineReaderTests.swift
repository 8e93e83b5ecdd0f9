import MixtapeCore
@testable import MixtapeIngest
import Testing

/// The Engine DJ reader's pure parts: values (key numbers, ratings, BPM, times, paths) and the
/// walk of `PlaylistEntity` chains, hostile ones included. The reader itself runs end to end
/// (EngineSourceTests).
@Suite("Engine DJ reader: values and entity chains")
struct EngineReaderTests {
    @Test("key numbers 0–23 are Engine's circle-of-fifths order; anything else is absent",
          arguments: [(0, "C"), (1, "Am"), (2, "G"), (7, "F#m"), (9, "Dbm"), (11, "Abm"), (12, "F#"), (19, "Cm"),
                      (22, "F"), (23, "Dm")] as [(Int64, String)])
    func keys(_ number: Int64, _ name: String) {
        #expect(EngineValues.key(number) == name)
    }

    @Test("values Engine means as none, and absurd ones, are absent")
    func absentValues() {
        #expect(EngineValues.key(24) == nil && EngineValues.key(-1) == nil && EngineValues.key(nil) == nil)
        #expect(EngineValues.rating(0) == nil && EngineValues.rating(101) == nil && EngineValues.rating(60) == 60)
        #expect(EngineValues.bpm(analyzed: 121.5, tagged: 3) == 122)
        #expect(EngineValues.bpm(analyzed: .nan, tagged: 128) == 128)
        #expect(EngineValues.bpm(analyzed: 1e300, tagged: 0) == nil)
        #expect(EngineValues.durationMs(seconds: 0) == nil && EngineValues.durationMs(seconds: Int64.max) == nil)
        #expect(EngineValues.year(0) == nil && EngineValues.year(12_345) == nil && EngineValues.year(1999) == 1999)
        #expect(EngineValues.text("  ") == nil && EngineValues.text("") == nil && EngineValues.text(" a ") == " a ")
    }

    @Test("times: Unix seconds or a text taken as UTC; zero, negative and far-future absent")
    func times() {
        #expect(EngineValues.time(integer: 1_592_776_233, text: nil) == Timestamp(rawValue: 1_592_776_233))
        #expect(EngineValues.time(integer: 0, text: nil) == nil)
        #expect(EngineValues.time(integer: -5, text: nil) == nil)
        #expect(EngineValues.time(integer: Int64.max, text: nil) == nil)
        #expect(EngineValues.time(integer: nil, text: "2020-06-21 21:50:33") == Timestamp(rawValue: 1_592_776_233))
        #expect(EngineValues.time(integer: nil, text: "yesterday") == nil)
    }

    @Test("paths: relative ones below the Engine Library folder (the parent of Database2), drives and absolute ones kept",
          arguments: [
              ("../Music/a.mp3", "/media/usb/Music/a.mp3"),
              ("../../x/../y/./b.mp3", "/media/y/b.mp3"),
              ("Music/c.mp3", "/media/usb/Engine Library/Music/c.mp3"),
              ("D:\\Music\\d.mp3", "D:/Music/d.mp3"),
              ("e:/Music/e.mp3", "e:/Music/e.mp3"),
              ("\\\\server\\share\\f.mp3", "//server/share/f.mp3"),
              ("/Users/sam/g.mp3", "/Users/sam/g.mp3"),
              ("../../../../../h.mp3", "/h.mp3"),
          ])
    func locations(_ path: String, _ expected: String) {
        for database in ["/media/usb/Engine Library/m.db", "/media/usb/Engine Library/Database2/m.db"] {
            let folder = EngineValues.libraryFolder(databasePath: database)
            #expect(folder == "/media/usb/Engine Library")
            #expect(EngineValues.location(path: path, libraryFolder: folder) == expected, "\(database)")
        }
    }

    @Test("ids: engine: + the uuid + the track id; playlists by kind, as crates and playlists are numbered apart")
    func ids() {
        #expect(EngineTrack.id(uuid: "abc-1", track: 42).rawValue == "engine:abc-1:42")
        #expect(EngineLists.id(uuid: "abc-1", kind: "crate", list: 3) != EngineLists.id(uuid: "abc-1", kind: "playlist", list: 3))
    }

    static func chain(_ entities: [(id: Int64, track: Int64, next: Int64)]) -> (tracks: [Int64], broken: Int) {
        var chain = EngineEntityChain()
        for entity in entities { chain.add(id: entity.id, track: entity.track, next: entity.next) }
        return chain.ordered()
    }

    @Test("a chain is walked from the entry no other names, whatever the ids' order")
    func chainOrder() {
        let result = Self.chain([(10, 3, 0), (11, 1, 12), (12, 2, 10)])
        #expect(result.tracks == [1, 2, 3] && result.broken == 0)
        #expect(Self.chain([]).tracks.isEmpty)
        #expect(Self.chain([(5, 9, 0)]) == ([9], 0))
    }

    @Test("a loop, a link to nothing, two heads: every entry once, the unreached in id order, counted",
          arguments: [
              // A loop with no head at all.
              ([(1, 10, 2), (2, 20, 3), (3, 30, 1)], [10, 20, 30], 3),
              // A tail looping back into the chain.
              ([(1, 10, 2), (2, 20, 3), (3, 30, 2)], [10, 20, 30], 0),
              // A link to no entry ends the chain; nothing lost.
              ([(1, 10, 2), (2, 20, 99)], [10, 20], 0),
              // Two heads (a broken link): the lower one first, the other chain after.
              ([(4, 40, 0), (1, 10, 0), (3, 30, 4)], [10, 30, 40], 2),
              // A fork: two entries name the same next.
              ([(1, 10, 3), (2, 20, 3), (3, 30, 0)], [10, 30, 20], 1),
          ] as [([(Int64, Int64, Int64)], [Int64], Int)])
    func hostileChains(_ entities: [(Int64, Int64, Int64)], _ tracks: [Int64], _ broken: Int) {
        let result = Self.chain(entities.map { (id: $0.0, track: $0.1, next: $0.2) })
        #expect(result.tracks == tracks)
        #expect(result.broken == broken)
    }

    @Test("a 200,000-entry chain, in reverse id order, walks in linear time")
    func longChain() {
        let count: Int64 = 200_000
        let entities = (1...count).map { (id: $0, track: $0, next: $0 == 1 ? 0 : $0 - 1) }
        let result = Self.chain(entities)
        #expect(result.tracks.first == count && result.tracks.last == 1 && result.broken == 0)
    }
}
