import MixtapeCore

/// The SAX state machine of a rekordbox collection: `<DJ_PLAYLISTS>` holding `<PRODUCT>`,
/// `<COLLECTION>` (one `<TRACK>` per item, with `TEMPO` / `POSITION_MARK` children that are
/// skipped) and `<PLAYLISTS>` (the node tree, `RekordboxPlaylistTree`). Items are handed out
/// after every chunk; playlists are resolved at the end, when every TrackID is known.
final class RekordboxSink: XMLEventSink {
    private enum Section { case other, collection, playlists }

    /// The path items and playlists name as their `source`.
    let source: String
    private var section = Section.other
    private var pending: [MediaItem] = []
    private(set) var delivered = 0
    private var byTrackID: [Int64: ItemID] = [:]
    /// The ids seen so far, as 64-bit hashes: for the "second track" warning and for playlists
    /// keyed by Location (`KeyType="1"`, which no real export uses), whose keys become ids the
    /// way tracks' Locations do. Hashing id strings into a `Set<ItemID>`, and keeping every
    /// Location for those playlists, were a visible part of a large read.
    private var seen: Set<UInt64> = []
    private(set) var warnings: [IndexWarning] = []
    private var tree = RekordboxPlaylistTree()
    /// `PRODUCT`'s `Name` and `Version` (`rekordbox 6.7.7`).
    private(set) var applicationVersion: String?

    init(source: String) { self.source = source }

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        switch depth {
        case 1:
            guard name.is("DJ_PLAYLISTS") else {
                return context.fail("the root element is <\(name.string)>, not <DJ_PLAYLISTS>: not a rekordbox collection")
            }
        case 2:
            if name.is("COLLECTION") {
                section = .collection
                if let entries = DeclaredCount(attributes["Entries"]) {
                    seen.reserveCapacity(entries.capacity)
                    byTrackID.reserveCapacity(entries.capacity)
                }
            } else if name.is("PLAYLISTS") {
                section = .playlists
                tree.openPlaylists(depth: depth)
            } else if name.is("PRODUCT") {
                let words = [attributes["Name"]?.nonBlank, attributes["Version"]?.nonBlank].compactMap { $0 }
                applicationVersion = words.isEmpty ? nil : words.joined(separator: " ")
            }
        default:
            switch section {
            case .collection where depth == 3 && name.is("TRACK"):
                add(RekordboxTrack(attributes, source: source).item, context: context)
            case .playlists where name.is("NODE"):
                tree.openNode(name: attributes["Name"]?.string ?? "", type: attributes["Type"]?.string,
                              keyType: attributes["KeyType"]?.string, depth: depth)
            case .playlists where name.is("TRACK"):
                tree.entry(key: attributes["Key"], depth: depth)
            default:
                break
            }
        }
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        if depth == 2 {
            if section == .playlists { tree.closePlaylists() }
            section = .other
        } else if section == .playlists, name.is("NODE") {
            tree.closeNode(depth: depth)
        }
    }

    /// One item: queued for the next batch and recorded for the playlists. Two tracks with one
    /// Location are one item; the later wins, as the store keeps the later of one id.
    private func add(_ item: consuming MediaItem, context: XMLEventContext) {
        if !seen.insert(Self.key(item.id)).inserted {
            let location = item.location ?? "(no Location)"
            warnings.append(IndexWarning(position: context.position,
                                         message: "a second track with the Location \(location): the later one is kept"))
        }
        if let trackID = item.trackID { byTrackID[trackID] = item.id }
        pending.append(item)  // moved in: a copy would retain each of its texts once more
    }

    /// Hands the items read so far to `onItems`.
    func flush(_ onItems: ([MediaItem]) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        delivered += pending.count
        try onItems(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// The playlists, every entry resolved (call after the whole file is read).
    func playlists() -> [Playlist] {
        tree.playlists(byTrackID: byTrackID, isTrack: { seen.contains(Self.key($0)) }, source: source)
    }

    private static func key(_ id: ItemID) -> UInt64 {
        var hash = StableHash()
        hash.combine(unseparated: id.rawValue)
        return hash.value
    }
}
