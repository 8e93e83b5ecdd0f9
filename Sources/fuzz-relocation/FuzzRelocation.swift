import FuzzReplay
import MixtapeCore

/// Files here and an export's entries, both made from the input, resolved by `Relocator`, and
/// checked against what spec/sources.md ("Where the files are now") promises, whatever the
/// input: every file found is a file here; found as written means the same path but for
/// NFC/NFD and case; through a rule means that rule puts the entry there; by name means the
/// only file of that name and size (or duration); no file is given to two entries of different
/// paths; and the answer does not depend on the order the files are listed in. No input may
/// make it guess between two candidates.
///
/// Paths are built from a small vocabulary that collides on purpose: letter case, NFC and NFD,
/// a drive and a root, the same album and track names in many folders.
@main
enum FuzzRelocation {
    static func main() { FuzzReplay.main(run) }

    static let words = ["Music", "music", "MUSIC", "Abba", "ABBA", "Gold", "gold", "Caf\u{E9}", "Cafe\u{301}",
                        "iTunes Media", "Users", "sam", "home", "Disc 1", "01 Intro.mp3", "01 intro.MP3",
                        "02 x.flac", "B\u{F6}rk.m4a", "Bo\u{308}rk.m4a", "Moved", "a", "b"]
    static let roots = ["/", "/", "C:/", "c:/", "D:\\", "//nas/share/"]
    static let sizes: [Int64?] = [nil, 100, 100, 200, 300]

    /// Reads bytes as a little program of paths.
    struct Reader {
        var bytes: ArraySlice<UInt8>
        mutating func next() -> Int { bytes.popFirst().map(Int.init) ?? 0 }
        mutating func path() -> String {
            let root = FuzzRelocation.roots[next() % FuzzRelocation.roots.count]
            let count = 1 + next() % 6
            let separator = root.contains("\\") ? "\\" : "/"
            return root + (0..<count).map { _ in FuzzRelocation.words[next() % FuzzRelocation.words.count] }
                .joined(separator: separator)
        }
        mutating func size() -> Int64? { FuzzRelocation.sizes[next() % FuzzRelocation.sizes.count] }
        mutating func duration() -> Int64? { next() % 3 == 0 ? nil : Int64(next() % 4) * 700 }
    }

    static func run(_ input: [UInt8]) {
        var reader = Reader(bytes: input[...])
        let fileCount = reader.next() % 24
        let entryCount = reader.next() % 12
        var files: [LocalFile] = []
        for _ in 0..<fileCount {
            let path = "/" + reader.path().drop { $0 == "/" || $0 == "\\" }.split(separator: ":").joined()
            files.append(LocalFile(path: path, size: reader.size(), durationMs: reader.duration()))
        }
        let entries = (0..<entryCount).map { _ in
            Relocator.Entry(path: reader.path(), size: reader.size(), durationMs: reader.duration())
        }
        let userRules = reader.next() % 4 == 0 ? [RelocationRule(from: reader.path(), to: "/" + words[reader.next() % words.count],
                                                                 setBy: .user)] : []
        let here = ListedFiles(files)
        let relocator = Relocator(userRules: userRules)
        let (placements, relocation) = relocator.relocate(entries, in: here)
        check(placements, relocation, entries: entries, here: here)
        let reversed = relocator.relocate(entries, in: ListedFiles(here.files.reversed()))
        fuzzCheck(reversed.placements.map(\.path) == placements.map(\.path),
                  "the order files are listed in changed what was found: \(placements) vs \(reversed.placements)")
        checkPlaylist(entries: entries, files: here.files, userRules: userRules)
    }

    /// The same entries as a playlist file's (each an `#EXTINF` length, no size) and the files
    /// as items': every entry resolved is the item of a file of its name, and the summary
    /// counts every entry that names a path.
    static func checkPlaylist(entries: [Relocator.Entry], files: [LocalFile], userRules: [RelocationRule]) {
        let record = PlaylistFileRecord(path: "/p.m3u", stamp: 0, name: "p", folders: [], entries: entries.map {
            PlaylistFileRecord.Entry(target: .path($0.path), durationMs: $0.durationMs)
        })
        let records = [(source: "/p.m3u", record: record)]
        var relocation = PlaylistRelocation(records, settled: [entries.map { _ in [] }])
        var fileOf: [ItemID: String] = [:]
        for (number, file) in files.enumerated() {
            let id = ItemID(rawValue: "item:\(number)")
            fileOf[id] = file.path
            relocation.offer(id: id, path: file.path, size: file.size, durationMs: file.durationMs, startMs: nil)
        }
        let found = relocation.relocate(userRules: ["/p.m3u": userRules])
        for (entry, ids) in zip(entries, found[0]) {
            fuzzCheck(ids.count <= 1, "\(entry.path) resolved to several items of unrelated files: \(ids)")
            for id in ids {
                let file = fileOf[id] ?? ""
                fuzzCheck(FoldedPath.name(file) == FoldedPath.name(entry.path), "\(entry.path) resolved to the item of \(file)")
            }
        }
        let summary = relocation.relocations(found: found)["/p.m3u"]?.relocation ?? Relocation()
        fuzzCheck(summary.entries == entries.count, "the playlist's summary counts \(summary.entries) of \(entries.count) entries")
        fuzzCheck(summary.found == found[0].filter { !$0.isEmpty }.count, "the summary's found is what resolved")
    }

    static func check(_ placements: [Placement], _ relocation: Relocation, entries: [Relocator.Entry], here: ListedFiles) {
        fuzzCheck(placements.count == entries.count, "one placement per entry")
        fuzzCheck(relocation.entries == entries.count, "the summary counts every entry")
        let listed = Set(here.files.map { Array($0.path.utf8) })
        // By bytes: two names that differ only in NFC/NFD are two files here.
        var owners: [[UInt8]: Set<[String]>] = [:]
        for (entry, placement) in zip(entries, placements) {
            if let path = placement.path {
                fuzzCheck(listed.contains(Array(path.utf8)), "\(path) is no file here")
                owners[Array(path.utf8), default: []].insert(key(entry.path))
            }
            switch placement {
            case .asWritten(let path):
                fuzzCheck(key(path) == key(entry.path), "\(entry.path) found as written at \(path)")
            case .byRule(let number, let path):
                let target = relocation.rules[number].apply(to: entry.path)
                fuzzCheck(target.map(key) == key(path), "rule \(relocation.rules[number].argument) does not put \(entry.path) at \(path)")
            case .byName(let path):
                let fitting = here.files.filter { file in
                    FoldedPath.name(file.path) == FoldedPath.name(entry.path) && (entry.size.map { file.size == $0 }
                        ?? (entry.durationMs.flatMap { d in file.durationMs.map { abs($0 - d) <= 1_000 } } ?? false))
                }
                fuzzCheck(fitting.map(\.path) == [path], "\(entry.path) given \(path) by name among \(fitting.map(\.path))")
            case .ambiguous(let candidates):
                fuzzCheck(!candidates.isEmpty, "an ambiguous entry names its candidates")
            case .missing:
                break
            }
        }
        for (path, keys) in owners {
            fuzzCheck(keys.count == 1, "\(String(decoding: path, as: UTF8.self)) is the file of entries of different paths: \(keys)")
        }
    }

    static func key(_ path: String) -> [String] { FoldedPath.components(path).map(FoldedPath.fold) }
}
