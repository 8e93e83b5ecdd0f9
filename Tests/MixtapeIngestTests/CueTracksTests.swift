import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

/// Which media file a cue sheet's `FILE` line names (`CueTracks.names`), on real files.
@Suite("Cue sheet FILE names")
struct CueTracksTests {
    @Test func exactNameElseTheSameBaseNameWhenTheNamedFileIsMissing() throws {
        let folder = NSTemporaryDirectory() + "cue-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/CD1", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["x.wav", "x.flac", "y.flac", "CD1/z.flac"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        #expect(CueTracks.names("x.wav", in: folder, folder + "/x.wav"))
        #expect(!CueTracks.names("x.wav", in: folder, folder + "/x.flac"), "x.wav is there: it is the one named")
        #expect(CueTracks.names("y.wav", in: folder, folder + "/y.flac"), "y.wav is missing: y.flac is its encoding")
        #expect(CueTracks.names("CD1\\z.wav", in: folder, folder + "/CD1/z.flac"), "a Windows path, relative")
        #expect(!CueTracks.names("z.wav", in: folder, folder + "/CD1/z.flac"), "the base name only in the named folder")
        #expect(CueTracks.names(folder + "/y.flac", in: "/elsewhere", folder + "/y.flac"), "an absolute path")
        #expect(!CueTracks.names("yy.wav", in: folder, folder + "/y.flac"))
    }
}
