import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a Traktor NML file, through the same streaming libxml2 path `index` uses: the
/// reader must give items and playlists or throw a `MalformedSourceError` naming the file,
/// never crash, hang, leak or load anything (no entity expansion, no network).
@main
enum FuzzTraktor {
    static let name = "fuzz.nml"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        do {
            let (items, summary) = try TraktorLibraryReader.read(bytes: bytes, name: name)
            let ids = Set(items.map(\.id))
            fuzzCheck(ids.count == summary.trackCount, "\(ids.count) distinct items, summary counts \(summary.trackCount)")
            for item in items {
                fuzzCheck(item.id.rawValue.hasPrefix("traktor:"), "item id \(item.id) is not traktor:")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
                fuzzCheck(item.rating.map { (0...100).contains($0) } ?? true, "rating \(item.rating ?? 0) outside 0–100")
            }
            let playlistIDs = Set(summary.playlists.map(\.id))
            fuzzCheck(playlistIDs.count == summary.playlists.count, "two playlists share an id")
            for playlist in summary.playlists {
                fuzzCheck(playlist.items.allSatisfy(ids.contains), "playlist \(playlist.name) names an item not read")
                fuzzCheck(playlist.parentID.map(playlistIDs.contains) ?? true, "playlist \(playlist.name) has an unknown parent")
            }
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file == name, "error names \(error.position.file), not \(name)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
