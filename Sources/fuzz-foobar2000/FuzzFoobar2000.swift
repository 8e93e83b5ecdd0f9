import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as foobar2000's files, the first byte choosing which: (0) a 2.x `index.txt`,
/// (1) an `.fplite`, (2) a 1.x `.fpl`, (3) a 1.x `index.dat`, (4) an `index.txt` and (5) an
/// `index.dat` read whole by `Foobar2000Playlists.read` with every playlist file it names held
/// in memory (the rest of the input cut in two where the second byte says). Each reader gives
/// what it read or throws a `MalformedSourceError` naming the file it read, never crashes,
/// hangs or sizes anything by a count it did not check; entries keep their order (lines rise),
/// a whole read lists one playlist per index line, in order, with distinct identities.
@main
enum FuzzFoobar2000 {
    static let folder = "/fuzz/profile/playlists"
    static let index = folder + "/index.txt"

    static func main() { FuzzReplay.main(run) }

    static func run(_ input: [UInt8]) {
        guard let mode = input.first else { return }
        let bytes = Array(input.dropFirst())
        switch mode % 6 {
        case 0: indexText(bytes)
        case 1: fplite(bytes)
        case 2: fpl(bytes)
        case 3: indexDat(bytes)
        default: whole(bytes, legacy: mode % 6 == 5)
        }
    }

    static func located(_ error: MalformedSourceError, in files: Set<String>) {
        fuzzCheck(files.contains(error.position.file), "error names \(error.position.file)")
        fuzzCheck(error.position.line >= 1 && error.position.column >= 1, "error at \(error.position)")
    }

    static func indexText(_ bytes: [UInt8]) {
        do {
            let (lines, _) = try Foobar2000IndexText.read(bytes, file: index)
            fuzzCheck(Set(lines.map { $0.guid.uppercased() }).count == lines.count, "a GUID twice")
            fuzzCheck(zip(lines, lines.dropFirst()).allSatisfy { $0.line < $1.line }, "lines out of order")
            for line in lines { fuzzCheck(line.guid.utf8.count == 36, "GUID \(line.guid)") }
            fuzzCheck(lines.isEmpty || Foobar2000IndexText.looksLikeIndex(bytes, isWholeFile: true),
                      "read as an index, but the sniffer would not say so")
        } catch {
            located(error, in: [index])
        }
    }

    static func fplite(_ bytes: [UInt8]) {
        let content = FPLiteReader.read(bytes)
        fuzzCheck(zip(content.entries, content.entries.dropFirst()).allSatisfy { $0.line < $1.line }, "lines out of order")
        fuzzCheck(content.problems.count <= 1, "\(content.problems.count) problems")
        for entry in content.entries {
            fuzzCheck(!entry.location.contains("\0"), "a NUL kept")
            if case .path(let path) = Foobar2000Location.target(entry.location, programFolder: "/fb") {
                fuzzCheck(!path.isEmpty, "an empty path from \(entry.location)")
            }
        }
    }

    static func fpl(_ bytes: [UInt8]) {
        do {
            let entries = try FPLPlaylistFile.read(bytes, file: "/fuzz/x.fpl")
            fuzzCheck(entries.count * 20 <= bytes.count, "\(entries.count) entries in \(bytes.count) bytes")
            for entry in entries {
                fuzzCheck(!entry.location.isEmpty, "an empty location")
                fuzzCheck(entry.durationMs.map { $0 > 0 } ?? true, "length \(entry.durationMs ?? 0)")
            }
        } catch {
            located(error, in: ["/fuzz/x.fpl"])
        }
    }

    static func indexDat(_ bytes: [UInt8]) {
        do {
            let playlists = try FPLIndexDat.read(bytes, file: "/fuzz/index.dat")
            for playlist in playlists {
                fuzzCheck(playlist.fileName.utf8.count == 36 && playlist.fileName.hasSuffix(".fpl"), "file \(playlist.fileName)")
            }
        } catch {
            located(error, in: ["/fuzz/index.dat"])
        }
    }

    /// The index is the input's first part; every playlist file it names is its second part.
    static func whole(_ bytes: [UInt8], legacy: Bool) {
        let cut = bytes.isEmpty ? 0 : min(bytes.count, Int(bytes[0]) * bytes.count / 255)
        let indexBytes = Array(bytes.dropFirst().prefix(max(cut - 1, 0)))
        let playlistBytes = Array(bytes.dropFirst(max(cut, 1)))
        let path = legacy ? folder + "/index.dat" : index
        let load: Foobar2000Playlists.Loader = { requested, limit in
            if requested == path { return .bytes(indexBytes) }
            return playlistBytes.count <= limit ? .bytes(playlistBytes) : .failed("too large")
        }
        do {
            let read = try Foobar2000Playlists.read(path: path, load: load)
            fuzzCheck(read.records.map(\.position) == Array(0..<read.records.count).map { Optional($0) }, "positions")
            fuzzCheck(Set(read.records.compactMap(\.identity)).count == read.records.count, "identities not distinct")
            for record in read.records {
                fuzzCheck(record.path.hasPrefix(folder + "/"), "record at \(record.path)")
            }
            for warning in read.warnings {
                fuzzCheck(warning.position.map { $0.file.hasPrefix(folder + "/") } ?? true, "warning \(warning)")
            }
            fuzzCheck(Foobar2000Playlists.companions(of: path, load: load).allSatisfy { $0.hasPrefix(folder + "/") }, "companions")
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file.hasPrefix(folder + "/"), "error names \(error.position.file)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
