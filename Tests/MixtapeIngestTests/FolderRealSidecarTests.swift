import Foundation
import MixtapeCore
import MixtapeIngest
import Testing

/// Every real sidecar in `../shared/data/real` (`xmp`, `nfo`, `ytdlp_info_json`, `malformed/`
/// included) indexed the way a folder would be: copied into a temporary tree beside an empty
/// `NAME.mp3`, walked, and read. Nothing may crash; each malformed file must warn with a
/// position. The files are not part of the repository, so the suite is skipped without them.
@Suite("Folder indexing: real sidecars",
       .enabled(if: SidecarRealData.allSidecarsAvailable, "needs ../shared/data/real next to the package root"))
struct FolderRealSidecarTests {
    /// The folder and the suffix its files get beside `NAME.mp3`.
    static let corpora: [(folder: String, suffix: String)] = [
        ("xmp", ".xmp"), ("nfo", ".nfo"), ("ytdlp_info_json", ".info.json"),
    ]

    @Test("every real sidecar reads beside a media file; malformed ones warn with a position",
          arguments: corpora.map(\.folder))
    func indexesAll(folder: String) throws {
        let suffix = try #require(Self.corpora.first { $0.folder == folder }).suffix
        var read = 0
        for malformed in [false, true] {
            for source in SidecarRealData.files(folder, malformed: malformed) {
                try check(source, suffix: suffix, malformed: malformed)
                read += 1
            }
        }
        #expect(read >= 5, "\(folder): only \(read) files")
    }

    /// Copies `source` as `NAME<suffix>` beside an empty `NAME.mp3` and reads the pair.
    private func check(_ source: String, suffix: String, malformed: Bool) throws {
        let tree = try TemporaryTree()
        let name = "Some Artist - Some Title"
        let media = try tree.file(name + ".mp3")
        let sidecar = tree.path(name + suffix)
        try FileManager.default.copyItem(atPath: source, toPath: sidecar)

        let scan = tree.scan()
        let file = try #require(scan.files.first, "\(source)")
        #expect(scan.files.count == 1 && scan.skippedSidecars == 0 && scan.warnings.isEmpty, "\(source)")
        #expect(file.sidecars.map(\.path) == [sidecar], "\(source)")

        let (item, warnings) = MediaFileReader.read(file, id: ItemID(rawValue: "test:real"), source: tree.root)
        #expect(item.location == media, "\(source)")
        #expect(item.title != nil, "\(source)")
        // The empty `.mp3` always warns; the sidecar's own warnings come with it.
        #expect(warnings.contains { $0.position?.file == media }, "\(source)")
        let sidecarWarnings = warnings.filter { $0.position?.file == sidecar }
        if malformed {
            #expect(!sidecarWarnings.isEmpty, "\(source): no warning")
            #expect(sidecarWarnings.allSatisfy { ($0.position?.line ?? 0) >= 1 }, "\(source): \(sidecarWarnings)")
        }
    }
}

extension SidecarRealData {
    /// Whether the three real sidecar folders are there.
    static var allSidecarsAvailable: Bool {
        ["xmp", "nfo", "ytdlp_info_json"].allSatisfy {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }
}
