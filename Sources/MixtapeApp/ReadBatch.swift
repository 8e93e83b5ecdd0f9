import MixtapeCore
import MixtapeIngest

/// What a library reader hands to the writing thread while it reads: items, or playlists that
/// are complete before the end of the file (iTunes's, once its track list has closed), so
/// neither waits in memory for the end of a 500,000-track export.
enum ReadBatch: Sendable {
    case items([MediaItem])
    /// Items the writing thread maps itself (`UnmappedItems`).
    case unmapped(UnmappedItems)
    case playlists([Playlist])
    /// The rules of the source's smart playlists, from a reader that knows them before its
    /// items (Rhythmbox's playlists file is read first): the writer gathers the columns they
    /// read as the items go by.
    case rules([SmartRule])
}
