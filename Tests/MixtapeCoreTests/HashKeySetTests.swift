import MixtapeCore
import Testing

/// The set every reader and the writer notice a repeated id with: it must answer exactly as
/// `Set<UInt64>` does, whatever the keys look like.
@Suite("HashKeySet: the ids seen in one read")
struct HashKeySetTests {
    @Test("inserting and asking answer as Set<UInt64> does, through many growths")
    func sameAsSet() {
        var keys = HashKeySet()
        var reference = Set<UInt64>()
        for step in 0..<50_000 {
            // One key in eight comes again (the key of the step half as far), so repeats are
            // met at every size.
            let key = Self.key(step % 8 == 7 ? step / 2 : step)
            let inserted = keys.insert(key)
            #expect(inserted == reference.insert(key).inserted)
        }
        #expect(keys.count == reference.count)
        for key in reference { #expect(keys.contains(key)) }
        for step in 50_000..<51_000 { #expect(!keys.contains(Self.key(step))) }
    }

    @Test("keys that differ only in their low or their high bits all stay apart")
    func narrowKeys() {
        var keys = HashKeySet(capacity: 4)
        let low = (1...5_000).map { UInt64($0) }
        let high = (1...5_000).map { UInt64($0) << 48 }
        let first = (low + high).map { keys.insert($0) }
        let again = (low + high).map { keys.insert($0) }
        #expect(first.allSatisfy { $0 } && !again.contains(true))
        #expect(keys.count == 10_000)
        #expect(!keys.contains(5_001) && !keys.contains(5_001 << 48))
    }

    /// A key as the readers make them: the stable hash of an id.
    private static func key(_ number: Int) -> UInt64 {
        var hash = StableHash()
        hash.combine("id \(number)")
        return hash.value
    }

    @Test("0, which marks an empty slot inside, is a key like any other")
    func zero() {
        var keys = HashKeySet()
        #expect(!keys.contains(0))
        let (first, again) = (keys.insert(0), keys.insert(0))
        #expect(first && !again)
        #expect(keys.contains(0) && keys.count == 1)
        let other = keys.insert(UInt64.max)
        #expect(other && keys.count == 2)
    }
}

