import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// What a library reader hands to the writing thread while it reads: items, or playlists that
/// are complete before the end of the file (iTunes's, once its track list has closed), so
/// neither waits in memory for the end of a 500,000-track export.
enum ReadBatch: Sendable {
    case items([MediaItem])
    /// Items the writing thread maps itself (`UnmappedItems`).
    case unmapped(UnmappedItems)
    /// Items with their fingerprints and sort keys, all worked out on the reading thread (`mapped`).
    case prepared([MediaItem], PreparedItems)
    case playlists([Playlist])
    /// The rules of the source's smart playlists, from a reader that knows them before its
    /// items (Rhythmbox's playlists file is read first): the writer gathers the columns they
    /// read as the items go by.
    case rules([SmartRule])

    /// The items the batch holds, mapped here when they are not yet, taken out of it (it is
    /// left holding none): the only reference to the array then, so the store can lend each
    /// item in place without copying them all first. Nil for playlists and rules.
    mutating func takeItems() -> (items: [MediaItem], prepared: PreparedItems?)? {
        switch self {
        case .items(let items):
            self = .items([])
            return (items, nil)
        case .unmapped(let entries):
            self = .items([])
            return (entries.items(), nil)
        case .prepared(let items, let prepared):
            self = .items([])
            return (items, prepared)
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

    /// The batch with its entries mapped to items and what their writing needs worked out here
    /// (`PreparedItems`), on the calling thread: what the reading thread does ahead of a writer
    /// that is behind (`ReadPipeline`).
    var mapped: ReadBatch {
        switch self {
        case .unmapped(let entries): Self.preparing(entries.items())
        case .items(let items): Self.preparing(items)
        case .prepared, .playlists, .rules: self
        }
    }

    /// `items` taken (`consuming`): an array the batch no longer holds is lent in place, not copied.
    private static func preparing(_ items: consuming [MediaItem]) -> ReadBatch {
        var items = items
        let prepared = PreparedItems(&items)
        return .prepared(items, prepared)
    }
}
