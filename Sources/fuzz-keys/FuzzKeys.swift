import FuzzReplay
import MixtapeTerminal

/// Any bytes as terminal input, cut into reads at places the input itself chooses, checked
/// against what `KeyDecoder` documents:
/// - a read can end anywhere: without timeouts, the keys of any split equal those of one read
///   and of one byte per read, once runs of `.character` are joined (a grapheme cluster split
///   across reads arrives as several keys that a `String` joins again);
/// - no key carries a control character into the query, and a paste is never empty;
/// - `flushTimeout()` settles everything that awaits it, and no input leaves the decoder stuck.
///
/// The first byte picks the schedule (chunk sizes, and whether timeouts fall between reads);
/// the rest is the input.
@main
enum FuzzKeys {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        guard let schedule = bytes.first else { return }
        let input = Array(bytes.dropFirst())

        let whole = decode(input, reads: [input.indices])
        let split = decode(input, reads: ReadSchedule.chunks(count: input.count, seed: schedule))
        let single = decode(input, reads: input.indices.map { $0..<$0 + 1 })
        fuzzCheck(KeyStream(whole) == KeyStream(split), "a split changed the keys: \(whole) vs \(split)")
        fuzzCheck(KeyStream(whole) == KeyStream(single), "byte-by-byte changed the keys: \(whole) vs \(single)")

        // Timeouts between reads change the keys (a lone ESC becomes Esc), but never the rules.
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for (index, read) in ReadSchedule.chunks(count: input.count, seed: schedule &* 31 &+ 7).enumerated() {
            keys += decoder.feed(input[read])
            if ReadSchedule.timeoutAfter(index, seed: schedule) {
                keys += decoder.flushTimeout()
                fuzzCheck(!decoder.isAwaitingTimeout, "still awaiting a timeout after flushTimeout()")
            }
        }
        keys += decoder.flushTimeout()
        fuzzCheck(!decoder.isAwaitingTimeout, "still awaiting a timeout after flushTimeout()")
        for key in whole + keys { KeyRules.check(key) }

        // Not stuck: a space ends a pending UTF-8 scalar, `ESC [ 201 ~` ends an open paste (and is
        // swallowed when none is open); after that, plain text decodes as itself.
        _ = decoder.feed([0x20, 0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e])
        _ = decoder.flushTimeout()
        let after = decoder.feed(Array("z".utf8))
        fuzzCheck(after == [.character("z")], "decoder stuck: \"z\" gave \(after)")
    }

    /// Feeds the `reads` of `input` one after another, then reports the silence that ends input.
    static func decode(_ input: [UInt8], reads: [Range<Int>]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for read in reads { keys += decoder.feed(input[read]) }
        return keys + decoder.flushTimeout()
    }
}
