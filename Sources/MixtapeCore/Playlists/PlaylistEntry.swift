/// One entry of a playlist to write: everything any format needs, already resolved, so writers
/// only format. The same item may appear in several entries (playlists keep repeats).
public struct PlaylistEntry: Hashable, Sendable {
    /// The final path or URL to write, after `--map-prefix` and `--relative`.
    public var path: String
    public var title: String?
    public var artist: String?
    public var album: String?
    public var trackNumber: Int64?
    public var durationMs: Int64?
    /// For a cue track: where it starts and ends in the file at `path` (ms).
    public var startMs: Int64?
    public var endMs: Int64?
    /// Write the path as it is, never as a `file://` URI (`export-playlist --plain-paths`, for
    /// MPD, which does not decode those), whatever it holds; a name that is not UTF-8 is still
    /// a URI, since a UTF-8 playlist cannot hold its bytes.
    public var plainPath = false
    /// The item the entry plays: the JSON format writes it whole, the iTunes format takes its
    /// Persistent ID and uses its id to list a repeated item once under `Tracks`.
    public var item: MediaItem? {
        get { held?.item }
        set { held = newValue.map(HeldItem.init) }
    }
    /// The item, held by reference: held inline, a 568-byte `MediaItem?` made every entry of a
    /// 100,000-entry export 700 bytes, even one without an item.
    private var held: HeldItem?

    /// An entry from its parts (tests, or entries with no item behind them).
    public init(path: String, title: String? = nil, artist: String? = nil, album: String? = nil,
                trackNumber: Int64? = nil, durationMs: Int64? = nil, startMs: Int64? = nil, endMs: Int64? = nil,
                item: MediaItem? = nil) {
        self.path = path
        self.title = title
        self.artist = artist
        self.album = album
        self.trackNumber = trackNumber
        self.durationMs = durationMs
        self.startMs = startMs
        self.endMs = endMs
        self.item = item
    }

    /// An entry for `item` at `path` (the item's location after mapping), with its metadata;
    /// holding the item itself only when `holdingItem` (a format that reads `item` needs it).
    /// The item is lent, so an entry that does not hold it copies only the fields it keeps.
    public init(item: borrowing MediaItem, path: String, holdingItem: Bool = true) {
        self.init(path: path, title: item.title, artist: item.artist, album: item.album,
                  trackNumber: item.trackNumber, durationMs: item.durationMs, startMs: item.startMs, endMs: item.endMs,
                  item: holdingItem ? copy item : nil)
    }

    /// Whether the entry is a part of its file (a cue track), which a format must say with
    /// a start and stop time or else plays the whole file.
    public var isRange: Bool { startMs != nil }

    /// VLC's `start-time` / `stop-time` options for a range: seconds with up to three
    /// decimals and no trailing zeros (`10`, `10.5`, `10.493`); empty for a whole file.
    var vlcOptions: [String] {
        guard let startMs else { return [] }
        return ["start-time=" + PlaylistEntry.seconds(startMs)] + (endMs.map { ["stop-time=" + PlaylistEntry.seconds($0)] } ?? [])
    }

    /// Milliseconds as seconds: up to three decimals, no trailing zeros.
    static func seconds(_ ms: Int64) -> String {
        let whole = String(ms / 1000)
        var fraction = String(ms % 1000)
        guard ms % 1000 != 0 else { return whole }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole + "." + fraction
    }

    /// Whole seconds (rounded down), or -1 when unknown, as M3U and PLS write lengths.
    var seconds: Int64 {
        guard let durationMs, durationMs >= 0 else { return -1 }
        return durationMs / 1000
    }
}

/// An entry's item in a box of its own, compared and hashed by value.
private final class HeldItem: Hashable, Sendable {
    let item: MediaItem

    init(_ item: MediaItem) { self.item = item }

    static func == (left: HeldItem, right: HeldItem) -> Bool { left.item == right.item }

    func hash(into hasher: inout Hasher) { hasher.combine(item) }
}
