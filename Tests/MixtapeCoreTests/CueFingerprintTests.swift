import MixtapeCore
import Testing

/// `start_ms` and `end_ms` came after items were first fingerprinted: an item without a range
/// must keep the fingerprint it had, or every item of an upgraded index would count as changed.
@Suite("Fingerprints across the cue fields")
struct CueFingerprintTests {
    /// The fingerprint as it was before the range fields: every field but `track_id`,
    /// `start_ms` and `end_ms` (and the DJ fields, added later still, and `path`, which is no
    /// content), in registry order.
    static func earlierFingerprint(_ item: MediaItem) -> Int64 {
        var hash = StableHash()
        hash.combine(item.id.rawValue)
        hash.combine(item.kind.rawValue)
        for field in Field.allCases where ![.trackID, .startMs, .endMs, .musicalKey, .label, .remixer, .path].contains(field) {
            switch field.value(of: item) {
            case .text(let text): hash.combine(text)
            case .integer(let int): hash.combine(int)
            case .bool(let bool): hash.combine(bool)
            case .timestamp(let time): hash.combine(time.rawValue)
            case nil: hash.combine(nil as Int64?)
            }
        }
        return Int64(bitPattern: hash.value)
    }

    @Test func aWholeFileKeepsItsFingerprintAndARangeChangesIt() {
        var item = MediaItem(id: ItemID(rawValue: "file:1"))
        item.title = "T"
        item.durationMs = 1_000
        #expect(item.fingerprint == Self.earlierFingerprint(item))
        var track = item
        track.startMs = 0
        #expect(track.fingerprint != item.fingerprint)
        var ended = track
        ended.endMs = 500
        #expect(ended.fingerprint != track.fingerprint)
    }
}
