import Testing
@testable import MixtapeCore

/// FLAC's native CUESHEET block, from bytes laid out as the format says.
struct FLACCueSheetTests {
    /// STREAMINFO at `rate` and a CUESHEET with `tracks` (number, offset, index points,
    /// audio), then the lead-out.
    static func metadata(rate: Int, tracks: [(number: UInt8, offset: UInt64, points: [(UInt8, UInt64)], audio: Bool)])
        -> [UInt8] {
        var streaminfo = [UInt8](repeating: 0, count: 34)
        streaminfo[10] = UInt8(rate >> 12 & 0xff)
        streaminfo[11] = UInt8(rate >> 4 & 0xff)
        streaminfo[12] = UInt8(rate & 0x0f) << 4
        func be(_ value: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> (8 * UInt64($0)) & 0xff) } }
        var cue = [UInt8](repeating: 0, count: 128) + be(88_200) + [0x80] + [UInt8](repeating: 0, count: 258)
        cue.append(UInt8(tracks.count + 1))
        for track in tracks + [(170, 1_323_000, [], true)] {
            cue += be(track.offset) + [track.number] + [UInt8](repeating: 0, count: 12)
            cue += [track.audio ? 0 : 0x80] + [UInt8](repeating: 0, count: 13) + [UInt8(track.points.count)]
            for (number, offset) in track.points { cue += be(offset) + [number, 0, 0, 0] }
        }
        func block(_ type: UInt8, _ body: [UInt8], last: Bool) -> [UInt8] {
            [type | (last ? 0x80 : 0), UInt8(body.count >> 16), UInt8(body.count >> 8 & 0xff), UInt8(body.count & 0xff)] + body
        }
        return block(0, streaminfo, last: false) + block(4, [1, 2, 3, 4], last: false) + block(5, cue, last: true)
    }

    @Test func tracksStartAtIndexOneInMilliseconds() {
        let bytes = Self.metadata(rate: 44_100, tracks: [
            (1, 0, [(1, 0)], true),
            (2, 396_900, [(0, 0), (1, 44_100)], true),
            (3, 600_000, [(1, 0)], false),  // a data track: skipped
            (4, 903_756, [(1, 0)], true),
        ])
        let file = FLACCueSheet.file(fromMetadata: bytes)
        #expect(file?.tracks.map(\.number) == [1, 2, 4])
        #expect(file?.tracks.map(\.startMs) == [0, 10_000, 20_493])
    }

    @Test func noBlockNoRateOrTruncatedGivesNothing() {
        let good = Self.metadata(rate: 48_000, tracks: [(1, 0, [(1, 0)], true)])
        #expect(FLACCueSheet.file(fromMetadata: good)?.tracks.count == 1)
        #expect(FLACCueSheet.file(fromMetadata: Array(good.prefix(40))) == nil)
        #expect(FLACCueSheet.file(fromMetadata: Self.metadata(rate: 0, tracks: [(1, 0, [(1, 0)], true)])) == nil)
        #expect(FLACCueSheet.file(fromMetadata: Self.metadata(rate: 44_100, tracks: [(1, 0, [(0, 0)], true)])) == nil)
        for cut in stride(from: 0, to: good.count, by: 7) { _ = FLACCueSheet.file(fromMetadata: Array(good.prefix(cut))) }
    }
}
