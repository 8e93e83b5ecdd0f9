import MixtapeCore

/// The state machine over one NML document's SAX events. Items are the `ENTRY` children of
/// `COLLECTION` (the `SETS` of Remix Sets are not items); each is mapped when its end tag
/// arrives and waits in `pending` for the reader to hand it on. The `PLAYLISTS` tree is
/// recorded as it goes and resolved at the end.
final class TraktorSink: XMLEventSink {
    let source: String
    /// Mapped items not yet handed to the caller.
    var pending: [MediaItem] = []
    /// Every item id delivered, to resolve playlist keys and notice a key listed twice.
    private(set) var known: Set<ItemID> = []
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
    private var seenChildren: Set<String> = []

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
            inPlaylists = name.is("PLAYLISTS")
            if name.is("HEAD") { program = attributes["PROGRAM"]?.nonBlank }
        case 3 where inCollection && name.is("ENTRY"):
            entry = TraktorEntry(entry: Self.collect(attributes, TraktorEntry.entryNames))
            entryPosition = context.position
            seenChildren.removeAll(keepingCapacity: true)
        case 4 where entry != nil:
            readEntryChild(name, attributes)
        default:
            if inPlaylists { readPlaylistElement(name, attributes) }
        }
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        if depth == 3, let finished = entry {
            entry = nil
            let item = finished.item(source: source)
            if !known.insert(item.id).inserted {
                warnings.append(IndexWarning(position: entryPosition, message:
                    "the track \(finished.location?.primaryKey ?? item.title ?? "") is listed again; the later entry (\(item.id)) replaces the earlier one"))
            }
            pending.append(item)
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
        let key: String
        if name.is("LOCATION") { key = "LOCATION" } else if name.is("ALBUM") { key = "ALBUM" }
        else if name.is("INFO") { key = "INFO" } else if name.is("TEMPO") { key = "TEMPO" }
        else if name.is("MUSICAL_KEY") { key = "MUSICAL_KEY" } else { return }
        guard seenChildren.insert(key).inserted else { return }
        switch key {
        case "LOCATION":
            entry?.location = TraktorLocation(volume: attributes["VOLUME"]?.string ?? "",
                                              directory: attributes["DIR"]?.string ?? "",
                                              file: attributes["FILE"]?.string ?? "")
        case "ALBUM": entry?.album = Self.collect(attributes, TraktorEntry.albumNames)
        case "INFO": entry?.info = Self.collect(attributes, TraktorEntry.infoNames)
        case "TEMPO": entry?.tempo = Self.collect(attributes, TraktorEntry.tempoNames)
        default: entry?.musicalKey = Self.collect(attributes, TraktorEntry.musicalKeyNames)
        }
    }

    /// NODE, PLAYLIST, SMARTLIST and PRIMARYKEY inside PLAYLISTS.
    private func readPlaylistElement(_ name: XMLName, _ attributes: XMLAttributes) {
        if name.is("NODE") {
            tree.openNode(name: attributes["NAME"]?.string ?? "", type: attributes["TYPE"]?.string ?? "")
        } else if name.is("PLAYLIST") || name.is("SMARTLIST") {
            if name.is("PLAYLIST") { openPlaylists += 1 }
            if let uuid = attributes["UUID"]?.string { tree.setUUID(uuid) }
        } else if name.is("PRIMARYKEY"), openPlaylists > 0 {
            tree.addEntry(type: attributes["TYPE"]?.string ?? "", key: attributes["KEY"]?.string ?? "")
        }
    }

    /// The named attributes that are present, by name.
    private static func collect(_ attributes: XMLAttributes, _ names: Set<String>) -> [String: String] {
        var values: [String: String] = [:]
        for index in 0..<attributes.count {
            let name = attributes.name(at: index).string
            if names.contains(name) { values[name] = attributes.value(at: index).string }
        }
        return values
    }
}
