import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as an iTunes library export, through the same libxml2 push parser `index` uses:
/// the reader must give items or throw a `MalformedSourceError` naming the file, never crash,
/// hang, leak or load anything (the reader promises no entity expansion and no network).
@main
enum FuzzPlist {
    static let name = "fuzz.xml"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        do {
            let (items, summary) = try ITunesLibraryReader.read(bytes: bytes, name: name)
            fuzzCheck(items.count == summary.trackCount,
                      "\(items.count) items delivered, summary counts \(summary.trackCount)")
            for item in items {
                fuzzCheck(!item.id.rawValue.isEmpty, "an item without an id")
                fuzzCheck(item.source == name, "item source \(item.source ?? "nil"), not \(name)")
            }
        } catch let error as MalformedSourceError {
            fuzzCheck(error.position.file == name, "error names \(error.position.file), not \(name)")
        } catch {
            fatalError("the reader threw \(type(of: error)), not MalformedSourceError: \(error)")
        }
    }
}
