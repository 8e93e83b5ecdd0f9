/// Resolves playlist-file entries to indexed items (sources.md, "Playlist files"): by the
/// target path exactly, then compared NFC/NFD-insensitively, then case-insensitively, and last,
/// for an entry whose file is nowhere, by its `#EXTINF` artist and title. The first rule that
/// finds exactly one item wins; an entry no rule settles (a missing file, a stream, two
/// equally good items) is unresolved. A path that names an album image split by its cue sheet
/// names every track of it, in order: the playlist plays the whole file, as it did before.
///
/// Built in steps so that memory and time follow the distinct paths the playlists name, not the
/// library (500 playlists of 1,000 entries name perhaps 20,000 files): `want` is told every
/// entry's target and keeps each distinct path once; `offer(id:location:)`, called once per
/// indexed item, keeps an item only when a wanted path names it; `settle()` decides every path
/// once. Only then, and only if some entry is left with a title, `wantTags` and
/// `offer(id:artist:title:)` do the same for artist and title, which costs folding text.
///
/// Per entry the cost is one dictionary lookup keyed by the path as a Swift `String`: equal
/// under canonical equivalence (NFC = NFD) and, for the ASCII paths most playlists hold,
/// hashed and compared as plain bytes. The exact rule then picks, among the items whose path
/// is canonically equal, the one whose bytes are equal too; a path that is not ASCII is
/// settled by its bytes, so two files whose names differ only in normalisation stay apart.
public struct PlaylistResolver {
    /// Items by wanted path (canonical equivalence), each with its location's own bytes.
    private var candidates: [String: [Candidate]] = [:]
    private var caseless: [String: Set<ItemID>] = [:]
    /// What each distinct ASCII path resolved to (after `settle`).
    private var settled: [String: [ItemID]] = [:]
    /// The same for paths that are not ASCII, by their exact bytes.
    private var settledBytes: [ExactPath: [ItemID]] = [:]
    private var nonASCII: Set<ExactPath> = []
    private var tagged: [String: Set<ItemID>] = [:]

    public init() {}

    /// Prepares for an entry that points at `target` (a URL is never an item).
    public mutating func want(_ target: PlaylistEntryTarget) {
        guard case .path(let path) = target, candidates[path] == nil else {
            if case .path(let path) = target, !PlaylistResolver.isASCII(path) { nonASCII.insert(ExactPath(path)) }
            return
        }
        candidates[path] = []
        caseless[PlaylistResolver.caseless(path)] = []
        if !PlaylistResolver.isASCII(path) { nonASCII.insert(ExactPath(path)) }
    }

    /// Considers one indexed item's location; `startMs` is set for a cue track (a part of the
    /// file at `location`).
    public mutating func offer(id: ItemID, location: String?, startMs: Int64? = nil) {
        guard let location else { return }
        if candidates[location] != nil { candidates[location]?.append(Candidate(id: id, location: location, startMs: startMs)) }
        let lower = PlaylistResolver.caseless(location)
        if caseless[lower] != nil { caseless[lower]?.insert(id) }
    }

    /// An item a wanted path may name.
    struct Candidate {
        var id: ItemID
        var location: String
        var startMs: Int64?
    }

    /// Decides every wanted path by the path rules, once.
    public mutating func settle() {
        for (path, found) in candidates where PlaylistResolver.isASCII(path) {
            if let ids = decide(ExactPath(path), among: found) { settled[path] = ids }
        }
        for key in nonASCII {
            if let ids = decide(key, among: candidates[key.text] ?? []) { settledBytes[key] = ids }
        }
        candidates = [:]
        caseless = [:]
        nonASCII = []
    }

    /// Exact bytes, else canonically equal, else equal ignoring case: the first that names one
    /// item, or one split file's tracks.
    private func decide(_ path: ExactPath, among found: [Candidate]) -> [ItemID]? {
        if let ids = PlaylistResolver.one(found.filter { ExactPath($0.location) == path }) { return ids }
        if let ids = PlaylistResolver.one(found) { return ids }
        return PlaylistResolver.single(caseless[PlaylistResolver.caseless(path.text)]).map { [$0] }
    }

