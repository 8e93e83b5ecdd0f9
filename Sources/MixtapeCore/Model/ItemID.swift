/// The identity of a media item: what the selection, playlists and the index are keyed by.
///
/// An id is never a row number or an export-local Track ID. iTunes tracks use their
/// Persistent ID (`itunes:0123ABCD…`), which survives re-exports; items without one get an id
/// derived from their content (see `ItemID.derived`), so the next export of the same track
/// yields the same id again.
public struct ItemID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `itunes:` + the Persistent ID in upper case (json.md).
    public static func itunes(persistentID: String) -> ItemID {
        ItemID(rawValue: "itunes:" + persistentID.uppercased())
    }

    /// An id for an iTunes track that has no Persistent ID: a stable hash of the fields that
    /// identify a recording (artist, album, title, disc, track, duration), so re-exports agree.
    public static func derived(scheme: StaticString, parts: [String]) -> ItemID {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return derived(scheme: scheme, hash: hash)
    }

    /// `derived` of one part, without an array: what a collection's reader makes per track.
    public static func derived(scheme: StaticString, part: String) -> ItemID {
        var hash = StableHash()
        hash.combine(part)
        return derived(scheme: scheme, hash: hash)
    }

    /// `derived` from the parts' hash already made (a reader that also keys its own tables by
    /// the hash's value, or combines parts without separators).
    public static func derived(scheme: StaticString, hash: StableHash) -> ItemID {
        ItemID(rawValue: hash.hexDigest(after: scheme))
    }

    public var description: String { rawValue }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }
}

/// The identity of a playlist: `itunes-playlist:` + Playlist Persistent ID (json.md).
public struct PlaylistID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static func itunes(persistentID: String) -> PlaylistID {
        PlaylistID(rawValue: "itunes-playlist:" + persistentID.uppercased())
    }

    public var description: String { rawValue }
}
