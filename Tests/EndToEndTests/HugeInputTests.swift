import Foundation
import Testing

/// Inputs huge on purpose (issue 30): each must finish and say what it did, not take minutes
/// or hide what it holds.
@Suite("huge inputs", .serialized)
struct HugeInputTests {
    let mixtape = MixtapeProcess()

    /// An iTunes export with a chain of `depth` folders, each in the one before, a playlist at
    /// the bottom, and a cycle of two folders with a playlist inside (and one in itself).
    func chainLibrary(depth: Int) throws -> String {
        func playlist(_ name: String, _ pid: String, parent: String?, folder: Bool, track: Int? = nil) -> String {
            "<dict><key>Name</key><string>\(name)</string><key>Playlist Persistent ID</key><string>\(pid)</string>"
                + (parent.map { "<key>Parent Persistent ID</key><string>\($0)</string>" } ?? "")
                + (folder ? "<key>Folder</key><true/>" : "")
                + (track.map { "<key>Playlist Items</key><array><dict><key>Track ID</key><integer>\($0)</integer></dict></array>" } ?? "")
                + "</dict>\n"
        }
        func folderID(_ index: Int) -> String { "F" + String(String(index, radix: 16)).leftPadded(15) }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Major Version</key><integer>1</integer><key>Tracks</key><dict>

            """
        for track in 1...3 {
            xml += "<key>\(track)</key><dict><key>Track ID</key><integer>\(track)</integer>"
                + "<key>Persistent ID</key><string>AAAA00000000000\(track)</string><key>Name</key><string>Song \(track)</string>"
                + "<key>Location</key><string>file:///m/s\(track).mp3</string></dict>\n"
        }
        xml += "</dict><key>Playlists</key><array>\n"
        for index in 0..<depth {
            xml += playlist("F\(index)", folderID(index), parent: index == 0 ? nil : folderID(index - 1), folder: true)
        }
        xml += playlist("Deep", "D000000000000001", parent: folderID(depth - 1), folder: false, track: 1)
        xml += playlist("Cyc1", "C000000000000001", parent: "C000000000000002", folder: true)
        xml += playlist("Cyc2", "C000000000000002", parent: "C000000000000001", folder: true)
        xml += playlist("InCyc", "C000000000000003", parent: "C000000000000002", folder: false, track: 2)
        xml += playlist("Loop", "C000000000000004", parent: "C000000000000004", folder: false, track: 3)
        return try mixtape.write("Library.xml", xml + "</array></dict></plist>\n")
    }

    @Test("a 10,000-deep chain of folders and a cycle: every playlist listed and found, the cycle warned about")
    func deepFolderChain() throws {
        let depth = 10_000
        let index = try mixtape.run(["index", try chainLibrary(depth: depth)])
        #expect(index.status == 0, "\(index.stderr)")
        // Cyc2's link closes the Cyc1–Cyc2 cycle, Loop is in itself.
        #expect(index.stderr.contains("\"Cyc2\"") && index.stderr.contains("\"Loop\"") && index.stderr.contains("cycle"),
                "\(index.stderr)")

        let tree = try mixtape.run(["playlists"])
        #expect(tree.status == 0)
        #expect(tree.lines.count == depth + 5)
        // Indentation stops at 32 levels; deeper lines say their level.
        let indent = String(repeating: "  ", count: 32)
        #expect(Array(tree.lines.suffix(6)) == [indent + "(level \(depth - 1)) F\(depth - 1)/", indent + "(level \(depth)) Deep  (1 item)",
                                                "Cyc2/", "  Cyc1/", "  InCyc  (1 item)", "Loop  (1 item)"], "\(tree.lines.suffix(6))")

        let deepPath = (0..<depth).map { "F\($0)" }.joined(separator: "/") + "/Deep"
        for (reference, title) in [("Deep", "Song 1"), ("F0", "Song 1"), ("F9998/F9999", nil), (deepPath, "Song 1"),
                                   ("Cyc2", "Song 2"), ("Cyc2/InCyc", "Song 2"), ("Loop", "Song 3")] {
            let search = try mixtape.run(["search", "--format", "{title}", "playlist:\"\(reference)\""])
            #expect(search.lines == (title.map { [$0] } ?? []), "playlist:\(reference.prefix(40)): \(search.stderr)")
        }
    }

    /// The picker's preview worked out which playlists hold the item on the picker's thread,
    /// walking up from every folder of the chain: typing froze for 27 s. Now it is worked out
    /// on a thread of its own, in linear time, and the keys typed meanwhile show at once.
    @Test("the picker stays responsive with the preview open on a 10,000-deep chain of folders")
    func pickerPreviewOnDeepChain() throws {
        let index = try mixtape.run(["index", try chainLibrary(depth: 10_000)])
        try #require(index.status == 0, "\(index.stderr)")
        let tmux = try TmuxTerminal(folder: mixtape.folder, width: 80, height: 24,
                                    environment: ["MIXTAPE_LIBRARY": mixtape.library, "NO_COLOR": "1", "LANG": "C.UTF-8",
                                                  "XDG_CONFIG_HOME": mixtape.configHome])
        try tmux.start(MixtapeProcess.binary, ["pick", "--no-restore"])
        try tmux.waitFor(text: "3/3 · 0 selected")
        try tmux.press("C-o")
        try tmux.type("Song 2")
        try tmux.waitFor(text: "1/3 · 0 selected")
        let screen = try tmux.waitFor(text: "Cyc2/InCyc")
        #expect(screen.contains { $0.contains("Song 2") })
        try tmux.press("Escape")
        #expect(try tmux.finish().status == 130)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
