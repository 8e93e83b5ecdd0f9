import MixtapeCore

/// The state machine over one NML document's SAX events. Items are the `ENTRY` children of
/// `COLLECTION` (the `SETS` of Remix Sets are not items); each is complete when its end tag
/// arrives and waits, with its id, in `pending` for the reader to hand it on (mapped to an item
/// by whoever takes it). The `PLAYLISTS` tree is recorded as it goes and resolved at the end.
final class TraktorSink: XMLEventSink {
    let source: String
    /// Entries not yet handed to the caller, with their ids.
    var pending: [(entry: TraktorEntry, id: ItemID)] = []
    /// The hash of every item id delivered (`TraktorEntry.identity`), to resolve playlist keys
    /// and notice a key listed twice.
    private(set) var known: Set<UInt64> = []
    private(set) var warnings: [IndexWarning] = []
    private(set) var tree = TraktorPlaylistTree()
    /// `PROGRAM` of `HEAD` and the NML `VERSION`: `Traktor Pro 4 (NML 20)`.
    private(set) var program: String?
    private var version: String?

    private var inCollection = false
    private var inPlaylists = false
    /// Open `PLAYLIST` elements inside `PLAYLISTS`: their `PRIMARYKEY`s are entries.
    private var openPlaylists = 0
    /// The collection entry being read, between its start and end tags.
    private var entry: TraktorEntry?
    private var entryPosition: SourcePosition?
    /// Which of LOCATION, ALBUM, INFO, TEMPO, MUSICAL_KEY the entry has had (bits 0–4).
    private var seenChildren: UInt8 = 0

    init(source: String) { self.source = source }

    var applicationVersion: String? {
        guard program != nil || version != nil else { return nil }
        return (program ?? "Traktor") + (version.map { " (NML \($0))" } ?? "")
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        switch depth {
        case 1:
            guard name.is("NML") else {
                return context.fail("the root element is <\(name.string)>, expected <NML>: not a Traktor collection")
            }
            version = attributes["VERSION"]?.string
        case 2:
            inCollection = name.is("COLLECTION")
            if inCollection, let entries = DeclaredCount(attributes["ENTRIES"]) { known.reserveCapacity(entries.capacity) }
            inPlaylists = name.is("PLAYLISTS")
            if name.is("HEAD") { program = attributes["PROGRAM"]?.nonBlank }
        case 3 where inCollection && name.is("ENTRY"):
            var fresh = TraktorEntry()
            Self.collect(attributes, TraktorEntry.entryFields, into: &fresh)
            entry = fresh
            entryPosition = context.position
            seenChildren = 0
        case 4 where entry != nil:
            readEntryChild(name, attributes)
        default:
            if inPlaylists { readPlaylistElement(name, attributes) }
        }
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        if depth == 3, let finished = entry.take() {
            let (id, hash) = finished.identity
            if !known.insert(hash).inserted {
                let name = finished.location?.primaryKey ?? TraktorValues.text(finished.title) ?? ""
                warnings.append(IndexWarning(position: entryPosition, message:
                    "the track \(name) is listed again; the later entry (\(id)) replaces the earlier one"))
            }
            pending.append((finished, id))
        } else if depth == 2 {
            inCollection = false
            inPlaylists = false
        } else if inPlaylists {
            if name.is("NODE") { tree.closeNode() }
            if name.is("PLAYLIST") { openPlaylists -= 1 }
        }
    }

    /// LOCATION, ALBUM, INFO, TEMPO and MUSICAL_KEY of the entry: the first of each counts.
    private func readEntryChild(_ name: XMLName, _ attributes: XMLAttributes) {
        let child: UInt8
        let fields: [(StaticString, TraktorEntry.Field)]
        if name.is("LOCATION") { (child, fields) = (1, []) }
        else if name.is("ALBUM") { (child, fields) = (2, TraktorEntry.albumFields) }
        else if name.is("INFO") { (child, fields) = (4, TraktorEntry.infoFields) }
        else if name.is("TEMPO") { (child, fields) = (8, TraktorEntry.tempoFields) }
        else if name.is("MUSICAL_KEY") { (child, fields) = (16, TraktorEntry.musicalKeyFields) }
        else { return }
        guard seenChildren & child == 0, entry != nil else { return }
        seenChildren |= child
        // Edited in place through the optional: a copy would retain every text it holds.
        if child == 1 {
            entry?.location = TraktorLocation(volume: attributes["VOLUME"].map(\.string) ?? "",
                                              directory: attributes["DIR"].map(\.string) ?? "",
                                              file: attributes["FILE"].map(\.string) ?? "")
        } else {
            Self.collect(attributes, fields, into: &entry!)
        }
    }

    /// NODE, PLAYLIST, SMARTLIST, SEARCH_EXPRESSION and PRIMARYKEY inside PLAYLISTS.
    private func readPlaylistElement(_ name: XMLName, _ attributes: XMLAttributes) {
        if name.is("NODE") {
            tree.openNode(name: attributes["NAME"].map(\.string) ?? "", type: attributes["TYPE"].map(\.string) ?? "")
        } else if name.is("PLAYLIST") || name.is("SMARTLIST") {
            if name.is("PLAYLIST") { openPlaylists += 1 }
            if let uuid = attributes["UUID"].map(\.string) { tree.setUUID(uuid) }
        } else if name.is("SEARCH_EXPRESSION"), let query = attributes["QUERY"] {
            tree.setExpression(query.string)
        } else if name.is("PRIMARYKEY"), openPlaylists > 0 {
            tree.addEntry(type: attributes["TYPE"].map(\.string) ?? "", key: attributes["KEY"].map(\.string) ?? "")
        }
    }

    /// Copies the attributes named in `fields` into their slots of `entry`.
    private static func collect(_ attributes: XMLAttributes, _ fields: [(StaticString, TraktorEntry.Field)],
                                into entry: inout TraktorEntry) {
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            for (wanted, field) in fields where name.is(wanted) {
                entry.set(field, attributes.value(at: index))
                break
            }
        }
    }
}
