/// Resolves playlist-file entries to indexed items (sources.md, "Playlist files"): by the
/// target path exactly, then compared NFC/NFD-insensitively, then case-insensitively, and last,
/// for an entry whose file is nowhere, by its `#EXTINF` artist and title. The first rule that
/// finds exactly one item wins; an entry no rule settles (a missing file, a stream, two
/// equally good items) is unresolved.
///
/// Built in two steps so memory follows the playlists, not the library: `init(wanting:)` takes
/// every entry to resolve and keeps the keys they ask for; `offer` is then called once per
/// indexed item and keeps an item only when one of those keys names it. A 500,000-item library
/// with three playlists holds three playlists' worth of keys.
public struct PlaylistResolver {
    /// Exact bytes of a target path.
    private var exact: [[UInt8]: Set<ItemID>] = [:]
    /// Swift `String` keys compare under canonical equivalence: NFC and NFD are one key.
    private var canonical: [String: Set<ItemID>] = [:]
    private var caseless: [String: Set<ItemID>] = [:]
    private var tagged: [String: Set<ItemID>] = [:]

    /// Prepares for `entries` (target and tags of each).
    public init(wanting entries: some Sequence<(target: PlaylistEntryTarget, artist: String?, title: String?)>) {
        for entry in entries {
            if case .path(let path) = entry.target {
                exact[Array(path.utf8)] = []
                canonical[path] = []
                caseless[path.lowercased()] = []
            }
            if let key = PlaylistResolver.tagKey(artist: entry.artist, title: entry.title) { tagged[key] = [] }
        }
    }

    /// Considers one indexed item.
    public mutating func offer(id: ItemID, location: String?, artist: String?, title: String?) {
        if let location, !LocationEncoder.hasScheme(location) {
            if exact[Array(location.utf8)] != nil { exact[Array(location.utf8)]?.insert(id) }
            if canonical[location] != nil { canonical[location]?.insert(id) }
            let lower = location.lowercased()
            if caseless[lower] != nil { caseless[lower]?.insert(id) }
        }
        if let key = PlaylistResolver.tagKey(artist: artist, title: title), tagged[key] != nil { tagged[key]?.insert(id) }
    }

    /// The item an entry names, or nil.
    public func resolve(_ target: PlaylistEntryTarget, artist: String?, title: String?) -> ItemID? {
        if case .path(let path) = target {
            if let one = single(exact[Array(path.utf8)]) { return one }
            if let one = single(canonical[path]) { return one }
            if let one = single(caseless[path.lowercased()]) { return one }
        }
        return PlaylistResolver.tagKey(artist: artist, title: title).flatMap { single(tagged[$0]) }
    }

    private func single(_ ids: Set<ItemID>?) -> ItemID? {
        guard let ids, ids.count == 1 else { return nil }
        return ids.first
    }

    /// Artist and title folded for comparison (case and Latin accents), or nil without a title.
    static func tagKey(artist: String?, title: String?) -> String? {
        guard let title, !title.isEmpty else { return nil }
        return QueryTextFolding.fold(artist ?? "") + "\u{1f}" + QueryTextFolding.fold(title)
    }
}
