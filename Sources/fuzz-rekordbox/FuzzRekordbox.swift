import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a rekordbox collection, through the libxml2 push parser `index` uses
/// (`XMLEventStream`): the reader must give items or throw a `MalformedSourceError` naming the
/// file, never crash, hang, leak or load anything. What it reads must hold together: every
/// item has a `rekordbox:` id and the file as its source, the summary counts the items, and
/// every playlist entry is an item of the file.
@main
enum FuzzRekordbox {
    static let name = "fuzz.xml"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        do {
            let (items, summary) = try RekordboxLibraryReader.read(bytes: bytes, name: name)
            fuzzCheck(items.count == summary.trackCount,
                      "\(items.count) items delivered, summary counts \(summary.trackCount)")
            let ids = Set(items.map(\.id))
            for item in items {
                fuzzCheck(item.id.rawValue.hasPrefix("rekordbox:"), "item id \(item.id)")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
            }
            for playlist in summary.playlists {
                fuzzCheck(playlist.id.rawValue.hasPrefix("rekordbox-playlist:"), "playlist id \(playlist.id)")
                fuzzCheck(playlist.items.allSatisfy(ids.contains), "playlist \(playlist.name) names an item not read")
                fuzzCheck(!playlist.isFolder || playlist.items.isEmpty, "folder \(playlist.name) has entries")
            }
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file == name, "error names \(error.position.file), not \(name)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
