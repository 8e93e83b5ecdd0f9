import MixtapeCore
import Testing

@Suite("Kind from iTunes flags (spec/json.md: first rule that holds wins)")
struct KindTests {
    static func hints(_ build: (inout ITunesKindHints) -> Void) -> ITunesKindHints {
        var hints = ITunesKindHints()
        build(&hints)
        return hints
    }

    @Test(arguments: [
        (hints { _ in }, Kind.music),
        (hints { $0.podcast = true; $0.movie = true }, .podcast),
        (hints { $0.itunesU = true; $0.movie = true }, .itunesU),
        (hints { $0.movie = true; $0.hasVideo = true }, .movie),
        (hints { $0.tvShow = true; $0.hasVideo = true }, .tv),
        (hints { $0.musicVideo = true; $0.hasVideo = true }, .musicVideo),
        (hints { $0.kindText = "Protected AAC Audiobook file" }, .audiobook),
        (hints { $0.kindText = "Audio Book" }, .audiobook),
        (hints { $0.genre = "Audiobooks" }, .audiobook),
        (hints { $0.genre = "audiobooks" }, .music),
        (hints { $0.hasVideo = true }, .video),
        (hints { $0.voiceMemo = true }, .voiceMemo),
        (hints { $0.hasVideo = true; $0.voiceMemo = true }, .video),
        (hints { $0.kindText = "Livre audio AAC" }, .music),
    ])
    func kind(hints: ITunesKindHints, expected: Kind) {
        #expect(hints.kind == expected)
    }
}
