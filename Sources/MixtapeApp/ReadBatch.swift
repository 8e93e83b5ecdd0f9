import MixtapeCore
import MixtapeIngest

/// What a library reader hands to the writing thread while it reads: items, or playlists that
/// are complete before the end of the file (iTunes's, once its track list has closed), so
/// neither waits in memory for the end of a 500,000-track export.
enum ReadBatch: Sendable {
    case items([MediaItem])
    /// Items the writing thread maps itself (`UnmappedItems`).
    case unmapped(UnmappedItems)
    /// Items with their fingerprints, both worked out on the reading thread (`mapped`).
    case fingerprinted([MediaItem], fingerprints: [Int64])
    case playlists([Playlist])
    /// The rules of the source's smart playlists, from a reader that knows them before its
    /// items (Rhythmbox's playlists file is read first): the writer gathers the columns they
    /// read as the items go by.
    case rules([SmartRule])

    /// The items the batch holds, mapped here when they are not yet, taken out of it (it is
    /// left holding none): the only reference to the array then, so the store can lend each
    /// item in place without copying them all first. Nil for playlists and rules.
    mutating func takeItems() -> (items: [MediaItem], fingerprints: [Int64]?)? {
        switch self {
        case .items(let items):
            self = .items([])
            return (items, nil)
        case .unmapped(let entries):
            self = .items([])
            return (entries.items(), nil)
        case .fingerprinted(let items, let fingerprints):
            self = .items([])
            return (items, fingerprints)
        case .playlists, .rules:
            return nil
        }
    }

    /// The bytes of playlist entries the batch holds: what `ReadPipeline` keeps in flight
    /// within a budget (items batches are bounded by their count already).
    var entryBytes: Int {
        guard case .playlists(let playlists) = self else { return 0 }
        return playlists.reduce(0) { $0 + ($1.packedItems?.heldBytes ?? $1.items.count * 24) }
    }

    /// The batch with its entries mapped to items and their fingerprints worked out here, on
    /// the calling thread: what the reading thread does ahead of a writer that is behind
    /// (`ReadPipeline`). The fingerprints were a tenth of the writer's work.
    var mapped: ReadBatch {
        switch self {
        case .unmapped(let entries): Self.fingerprinting(entries.items())
        case .items(let items): Self.fingerprinting(items)
        case .fingerprinted, .playlists, .rules: self
        }
    }

    private static func fingerprinting(_ items: [MediaItem]) -> ReadBatch {
        .fingerprinted(items, fingerprints: items.map(\.fingerprint))
    }
}
