import MixtapeCore
import Testing
@testable import MixtapeIngest

/// foobar2000's files in memory: where an entry points, index.txt's lines, .fplite entries, the
/// 1.x binary files' bounds, and the whole read through an in-memory loader (missing files,
/// order, identity).
@Suite("foobar2000 playlists reader")
struct Foobar2000ReaderTests {
    @Test("locations: file:// + native path, drives, UNC, POSIX, file-relative://, other schemes", arguments: [
        ("file://M:\\Music\\A & B\\100% Hits #1.flac", "M:/Music/A & B/100% Hits #1.flac"),
        ("FILE://c:/x/./y/../z.mp3", "c:/x/z.mp3"),
        ("file://\\\\nas\\share\\a.mp3", "//nas/share/a.mp3"),
        ("file:///C:/Music/a.mp3", "C:/Music/a.mp3"),
        ("file:///home/sam/a.mp3", "/home/sam/a.mp3"),
        ("file-relative://Music\\a.mp3", "/fb/Music/a.mp3"),
        ("file-relative://..\\Music\\a.mp3", "/Music/a.mp3"),
        ("Music\\a.mp3", "/fb/Music/a.mp3"),
        ("D:\\a.mp3", "D:/a.mp3"),
        ("http://radio.example/stream?x=1", "http://radio.example/stream?x=1"),
        ("cdda://D:\\Track01.cda", "cdda://D:\\Track01.cda"),
    ])
    func locations(location: String, expected: String) {
        #expect(Foobar2000Location.target(location, programFolder: "/fb").text == expected)
    }

    @Test("file-relative paths are relative to the folder above the profile")
    func programFolder() {
        #expect(Foobar2000Location.programFolder(ofPlaylistsFolder: "/fb/profile/playlists-v2.0") == "/fb")
    }

    @Test("index.txt: GUID:name lines in order, a name may hold a colon, a GUID twice is skipped with a warning")
    func indexLines() throws {
        let text = "\u{FEFF}0E0C732C-A355-4005-88CA-DDB3D0DC75CD:Library view\r\n\n"
            + "b3a814ef-c023-4b89-9b14-7dfbacc384bc:#Quicksearch: [x]\n"
            + "0E0C732C-A355-4005-88CA-DDB3D0DC75CD:again\n0F96A7B2-61BF-4634-8963-D36EDC7C3937:"
        let (lines, warnings) = try Foobar2000IndexText.read(Array(text.utf8), file: "/p/index.txt")
        #expect(lines.map(\.name) == ["Library view", "#Quicksearch: [x]", ""])
        #expect(lines.map(\.line) == [1, 3, 5])
        #expect(lines[1].guid == "b3a814ef-c023-4b89-9b14-7dfbacc384bc")
        #expect(warnings.map(\.description) == ["/p/index.txt:4:1: playlist 0E0C732C-A355-4005-88CA-DDB3D0DC75CD is named again (first on line 1); skipped"])
    }

