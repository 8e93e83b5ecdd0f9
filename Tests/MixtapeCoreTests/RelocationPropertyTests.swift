import MixtapeCore
import Testing

/// Libraries copied to a new machine the way people do it, drawn from seeds: the music below
/// `iTunes Media/Music` copied to `/home/sam/Music`, with some artist folders in other letter
/// case, some names in NFD, some files moved elsewhere, some lost, some ambiguous, and a second
/// drive of films copied to another folder. Every entry whose file is there is found at exactly
/// its file, and no other entry is given one.
@Suite("Relocation properties: generated copies of a library")
struct RelocationPropertyTests {
    /// Draws from a fixed sequence (`PlayCommandsTests.SplitMix`), so a failing seed replays.
    struct Draw {
        var generator: PlayCommandsTests.SplitMix
        init(state: UInt64) { generator = PlayCommandsTests.SplitMix(state: state) }
        mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &generator) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let artists = ["Abba", "Björk", "Sigur Rós", "Café Tacvba", "Moby", "Music", "DJ Shadow", "Røyksopp"]
    static let titles = ["Intro", "Gold", "Déjà Vu", "Outro", "Señal", "Live", "Salt", "Echo"]

    @Test(arguments: 1...24)
    func everyFileThatIsHereIsFoundAndNoneWrongly(seed: Int) {
        var draw = Draw(state: UInt64(seed))
        let music = "C:/Users/sam/Music/iTunes/iTunes Media/Music"
        var entries: [Relocator.Entry] = []
        var files: [LocalFile] = []
        var expected: [String?] = []
        var usedSizes = Set<Int64>()
        let renamedArtists = Set(Self.artists.filter { _ in draw.chance(15) })
        for artist in Self.artists {
            for album in 1...(1 + draw.below(3)) {
                for track in 1...(2 + draw.below(6)) {
                    let name = String(format: "%02d", track) + " " + Self.titles[draw.below(Self.titles.count)] + ".mp3"
                    var size = Int64(1_000 + draw.below(500_000))
                    while !usedSizes.insert(size).inserted { size += 1 }
                    let written = "\(music)/\(artist)/Album \(album)/\(name)"
                    entries.append(Relocator.Entry(path: written, size: size, durationMs: nil))
                    let folder = renamedArtists.contains(artist) ? artist.uppercased() : artist
                    var here = "/home/sam/Music/\(folder)/Album \(album)/\(draw.chance(10) ? nfd(name) : name)"
                    switch draw.below(100) {
                    case 0..<3:  // lost in the copy
                        expected.append(nil)
                        continue
                    case 3..<6:  // moved into a folder of its own: found by name and size
                        here = "/home/sam/Music/Moved \(draw.below(4))/\(name)"
                    case 6:  // two copies elsewhere, same name and size: ambiguous
                        files.append(LocalFile(path: "/home/sam/Music/Twice A/\(name)", size: size))
                        files.append(LocalFile(path: "/home/sam/Music/Twice B/\(name)", size: size))
                        expected.append(nil)
                        continue
                    default:
                        break
                    }
                    files.append(LocalFile(path: here, size: size))
                    expected.append(here)
                }
            }
        }
        // Films on a second drive, copied elsewhere.
        for film in 1...(3 + draw.below(5)) {
            let size = Int64(10_000_000 + film)
            entries.append(Relocator.Entry(path: "D:/Films/Film \(film)/Film \(film).mkv", size: size, durationMs: nil))
            files.append(LocalFile(path: "/media/usb/Films/Film \(film)/Film \(film).mkv", size: size))
            expected.append("/media/usb/Films/Film \(film)/Film \(film).mkv")
        }
        var order = Array(files.indices)
        for index in order.indices.reversed() { order.swapAt(index, draw.below(index + 1)) }
        let (placements, relocation) = Relocator().relocate(entries, in: ListedFiles(order.map { files[$0] }))
        for (index, placement) in placements.enumerated() {
            #expect(placement.path.map { Array($0.utf8) } == expected[index].map { Array($0.utf8) },
                    "seed \(seed): \(entries[index].path) → \(placement), expected \(expected[index] ?? "none")")
        }
        #expect(relocation.found == expected.compactMap { $0 }.count)
        #expect(relocation.rules.map(\.to).contains("/home/sam/Music"), "\(relocation.rules.map(\.argument))")
    }

    private func nfd(_ text: String) -> String {
        String(text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            switch scalar {
            case "é": ["e", "\u{301}"]
            case "ñ": ["n", "\u{303}"]
            default: [scalar]
            }
        }.map(Character.init))
    }
}
