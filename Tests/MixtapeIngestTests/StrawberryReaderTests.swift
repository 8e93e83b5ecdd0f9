import Foundation
import MixtapeCore
import Testing
@testable import MixtapeIngest

/// Strawberry's and Clementine's numbers as json.md values, their locations, the ids, and the
/// reader on a database that is not one (the end-to-end tests read real and built databases).
@Suite("Strawberry and Clementine values and reader")
struct StrawberryReaderTests {
    @Test("ratings: 0…1 → 0–100 rounded half up; -1 and anything outside 0…1 absent", arguments: [
        (0.8, 80), (0.800000011920929, 80), (0.6, 60), (0.2, 20), (1, 100), (0, 0), (0.005, 1), (0.0049, 0),
        (-1, nil), (1.2, nil), (5, nil), (.nan, nil), (.infinity, nil),
    ] as [(Double, Int64?)])
    func ratings(value: Double, rating: Int64?) {
        #expect(StrawberryValues.rating(value) == rating, "\(value)")
    }

    @Test("lengths: nanoseconds (or seconds before Clementine's schema 28) → ms, rounded half up", arguments: [
        (300_280_000_000, false, 300_280), (1_499_999, false, 1), (1_500_000, false, 2), (0, false, nil),
        (-1, false, nil), (215, true, 215_000), (Int64.max, true, nil), (Int64.max, false, 9_223_372_036_855),
    ] as [(Int64, Bool, Int64?)])
    func lengths(value: Int64, seconds: Bool, ms: Int64?) {
        #expect(StrawberryValues.milliseconds(value, inSeconds: seconds) == ms)
    }

    @Test("dates: Unix seconds above 0 and before year 10000", arguments: [
        (1_592_776_233, 1_592_776_233), (-1, nil), (0, nil), (253_402_300_799, 253_402_300_799), (253_402_300_800, nil),
    ] as [(Int64, Int64?)])
    func dates(seconds: Int64, expected: Int64?) {
        #expect(StrawberryValues.time(seconds)?.rawValue == expected)
    }

    @Test("locations: file: URLs decoded, other schemes unchanged, bare paths (old Clementine) as written", arguments: [
        ("file:///home/2TB/Music/Zo%C3%A9%20-%20C%C3%A1mara%20Lenta.flac", "/home/2TB/Music/Zoé - Cámara Lenta.flac"),
        ("file:///home/a/G-Eazy%20&%20Halsey%20[x].mp3", "/home/a/G-Eazy & Halsey [x].mp3"),
        ("file:///C:/Music/a%20b.mp3", "C:/Music/a b.mp3"),
        ("http://radio.example/stream?x=1", "http://radio.example/stream?x=1"),
        ("tidal://track/123", "tidal://track/123"),
        ("/home/old/Music/old song.mp3", "/home/old/Music/old song.mp3"),
    ])
    func locations(stored: String, location: String) {
        #expect(StrawberryValues.location(stored) == location)
    }

    @Test("blank locations are none")
    func blankLocations() {
        #expect(StrawberryValues.location("") == nil && StrawberryValues.location("  ") == nil && StrawberryValues.location(nil) == nil)
    }

    @Test("ids: the scheme and a hash of the location; a cue track's also of its start; one location, one id")
    func identities() {
        let plain = StrawberrySong.identity(location: "/a/b.flac", cueStart: nil, in: .strawberry)
        #expect(plain.id.rawValue.hasPrefix("strawberry:") && plain.id.rawValue.count == "strawberry:".count + 16)
        #expect(StrawberrySong.identity(location: "/a/b.flac", cueStart: nil, in: .strawberry) == plain)
        #expect(StrawberrySong.identity(location: "/a/b.flac", cueStart: 0, in: .strawberry).hash != plain.hash)
        #expect(StrawberrySong.identity(location: "/a/b.flac", cueStart: 180, in: .strawberry).hash
                != StrawberrySong.identity(location: "/a/b.flac", cueStart: 0, in: .strawberry).hash)
        #expect(StrawberrySong.identity(location: "/a/b.flac", cueStart: nil, in: .clementine).id.rawValue.hasPrefix("clementine:"))
        // The Python reading (scripts/read_strawberry.py) spells the same digits: FNV-1a, 0xFF after each part.
        var hash = StableHash()
        hash.combine("/a/b.flac")
        #expect(plain.hash == hash.value)
    }

    @Test("the stepwise read only goes forward: a row at or before the last one read is a damaged database")
    func rowsGoForward() throws {
        #expect(try StrawberryRowSteps.advance(.min, to: 1, path: "s.db") == 1)
        #expect(try StrawberryRowSteps.advance(1, to: 1024, path: "s.db") == 1024)
        #expect(throws: MalformedSourceError.self) { try StrawberryRowSteps.advance(5, to: 5, path: "s.db") }
        #expect(throws: MalformedSourceError.self) { try StrawberryRowSteps.advance(5, to: 3, path: "s.db") }
        #expect(throws: MalformedSourceError.self) { try StrawberryRowSteps.advance(5, to: nil, path: "s.db") }
    }

    @Test("a file that is not a database, and a database of another application, are located errors")
    func notADatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strawberry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = folder + "/strawberry.db"
        try Data("SQLite format 3\0 but nothing else".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: MalformedSourceError.self) { try StrawberryLibraryReader.read(path: text, dialect: .strawberry) }
        let missing = folder + "/absent.db"
        #expect(throws: MalformedSourceError.self) { try StrawberryLibraryReader.read(path: missing, dialect: .clementine) }
        #expect(!FileManager.default.fileExists(atPath: missing), "a read-only open never creates the file")
    }
}
