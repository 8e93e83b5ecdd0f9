/// Where a fuzz input is cut into reads, and after which reads the ~25 ms of silence falls:
/// derived from one byte of the input by a small xorshift generator, so libFuzzer explores
/// splits by mutating that byte and every split replays exactly.
enum ReadSchedule {
    /// `count` bytes cut into reads of 0…16 bytes (an empty read, which a terminal can give,
    /// included), as ranges so the target feeds slices without copying.
    static func chunks(count: Int, seed: UInt8) -> [Range<Int>] {
        var random = Generator(seed: seed)
        var chunks: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + Int(random.next() % 17))
            chunks.append(start..<end)
            start = end
        }
        return chunks
    }

    /// Whether a timeout follows read `index`: about one read in four, none when the seed is even
    /// (so half the schedules test splitting alone).
    static func timeoutAfter(_ index: Int, seed: UInt8) -> Bool {
        guard seed & 1 == 1 else { return false }
        var random = Generator(seed: seed ^ UInt8(truncatingIfNeeded: index))
        _ = random.next()
        return random.next() % 4 == 0
    }

    /// xorshift64: tiny, deterministic, good enough to spread cut points.
    struct Generator {
        private var state: UInt64

        init(seed: UInt8) { state = 0x9E37_79B9_7F4A_7C15 ^ UInt64(seed) &* 0xBF58_476D_1CE4_E5B9 }

        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }
}
