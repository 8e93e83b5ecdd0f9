import MixtapeCore

/// A playlist spelled by fuzz bytes, so libFuzzer can reach any title or path while most inputs
/// still look like playlists: the bytes are read as UTF-8 (any scalar, controls included, is
/// reachable), U+001E separates the playlist name from up to 16 entries, and in each entry U+001F
/// separates path, title, artist and album. An entry's first scalar is a selector:
///
/// | bits  | meaning                                                                    |
/// |-------|----------------------------------------------------------------------------|
/// | 0–2   | the path's shape: as is, `/…`, `C:/…`, `C:\…`, `//nas/share/…`, `http://…`, `../…`, `#…` |
/// | 3–4   | the item behind it: none, or item 1–3 (so repeats of one item occur)        |
/// | 5     | the item has a Persistent ID                                               |
/// | 6     | a duration (may be negative)                                               |
/// | 7     | a track number (may be negative)                                           |
struct PlaylistCase {
    var name: String
    var entries: [PlaylistEntry]

    static let maxEntries = 16
    static let shapes = ["", "/", "C:/", "C:\\", "//nas/share/", "http://radio.example/", "../", "#"]

    init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let records = text.unicodeScalars.split(separator: "\u{1E}", omittingEmptySubsequences: false)
        name = String(Substring(records[0]))
        entries = records.dropFirst().prefix(Self.maxEntries).map(Self.entry)
    }

    private static func entry(_ record: Substring.UnicodeScalarView) -> PlaylistEntry {
        let selector = record.first?.value ?? 0
        let fields = record.dropFirst().split(separator: "\u{1F}", maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(Substring($0)) }
        func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
        var entry = PlaylistEntry(path: shapes[Int(selector & 7)] + (field(0) ?? ""),
                                  title: field(1), artist: field(2), album: field(3))
        if selector & 0x40 != 0 { entry.durationMs = Int64(selector) * 997 - 50_000 }
        if selector & 0x80 != 0 { entry.trackNumber = Int64(selector) - 200 }
        let itemNumber = (selector >> 3) & 3
        if itemNumber > 0 {
            var item = MediaItem(id: ItemID(rawValue: "fuzz:\(itemNumber)"))
            if selector & 0x20 != 0 { item.persistentID = "00000000000000A\(itemNumber)" }
            entry.item = item
        }
        return entry
    }
}
