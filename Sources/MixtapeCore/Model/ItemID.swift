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
    public static func derived(scheme: String, parts: [String]) -> ItemID {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return derived(scheme: scheme, hash: hash)
    }

    /// `derived(scheme:parts:)` from the parts' hash already made (a reader that also keys
    /// its own tables by the hash's value).
    /// The id is written into one new String: joining scheme, colon and digest made two
    /// intermediate ones for each item of a 100,000-entry library.
    public static func derived(scheme: String, hash: StableHash) -> ItemID {
        var scheme = scheme
        return scheme.withUTF8 { prefix in
            ItemID(rawValue: String(unsafeUninitializedCapacity: prefix.count + 17) { buffer in
                _ = buffer.initialize(from: prefix)
                buffer[prefix.count] = UInt8(ascii: ":")
                hash.writeHexDigest(into: UnsafeMutableBufferPointer(rebasing: buffer[(prefix.count + 1)...]))
                return prefix.count + 17
            })
        }
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
