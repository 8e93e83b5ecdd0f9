import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a Serato library through the same record stream `index` uses: the input up to
/// the first `SERATO//` is the `database V2`, each part after one a crate (every second one a
/// smart crate). The reader gives items and playlists or throws a `MalformedSourceError` naming
/// one of the files at a byte offset inside it, never crashes, hangs or leaks; ids are
/// `serato:` and distinct; crate entries name only items read; every warning points into a file.
@main
enum FuzzSerato {
    static let name = "/fuzz/_Serato_/database V2"
    static let marker = Array("SERATO//".utf8)

    static func main() { FuzzReplay.main(run) }

    /// The input cut at each marker.
    static func parts(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                parts.append(Array(bytes[start..<index]))
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    static func run(_ bytes: [UInt8]) {
        let parts = parts(bytes)
        let crates = parts.dropFirst().enumerated().map { index, bytes in
            (name: "Crate \(index)%%Sub.crate", isSmart: index % 2 == 1, bytes: bytes)
        }
        do {
            let (items, summary) = try SeratoLibraryReader.read(bytes: parts[0], crates: Array(crates), name: name)
            fuzzCheck(items.count == summary.trackCount, "\(items.count) items delivered, summary counts \(summary.trackCount)")
            let ids = Set(items.map(\.id))
            fuzzCheck(ids.count == items.count, "two items share an id")
            for item in items {
                fuzzCheck(item.id.rawValue.hasPrefix("serato:"), "item id \(item.id)")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
                fuzzCheck(item.location?.utf8.first == UInt8(ascii: "/"), "location \(item.location ?? "nil")")
                fuzzCheck(item.bpm.map { $0 > 0 } ?? true, "bpm \(item.bpm ?? 0)")
                fuzzCheck(item.durationMs.map { $0 > 0 } ?? true, "duration \(item.durationMs ?? 0)")
            }
            let playlistIDs = Set(summary.playlists.map(\.id))
            fuzzCheck(playlistIDs.count == summary.playlists.count, "two playlists share an id")
            for playlist in summary.playlists {
                fuzzCheck(playlist.items.allSatisfy(ids.contains), "playlist \(playlist.name) names an item not read")
                fuzzCheck(!playlist.isFolder || playlist.items.isEmpty, "folder \(playlist.name) has entries")
                fuzzCheck(playlist.parentID.map(playlistIDs.contains) ?? true, "playlist \(playlist.name) has no parent")
            }
            for warning in summary.warnings {
                let file = warning.position?.file ?? name
                fuzzCheck(file.hasPrefix("/fuzz/_Serato_/"), "warning names \(file)")
            }
        } catch let error as MalformedSourceError {
            let position = error.position
            fuzzCheck(position.file.hasPrefix("/fuzz/_Serato_/"), "error names \(position.file)")
            let size = position.file == name ? parts[0].count
                : crates.first { position.file.hasSuffix("/" + $0.name) }?.bytes.count ?? -1
            fuzzCheck(position.byteOffset.map { $0 >= 0 && $0 <= size } ?? false,
                      "error at \(position) outside the file's \(size) bytes")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