    /// The one item the candidates are, or the tracks of the one split file they all are (each
    /// a part of one location), in order; nil for none or several unrelated items.
    static func one(_ found: [Candidate]) -> [ItemID]? {
        let ids = Set(found.map(\.id))
        if ids.count == 1 { return [found[0].id] }
        guard ids.count > 1, found.allSatisfy({ $0.startMs != nil && ExactPath($0.location) == ExactPath(found[0].location) })
        else { return nil }
        var seen: Set<ItemID> = []
        return found.sorted { ($0.startMs ?? 0, $0.id.rawValue) < ($1.startMs ?? 0, $1.id.rawValue) }
            .filter { seen.insert($0.id).inserted }.map(\.id)
    }

    /// The items a path names by the path rules (after `settle`): none, one, or the tracks of a
    /// split file.
    public func items(at target: PlaylistEntryTarget) -> [ItemID] {
        guard case .path(let path) = target else { return [] }
        return (PlaylistResolver.isASCII(path) ? settled[path] : settledBytes[ExactPath(path)]) ?? []
    }

    /// Prepares the last rule for an entry the paths did not settle: its artist and title.
    public mutating func wantTags(artist: String?, title: String?) {
        if let key = PlaylistResolver.tagKey(artist: artist, title: title) { tagged[key] = [] }
    }

    /// Whether `wantTags` asked for anything (else no item needs offering for the last rule).
    public var wantsTags: Bool { !tagged.isEmpty }

    /// Considers one indexed item's artist and title.
    public mutating func offer(id: ItemID, artist: String?, title: String?) {
        if let key = PlaylistResolver.tagKey(artist: artist, title: title), tagged[key] != nil { tagged[key]?.insert(id) }
    }

    /// The items an entry names: by its path (one item, or a split file's tracks), else by its
    /// artist and title (one item); empty when nothing settles it.
    public func resolve(_ target: PlaylistEntryTarget, artist: String?, title: String?) -> [ItemID] {
        let found = items(at: target)
        guard found.isEmpty, !tagged.isEmpty else { return found }
        return PlaylistResolver.tagKey(artist: artist, title: title).flatMap { PlaylistResolver.single(tagged[$0]) }
            .map { [$0] } ?? []
    }

    private static func single(_ ids: Set<ItemID>?) -> ItemID? {
        guard let ids, ids.count == 1 else { return nil }
        return ids.first
    }

    /// `path` in lower case (what `lowercased()` gives), the key of the case-insensitive rule.
    /// Every indexed location is keyed so, and `lowercased()` looks every character up in the
    /// Unicode tables: half the time of resolving a playlist against 100,000 items. Here only
    /// the characters that are not ASCII are.
    static func caseless(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        if isASCII(path) {
            for byte in path.utf8 { bytes.append((0x41...0x5a).contains(byte) ? byte | 0x20 : byte) }
        } else {
            for scalar in path.unicodeScalars {
                if scalar.isASCII {
                    let byte = UInt8(scalar.value)
                    bytes.append((0x41...0x5a).contains(byte) ? byte | 0x20 : byte)
                } else {
                    bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every byte is ASCII, eight bytes at a time (it runs for every entry).
    private static func isASCII(_ path: String) -> Bool {
        var copy = path
        return copy.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var index = 0
            while index + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < raw.count {
                if raw[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }

    /// Artist and title folded for comparison (case and Latin accents), or nil without a title.
    static func tagKey(artist: String?, title: String?) -> String? {
        guard let title, !title.isEmpty else { return nil }
        return QueryTextFolding.fold(artist ?? "") + "\u{1f}" + QueryTextFolding.fold(title)
    }
}
