import MixtapeCore
import Testing

/// How a smart playlist's sorted matches are cut (Rhythmbox's limits), and how a limit is
/// stored in the index.
@Suite("Smart playlist limits")
struct SmartLimitTests {
    /// Three items of 60 s and 1 MB each.
    static let items: [MediaItem] = (1...3).map { number in
        var item = MediaItem(id: ItemID(rawValue: "x:\(number)"))
        item.durationMs = 60_000
        item.size = 1_000_000
        return item
    }

    @Test(arguments: [
        (SmartLimit.items(2), 2), (.items(0), 0), (.items(-1), 0),
        (.durationMs(120_000), 2), (.durationMs(119_999), 1), (.durationMs(0), 0),
        (.bytes(3_000_000), 3), (.bytes(2_500_000), 2),
    ] as [(SmartLimit, Int)])
    func keeps(_ limit: SmartLimit, count: Int) {
        #expect(Array(Self.items.prefix(limit.keptCount(of: Self.items))).count == count)
    }

    @Test(arguments: [SmartLimit.items(25), .durationMs(3_600_000), .bytes(700_000_000)])
    func storedTextReadsBack(_ limit: SmartLimit) {
        #expect(SmartLimit(text: limit.text) == limit)
    }

    @Test(arguments: ["", "items", "items:x", "minutes:5", "bytes:1:2"])
    func otherTextIsNoLimit(_ text: String) {
        #expect(SmartLimit(text: text) == nil)
    }
}