    @Test("index.txt: a line that is not GUID:name, or a name that is not UTF-8, is located", arguments: [
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD:A\nhello\n", 2, 1),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD A\n", 1, 37),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75XD:A\n", 1, 35),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD:\u{FFFD}\n", 0, 0),
    ])
    func indexErrors(text: String, line: Int, column: Int) {
        var bytes = Array(text.utf8)
        if line == 0, let at = bytes.firstIndex(of: 0xEF) { bytes.replaceSubrange(at..<(at + 3), with: [0xFF]) }
        do {
            _ = try Foobar2000IndexText.read(bytes, file: "i.txt")
            Issue.record("read")
        } catch {
            #expect(error.position.line == max(line, 1) && error.position.column == (line == 0 ? 38 : column), "\(error)")
        }
    }

    @Test(".fplite: entries in order with repeats, blank lines skipped, a bad line kept in place and said once")
    func fplite() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("file://C:\\a.mp3\r\n\nfile://C:\\a.mp3\n".utf8)
            + Array("file://C:\\".utf8) + [0xE9, 0x0A] + Array("x".utf8) + [0, 0x0A] + Array("last".utf8)
        let content = FPLiteReader.read(bytes)
        #expect(content.entries.map(\.location) == ["file://C:\\a.mp3", "file://C:\\a.mp3", "file://C:\\\u{FFFD}", "x\u{FFFD}", "last"])
        #expect(content.entries.map(\.line) == [1, 3, 4, 5, 6])
        #expect(content.problems.count == 1)
        #expect(content.problems.first?.line == 4 && content.problems.first?.message.contains("1 more") == true)
    }

    /// In-memory files for `Foobar2000Playlists.read`.
    static func loader(_ files: [String: [UInt8]]) -> Foobar2000Playlists.Loader {
        { path, _ in files[path].map(Foobar2000File.bytes) ?? .missing }
    }

    @Test("a 2.x read: tab order, names, identities, a missing .fplite a warning with an empty playlist")
    func currentRead() throws {
        let index = Array("A0000000-0000-0000-0000-000000000001:One\nB0000000-0000-0000-0000-000000000002:Two\n".utf8)
        let files = ["/fb/p/index.txt": index,
                     "/fb/p/playlist-A0000000-0000-0000-0000-000000000001.fplite": Array("file://C:\\a.mp3\nfile://C:\\b.mp3\n".utf8)]
        let read = try Foobar2000Playlists.read(path: "/fb/p/index.txt", load: Self.loader(files))
        #expect(read.records.map(\.name) == ["One", "Two"])
        #expect(read.records.map(\.position) == [0, 1])
        #expect(read.records.map(\.identity) == ["foobar2000:A0000000-0000-0000-0000-000000000001",
                                                 "foobar2000:B0000000-0000-0000-0000-000000000002"])
        #expect(read.records[0].entries.map(\.target.text) == ["C:/a.mp3", "C:/b.mp3"])
        #expect(read.records[1].entries.isEmpty)
        #expect(read.warnings.map(\.description) == [
            "/fb/p/index.txt:2:1: the playlist \"Two\" is kept in playlist-B0000000-0000-0000-0000-000000000002.fplite, "
                + "which is not beside it; it is listed with no entries",
        ])
        #expect(read.applicationVersion == "foobar2000 2.x" && read.contentFingerprint.count == 16)
        #expect(Foobar2000Playlists.companions(of: "/fb/p/index.txt", load: Self.loader(files)) == [
            "/fb/p/playlist-A0000000-0000-0000-0000-000000000001.fplite",
            "/fb/p/playlist-B0000000-0000-0000-0000-000000000002.fplite",
        ])
        // Without any of its playlists' files, the index is refused.
        #expect(throws: MalformedSourceError.self) {
            try Foobar2000Playlists.read(path: "/fb/p/index.txt", load: Self.loader(["/fb/p/index.txt": index]))
        }
    }

    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A 1.x `.fpl` of `locations`, every entry without info (flags 0x80).
    static func fpl(_ locations: [String], flags: Int = 0x80) -> [UInt8] {
        var strings: [UInt8] = [], offsets: [Int] = []
        for location in locations {
            offsets.append(strings.count)
            strings += Array(location.utf8) + [0]
        }
        var out = FPLPlaylistFile.magic + Array(repeating: 0, count: 24) + FPLPlaylistFile.payload + u32(strings.count) + strings
        out += u32(locations.count)
        for offset in offsets { out += u32(flags) + u32(offset) + u32(0) + Array(repeating: 0, count: 8) }
        return out
    }

    @Test("a 1.x .fpl: locations in order; every cut, lying count and unknown flag a located error")
    func legacyFile() throws {
        let good = Self.fpl(["file://C:\\a.mp3", "file://C:\\b.mp3"])
        #expect(try FPLPlaylistFile.read(good, file: "x.fpl").map(\.location) == ["file://C:\\a.mp3", "file://C:\\b.mp3"])
        #expect(try FPLPlaylistFile.read(Self.fpl([]), file: "x.fpl").isEmpty)
        for cut in 0..<good.count {
            #expect(throws: MalformedSourceError.self, "cut at \(cut)") { try FPLPlaylistFile.read(Array(good.prefix(cut)), file: "x.fpl") }
        }
        #expect(throws: MalformedSourceError.self) { try FPLPlaylistFile.read(good + [0], file: "x.fpl") }
        #expect(throws: MalformedSourceError.self) { try FPLPlaylistFile.read(Self.fpl(["a"], flags: 0x82), file: "x.fpl") }
        #expect(throws: MalformedSourceError.self) { try FPLPlaylistFile.read(Self.fpl(["a"], flags: 0x01), file: "x.fpl") }
        var lying = good
        lying[56] = 0xFF  // the strings' size past the end
        do {
            _ = try FPLPlaylistFile.read(lying, file: "x.fpl")
            Issue.record("read")
        } catch {
            #expect(error.position.line == 1 && error.position.column == 57 && error.reason.contains("at byte 56"), "\(error)")
        }
    }

    @Test("a 1.x index.dat: names, files and the identity property; every cut a located error")
    func legacyIndex() throws {
        let identity: [UInt8] = Array(0x10...0x1F)
        let key: [UInt8] = [0x32, 0x51, 0x65, 0x52, 0x57, 0x8F, 0x56, 0x4C, 0x9A, 0xEE, 0x17, 0x52, 0x5C, 0x67, 0x9A, 0x5D]
        let properties = Self.u32(1) + key + Self.u32(16) + identity
        var bytes = FPLIndexDat.magic + Self.u32(2) + Self.u32(0)
        bytes += Self.u32(3) + Array("Mix".utf8) + Self.u32(0) + Self.u32(properties.count) + properties + Self.u32(1)
            + Array(repeating: 0xAB, count: 16)
        bytes += Self.u32(0) + Self.u32(7) + Self.u32(4) + Self.u32(0) + Self.u32(1) + Array(repeating: 0x01, count: 16)
        let playlists = try FPLIndexDat.read(bytes, file: "index.dat")
        #expect(playlists.map(\.name) == ["Mix", ""])
        #expect(playlists.map(\.fileName) == [String(repeating: "AB", count: 16) + ".fpl", String(repeating: "01", count: 16) + ".fpl"])
        #expect(playlists.map(\.identity) == ["13121110-1514-1716-1819-1A1B1C1D1E1F", nil])
        for cut in 0..<bytes.count {
            #expect(throws: MalformedSourceError.self, "cut at \(cut)") { try FPLIndexDat.read(Array(bytes.prefix(cut)), file: "i") }
        }
    }
}
