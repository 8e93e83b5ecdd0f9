import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

/// `SourceSniffer`: what a file is, from its first bytes. Real exports and playlists of every
/// kind from the shared corpus, then hand-made heads for the corners of the XML skim.
@Suite("SourceSniffer: sources recognised by content")
struct SourceSnifferTests {
    static let real = RealData.real.path

    static func kind(_ text: String, name: String = "/x/file.xml") -> ContentKind {
        SourceSniffer.recognise(FileHead(bytes: Array(text.utf8), isWholeFile: true, fileName: name))
    }

    static func kind(_ bytes: [UInt8], name: String = "/x/file.xml") -> ContentKind {
        SourceSniffer.recognise(FileHead(bytes: bytes, isWholeFile: true, fileName: name))
    }

    /// Every file of a real corpus folder, with the kind its folder says it is.
    static func corpus(_ folder: String, _ expected: ContentKind, extensions: Set<String>) -> [String] {
        let directory = real + "/" + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { directory + "/" + $0 }
    }

    @Test("every real export, collection and database is recognised as its kind (malformed ones too)",
          .enabled(if: FileManager.default.fileExists(atPath: Self.real), "../shared/data/real is absent: real files skipped"))
    func realLibraries() throws {
        let cases: [(String, ContentKind, Set<String>)] = [
            ("itunes", .itunes, ["xml"]), ("itunes/malformed", .itunes, ["xml"]),
            ("rekordbox", .rekordbox, ["xml"]), ("rekordbox/malformed", .rekordbox, ["xml"]),
            ("traktor", .traktor, ["nml"]), ("traktor/malformed", .traktor, ["nml"]),
            ("rhythmbox", .rhythmbox, ["xml"]), ("rhythmbox/malformed", .rhythmbox, ["xml"]),
            ("virtualdj", .virtualdj, ["xml"]),
        ]
        var checked = 0
        for (folder, expected, extensions) in cases {
            for path in Self.corpus(folder, expected, extensions: extensions) {
                #expect(try SourceSniffer.recognise(path: path) == expected, "\(path)")
                checked += 1
            }
        }
        #expect(checked > 60)
        // Serato: every database V2 is a Serato library, every crate and smart crate a crate.
        let serato = Self.real + "/serato"
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: serato)) ?? []
        let databases = files.filter { $0.hasSuffix("/database V2") }
        let crates = files.filter { $0.hasSuffix(".crate") || $0.hasSuffix(".scrate") }
        #expect(databases.count >= 4 && crates.count >= 20)
        for path in databases { #expect(try SourceSniffer.recognise(path: serato + "/" + path) == .serato, "\(path)") }
        for path in crates { #expect(try SourceSniffer.recognise(path: serato + "/" + path).id == "serato-crate", "\(path)") }
    }

    @Test("every real Engine database: m.db (and sm.db, the same schema) is an Engine library, p.db and sp.db advise the m.db",
          .enabled(if: FileManager.default.fileExists(atPath: Self.real), "../shared/data/real is absent: real files skipped"))
    func realEngineDatabases() throws {
        var checked = 0
        for folder in ["engine/xsco_libdjinterop_el1", "engine/xsco_libdjinterop_el2"] {
            for name in ["m.db", "sm.db", "p.db", "sp.db"] where FileManager.default.fileExists(atPath: Self.real + "/" + folder + "/" + name) {
                let kind = try SourceSniffer.recognise(path: Self.real + "/" + folder + "/" + name)
                if name.hasPrefix("m") || name.hasPrefix("sm") {
                    #expect(kind == .engine, "\(folder)/\(name): \(kind)")
                } else {
                    #expect(kind.id == "engine-performance", "\(folder)/\(name): \(kind)")
                    #expect(kind.refusal.contains("index the m.db beside it"), "\(kind.refusal)")
                }
                checked += 1
            }
        }
        #expect(checked == 6)
    }

    @Test("every real playlist file is a playlist of its extension's kind",
          .enabled(if: FileManager.default.fileExists(atPath: Self.real), "../shared/data/real is absent: real files skipped"))
    func realPlaylists() throws {
        let byExtension: [String: ContentKind] = ["m3u": .m3u, "m3u8": .m3u, "pls": .pls, "xspf": .xspf, "wpl": .wpl]
        let paths = Self.corpus("playlists", .m3u, extensions: Set(byExtension.keys))
            + Self.corpus("playlists/malformed", .m3u, extensions: Set(byExtension.keys))
        #expect(paths.count > 30)
        for path in paths {
            let expected = byExtension[(path as NSString).pathExtension.lowercased()]
            #expect(try SourceSniffer.recognise(path: path) == expected, "\(path)")
        }
        // An ASX playlist is XML of a kind not read: named by its root.
        for (path, root) in [("playlists/malformed/clementine_somafm_secretagent.asx", "<ASX>")] {
            let kind = try SourceSniffer.recognise(path: Self.real + "/" + path)
            #expect(kind.id == "xml" && kind.refusal.contains(root), "\(path): \(kind.refusal)")
        }
    }

    @Test("foobar2000's real playlists folders: the indexes are the source, their playlist files are not",
          .enabled(if: FileManager.default.fileExists(atPath: Self.real), "../shared/data/real is absent: real files skipped"))
    func realFoobar2000() throws {
        let v2 = Self.real + "/foobar2000/chyyran_foobar/playlists-v2.0"
        let v1 = Self.real + "/foobar2000/ductran95_Foobar200-Config/playlists-v1.4"
        #expect(try SourceSniffer.recognise(path: v2 + "/index.txt") == .foobar2000)
        #expect(try SourceSniffer.recognise(path: v1 + "/index.dat") == .foobar2000)
        var checked = 0
        for (folder, suffix, id) in [(v2, ".fplite", "fplite"), (v1, ".fpl", "foobar2000-fpl"), (v2, ".sqlite", "sqlite")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(suffix) {
                #expect(try SourceSniffer.recognise(path: folder + "/" + name).id == id, "\(name)")
                checked += 1
            }
        }
        #expect(checked == 3 + 10 + 3)
    }

    @Test("foobar2000's index.txt by its lines, whatever its name; text that only looks like it is text", arguments: [
        ("\u{FEFF}0E0C732C-A355-4005-88CA-DDB3D0DC75CD:Library view\n", "index.txt", "foobar2000"),
        ("0e0c732c-a355-4005-88ca-ddb3d0dc75cd:\r\nB3A814EF-C023-4B89-9B14-7DFBACC384BC:a:b\r\n", "x.m3u", "foobar2000"),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD:A\n\n0F96A7B2-61BF-4634-8963-D36EDC7C3937:B", "list", "foobar2000"),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD:A\nnotes\n", "index.txt", "text"),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75CD A\n", "index.txt", "text"),
        ("0E0C732C-A355-4005-88CA-DDB3D0DC75C:A\n", "index.txt", "text"),
        ("0E0C732CXA355-4005-88CA-DDB3D0DC75CD:A\n", "index.txt", "text"),
        ("\n\n", "index.txt", "text"),
        ("file://C:\\a.mp3\n", "playlist-x.fplite", "fplite"),
    ])
    func foobar2000Index(text: String, name: String, id: String) {
        #expect(Self.kind(text, name: "/x/" + name).id == id, "\(text)")
    }

    @Test("foobar2000's binary files by their magic", arguments: [
        (FPLIndexDat.magic, "foobar2000"), (FPLPlaylistFile.magic, "foobar2000-fpl"), (SourceSniffer.exportedFPL, "fpl"),
        (SourceSniffer.otherFoobar2000Indexes[0], "foobar2000-index"), (SourceSniffer.otherFoobar2000Indexes[1], "foobar2000-index"),
    ])
    func foobar2000Binary(magic: [UInt8], id: String) {
        #expect(Self.kind(magic + [1, 0, 0, 0, 0, 0, 0, 0], name: "/x/index.dat").id == id)
    }

    static let appleDoctype = "<!DOCTYPE plist PUBLIC \"-//Apple Computer//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    @Test("XML roots: past declarations, comments and DOCTYPEs (hostile ones too), in UTF-8 and UTF-16", arguments: [
        ("<?xml version=\"1.0\"?>\n" + appleDoctype + "<plist version=\"1.0\"><dict/></plist>", "itunes"),
        ("<plist><dict/></plist>", "itunes"),
        ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a > comment -->\n<plist/>", "itunes"),
        ("<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY a \"<dict> ]> x\"><!-- ] > -->]>\n<plist/>", "itunes"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM 'http://127.0.0.1:1/x.dtd'><plist/>", "itunes"),
        ("<?xml version=\"1.0\"?>\n<dict><key>Major Version</key><integer>1</integer><key>Tracks</key><dict/></dict>", "itunes"),
        ("<dict>\n<key>Features</key><dict><key>x</key><true/></dict>\n<key>Tracks</key><dict/></dict>", "itunes"),
        ("<dict><key>Playlists</key><array><dict><key>Tracks</key><dict/></dict></array></dict>", "plist"),
        ("<dict/>", "plist"),
        ("<?xml version=\"1.0\"?><DJ_PLAYLISTS Version=\"1.0.0\">", "rekordbox"),
        ("<NML VERSION=\"19\">", "traktor"),
        ("<rhythmdb version=\"2.0\">", "rhythmbox"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<VirtualDJ_Database Version=\"8.5\">", "virtualdj"),
        ("<?xml version=\"1.0\"?>\n<html><body/></html>", "xml"),
        ("<?xml version=\"1.0\"?>\n<playlist version=\"1\"/>", "xml"),  // XSPF content, not named .xspf
    ])
    func xmlRoots(xml: String, id: String) {
        #expect(Self.kind(xml).id == id, "\(xml)")
        let units = Array(xml.utf16)
        let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, bytes) in [("UTF-16LE", [0xFF, 0xFE] + little), ("UTF-16BE", [0xFE, 0xFF] + big),
                              ("UTF-16LE without BOM", little), ("UTF-16BE without BOM", big)]
        where xml.hasPrefix("<") {
            #expect(Self.kind(bytes).id == id, "\(name): \(xml)")
        }
    }

    @Test("a DOCTYPE longer than the first 64 KiB is read past, a root beyond 1 MiB is not guessed")
    func longProlog() throws {
        let folder = NSTemporaryDirectory() + "mixtape-sniff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entity = String(repeating: "x", count: 200_000)
        let long = folder + "/long.xml"
        try Data("<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY big \"\(entity)\">]>\n<plist><dict/></plist>".utf8)
            .write(to: URL(fileURLWithPath: long))
        #expect(try SourceSniffer.recognise(path: long) == .itunes)
        let huge = folder + "/huge.xml"
        let giant = String(repeating: "x", count: 2 << 20)
        try Data("<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY big \"\(giant)\">]>\n<plist/>".utf8)
            .write(to: URL(fileURLWithPath: huge))
        let kind = try SourceSniffer.recognise(path: huge)
        #expect(kind.id == "xml" && kind.refusal.contains("not within its first 1 MiB"), "\(kind.refusal)")
    }

    @Test("playlists need their extension and plausible content", arguments: [
        ("#EXTM3U\n#EXTINF:1,A - B\n/music/a.mp3\n", "list.m3u", "m3u"),
        ("/music/a.mp3\r\n", "list.M3U8", "m3u"),
        ("", "empty.m3u", "m3u"),
        ("\n", "blank.pls", "pls"),
        ("\u{FEFF}\n[Playlist]\nFile1=a.mp3\n", "list.pls", "pls"),
        ("File1=a.mp3\n", "list.pls", "text"),
        ("#EXTM3U\n/music/a.mp3\n", "list.txt", "text"),
        ("<?xml version=\"1.0\"?>\n<playlist xmlns=\"http://xspf.org/ns/0/\"/>", "list.xspf", "xspf"),
        ("<?wpl version=\"1.0\"?>\n<smil><body/></smil>", "list.wpl", "wpl"),
        ("<?xml version=\"1.0\"?>\n<smil/>", "list.xspf", "xml"),
        ("", "empty.xspf", "empty"),
    ])
    func playlists(text: String, name: String, id: String) {
        #expect(Self.kind(text, name: "/x/" + name).id == id, "\(name)")
    }

    @Test("binary heads: what they look like", arguments: [
        ([0x49, 0x44, 0x33, 0x04, 0x00], "mp3"),
        ([0xFF, 0xFB, 0x50, 0xC4, 0x00], "mp3"),
        ([0xFF, 0xF1, 0x50, 0x80, 0x00], "aac"),
        ([0x66, 0x4C, 0x61, 0x43, 0x00], "flac"),
        ([0x53, 0x51, 0x4C, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6F, 0x72, 0x6D, 0x61, 0x74, 0x20, 0x33, 0x00], "sqlite"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
        ([0xFF, 0xD8, 0xFF, 0xE0], "jpeg"),
        ([0x50, 0x4B, 0x03, 0x04], "zip"),
        ([0x00, 0x01, 0x02, 0x03, 0x00], "binary"),
    ] as [([UInt8], String)])
    func binary(bytes: [UInt8], id: String) {
        #expect(Self.kind(bytes, name: "/x/Library.xml").id == id)
    }

    @Test("a refusal says what the file is and what to do")
    func refusals() {
        #expect(Self.kind([0x49, 0x44, 0x33]).refusal == "an MP3 file, not a library export: index its folder instead")
        #expect(ContentKind.rekordbox.refusal.contains("rekordbox collection")
                && ContentKind.rekordbox.refusal.contains("does not read it yet"))
    }
}
