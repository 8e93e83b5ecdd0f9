import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a VirtualDJ database through the same `XMLEventStream` `index` uses, raw
/// control characters read as spaces: the reader gives items or throws a `MalformedSourceError`
/// naming the file, never crashes, hangs, leaks or loads anything; ids are `virtualdj:` and
/// distinct; the database has no playlists; every warning points into the file.
@main
enum FuzzVirtualDJ {
    static let name = "/fuzz/database.xml"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        do {
            let (items, summary) = try VirtualDJLibraryReader.read(bytes: bytes, name: name)
            fuzzCheck(items.count == summary.trackCount,
                      "\(items.count) items delivered, summary counts \(summary.trackCount)")
            fuzzCheck(Set(items.map(\.id)).count == items.count, "two items share an id")
            fuzzCheck(summary.playlists.isEmpty, "a VirtualDJ database gave playlists")
            for item in items {
                fuzzCheck(item.id.rawValue.hasPrefix("virtualdj:"), "item id \(item.id)")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
                fuzzCheck(item.bpm.map { $0 > 0 } ?? true, "bpm \(item.bpm ?? 0)")
                fuzzCheck(item.rating.map { (20...100).contains($0) } ?? true, "rating \(item.rating ?? 0)")
            }
            for warning in summary.warnings {
                let file = warning.position?.file ?? name
                fuzzCheck(file == name, "warning names \(file)")
            }
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file == name, "error names \(error.position.file)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
