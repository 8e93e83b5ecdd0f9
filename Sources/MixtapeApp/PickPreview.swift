import MixtapeCore
import MixtapeStore

/// The preview pane's text for one item (spec/picker.md: title, artist, album, year, kind,
/// rating, plays, location and the playlists it belongs to), read from the index when the
/// cursor lands on an item, so the catalog need not hold every field of every item.
///
/// Playlist membership is worked out once, on the first preview, from the user's own
/// playlists: the library itself, iTunes' built-in kind lists ("Music", "Movies") and folders
/// say nothing about an item.
struct PickPreview {
    let store: LibraryStore
    private var membership: Membership?

    init(store: LibraryStore) { self.store = store }

    /// The pane's lines for `id`; nil for nothing under the cursor.
    mutating func lines(for id: ItemID?) -> [String] {
        guard let id else { return [] }
        guard let item = try? store.item(id) else { return ["\(id.rawValue): no longer in the index"] }
        return Self.describe(item, playlists: playlists(containing: id))
    }

    /// `item` as label/value lines, unknown values left out.
    static func describe(_ item: MediaItem, playlists: [String]) -> [String] {
        var lines: [String] = []
        lines.append("Title     " + (item.title ?? "(untitled)"))
        if let artist = item.artist { lines.append("Artist    " + artist) }
        var album = [item.album, item.year.map(String.init)].compactMap { $0 }.joined(separator: " · ")
        if album.isEmpty { album = "—" }
        lines.append("Album     " + album)
        var facts = [item.kind.rawValue]
        if let duration = item.durationMs { facts.append(ClockTime.text(milliseconds: duration)) }
        if let rating = item.rating { facts.append(stars(rating) + " (\(rating))") }
        facts.append(Int(item.playCount ?? 0).counted("play"))
        if item.loved { facts.append("loved") }
        lines.append("Kind      " + facts.joined(separator: " · "))
        // A byte that is not UTF-8 shown as `\xE9`, as everywhere a person reads a path.
        lines.append("Location  " + (item.location.map(PathBytes.escaped) ?? "none (not downloaded)"))
        // Where the file is on this machine, when that is not where the source says.
        if let location = item.location, !PlayablePath.isURL(location), item.path != location {
            lines.append("File      " + (item.path.map(PathBytes.escaped) ?? "not found here"))
        }
        lines.append("Playlists " + (playlists.isEmpty ? "none" : playlists.joined(separator: ", ")))
        return lines
    }

    /// A 0–100 rating as five stars, 20 per star, halves rounded down.
    static func stars(_ rating: Int64) -> String {
        let full = Int(max(0, min(100, rating)) / 20)
        return String(repeating: "★", count: full) + String(repeating: "☆", count: 5 - full)
    }

    private mutating func playlists(containing id: ItemID) -> [String] {
        if membership == nil { membership = Membership(store: store) }
        return membership?.paths(containing: id) ?? []
    }

    /// Which playlists hold each item, by position; their paths are built only for the item
    /// on show, since all paths of a 10,000-deep chain of folders hold 50 million names.
    private struct Membership {
        let playlists: [Playlist]
        let tree: PlaylistParents
        let byItem: [ItemID: [Int]]

        init(store: LibraryStore) {
            playlists = (try? store.playlists()) ?? []
            tree = PlaylistParents(playlists)
            var byItem: [ItemID: [Int]] = [:]
            for (index, playlist) in playlists.enumerated()
            where !playlist.isFolder && !playlist.isMaster && playlist.distinguishedKind == nil {
                for item in Set(playlist.items) { byItem[item, default: []].append(index) }
            }
            self.byItem = byItem
        }

        func paths(containing id: ItemID) -> [String] {
            (byItem[id] ?? []).map { index in
                var names: [String] = []
                var next: Int? = index
                while let current = next {
                    names.append(PlaylistPath.escape(playlists[current].name))
                    next = tree.parents[current]
                }
                return names.reversed().joined(separator: "/")
            }
        }
    }
}
