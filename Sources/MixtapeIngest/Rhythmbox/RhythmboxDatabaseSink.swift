import MixtapeCore

/// The state machine over rhythmdb.xml's SAX events: `<rhythmdb>` (depth 1), `<entry
/// type="…">` (depth 2), one child per field (depth 3, text only). Entries wait, with their
/// ids, in `pending` until the stream's after-chunk hook hands them on (to be mapped to
/// items by whoever takes them), so memory holds one chunk's entries, plus the set of ids seen
/// (to resolve static playlists and to skip a location listed twice).
final class RhythmboxDatabaseSink: XMLEventSink {
    let source: String
    /// Entries not yet handed to the caller, with their ids.
    @exclusivity(unchecked) var pending: [(entry: RhythmboxEntry, id: ItemID)] = []
    /// The hash of every item id delivered (`RhythmboxEntry.identity`), for playlists'
    /// entries and to find a location listed twice.
    private(set) var ids: Set<UInt64> = []
    private(set) var warnings: [IndexWarning] = []
    private(set) var itemCount = 0
    /// `Rhythmbox (rhythmdb 2.0)`, from the root's `version`.
    private(set) var applicationVersion: String?

    // Touched for every element and text piece of a 100,000-entry file; only libxml2's single
    // thread reaches them, so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var entry: RhythmboxEntry?
    @exclusivity(unchecked) private var child: RhythmboxEntry.Child?
    @exclusivity(unchecked) private var text = XMLTextBuffer()

    init(source: String) {
        self.source = source
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        switch depth {
        case 1:
            guard name.is("rhythmdb") else {
                return context.fail("the root element is <\(name.string)>, not <rhythmdb>: not a Rhythmbox database")
            }
            applicationVersion = "Rhythmbox (rhythmdb " + (attributes["version"]?.string ?? "?") + ")"
        case 2 where name.is("entry"):
            entry = RhythmboxEntry(type: attributes["type"]?.string ?? "")
        case 3 where entry != nil:
            child = RhythmboxEntry.Child.named(name)
            if child != nil { text.begin() }
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, context: XMLEventContext) {
        text.append(bytes)
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        switch depth {
        case 3:
            if let child, entry != nil {
                text.take { entry!.set(child, bytes: $0) }
            }
            child = nil
        case 2:
            if let entry { finish(entry, context: context) }
            entry = nil
        default:
            break
        }
    }

    private func finish(_ entry: RhythmboxEntry, context: XMLEventContext) {
        guard entry.kind != nil else { return }
        guard let identity = entry.identity else {
            warnings.append(IndexWarning(position: context.position,
                                         message: "a \(entry.type) entry without a location is skipped"))
            return
        }
        guard ids.insert(identity.hash).inserted else {
            let location = entry.item(source: source, id: identity.id).location ?? ""
            warnings.append(IndexWarning(position: context.position,
                                         message: "\(location) is listed twice; the first entry is kept"))
            return
        }
        pending.append((entry, identity.id))
        itemCount += 1
    }

    /// The pending entries, handed over to be mapped, and none left pending.
    func takePending() -> UnmappedItems {
        UnmappedItems(taking: &pending) { [source] in $0.entry.item(source: source, id: $0.id) }
    }
}
