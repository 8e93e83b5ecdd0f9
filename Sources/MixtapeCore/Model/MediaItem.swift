/// One playable thing in the library (a track, episode, film, ...), as every reader produces it
/// and every later stage consumes it. Field names follow the JSON contract (spec/json.md);
/// `nil` means "unknown", which the JSON output omits.
public struct MediaItem: Hashable, Sendable {
    public var id: ItemID
    public var kind: Kind = .music

    public var title: String?
    public var artist: String?
    public var albumArtist: String?
    public var album: String?
    public var composer: String?
    public var genre: String?
    public var grouping: String?
    public var comments: String?
    /// The musical key as the source writes it (`8A`, `Am`): DJ collections have it.
    public var musicalKey: String?
    public var label: String?
    public var remixer: String?

    public var year: Int64?
    public var bpm: Int64?
    public var playCount: Int64?
    public var skipCount: Int64?
    public var bitRate: Int64?
    public var sampleRate: Int64?
    public var size: Int64?
    public var trackNumber: Int64?
    public var trackCount: Int64?
    public var discNumber: Int64?
    public var discCount: Int64?
    public var durationMs: Int64?
    /// For a cue track (a part of a file): where it starts and ends in `location`, in ms.
    public var startMs: Int64?
    public var endMs: Int64?
    /// 0–100, as iTunes stores it (20 per star).
    public var rating: Int64?

    public var loved = false
    public var compilation = false
    public var explicit = false
    public var disabled = false

    /// A decoded file path (`/Users/a b/x.mp3`, `C:/Music/x.mp3`) or a non-file URL unchanged.
    public var location: String?
    /// The file on this machine (`Field.path`): set by the index, not by a reader.
    public var path: String?
    public var dateAdded: Timestamp?
    public var dateModified: Timestamp?
    public var playDate: Timestamp?

    /// The iTunes Persistent ID exactly as written in the export.
    public var persistentID: String?
    /// The export-local iTunes Track ID: only meaningful within one export.
    public var trackID: Int64?
    /// Absolute path of the source (library file or folder) the item came from.
    public var source: String?
    /// Every source the item was found in, `source` first, when there are several: one file
    /// listed by a library export and found in a folder is one item (spec/sources.md, "One
    /// file, one item"). Empty when the item comes from one source only.
    public var sources: [String] = []
    /// Other ids that name this item (a folder's `file:` id for a file an export also lists),
    /// so a selection or playlist that names one of them finds it.
    public var aliases: [ItemID] = []

    public init(id: ItemID) { self.id = id }

    /// A fingerprint of the item's content, stable across processes and machines. The index
    /// stores it so a re-read source rewrites only the items whose content really changed.
    ///
    /// The export-local `trackID` is left out: iTunes renumbers Track IDs on every export, and
    /// a re-export of an unchanged library must count as unchanged.
    public var fingerprint: Int64 {
        var hash = StableHash()
        hash.combine(id.rawValue)
        hash.combine(kind.rawValue)
        for field in Field.fingerprinted {
            if field.type == .text {
                // Lent, not copied (`withText`); a text's bytes as `combine(_: String?)` adds them.
                field.withText(of: self) { text in
                    if text == nil, field.isAddedLater { return }
                    hash.combine(text)
                }
                continue
            }
            let value = field.value(of: self)
            // Fields added after items were first fingerprinted count only when set, so an
            // index from before them sees its unchanged items as unchanged.
            if value == nil, field.isAddedLater { continue }
            switch value {
            case .text(let text): hash.combine(text)
            case .integer(let int): hash.combine(int)
            case .bool(let bool): hash.combine(bool)
            case .timestamp(let time): hash.combine(time.rawValue)
            case nil: hash.combine(nil as Int64?)
            }
        }
        return Int64(bitPattern: hash.value)
    }
}

extension Field {
    /// The fields an item's fingerprint covers, in registry order: every one but `trackID`
    /// (an export's own numbering). Kept once: `allCases` builds a new array per call.
    /// `path` is left out too: it is where the index found the file, not the source's content.
    static let fingerprinted: [Field] = allCases.filter { $0 != .trackID && $0 != .path }

    /// Whether the field was added after the first release of the index: left out of an item's
    /// fingerprint while unset (see `MediaItem.fingerprint`).
    /// A switch rather than a `Set`: it is asked for every unset field of every item read,
    /// and hashing a field each time was a visible part of a large import.
    var isAddedLater: Bool {
        switch self {
        case .startMs, .endMs, .musicalKey, .label, .remixer: true
        default: false
        }
    }
}
