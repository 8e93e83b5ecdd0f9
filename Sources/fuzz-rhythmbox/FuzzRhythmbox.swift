import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a Rhythmbox database and, after the first NUL byte, the playlists.xml beside
/// it, through the same `XMLEventStream` `index` uses: the reader gives items and playlists or
/// throws a `MalformedSourceError` naming one of the two files, never crashes, hangs, leaks or
/// loads anything; every automatic playlist's query is one the query parser accepts.
@main
enum FuzzRhythmbox {
    static let name = "/fuzz/rhythmdb.xml"
    static let playlistsName = "/fuzz/playlists.xml"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0)
        let database = Array(bytes[..<(split ?? bytes.endIndex)])
        let playlists = split.map { Array(bytes[($0 + 1)...]) }
        do {
            let (items, summary) = try RhythmboxLibraryReader.read(bytes: database, playlists: playlists, name: name)
            fuzzCheck(items.count == summary.trackCount,
                      "\(items.count) items delivered, summary counts \(summary.trackCount)")
            for item in items {
                fuzzCheck(item.id.rawValue.hasPrefix("rhythmbox:"), "item id \(item.id)")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
            }
            let ids = Set(items.map(\.id))
            for playlist in summary.playlists {
                fuzzCheck(playlist.id.rawValue.hasPrefix("rhythmbox-playlist:"), "playlist id \(playlist.id)")
                fuzzCheck(playlist.items.allSatisfy(ids.contains), "playlist \(playlist.name) names an unknown item")
                if let query = playlist.rule?.query {
                    fuzzCheck((try? Query(parsing: query)) != nil, "query `\(query)` does not parse")
                }
            }
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file == name || error.position.file == playlistsName,
                      "error names \(error.position.file)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
