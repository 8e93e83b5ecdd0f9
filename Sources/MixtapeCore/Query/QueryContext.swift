/// What evaluating a filter needs besides the item: the time the search runs (for relative
/// dates), the saved selection (for `selected:`) and playlist membership (for `playlist:`).
///
/// Passed in rather than looked up, so the core reads no clock and no database, and a test can
/// pin "now" to a fixed instant.
public struct QueryContext: Sendable {
    /// The instant relative ages (`added:<30d`) count back from.
    public var now: Timestamp
    /// The saved selection, for `selected:yes`.
    public var selection: Set<ItemID>
    /// Playlist members by name, folder path or id, for `playlist:`.
    public var playlists: PlaylistMembership

    public init(now: Timestamp, selection: Set<ItemID> = [], playlists: PlaylistMembership = PlaylistMembership()) {
        self.now = now
        self.selection = selection
        self.playlists = playlists
    }
}
